package segmenter

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/internal/golden"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/classify"
)

// Page shorthands for split tables.
func doc(typ string) PageFeatures {
	return PageFeatures{Readable: true, Type: typ, Confidence: 0.8}
}
func titled(typ string) PageFeatures { p := doc(typ); p.Titled = true; return p }
func low(typ string) PageFeatures    { p := doc(typ); p.Confidence = 0.2; return p }
func unclassified() PageFeatures     { return PageFeatures{Readable: true, Type: "other", Confidence: 0.3} }
func blank() PageFeatures            { return PageFeatures{Blank: true, Type: "other", Confidence: 1} }
func unreadable() PageFeatures       { return PageFeatures{Type: "other", Confidence: 0.4} }
func fax() PageFeatures {
	return PageFeatures{Readable: true, Type: "other", Confidence: 0.85, FaxCover: true}
}
func (p PageFeatures) of(k, n int) PageFeatures     { p.PageNo, p.PageOf = k, n; return p }
func (p PageFeatures) who(name string) PageFeatures { p.Name = name; return p }
func (p PageFeatures) form(id string) PageFeatures  { p.FormID = id; return p }
func (p PageFeatures) cont() PageFeatures           { p.Continues = true; return p }
func (p PageFeatures) more() PageFeatures           { p.ContinuesNext = true; return p }
func (p PageFeatures) card() PageFeatures           { p.Card = true; return p }
func (p PageFeatures) head(h string) PageFeatures   { p.Heading = h; return p }
func (p PageFeatures) sends() PageFeatures          { p.Encloses = true; return p }

func rs(pairs ...int) []Range {
	var out []Range
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, Range{Start: pairs[i], End: pairs[i+1]})
	}
	return out
}

