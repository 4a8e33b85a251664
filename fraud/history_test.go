package fraud

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/pdfdoc"
)

// historyDoc is a rendered document and the fields read from it.
type historyDoc struct {
	doc    sampledocs.Doc
	pdf    []byte
	fields map[string]any
	typ    string
}

func historyCard(t *testing.T, seed uint64, typ, variant string) historyDoc {
	t.Helper()
	d, pdf := clean(t, typ, variant, seed)
	return historyDoc{doc: d, pdf: pdf, fields: d.Fields, typ: typ}
}

// scan prints and scans a PDF (sampledocs.RenderScanned).
func scan(t *testing.T, pdf []byte, opt sampledocs.ScanOptions) []byte {
	t.Helper()
	out, err := sampledocs.RenderScanned(pdf, opt)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// pictureOf renders a document to a PNG and makes it a PDF as the service
// does with an image upload.
func pictureOf(t *testing.T, d sampledocs.Doc) []byte {
	t.Helper()
	png, err := sampledocs.RenderImage(d, "png", 150)
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := pdfdoc.FromImage(context.Background(), png, "image/png")
	if err != nil {
		t.Fatal(err)
	}
	return pdf
}

// blankPDF is a one-page PDF with nothing but a page number on it.
func blankPDF(t *testing.T, footer string) []byte {
	t.Helper()
	f := fpdf.New("P", "pt", "Letter", "")
	f.AddPage()
	f.SetFont("Helvetica", "", 8)
	f.Text(300, 770, footer)
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func fingerprint(t *testing.T, upload []byte, d historyDoc, fields map[string]any) Print {
	t.Helper()
	p, err := Fingerprint(upload, upload, d.typ, fields)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func without(m map[string]any, keys ...string) map[string]any {
	out := maps.Clone(m)
	for _, k := range keys {
		delete(out, k)
	}
	return out
}

func TestHistoryReused(t *testing.T) {
	at := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	card := historyCard(t, 11, "bls", "aha_ecard")
	otherCard := historyCard(t, 12, "bls", "aha_ecard") // another nurse's card of the same layout
	license := historyCard(t, 13, "nursing_license", "board_verification")
	// The card printed and scanned, scanned again on another scanner, and
	// rendered to a picture; another nurse's card scanned.
	scanA := scan(t, card.pdf, sampledocs.ScanOptions{})
	scanB := scan(t, card.pdf, sampledocs.ScanOptions{DPI: 150, Seed: 7})
	picture := pictureOf(t, card.doc)
	otherScan := scan(t, otherCard.pdf, sampledocs.ScanOptions{})
	// The license number of license, printed on a document of another
	// layout (another file, other pages).
	relicensed := historyCard(t, 14, "nursing_license", "wallet_card")
	relicensed.fields["license_number"], relicensed.fields["state"] = license.fields["license_number"], license.fields["state"]

	cardPrint := fingerprint(t, card.pdf, card, card.fields)
	scanPrint := fingerprint(t, scanA, card, card.fields)
	earlier := func(p Print, cand string) []PriorUse {
		return []PriorUse{{Print: p, CandidateID: cand, IntakeID: "intake-1", SegmentID: "segment-1", At: at}}
	}
	// An agency's fax cover, scanned with two candidates' packets on one
	// day: the same page and date, but no document.
	fax, otherFax := historyCard(t, 15, "other", "fax_cover"), historyCard(t, 16, "other", "fax_cover")
	fax.fields = map[string]any{"date": "2026-11-20"}
	blank := historyDoc{typ: "bls"}
	blankA, blankB := scan(t, blankPDF(t, "1"), sampledocs.ScanOptions{}), scan(t, blankPDF(t, "1"), sampledocs.ScanOptions{Seed: 3})

	for _, tc := range []struct {
		name      string
		print     Print
		candidate string
		earlier   []PriorUse
		want      []string
		field     string
	}{
		{name: "identical file, other candidate", print: cardPrint, candidate: "nurse-b", earlier: earlier(cardPrint, "nurse-a"),
			want: []string{CodeReusedFile, CodeReusedID}, field: "certificate_id"},
		{name: "identical scan, other candidate", print: scanPrint, candidate: "nurse-b", earlier: earlier(scanPrint, "nurse-a"),
			want: []string{CodeReusedFile, CodeReusedID, CodeReusedPageImage}, field: "certificate_id"},
		{name: "identical file, same candidate", print: scanPrint, candidate: "nurse-a", earlier: earlier(scanPrint, "nurse-a")},
		{name: "the owner sends her file again after another candidate's copy", print: cardPrint, candidate: "nurse-a",
			earlier: append(earlier(cardPrint, "nurse-a"), PriorUse{Print: cardPrint, CandidateID: "nurse-b", IntakeID: "intake-2", SegmentID: "segment-2", At: at.Add(time.Hour)})},
		{name: "a file first sent for another candidate, then for this one twice", print: cardPrint, candidate: "nurse-b",
			earlier: append(earlier(cardPrint, "nurse-a"), PriorUse{Print: cardPrint, CandidateID: "nurse-b", IntakeID: "intake-2", SegmentID: "segment-2", At: at.Add(time.Hour)}),
			want:    []string{CodeReusedFile, CodeReusedID}, field: "certificate_id"},
		{name: "no candidate to compare", print: scanPrint, candidate: "", earlier: earlier(scanPrint, "nurse-a")},
		{name: "earlier use without a candidate", print: scanPrint, candidate: "nurse-b", earlier: earlier(scanPrint, "")},
		{name: "another nurse's card of the same layout", print: fingerprint(t, otherScan, otherCard, otherCard.fields), candidate: "nurse-b", earlier: earlier(scanPrint, "nurse-a")},
		{name: "same license number, other candidate, other file", print: fingerprint(t, relicensed.pdf, relicensed, relicensed.fields), candidate: "nurse-b",
			earlier: earlier(fingerprint(t, license.pdf, license, license.fields), "nurse-a"), want: []string{CodeReusedID}, field: "license_number"},
		{name: "same license number, same candidate", print: fingerprint(t, relicensed.pdf, relicensed, relicensed.fields), candidate: "nurse-a",
			earlier: earlier(fingerprint(t, license.pdf, license, license.fields), "nurse-a")},
		{name: "same license number, its state unread", print: fingerprint(t, relicensed.pdf, relicensed, map[string]any{"license_number": license.fields["license_number"]}),
			candidate: "nurse-b", earlier: earlier(fingerprint(t, license.pdf, license, license.fields), "nurse-a"), want: []string{CodeReusedID}, field: "license_number"},
		{name: "same number in another state", print: fingerprint(t, relicensed.pdf, relicensed, map[string]any{"license_number": license.fields["license_number"], "state": "ZZ"}),
			candidate: "nurse-b", earlier: earlier(fingerprint(t, license.pdf, license, license.fields), "nurse-a")},
		{name: "same page image re-scanned, number unread", print: fingerprint(t, scanB, card, without(card.fields, "certificate_id")), candidate: "nurse-b",
			earlier: earlier(scanPrint, "nurse-a"), want: []string{CodeReusedPageImage}},
		{name: "same page rendered to a picture, number unread", print: fingerprint(t, picture, card, without(card.fields, "certificate_id")), candidate: "nurse-b",
			earlier: earlier(scanPrint, "nurse-a"), want: []string{CodeReusedPageImage}},
		{name: "same page image re-scanned, same candidate", print: fingerprint(t, scanB, card, without(card.fields, "certificate_id")), candidate: "nurse-a",
			earlier: earlier(scanPrint, "nurse-a")},
		{name: "same layout, dates contradict", print: fingerprint(t, scanB, card, map[string]any{"issue_date": "1999-01-01", "expiration_date": card.fields["expiration_date"]}),
			candidate: "nurse-b", earlier: earlier(scanPrint, "nurse-a")},
		{name: "same layout, nothing read to agree on", print: fingerprint(t, scanB, card, map[string]any{}), candidate: "nurse-b", earlier: earlier(scanPrint, "nurse-a")},
		{name: "fax covers of one day", print: fingerprint(t, scan(t, fax.pdf, sampledocs.ScanOptions{}), fax, fax.fields), candidate: "nurse-b",
			earlier: earlier(fingerprint(t, scan(t, otherFax.pdf, sampledocs.ScanOptions{}), fax, fax.fields), "nurse-a")},
		{name: "blank pages", print: fingerprint(t, blankA, blank, map[string]any{"issue_date": "2026-01-01"}), candidate: "nurse-b",
			earlier: earlier(fingerprint(t, blankB, blank, map[string]any{"issue_date": "2026-01-01"}), "nurse-a")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Reused(tc.print, tc.candidate, tc.earlier)
			var codes []string
			for _, s := range got {
				codes = append(codes, s.Code)
				if s.Evidence == nil || s.Evidence.Earlier == nil || s.Evidence.Earlier.IntakeID != "intake-1" || s.Evidence.Earlier.SegmentID != "segment-1" ||
					s.Evidence.Earlier.CandidateID != "nurse-a" || !s.Evidence.Earlier.UploadedAt.Equal(at) {
					t.Errorf("%s: evidence %+v does not link to the earlier segment", s.Code, s.Evidence)
				}
				if s.Code == CodeReusedID && s.Evidence.Field != tc.field {
					t.Errorf("reused_id on field %q, want %q", s.Evidence.Field, tc.field)
				}
				if s.Code == CodeReusedPageImage && (s.Evidence.Earlier.Distance == nil || *s.Evidence.Earlier.Distance > MaxPageDistance) {
					t.Errorf("reused_page_image distance %v", s.Evidence.Earlier.Distance)
				}
			}
			if !slices.Equal(codes, tc.want) {
				t.Fatalf("signals %v, want %v (%+v)", codes, tc.want, got)
			}
		})
	}
}

func TestHistoryFingerprint(t *testing.T) {
	card := historyCard(t, 21, "bls", "aha_ecard")
	// A page drawn as text leaves no page hash; a scanned page does.
	if p := fingerprint(t, card.pdf, card, card.fields); len(p.PageHashes) != 0 || len(p.ContentHash) != 64 {
		t.Fatalf("text PDF print %+v", p)
	}
	scanned := scan(t, card.pdf, sampledocs.ScanOptions{})
	p := fingerprint(t, scanned, card, card.fields)
	if len(p.ContentHash) != 64 || len(p.PageHashes) != 1 || len(p.PageHashes[0]) != 16 || p.DocumentType != "bls" {
		t.Fatalf("print %+v", p)
	}
	two, err := sampledocs.RenderPDF(card.doc, historyCard(t, 22, "tb_skin_test", "clinic_form").doc)
	if err != nil {
		t.Fatal(err)
	}
	if pages, err := imagePages(two); err != nil || len(pages) != 0 {
		t.Fatalf("image pages of a text PDF: %v %v", pages, err)
	}
	if pages, err := imagePages(scan(t, two, sampledocs.ScanOptions{})); err != nil || !slices.Equal(pages, []int{1, 2}) {
		t.Fatalf("image pages of a scan: %v %v", pages, err)
	}
	if got := runs([]int{1, 2, 4, 6, 7, 8}); !slices.Equal(got, [][2]int{{1, 2}, {4, 4}, {6, 8}}) {
		t.Fatalf("runs %v", got)
	}
	if p.IDs["certificate_id"] == "" || p.Facts["certificate_id"] != p.IDs["certificate_id"] || p.Facts["expiration_date"] != card.fields["expiration_date"] {
		t.Fatalf("ids %v facts %v of fields %v", p.IDs, p.Facts, card.fields)
	}
	// The upload's hash is the whole file's, not the segment's.
	q, err := Fingerprint(append(slices.Clone(scanned), '\n'), scanned, "bls", card.fields)
	if err != nil || q.ContentHash == p.ContentHash || !slices.Equal(q.PageHashes, p.PageHashes) {
		t.Fatalf("another upload of the same pages: %+v %v", q, err)
	}
	blank, err := Fingerprint(blankPDF(t, "2"), blankPDF(t, "2"), "other", nil)
	if err != nil || len(blank.PageHashes) != 0 {
		t.Fatalf("a blank page left a hash: %+v %v", blank, err)
	}
	if _, err := Fingerprint([]byte("x"), []byte("not a pdf"), "other", nil); err == nil {
		t.Fatal("a segment that does not render is an error")
	}
}

func TestHistoryIDs(t *testing.T) {
	for _, tc := range []struct {
		fields map[string]any
		want   map[string]string
	}{
		{map[string]any{"license_number": "rn-845120", "state": "tx"}, map[string]string{"license_number": "TX:RN845120"}},
		{map[string]any{"license_number": "RN845120"}, map[string]string{"license_number": "RN845120"}},
		{map[string]any{"certificate_id": "2447 6617 4046", "lot_number": "EL9262"}, map[string]string{"certificate_id": "244766174046"}},
		{map[string]any{"certificate_id": "12-34"}, map[string]string{}},
		{map[string]any{"passport_number": 123456789}, map[string]string{}},
	} {
		if got := IDsOf(tc.fields); !maps.Equal(got, tc.want) {
			t.Errorf("IDsOf(%v) = %v, want %v", tc.fields, got, tc.want)
		}
	}
}

func TestHistorySameID(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"TX:RN845120", "TX:RN845120", true},
		{"TX:RN845120", "RN845120", true},
		{"RN845120", "OK:RN845120", true},
		{"TX:RN845120", "OK:RN845120", false},
		{"TX:RN845120", "TX:RN845121", false},
		{"244766174046", "244766174046", true},
		{"244766174046", "244766174047", false},
	} {
		if got := SameID(tc.a, tc.b); got != tc.want {
			t.Errorf("SameID(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestHistoryRescore(t *testing.T) {
	base := Verdict{Result: Clean, Score: 0.2, Threshold: 0.5, Signals: []Signal{{Code: CodeModifiedAfter, Weight: 0.20}}}
	file := Signal{Code: CodeReusedFile, Weight: weightReusedFile}
	id := Signal{Code: CodeReusedID, Weight: weightReusedID}
	page := Signal{Code: CodeReusedPageImage, Weight: weightReusedPage}
	for _, tc := range []struct {
		name        string
		extra       []Signal
		sensitivity string
		result      string
		score       float64
	}{
		{"identical file at LOW", []Signal{file}, "LOW", Fraudulent, 0.96},
		{"identical file at MEDIUM", []Signal{file}, "MEDIUM", Fraudulent, 0.96},
		{"identical file at HIGH", []Signal{file}, "HIGH", Fraudulent, 0.96},
		{"same id at LOW", []Signal{id}, "LOW", Clean, 0.68},
		{"same id at MEDIUM", []Signal{id}, "MEDIUM", Fraudulent, 0.68},
		{"same id and page at LOW", []Signal{id, page}, "LOW", Fraudulent, 0.824},
		{"page at MEDIUM", []Signal{page}, "MEDIUM", Fraudulent, 0.56},
		{"nothing at HIGH", nil, "HIGH", Clean, 0.2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := Rescore(base, tc.extra, tc.sensitivity)
			if v.Result != tc.result || v.Score != tc.score || v.Threshold != Threshold(tc.sensitivity) || len(v.Signals) != len(tc.extra)+1 {
				t.Fatalf("%+v, want %s %.3f", v, tc.result, tc.score)
			}
			for i := 1; i < len(v.Signals); i++ {
				if v.Signals[i].Weight > v.Signals[i-1].Weight {
					t.Fatalf("signals not strongest first: %+v", v.Signals)
				}
			}
			// A retried rescore finds the same signals again: nothing doubles.
			if again := Rescore(v, tc.extra, tc.sensitivity); again.Score != v.Score || len(again.Signals) != len(v.Signals) {
				t.Fatalf("rescored twice: %+v", again)
			}
		})
	}
	if base.Signals[0].Code != CodeModifiedAfter || len(base.Signals) != 1 {
		t.Fatal("Rescore changed its input")
	}
}

func TestHistoryInk(t *testing.T) {
	gray := image.NewGray(image.Rect(0, 0, 100, 100))
	rgba := image.NewRGBA(gray.Bounds())
	for y := 0; y < 100; y++ {
		for x := 0; x < 100; x++ {
			v := uint8(255)
			if y >= 40 && y < 45 && x >= 30 && x < 66 { // 2% of the page's inside dark
				v = 20
			}
			gray.SetGray(x, y, color.Gray{Y: v})
			rgba.Set(x, y, color.RGBA{R: v, G: v, B: v, A: 255})
		}
	}
	if g, c := inkShare(gray), inkShare(rgba); g != 180.0/8100 || c != g {
		t.Fatalf("ink %v (gray) %v (color), want %v", g, c, 180.0/8100)
	}
	// The same dark stripe along an edge is the scanner's, not ink.
	edge := image.NewGray(gray.Bounds())
	for i := range edge.Pix {
		edge.Pix[i] = 255
	}
	for x := 0; x < 100; x++ {
		for y := 0; y < 4; y++ {
			edge.SetGray(x, y, color.Gray{})
		}
	}
	if g := inkShare(edge); g != 0 {
		t.Fatalf("a dark edge counted as ink: %v", g)
	}
	if _, ok := PageHash(gray.SubImage(image.Rect(50, 50, 100, 100))); ok {
		t.Fatal("a blank part of a page was hashed")
	}
	h1, ok1 := PageHash(gray)
	h2, ok2 := PageHash(rgba)
	if !ok1 || !ok2 || h1 != h2 || len(h1) != 16 {
		t.Fatalf("hashes %q %v, %q %v", h1, ok1, h2, ok2)
	}
}

func TestHistoryReadPGM(t *testing.T) {
	for _, tc := range []struct {
		name string
		data string
		ok   bool
	}{
		{"pdftoppm's", "P5\n2 2\n255\n\x00\x10\x20\x30", true},
		{"with a comment", "P5\n# made by hand\n2 2\n255\n\x00\x10\x20\x30", true},
		{"ASCII PGM", "P2\n2 2\n255\n0 16 32 48", false},
		{"16-bit", "P5\n2 2\n65535\n\x00\x10\x20\x30\x00\x10\x20\x30", false},
		{"short", "P5\n2 2\n255\n\x00\x10", false},
		{"no header", "", false},
	} {
		g, err := readPGM([]byte(tc.data))
		if (err == nil) != tc.ok {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if tc.ok && (g.Bounds().Dx() != 2 || g.GrayAt(1, 1).Y != 0x30 || g.GrayAt(1, 0).Y != 0x10) {
			t.Errorf("%s: read %v", tc.name, g.Pix)
		}
	}
}

// A text PDF uploaded for one nurse, then printed and scanned (or rendered
// to a picture) for another, its number unread: the earlier document's
// pages are hashed only when a scan agrees with its facts, and then the
// page image is found.
func TestHistoryBornDigital(t *testing.T) {
	at := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	card := historyCard(t, 31, "bls", "aha_ecard")
	otherCard := historyCard(t, 32, "bls", "aha_ecard")
	unread := without(card.fields, "certificate_id")
	textPrint := fingerprint(t, card.pdf, card, card.fields)
	if len(textPrint.PageHashes) != 0 || textPrint.AllPages {
		t.Fatalf("born-digital print %+v has page hashes", textPrint)
	}
	scanned := fingerprint(t, scan(t, card.pdf, sampledocs.ScanOptions{DPI: 150, Seed: 5}), card, unread)
	picture := fingerprint(t, pictureOf(t, card.doc), card, unread)
	otherScan := fingerprint(t, scan(t, otherCard.pdf, sampledocs.ScanOptions{}), otherCard, otherCard.fields)
	document := func(p Print, cand string) PriorUse {
		return PriorUse{Print: p, CandidateID: cand, DocumentID: "document-1", At: at}
	}
	hashed := textPrint
	hashed.AllPages = true
	var err error
	if hashed.PageHashes, err = HashPages(card.pdf); err != nil || len(hashed.PageHashes) != 1 {
		t.Fatalf("HashPages: %v %v", hashed.PageHashes, err)
	}
	for _, tc := range []struct {
		name      string
		print     Print
		candidate string
		earlier   PriorUse
		want      bool
	}{
		{"scan of another candidate's text PDF", scanned, "nurse-b", document(textPrint, "nurse-a"), true},
		{"picture of another candidate's text PDF", picture, "nurse-b", document(textPrint, "nurse-a"), true},
		{"same candidate", scanned, "nurse-a", document(textPrint, "nurse-a"), false},
		{"another nurse's card of the layout: facts contradict", otherScan, "nurse-b", document(textPrint, "nurse-a"), false},
		{"already hashed", scanned, "nurse-b", document(hashed, "nurse-a"), false},
		{"the later upload is born digital too: both are hashed", textPrint, "nurse-b", document(textPrint, "nurse-a"), true},
		{"another document type", scanned, "nurse-b", document(Print{DocumentType: "acls", Facts: textPrint.Facts}, "nurse-a"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := PagesWanted(tc.print, tc.candidate, tc.earlier); got != tc.want {
				t.Fatalf("PagesWanted = %v, want %v", got, tc.want)
			}
		})
	}
	// Both directions: the born-digital document may be the earlier
	// upload or this one; a scan on its own side is never hashed.
	for _, tc := range []struct {
		name                     string
		ours, theirs             []PriorUse
		wantOurs, wantTheirsIdxs []int
	}{
		{"a scan now, the text PDF earlier", []PriorUse{document(scanned, "nurse-b")}, []PriorUse{document(otherScan, "nurse-c"), document(textPrint, "nurse-a")}, nil, []int{1}},
		{"the text PDF now, a scan earlier", []PriorUse{document(otherScan, "nurse-c"), document(textPrint, "nurse-a")}, []PriorUse{document(scanned, "nurse-b")}, []int{1}, nil},
		{"the same candidate", []PriorUse{document(scanned, "nurse-a")}, []PriorUse{document(textPrint, "nurse-a")}, nil, nil},
	} {
		ours, theirs := PagesToHash(tc.ours, tc.theirs)
		if !slices.Equal(ours, tc.wantOurs) || !slices.Equal(theirs, tc.wantTheirsIdxs) {
			t.Errorf("%s: PagesToHash = %v, %v; want %v, %v", tc.name, ours, theirs, tc.wantOurs, tc.wantTheirsIdxs)
		}
	}
	// Unhashed, the scan is not found by its image; hashed, it is, and the
	// evidence links to the earlier document scan.
	if sigs := Reused(scanned, "nurse-b", []PriorUse{document(textPrint, "nurse-a")}); len(sigs) != 0 {
		t.Fatalf("signals against the unhashed text PDF: %+v", sigs)
	}
	for name, p := range map[string]Print{"scan": scanned, "picture": picture} {
		sigs := Reused(p, "nurse-b", []PriorUse{document(hashed, "nurse-a")})
		if len(sigs) != 1 || sigs[0].Code != CodeReusedPageImage {
			t.Fatalf("%s: signals %+v, want reused_page_image", name, sigs)
		}
		e := sigs[0].Evidence.Earlier
		if e == nil || e.DocumentID != "document-1" || e.IntakeID != "" || e.SegmentID != "" || e.CandidateID != "nurse-a" || e.Distance == nil {
			t.Fatalf("%s: evidence %+v", name, sigs[0].Evidence)
		}
	}
	// The text PDF printed again to PDF for another candidate, its number
	// not read: the same page naming the same holder weighs enough for
	// MEDIUM alone; without the holder read, it does not.
	again := fingerprint(t, card.pdf, card, unread)
	again.ContentHash, again.PageHashes, again.AllPages = "another file", hashed.PageHashes, true
	if again.Holder == "" {
		t.Fatalf("no holder in the print of %v", unread)
	}
	sigs := Reused(again, "nurse-b", []PriorUse{document(hashed, "nurse-a")})
	if len(sigs) != 1 || sigs[0].Code != CodeReusedPageImage || sigs[0].Weight != 0.55 {
		t.Fatalf("the same text page naming the same holder: %+v, want reused_page_image of 0.55", sigs)
	}
	again.Holder = ""
	if sigs := Reused(again, "nurse-b", []PriorUse{document(hashed, "nurse-a")}); len(sigs) != 0 {
		t.Fatalf("two text pages alike, the holder not read on one: %+v, want none (one form filled alike for two people)", sigs)
	}
	again.Holder = "SOMEONE ELSE"
	if sigs := Reused(again, "nurse-b", []PriorUse{document(hashed, "nurse-a")}); len(sigs) != 0 {
		t.Fatalf("two text pages alike naming two holders: %+v, want none", sigs)
	}
	// A scan of the text PDF, its holder not read, still counts (0.45).
	scannedNoHolder := scanned
	scannedNoHolder.Holder = ""
	if sigs := Reused(scannedNoHolder, "nurse-b", []PriorUse{document(hashed, "nurse-a")}); len(sigs) != 1 || sigs[0].Weight != 0.45 {
		t.Fatalf("a scan of the text page, its holder not read: %+v, want reused_page_image of 0.45", sigs)
	}
	// Another nurse's card, hashed, is no reuse of this one.
	otherHashed := fingerprint(t, otherCard.pdf, otherCard, otherCard.fields)
	if otherHashed.PageHashes, err = HashPages(otherCard.pdf); err != nil {
		t.Fatal(err)
	}
	if sigs := Reused(scanned, "nurse-b", []PriorUse{document(otherHashed, "nurse-a")}); len(sigs) != 0 {
		t.Fatalf("signals against another nurse's card: %+v", sigs)
	}
}

func TestHistorySameFacts(t *testing.T) {
	for _, c := range []struct {
		name string
		a, b map[string]string
		want bool
	}{
		{"agree", map[string]string{"issue_date": "2025-03-23"}, map[string]string{"issue_date": "2025-03-23"}, true},
		{"nothing shared", map[string]string{"issue_date": "2025-03-23"}, map[string]string{"expiration_date": "2027-03-23"}, false},
		{"contradict", map[string]string{"issue_date": "2025-03-23", "certificate_id": "L6266674"}, map[string]string{"issue_date": "2025-03-23", "certificate_id": "L6260013"}, false},
		{"one digit misread beside an agreeing fact", map[string]string{"issue_date": "2025-03-23", "expiration_date": "2027-03-23"}, map[string]string{"issue_date": "2025-03-23", "expiration_date": "2027-03-28"}, true},
		{"one digit apart alone", map[string]string{"expiration_date": "2027-03-23"}, map[string]string{"expiration_date": "2027-03-28"}, false},
		{"two facts misread", map[string]string{"issue_date": "2025-03-23", "expiration_date": "2027-03-23", "certificate_id": "L6266674"}, map[string]string{"issue_date": "2025-03-23", "expiration_date": "2027-03-28", "certificate_id": "L6266675"}, false},
		{"birth dates a digit apart are two people", map[string]string{"test_date": "2026-10-01", "date_of_birth": "1985-03-12"}, map[string]string{"test_date": "2026-10-01", "date_of_birth": "1985-03-17"}, false},
	} {
		if got := SameFacts(c.a, c.b); got != c.want {
			t.Errorf("%s: SameFacts = %v, want %v", c.name, got, c.want)
		}
	}
}