func TestSplit(t *testing.T) {
	tests := []struct {
		name  string
		pages []PageFeatures
		want  []Range
	}{
		{"empty", nil, nil},
		{"one page", []PageFeatures{titled("bls")}, rs(0, 0)},
		{"type changes", []PageFeatures{titled("bls"), titled("acls"), doc("pals")}, rs(0, 0, 1, 1, 2, 2)},
		{"page of n", []PageFeatures{titled("tb_blood_test").of(1, 2), low("drug_screen").of(2, 2), titled("mmr_record")},
			rs(0, 1, 2, 2)},
		{"page 1 of n starts even for the same type", []PageFeatures{titled("background_check").of(1, 2),
			doc("background_check").of(2, 2), doc("background_check").of(1, 2), doc("background_check").of(2, 2)},
			rs(0, 1, 2, 3)},
		{"unnumbered pages fill an of-n document", []PageFeatures{titled("physical_exam").of(1, 3), unclassified(),
			unclassified(), unclassified()}, rs(0, 2, 3, 3)},
		{"a complete of-n document takes no more", []PageFeatures{titled("tb_blood_test").of(1, 1), doc("tb_blood_test")},
			rs(0, 0, 1, 1)},
		{"unclassified after a one-page document stands alone", []PageFeatures{titled("bls"), unclassified(), titled("acls")},
			rs(0, 0, 1, 1, 2, 2)},
		{"low-confidence page of the same type continues", []PageFeatures{titled("skills_checklist"), low("skills_checklist")},
			rs(0, 1)},
		{"unclassified page of the same holder continues", []PageFeatures{titled("physical_exam").who("ann lee"),
			unclassified().who("ann lee"), unclassified().who("bo chan")}, rs(0, 1, 2, 2)},
		{"the same holder does not glue a page to a card", []PageFeatures{titled("bls").who("ann lee"),
			unclassified().who("ann lee")}, rs(0, 0, 1, 1)},
		{"blank pages stand apart and group", []PageFeatures{titled("bls"), blank(), blank(), doc("bls")},
			rs(0, 0, 1, 2, 3, 3)},
		{"blank page inside an of-n document", []PageFeatures{titled("tb_blood_test").of(1, 2), blank(),
			doc("tb_blood_test").of(2, 2)}, rs(0, 0, 1, 1, 2, 2)},
		{"fax covers stand alone", []PageFeatures{fax(), titled("bls"), fax(), fax(), titled("tb_skin_test")},
			rs(0, 0, 1, 1, 2, 2, 3, 3, 4, 4)},
		{"unreadable pages stand alone", []PageFeatures{titled("passport"), unreadable(), unreadable(), doc("passport")},
			rs(0, 0, 1, 1, 2, 2, 3, 3)},
		{"two one-page tests of one person", []PageFeatures{titled("tb_skin_test").who("ann lee"),
			titled("tb_skin_test").who("ann lee")}, rs(0, 0, 1, 1)},
		{"a multi-page kind repeats its title", []PageFeatures{titled("skills_checklist").who("ann lee"),
			titled("skills_checklist").who("ann lee"), titled("skills_checklist").who("ann lee")}, rs(0, 2)},
		{"same type, untitled second page continues", []PageFeatures{titled("tb_skin_test"), doc("tb_skin_test")}, rs(0, 1)},
		{"holder changes", []PageFeatures{titled("skills_checklist").who("ann lee"), doc("skills_checklist").who("bo chan")},
			rs(0, 0, 1, 1)},
		{"form id changes", []PageFeatures{titled("drug_screen").form("specimen:123"), doc("drug_screen").form("specimen:456")},
			rs(0, 0, 1, 1)},
		{"form ids of different kinds do not compare", []PageFeatures{titled("tb_blood_test").form("accession:123"),
			doc("tb_blood_test").form("specimen:456")}, rs(0, 1)},
		{"numbering beats a misread name", []PageFeatures{titled("background_check").of(1, 2).who("ann lee"),
			doc("background_check").of(2, 2).who("ann iee")}, rs(0, 1)},
		{"fax numbering does not glue documents", []PageFeatures{titled("bls").of(1, 3), titled("tb_skin_test").of(2, 3),
			doc("tb_skin_test").of(3, 3)}, rs(0, 0, 1, 2)},
		{"continued page", []PageFeatures{titled("resume"), low("skills_checklist").cont()}, rs(0, 1)},
		{"continued on next page", []PageFeatures{titled("physical_exam").more(), unclassified()}, rs(0, 1)},
		{"a card pointing to its back before another type's title", []PageFeatures{titled("bls").more(),
			titled("tb_skin_test")}, rs(0, 0, 1, 1)},
		{"a page saying it is continued that opens with another type's title", []PageFeatures{titled("bls"),
			titled("background_check").cont()}, rs(0, 0, 1, 1)},
		{"continued on next page, the next page of the type untitled", []PageFeatures{titled("physical_exam").more(),
			doc("physical_exam")}, rs(0, 1)},
		{"continued but another holder", []PageFeatures{titled("resume").who("ann lee"), unclassified().who("bo chan").cont()},
			rs(0, 0, 1, 1)},
		{"a cover letter is not a continuation", []PageFeatures{titled("resume").of(1, 3),
			{Readable: true, Type: "other", Confidence: 0.8}}, rs(0, 0, 1, 1)},
		{"unclassified then a document", []PageFeatures{unclassified(), titled("bls")}, rs(0, 0, 1, 1)},
		{"numbered page 3 of 3 after unnumbered ones", []PageFeatures{titled("background_check"), unclassified(),
			unclassified().of(3, 3)}, rs(0, 0, 1, 2)},
		{"a card's page takes no full page of its type", []PageFeatures{titled("bls").card().who("ann lee"),
			doc("bls").who("ann lee"), titled("tb_skin_test")}, rs(0, 0, 1, 1, 2, 2)},
		{"a card's page takes no full page of its type read weakly", []PageFeatures{titled("drivers_license").card(),
			low("drivers_license")}, rs(0, 0, 1, 1)},
		{"a card's page takes no continued full page", []PageFeatures{titled("bls").card(), unclassified().more(),
			unclassified()}, rs(0, 0, 1, 2)},
		{"a full page takes no card of its type", []PageFeatures{titled("physical_exam").of(1, 2).who("ann lee"),
			low("physical_exam").card().who("ann lee")}, rs(0, 0, 1, 1)},
		{"a card's back on a card page of its own continues it", []PageFeatures{titled("social_security_card").card(),
			low("social_security_card").card(), titled("passport")}, rs(0, 1, 2, 2)},
		{"numbering links a card to a full page", []PageFeatures{titled("nursing_license").card().of(1, 2),
			unclassified().of(2, 2)}, rs(0, 1)},
		{"two cards of two kinds", []PageFeatures{titled("bls").card(), titled("acls").card()}, rs(0, 0, 1, 1)},
		{"a card's back photographed apart, naming no one", []PageFeatures{titled("bls").card().who("ann lee"),
			titled("bls"), titled("tb_skin_test").who("ann lee")}, rs(0, 1, 2, 2)},
		{"two cards of one kind, each naming its holder", []PageFeatures{titled("bls").who("ann lee"),
			titled("bls").who("ann lee")}, rs(0, 0, 1, 1)},
		{"a one-page test's kind has no back", []PageFeatures{titled("tb_skin_test").who("ann lee"),
			titled("tb_skin_test")}, rs(0, 0, 1, 1)},
		{"two records of one holder under two letterheads", []PageFeatures{
			titled("tdap_record").who("ann lee").head("certificate tdap immunization"),
			doc("tdap_record").who("ann lee").head("vaccine administration record"),
			titled("tdap_record").who("ann lee")}, rs(0, 0, 1, 1, 2, 2)},
		{"a letterhead record, then one opening with the type's title", []PageFeatures{
			doc("tdap_record").who("ann lee").head("vaccine administration record"), titled("tdap_record").who("ann lee")},
			rs(0, 0, 1, 1)},
		{"a record's letterhead and title repeated on its second page", []PageFeatures{
			titled("tdap_record").who("ann lee").head("employee immunization record"),
			doc("tdap_record").who("ann lee").head("employee immunlzation record")}, rs(0, 1)},
		{"a second page of doses under no letterhead", []PageFeatures{
			titled("tdap_record").who("ann lee").head("employee immunization record"), doc("tdap_record").who("ann lee")},
			rs(0, 1)},
		{"a second page saying it is continued under another title", []PageFeatures{
			titled("tdap_record").who("ann lee").head("employee immunization record"),
			titled("tdap_record").who("ann lee").head("vaccine administration record").cont()}, rs(0, 1)},
		{"a multi-page kind's pages under two titles", []PageFeatures{
			titled("skills_checklist").who("ann lee").head("critical care skills checklist"),
			doc("skills_checklist").who("ann lee").head("competency verification form")}, rs(0, 1)},
		{"a consent form naming the holder before the record naming no one", []PageFeatures{
			low("tdap_record").who("ann lee"), titled("tdap_record")}, rs(0, 1)},
		{"a page guessing the type before a record of another holder", []PageFeatures{
			low("tdap_record").who("ann lee"), titled("tdap_record").who("bo chan")}, rs(0, 0, 1, 1)},
		{"a page guessing the type before a record naming its holder", []PageFeatures{
			low("tdap_record").who("ann lee"), titled("tdap_record").who("ann lee")}, rs(0, 0, 1, 1)},
		{"a letter sending the record", []PageFeatures{unclassified().sends(), doc("tdap_record").who("ann lee"),
			titled("tb_skin_test").who("ann lee")}, rs(0, 1, 2, 2)},
		{"a letter sending a record of someone else", []PageFeatures{unclassified().who("bo chan").sends(),
			doc("tdap_record").who("ann lee")}, rs(0, 0, 1, 1)},
		{"a letter introduces one page only", []PageFeatures{unclassified().sends(), titled("tdap_record"),
			titled("tdap_record")}, rs(0, 1, 2, 2)},
		{"a letter listing what its writer attached", []PageFeatures{{Readable: true, Type: "other", Confidence: 0.7},
			titled("resume")}, rs(0, 0, 1, 1)},
		{"a card's back comes right after its front", []PageFeatures{titled("bls").who("ann lee"),
			low("bls").who("ann lee"), titled("bls")}, rs(0, 1, 2, 2)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := range tt.pages {
				tt.pages[i].Index = i
			}
			got := Split(tt.pages)
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Split = %v, want %v", got, tt.want)
			}
			checkTiling(t, tt.pages, got)
		})
	}
}

// checkTiling holds a split to its invariant: every page in exactly one
// range, ranges in order and non-empty; blank, unreadable and fax cover
// pages never share a range with a document page.
func checkTiling(t *testing.T, pages []PageFeatures, got []Range) {
	t.Helper()
	next := 0
	for _, r := range got {
		if r.Start != next || r.End < r.Start {
			t.Fatalf("ranges %v do not tile %d pages", got, len(pages))
		}
		next = r.End + 1
		kinds := map[string]bool{}
		for i := r.Start; i <= r.End; i++ {
			p := pages[i]
			switch {
			case p.Blank:
				kinds["blank"] = true
			case !p.Readable || p.FaxCover:
				if r.Start != r.End {
					t.Fatalf("page %d (unreadable or fax cover) shares range %v", i, r)
				}
			default:
				kinds["doc"] = true
			}
		}
		if len(kinds) > 1 {
			t.Fatalf("range %v mixes blank and document pages", r)
		}
	}
	if next != len(pages) {
		t.Fatalf("ranges %v cover %d of %d pages", got, next, len(pages))
	}
}

func TestSplitTilesRandomInput(t *testing.T) {
	rng := rand.New(rand.NewSource(20260101))
	types := []string{"bls", "acls", "tb_skin_test", "tb_blood_test", "other", "skills_checklist", ""}
	names := []string{"", "", "ann lee", "bo chan"}
	forms := []string{"", "", "accession:1", "accession:2", "specimen:1"}
	for n := 0; n < 2000; n++ {
		pages := make([]PageFeatures, rng.Intn(25))
		for i := range pages {
			p := PageFeatures{
				Index: i, Readable: rng.Intn(8) > 0, Blank: rng.Intn(8) == 0,
				Type: types[rng.Intn(len(types))], Confidence: rng.Float64(), Titled: rng.Intn(2) == 0,
				Name: names[rng.Intn(len(names))], FormID: forms[rng.Intn(len(forms))],
				Continues: rng.Intn(6) == 0, ContinuesNext: rng.Intn(6) == 0, FaxCover: rng.Intn(10) == 0,
				Card: rng.Intn(4) == 0,
			}
			if rng.Intn(3) == 0 {
				p.PageOf = 1 + rng.Intn(4)
				p.PageNo = rng.Intn(p.PageOf + 2)
			}
			pages[i] = p
		}
		checkTiling(t, pages, Split(pages))
	}
}

// TestCardSized: a wallet card's page, a photo print of one and a
// letter page shrunk to a quarter are cards' sizes; a letter, A4 or
// half-letter page is a document's, whichever way it lies.
func TestCardSized(t *testing.T) {
	tests := []struct {
		name string
		w, h float64
		want bool
	}{
		{"wallet card", 243, 153, true},
		{"wallet card upright", 153, 243, true},
		{"4x6 inch print", 288, 432, true},
		{"letter page at a quarter", 153, 198, true},
		{"letter", 612, 792, false},
		{"A4 landscape", 842, 595, false},
		{"half letter", 396, 612, false},
		{"a strip as long as a page", 200, 792, false},
		{"no size known", 0, 0, false},
	}
	for _, tt := range tests {
		if got := CardSized(tt.w, tt.h); got != tt.want {
			t.Errorf("%s: CardSized(%v, %v) = %v, want %v", tt.name, tt.w, tt.h, got, tt.want)
		}
	}
}

func TestFeatures(t *testing.T) {
	cls := classify.Result{Type: "tb_blood_test", Category: "health", Confidence: 0.9, Titled: true}
	tests := []struct {
		name, text string
		check      func(PageFeatures) bool
	}{
		{"page of", "QuantiFERON report\nPatient: Ann Lee\nResult: negative\nPage 2 of 3", func(f PageFeatures) bool { return f.PageNo == 2 && f.PageOf == 3 }},
		{"page of ocr", "QuantiFERON report\nPatient: Ann Lee\nResult: negative\nPage l of 3", func(f PageFeatures) bool { return f.PageNo == 1 && f.PageOf == 3 }},
		{"pg", "QuantiFERON report\nPatient: Ann Lee\nResult: negative\nPg. 2", func(f PageFeatures) bool { return f.PageNo == 2 && f.PageOf == 0 }},
		{"fraction line", "QuantiFERON report\nPatient: Ann Lee\nResult: negative\n  2/3  ", func(f PageFeatures) bool { return f.PageNo == 2 && f.PageOf == 3 }},
		{"a date is no fraction", "QuantiFERON report\nPatient: Ann Lee\nCollected 2/3/2025", func(f PageFeatures) bool { return f.PageNo == 0 }},
		{"fax header numbering ignored", "09/05/2025 10:15 FROM: CLINIC FAX 5550100 P.002/006\nQuantiFERON report\nPatient: Ann Lee", func(f PageFeatures) bool { return f.PageNo == 0 }},
		{"name", "QuantiFERON report\nPatient: LEE, ANN M\nResult: negative", func(f PageFeatures) bool { return f.Name == normalName("Ann Lee") && f.Name != "" }},
		{"accession", "QuantiFERON report\nAccession #: A0012345\nResult: negative", func(f PageFeatures) bool { return f.FormID == "accession:A0012345" }},
		{"specimen", "Drug screen\nSpecimen ID: 0199283771\nResult: negative", func(f PageFeatures) bool { return f.FormID == "specimen:0199283771" }},
		{"continued", "Skills checklist (continued)\nVentilator management 3\nCRRT 2", func(f PageFeatures) bool { return f.Continues && !f.ContinuesNext }},
		{"continued on next page", "Skills checklist\nVentilator management 3\nContinued on next page", func(f PageFeatures) bool { return !f.Continues && f.ContinuesNext }},
		{"blank", "  \n \n", func(f PageFeatures) bool { return f.Blank && !f.Readable }},
		{"left blank", "This page intentionally left blank.", func(f PageFeatures) bool { return f.Blank }},
		{"unreadable noise", "~ ., ' ;; ~ iI1l |lI\n~ rn. ,, Il1 ~~ ' .. I|", func(f PageFeatures) bool { return !f.Readable && !f.Blank && f.Type == "other" }},
		{"heading under a letterhead", "CORNERSTONE PHARMACY #0412\n880 Mill Street, Reno, NV 89502 - (775) 555-0142\nVaccine Administration Record\nPatient: QUINTERO, RAFAEL DOB: 02/11/1987",
			func(f PageFeatures) bool { return f.Heading == "vaccine administration record" }},
		{"heading below a logo read as noise", "� 2290 Foothill Blvd\nSunrise Urgent Care Boise, ID 83706\n: ee � er Tel (208) 555-0117\nO M\n�\nCertificate of Tdap Immunization\nThis certifies that Rafael Quintero",
			func(f PageFeatures) bool { return f.Heading == "certificate tdap immunization" }},
		{"a title without a letterhead is no heading", "Immunization Record (page 2)\nTdap 01/14/2026 Adacel AC52B074AA",
			func(f PageFeatures) bool { return f.Heading == "" }},
		{"a label line is no heading", "Valley Clinic, Fresno, CA 93721\nRecord number: 4471\nPatient: Ann Lee",
			func(f PageFeatures) bool { return f.Heading == "" }},
		{"a letter sending a record", "Dear Ms. Lee,\nAs requested, please find attached a copy of your immunization record.",
			func(f PageFeatures) bool { return f.Encloses }},
		{"a letter listing attachments sends none", "Dear Hiring Manager,\nI have attached my resume along with my BLS card.",
			func(f PageFeatures) bool { return !f.Encloses }},
		{"readable", "QuantiFERON report\nPatient: Ann Lee\nResult: negative", func(f PageFeatures) bool {
			return f.Readable && !f.Blank && f.Type == "tb_blood_test" && f.Titled && f.Confidence == 0.9
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Features(7, tt.text, cls)
			if f.Index != 7 || !tt.check(f) {
				t.Fatalf("features %+v", f)
			}
		})
	}
	fc := Features(0, "FAX COVER SHEET\nTo: Credentialing\nFrom: Ann Lee\nPages: 4\nRE: BLS card", classify.Result{Type: "other", Confidence: 0.9})
	if !fc.FaxCover {
		t.Errorf("fax cover not recognised: %+v", fc)
	}
	notFax := Features(0, "Quest Diagnostics  Fax: 555-0100\nQuantiFERON-TB Gold Plus\nResult: negative", cls)
	if notFax.FaxCover {
		t.Errorf("a lab report with a fax number is no fax cover: %+v", notFax)
	}
}

// TestNamesMatchAcrossLayouts: one person printed two ways is one name.
func TestNamesMatchAcrossLayouts(t *testing.T) {
	a := normalName("ALVAREZ, MARIA L")
	for _, s := range []string{"Maria Alvarez", "Maria L. Alvarez", "MARIA LUISA ALVAREZ", "Maria A1varez"} {
		if b := normalName(s); b != a {
			t.Errorf("normalName(%q) = %q, want %q", s, b, a)
		}
	}
	if normalName("Mario Alvarez") == a {
		t.Error("different first names compare equal")
	}
}

func TestFeaturesJSON(t *testing.T) {
	f := Features(3, "Page 2 of 3\nName: Ann Lee\nAccession: A1234567\nTuberculin skin test", classify.Result{Type: "tb_skin_test", Confidence: 0.7, Titled: true})
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	var back PageFeatures
	if err := json.Unmarshal(b, &back); err != nil || back != f {
		t.Fatalf("round trip: %+v vs %+v (%v)", back, f, err)
	}
	if len(b) > 300 {
		t.Errorf("features are %d bytes; they travel in workflow payloads: %s", len(b), b)
	}
}

// TestScans splits whole scans through the real classifier: each
// testdata/scans/*.txt holds pages separated by form feeds, and its
// .golden the expected ranges with each range's page-level types.
func TestScans(t *testing.T) {
	c := classify.New(catalog.MustLoad())
	paths, err := filepath.Glob("testdata/scans/*.txt")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scans: %v", err)
	}
	sort.Strings(paths)
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			raw, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			pages := strings.Split(string(raw), "\f")
			fs := make([]PageFeatures, len(pages))
			for i, text := range pages {
				fs[i] = Features(i, text, c.Classify(text))
			}
			ranges := Split(fs)
			checkTiling(t, fs, ranges)
			var b strings.Builder
			for _, r := range ranges {
				var types []string
				for i := r.Start; i <= r.End; i++ {
					types = append(types, fs[i].Type)
				}
				fmt.Fprintf(&b, "%d-%d\t%s\n", r.Start, r.End, strings.Join(types, ","))
			}
			golden.Check(t, strings.TrimSuffix(p, ".txt")+".golden", []byte(b.String()))
		})
	}
}
