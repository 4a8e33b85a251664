package fraud

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/clearedtostart/compliance/internal/pdfforge"
	"github.com/clearedtostart/compliance/internal/sampledocs"
)

// changeDate is an editor moving a printed date: the page's content
// stream replaced in an incremental update, the year changed.
func changeDate(t testing.TB, d sampledocs.Doc, pdf []byte, field, year string) []byte {
	t.Helper()
	iso := d.Fields[field].(string)
	printed := pdfforge.PrintedDate(t, pdf, 1, iso)
	return pdfforge.ReplaceText(t, pdf, 1, printed, strings.Replace(printed, iso[:4], year, 1))
}

// setInfo is a metadata-only update: a new Info dictionary.
func setInfo(t testing.TB, pdf []byte, producer string) []byte {
	return pdfforge.AppendRevision(t, pdf, func(ctx *model.Context) ([]int, error) {
		d, err := ctx.DereferenceDict(*ctx.Info)
		if err != nil {
			return nil, err
		}
		d["Producer"] = types.StringLiteral(producer)
		d["ModDate"] = types.StringLiteral("D:20261120100000Z")
		return []int{ctx.Info.ObjectNumber.Value()}, nil
	})
}

// annotate is an incremental update adding an annotation to page 1; ap,
// when set, is its appearance's content over a box of its rectangle's
// size.
func annotate(t testing.TB, pdf []byte, subtype string, rect [4]float64, ap string, extra types.Dict) []byte {
	return pdfforge.AppendRevision(t, pdf, func(ctx *model.Context) ([]int, error) {
		d, ir, _, err := ctx.PageDict(1, false)
		if err != nil {
			return nil, err
		}
		ann := types.Dict{"Type": types.Name("Annot"), "Subtype": types.Name(subtype),
			"Rect": types.NewNumberArray(rect[0], rect[1], rect[2], rect[3]), "F": types.Integer(4)}
		for k, v := range extra {
			ann[k] = v
		}
		objs := []int{ir.ObjectNumber.Value()}
		if ap != "" {
			sd, err := ctx.NewStreamDictForBuf([]byte(ap))
			if err != nil {
				return nil, err
			}
			sd.InsertName("Type", "XObject")
			sd.InsertName("Subtype", "Form")
			sd.Insert("BBox", types.NewNumberArray(0, 0, rect[2]-rect[0], rect[3]-rect[1]))
			if err := sd.Encode(); err != nil {
				return nil, err
			}
			apRef, err := ctx.IndRefForNewObject(*sd)
			if err != nil {
				return nil, err
			}
			ann["AP"] = types.Dict{"N": *apRef}
			objs = append(objs, apRef.ObjectNumber.Value())
		}
		annRef, err := ctx.IndRefForNewObject(ann)
		if err != nil {
			return nil, err
		}
		objs = append(objs, annRef.ObjectNumber.Value())
		annots := types.Array{}
		if a, err := ctx.DereferenceArray(d["Annots"]); err == nil {
			annots = append(annots, a...)
		}
		d["Annots"] = append(annots, *annRef)
		return objs, nil
	})
}

// sign is a signature-only update: an invisible signature field.
func sign(t testing.TB, pdf []byte) []byte {
	return annotate(t, pdf, "Widget", [4]float64{0, 0, 0, 0}, "", types.Dict{"FT": types.Name("Sig"), "T": types.StringLiteral("Signature1")})
}

// addPage appends a copy of page 1 as a new last page in a later revision.
func addPage(t testing.TB, pdf []byte) []byte {
	return pdfforge.AppendRevision(t, pdf, func(ctx *model.Context) ([]int, error) {
		d, _, _, err := ctx.PageDict(1, false)
		if err != nil {
			return nil, err
		}
		root, err := ctx.Pages()
		if err != nil {
			return nil, err
		}
		pages, err := ctx.DereferenceDict(*root)
		if err != nil {
			return nil, err
		}
		p := d.Clone().(types.Dict)
		p["Parent"] = *root
		ref, err := ctx.IndRefForNewObject(p)
		if err != nil {
			return nil, err
		}
		kids, _ := ctx.DereferenceArray(pages["Kids"])
		pages["Kids"] = append(kids, *ref)
		pages["Count"] = types.Integer(len(kids) + 1)
		return []int{root.ObjectNumber.Value(), ref.ObjectNumber.Value()}, nil
	})
}

func TestRevisions(t *testing.T) {
	type forged struct {
		name  string
		make  func(t testing.TB) (sampledocs.Doc, []byte)
		code  string
		w     float64
		pages []int // the document's pages in the upload (nil: all)
		// evidence wanted
		page    int
		changes []string
		added   string
	}
	dated := func(typ, variant, field, year string) func(t testing.TB) (sampledocs.Doc, []byte) {
		return func(t testing.TB) (sampledocs.Doc, []byte) {
			d, pdf := clean(t, typ, variant, 11)
			return d, changeDate(t, d, pdf, field, year)
		}
	}
	tests := []forged{
		{name: "license verification's expiry moved", make: dated("nursing_license", "board_verification", "expiration_date", "2031"), code: CodeContentChanged, w: 0.75, page: 1, changes: []string{"content"}, added: "2031"},
		{name: "license pocket card's expiry moved", make: dated("nursing_license", "wallet_card", "expiration_date", "2031"), code: CodeContentChanged, w: 0.75, page: 1, changes: []string{"content"}, added: "2031"},
		{name: "QuickConfirm report's expiry moved", make: dated("nursing_license", "nursys_quickconfirm", "expiration_date", "2031"), code: CodeContentChanged, w: 0.75, page: 1, changes: []string{"content"}, added: "2031"},
		{name: "BLS eCard's renewal date moved", make: dated("bls", "aha_ecard", "expiration_date", "2030"), code: CodeContentChanged, w: 0.75, page: 1, changes: []string{"content"}, added: "2030"},
		{name: "Red Cross certificate's expiry moved", make: dated("acls", "redcross_certificate", "expiration_date", "2030"), code: CodeContentChanged, w: 0.75, page: 1, changes: []string{"content"}, added: "2030"},
		{name: "driver license's expiry moved", make: dated("drivers_license", "labeled_card", "expiration_date", "2035"), code: CodeContentChanged, w: 0.75, page: 1, changes: []string{"content"}, added: "2035"},
		{name: "TB test's read date moved", make: dated("tb_skin_test", "clinic_form", "read_date", "2026"), code: CodeContentChanged, w: 0.60, page: 1, changes: []string{"content"}},
		{name: "HIPAA certificate's expiry moved", make: dated("hipaa_training", "completion_certificate", "expiration_date", "2030"), code: CodeContentChanged, w: 0.75, page: 1, changes: []string{"content"}, added: "2030"},
		{name: "a box and a new expiry drawn over the old", code: CodeContentChanged, w: 0.60, page: 1, changes: []string{"content", "font"}, added: "2031", make: func(t testing.TB) (sampledocs.Doc, []byte) {
			d, pdf := clean(t, "nursing_license", "board_verification", 12)
			iso := d.Fields["expiration_date"].(string)
			printed := pdfforge.PrintedDate(t, pdf, 1, iso)
			x0, y0, x1, y1, size := textAt(t, pdf, 1, printed)
			return d, overlay{page: 1, box: [4]float64{x0 - 1, y0 - 1, x1 - x0 + 2, y1 - y0 + 2}, font: "Helvetica", size: size, x: x0, y: y0 + 0.2*size,
				text: strings.Replace(printed, iso[:4], "2031", 1)}.apply(t, pdf)
		}},
		{name: "a white square annotation laid over the expiry", code: CodeContentChanged, w: 0.60, page: 1, changes: []string{"annotation"}, make: func(t testing.TB) (sampledocs.Doc, []byte) {
			d, pdf := clean(t, "bls", "aha_ecard", 13)
			printed := pdfforge.PrintedDate(t, pdf, 1, d.Fields["expiration_date"].(string))
			x0, y0, x1, y1, _ := textAt(t, pdf, 1, printed)
			return d, annotate(t, pdf, "Square", [4]float64{x0 - 1, y0 - 1, x1 + 1, y1 + 1}, fmt.Sprintf("1 1 1 rg 0 0 %.2f %.2f re f", x1-x0+2, y1-y0+2), nil)
		}},
		{name: "a page added to the file later", code: CodeContentChanged, w: 0.60, page: 2, changes: []string{"page_added"}, pages: []int{2, 2}, make: func(t testing.TB) (sampledocs.Doc, []byte) {
			d, pdf := clean(t, "bls", "aha_ecard", 14)
			return d, addPage(t, pdf)
		}},
		{name: "metadata saved again", code: CodeIncrementalUpdate, w: 0.10, make: func(t testing.TB) (sampledocs.Doc, []byte) {
			d, pdf := clean(t, "nursing_license", "board_verification", 15)
			return d, setInfo(t, pdf, "iText 7.1.16")
		}},
		{name: "signed after it was made", code: CodeIncrementalUpdate, w: 0.10, make: func(t testing.TB) (sampledocs.Doc, []byte) {
			d, pdf := clean(t, "nursing_license", "board_verification", 16)
			return d, sign(t, pdf)
		}},
		{name: "a link added", code: CodeIncrementalUpdate, w: 0.10, make: func(t testing.TB) (sampledocs.Doc, []byte) {
			d, pdf := clean(t, "nursing_license", "board_verification", 17)
			return d, annotate(t, pdf, "Link", [4]float64{10, 10, 100, 30}, "", types.Dict{"A": types.Dict{"S": types.Name("URI"), "URI": types.StringLiteral("https://example.org")}})
		}},
		{name: "a page added, judging the first document only", code: CodeIncrementalUpdate, w: 0.10, pages: []int{1, 1}, make: func(t testing.TB) (sampledocs.Doc, []byte) {
			d, pdf := clean(t, "bls", "aha_ecard", 18)
			return d, addPage(t, pdf)
		}},
		{name: "the same edit saved as one new file", code: "", make: func(t testing.TB) (sampledocs.Doc, []byte) {
			d, pdf := clean(t, "nursing_license", "board_verification", 19)
			return d, pdfforge.Rewrite(t, changeDate(t, d, pdf, "expiration_date", "2031"))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, pdf := tt.make(t)
			ev := evidence(t, pdf, d.Type, d.Fields, d.AsOf)
			if tt.pages != nil {
				ev.FirstPage, ev.LastPage = tt.pages[0], tt.pages[1]
				ev.Pages = ev.Pages[tt.pages[0]-1 : tt.pages[1]]
			}
			v := Assess(ev, "MEDIUM")
			var got *Signal
			for i, s := range v.Signals {
				if s.Code == CodeContentChanged || s.Code == CodeIncrementalUpdate {
					if got != nil {
						t.Fatalf("two revision signals: %+v", v.Signals)
					}
					got = &v.Signals[i]
				}
			}
			if tt.code == "" {
				if got != nil {
					t.Fatalf("revision signal %+v on a file of one revision", *got)
				}
				return
			}
			if got == nil || got.Code != tt.code || got.Weight != tt.w {
				t.Fatalf("signals %+v, want %s of %.2f", v.Signals, tt.code, tt.w)
			}
			if tt.code == CodeIncrementalUpdate {
				if v.Result != Clean {
					t.Errorf("a save that changes no page of the document is %s (%.3f)", v.Result, v.Score)
				}
				return
			}
			if v.Result != Fraudulent {
				t.Errorf("result %s (%.3f), want fraudulent at MEDIUM", v.Result, v.Score)
			}
			e := got.Evidence
			if e == nil || e.Page != tt.page || !slices.Equal(e.Revisions, []int{1, 2}) {
				t.Fatalf("evidence %+v, want page %d revisions [1 2]", e, tt.page)
			}
			for _, c := range tt.changes {
				if !slices.Contains(e.Changes, c) {
					t.Errorf("changes %v, want %s", e.Changes, c)
				}
			}
			if tt.added != "" && !strings.Contains(strings.Join(e.Added, " "), tt.added) {
				t.Errorf("added %q, want it to hold %q", e.Added, tt.added)
			}
			if tt.added != "" && len(e.Removed) == 0 && !slices.Contains(e.Changes, "font") {
				t.Errorf("nothing removed: %+v", e)
			}
			if !strings.Contains(got.Detail, fmt.Sprintf("page %d was changed by revision 2 of 2", tt.page)) {
				t.Errorf("detail %q", got.Detail)
			}
		})
	}
}

// TestRevisionsCountedFromTheUpload: with the upload read, a %%EOF inside
// a stream or after the last revision is no revision.
func TestRevisionEnds(t *testing.T) {
	_, pdf := clean(t, "bls", "aha_ecard", 21)
	if got := revisionEnds(pdf); len(got) != 1 || got[0] != len(pdf) {
		t.Fatalf("ends %v of one revision of %d bytes", got, len(pdf))
	}
	junk := append(append([]byte(nil), pdf...), []byte("\n% a comment naming %%EOF\n")...)
	if got := revisionEnds(junk); len(got) != 1 {
		t.Fatalf("ends %v: a %%%%EOF outside a trailer counted", got)
	}
	two := setInfo(t, pdf, "x")
	if got := revisionEnds(two); len(got) != 2 || got[1] != len(two) {
		t.Fatalf("ends %v of two revisions", got)
	}
	up, err := ReadUpload(two)
	if err != nil {
		t.Fatal(err)
	}
	if up.revisions != 2 || len(up.metas) != 2 || up.metas[1].Producer != "x" {
		t.Fatalf("revisions %d, metas %+v", up.revisions, up.metas)
	}
}

// withXMP returns pdf saved as one revision with an XMP packet.
func withXMP(t testing.TB, pdf []byte, packet string) []byte {
	t.Helper()
	ctx, err := api.ReadContext(bytes.NewReader(pdf), pdfforge.Conf())
	if err != nil {
		t.Fatal(err)
	}
	root, err := ctx.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	sd, err := ctx.NewStreamDictForBuf([]byte(packet))
	if err != nil {
		t.Fatal(err)
	}
	sd.InsertName("Type", "Metadata")
	sd.InsertName("Subtype", "XML")
	if err := sd.Encode(); err != nil {
		t.Fatal(err)
	}
	ref, err := ctx.IndRefForNewObject(*sd)
	if err != nil {
		t.Fatal(err)
	}
	root["Metadata"] = *ref
	var buf bytes.Buffer
	if err := api.WriteContext(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func xmpPacket(createTool, producer, created, modified string, history ...[3]string) string {
	var h strings.Builder
	if len(history) > 0 {
		h.WriteString(`<xmpMM:History><rdf:Seq>`)
		for _, e := range history {
			fmt.Fprintf(&h, `<rdf:li rdf:parseType="Resource"><stEvt:action>%s</stEvt:action><stEvt:when>%s</stEvt:when><stEvt:softwareAgent>%s</stEvt:softwareAgent></rdf:li>`, e[0], e[1], e[2])
		}
		h.WriteString(`</rdf:Seq></xmpMM:History>`)
	}
	return `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#"
 xmp:CreatorTool="` + createTool + `" xmp:CreateDate="` + created + `">
<xmp:ModifyDate>` + modified + `</xmp:ModifyDate><pdf:Producer>` + producer + `</pdf:Producer>` + h.String() + `
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`
}

func TestMetadata(t *testing.T) {
	d, pdf := clean(t, "bls", "aha_ecard", 31)
	// pdfcpu's save writes its own Producer and dates: read them back to
	// write XMP that agrees (or not) with them.
	base := withXMP(t, pdf, xmpPacket("x", "x", "2026-01-01", "2026-01-01"))
	info := evidence(t, base, d.Type, d.Fields, d.AsOf).Upload.metas[0]
	created, _ := pdfDate(info.CreationDate)
	modified, _ := pdfDate(info.ModDate)
	iso := func(t time.Time) string { return t.Format(time.RFC3339) }
	asOf := modified.AddDate(0, 0, 1)
	tests := []struct {
		name   string
		packet string
		code   string
		w      float64
		want   string
	}{
		{"XMP agrees with Info", xmpPacket(info.Creator, info.Producer, iso(created), iso(modified)), "", 0, ""},
		{"XMP names another producer", xmpPacket(info.Creator, "Adobe PDF Library 23.8.246", iso(created), iso(modified)), CodeMetadataMismatch, 0.15, `the producer is "Adobe PDF Library 23.8.246" in XMP`},
		{"XMP modified a month earlier", xmpPacket(info.Creator, info.Producer, iso(created), iso(modified.AddDate(0, -1, 0))), CodeMetadataMismatch, 0.15, "the modified date is"},
		{"XMP history saved by Photoshop", xmpPacket(info.Creator, info.Producer, iso(created), iso(modified),
			[3]string{"created", iso(created), "Acrobat PDFMaker 23"}, [3]string{"saved", iso(modified), "Adobe Photoshop 25.1 (Windows)"}), CodeEditingSoftware, 0.50, `saved by an editing tool (Adobe Photoshop 25.1 (Windows))`},
		// The Info written back as the original's: the XMP history
		// remembers a save by another tool weeks after it.
		{"XMP history saved by another tool weeks after the Info", xmpPacket(info.Creator, info.Producer, iso(created), iso(modified),
			[3]string{"created", iso(created), info.Producer}, [3]string{"saved", iso(modified.AddDate(0, 0, 40)), "Adobe Acrobat Pro (64-bit) 23.1.20093"}),
			CodeMetadataMismatch, historyAfterInfoWeight, "40 days after the Info dictionary says it was last written"},
		{"XMP history saved by another tool on the Info's day", xmpPacket(info.Creator, info.Producer, iso(created), iso(modified),
			[3]string{"created", iso(created), info.Producer}, [3]string{"saved", iso(modified.Add(5 * time.Hour)), "Adobe Acrobat Pro (64-bit) 23.1.20093"}), "", 0, ""},
		{"XMP history signed weeks after the Info", xmpPacket(info.Creator, info.Producer, iso(created), iso(modified),
			[3]string{"created", iso(created), info.Producer}, [3]string{"signed", iso(modified.AddDate(0, 0, 40)), "DocuSign"}), "", 0, ""},
		{"XMP history saved weeks after by the Info's own tool", xmpPacket(info.Creator, info.Producer, iso(created), iso(modified),
			[3]string{"saved", iso(modified.AddDate(0, 0, 40)), info.Producer}), "", 0, ""},
		{"XMP names an editor fraud.go's list leaves out", xmpPacket("Master PDF Editor 5", info.Producer, iso(created), iso(modified)),
			CodeEditingSoftware, 0.50, "Master PDF Editor 5) in its XMP metadata"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := evidence(t, withXMP(t, pdf, tt.packet), d.Type, d.Fields, asOf)
			v := Assess(ev, "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if s.Code == CodeMetadataMismatch || s.Code == CodeEditingSoftware {
					got = append(got, s)
				}
			}
			if tt.code == "" {
				if len(got) > 0 {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Code != tt.code || got[0].Weight != tt.w || !strings.Contains(got[0].Detail, tt.want) {
				t.Fatalf("signals %+v, want %s %.2f saying %q", got, tt.code, tt.w, tt.want)
			}
		})
	}
}

func TestMetadataDates(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		file   FileMeta
		fields map[string]any
		code   string
		want   string
	}{
		{"made before the course it certifies", FileMeta{CreationDate: "D:20240310090000Z", ModDate: "D:20240310090000Z"},
			map[string]any{"issue_date": "2026-03-01"}, CodeCreatedBeforePrint, "the PDF was last written on 2024-03-10, before the issue date it prints (2026-03-01)"},
		{"stamped on a template made years before", FileMeta{CreationDate: "D:20190310090000Z", ModDate: "D:20260301100000Z"},
			map[string]any{"issue_date": "2026-03-01"}, "", ""},
		{"made the day before, in another time zone", FileMeta{CreationDate: "D:20260228230000-08'00'"},
			map[string]any{"issue_date": "2026-03-01"}, "", ""},
		{"made after the course", FileMeta{CreationDate: "D:20260302120000Z"}, map[string]any{"completion_date": "2026-03-01"}, "", ""},
		{"collected after the report was made", FileMeta{CreationDate: "D:20260302120000Z"}, map[string]any{"collection_date": "2026-03-09"}, CodeCreatedBeforePrint, "collection date"},
		{"created in the future", FileMeta{CreationDate: "D:20270101120000Z"}, nil, CodeMetadataFuture, "made on 2027-01-01, after the as-of day"},
		{"modified in the future", FileMeta{CreationDate: "D:20260101120000Z", ModDate: "D:20261230120000+02'00'"}, nil, CodeMetadataFuture, "modified on 2026-12-30"},
		{"written late on the as-of day east of UTC", FileMeta{CreationDate: "D:20261122235900+10'00'"}, nil, "", ""},
	}
	// How far ahead decides the weight: a machine clock days off is not a
	// forgery; a date months ahead no clock explains.
	for _, tt := range []struct {
		mod    string
		weight float64
	}{{"D:20261125093000Z", 0.10}, {"D:20261130093000Z", 0.10}, {"D:20261215093000Z", 0.35}, {"D:20270301093000Z", 0.35}} {
		v := Assess(Evidence{File: FileMeta{CreationDate: "D:20261101120000Z", ModDate: tt.mod}, DocumentType: "bls", AsOf: asOf}, "MEDIUM")
		found := false
		for _, s := range v.Signals {
			if s.Code == CodeMetadataFuture {
				found = true
				if s.Weight != tt.weight {
					t.Errorf("modified %s: weight %.2f, want %.2f", tt.mod, s.Weight, tt.weight)
				}
			}
		}
		if !found {
			t.Errorf("modified %s: no %s", tt.mod, CodeMetadataFuture)
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(Evidence{File: tt.file, DocumentType: "bls", Fields: tt.fields, AsOf: asOf}, "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if s.Code == CodeCreatedBeforePrint || s.Code == CodeMetadataFuture {
					got = append(got, s)
				}
			}
			if tt.code == "" {
				if len(got) > 0 {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Code != tt.code || !strings.Contains(got[0].Detail, tt.want) {
				t.Fatalf("signals %+v, want %s saying %q", got, tt.code, tt.want)
			}
		})
	}
}

func TestPDFDate(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"D:20260301120000Z", "2026-03-01T12:00:00Z", true},
		{"D:20260301120000-05'00'", "2026-03-01T17:00:00Z", true},
		{"D:20260301120000+05'30'", "2026-03-01T06:30:00Z", true},
		{"D:2026030112", "2026-03-01T12:00:00Z", true},
		{"D:2026", "2026-01-01T00:00:00Z", true},
		{"20260301", "2026-03-01T00:00:00Z", true},
		{"D:20261", "", false},
		{"yesterday", "", false},
	} {
		got, ok := pdfDate(tt.in)
		if ok != tt.ok || (ok && got.Format(time.RFC3339) != tt.want) {
			t.Errorf("pdfDate(%q) = %v, %v; want %s, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestRealWorldFiles: public PDFs of other producers (Google Docs,
// pdfLaTeX, ImageMagick, the PDF Association's PDF 2.0 examples, CID
// fonts) and the README's samples, judged whole, show nothing; files that
// cannot be read are an error, never a panic.
func TestRealWorldFiles(t *testing.T) {
	files, err := filepath.Glob("../pdfdoc/testdata/public/*.pdf")
	if err != nil {
		t.Fatal(err)
	}
	samples, _ := filepath.Glob("../docs/samples/*.pdf")
	files = append(append(files, "../pdfdoc/testdata/cid-fonts.pdf"), samples...)
	read := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ReadUpload(b); err != nil {
			if !strings.Contains(f, "password") {
				t.Errorf("%s: %v", f, err)
			}
			continue
		}
		read++
		v := Assess(evidence(t, b, "other", nil, asOf), "HIGH")
		if len(v.Signals) > 0 {
			t.Errorf("%s: %+v", f, v.Signals)
		}
	}
	if read < 8 {
		t.Errorf("read %d files", read)
	}
	r := sampledocs.Seeded(3)
	encrypted, err := sampledocs.EncryptedPDF(r)
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"corrupt": sampledocs.CorruptPDF(r), "no pages": sampledocs.ZeroPagePDF(),
		"encrypted": encrypted, "text": []byte("hello"), "empty": nil, "truncated": []byte("%PDF-1.7\n1 0 obj\n<<")} {
		if u, err := ReadUpload(b); err == nil && u != nil && len(u.pages) > 0 {
			t.Errorf("%s: read %d pages", name, len(u.pages))
		}
	}
}

// TestReadCopy: a copy the service made of an upload (mended, or an image
// made a PDF) is read for what its pages paint, not for a history that is
// the copy's own: the edit its revisions would show, and the mending
// tool's metadata, are not the upload's; the file's own account
// (Evidence.File) stands for them.
func TestReadCopy(t *testing.T) {
	d, pdf := clean(t, "bls", "aha_ecard", 71)
	forged := changeDate(t, d, pdf, "expiration_date", "2031")
	ev := evidence(t, forged, d.Type, d.Fields, d.AsOf)
	if ev.File.Revisions < 2 {
		t.Fatalf("the edited file has %d revisions", ev.File.Revisions)
	}
	cp, err := ReadCopy(forged)
	if err != nil {
		t.Fatal(err)
	}
	ev.Upload = cp
	v := Assess(ev, "MEDIUM")
	var inc *Signal
	for i, s := range v.Signals {
		switch s.Code {
		case CodeContentChanged, CodeMetadataMismatch:
			t.Errorf("a copy's own history read: %s %s", s.Code, s.Detail)
		case CodeIncrementalUpdate:
			inc = &v.Signals[i]
		}
	}
	if inc == nil || inc.Weight != 0.25 {
		t.Errorf("signals %+v, want incremental_update 0.25 from the file's own account", v.Signals)
	}
}

func TestChangedDate(t *testing.T) {
	for _, tt := range []struct {
		name           string
		removed, added []string
		from, to       string
		ok             bool
	}{
		{"numeric date moved", []string{"08/13/2025"}, []string{"11/13/2027"}, "08/13/2025", "11/13/2027", true},
		{"a month's name", []string{"October", "26,", "2026"}, []string{"June", "26,", "2030"}, "october 26, 2026", "june 26, 2030", true},
		{"month and year", []string{"Sep", "2025"}, []string{"Aug", "2028"}, "sep 2025", "aug 2028", true},
		{"a year alone changed", []string{"2028"}, []string{"2030"}, "2028", "2030", true},
		{"a name changed, no date", []string{"Amanda", "Hoffmann"}, []string{"Tyler", "Flores"}, "", "", false},
		{"a date added, none removed (a stamp, a signature date)", nil, []string{"11/20/2026"}, "", "", false},
		{"the same date laid out again", []string{"11/20/2026"}, []string{"11/20/2026", "Signed"}, "", "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			from, to, ok := changedDate(tt.removed, tt.added)
			if ok != tt.ok || from != tt.from || to != tt.to {
				t.Fatalf("changedDate = %q, %q, %v; want %q, %q, %v", from, to, ok, tt.from, tt.to, tt.ok)
			}
		})
	}
}

// TestEditorInEarlierRevision: an editor named by an earlier revision's
// Info, which a later save replaced, is still the tool that changed the
// page; a later save over an ordinary producer names none.
func TestEditorInEarlierRevision(t *testing.T) {
	d, pdf := clean(t, "bls", "aha_ecard", 31)
	tests := []struct {
		name      string
		producers []string
		w         float64
		want      string
	}{
		{"an editor's save, then a signing service's", []string{"Foxit PDF Editor 12.1.2.15332 (Windows)", "Adobe Acrobat Sign"}, 0.50,
			"in its earlier revision's Info dictionary, though its last Info names"},
		{"a converter's save, then the Info written back", []string{"iLovePDF", "iText 7.1.16"}, 0.45, "(iLovePDF)"},
		{"a design suite", []string{"Adobe Illustrator 27.0 (Windows)"}, 0.45, "(Adobe Illustrator 27.0 (Windows))"},
		{"ordinary saves", []string{"iText 7.1.16", "Adobe Acrobat Sign"}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := pdf
			for _, p := range tt.producers {
				file = setInfo(t, file, p)
			}
			v := Assess(evidence(t, file, d.Type, d.Fields, asOf), "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if s.Code == CodeEditingSoftware {
					got = append(got, s)
				}
			}
			if tt.w == 0 {
				if len(got) > 0 {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != tt.w || !strings.Contains(got[0].Detail, tt.want) {
				t.Fatalf("signals %+v, want editing_software %.2f saying %q", got, tt.w, tt.want)
			}
		})
	}
}

// TestMoreEditorsNamed: a producer naming an editor under another name
// than the lists' (a version, a platform, a brand's new name, a tool
// that calls itself a PDF editor, a picture editor) is editing_software;
// the ordinary saves stay quiet.
func TestMoreEditorsNamed(t *testing.T) {
	tests := []struct {
		producer, creator string
		w                 float64
	}{
		{"Nitro PDF Pro 14.3.1 (macOS)", "", 0.50},
		{"PDF Editor Pro 6.4 (Android)", "", 0.50},
		{"macOS Version 14.2 (Build 23C64) Quartz PDFContext", "Pixelmator Pro 3.5.1", 0.50},
		{"Krita 5.2.2", "", 0.50},
		{"Soda PDF Desktop (sodapdf.com)", "", 0.50},
		{"PDFpen Pro 13.2", "", 0.50},
		{"PDF Extra 9.10", "MobiSystems PDF Extra", 0.50},
		{"Scribus 1.6.1", "", 0.45},
		{"Meitu 10.4", "", 0.50},
		{"PicMonkey", "", 0.50},
		{"Lumin PDF", "", 0.45},
		{"Adobe PDF Library 17.11.238", "Adobe Express", 0.45},
		{"Skitch 2.9", "", 0.45},
		{"PDF-XChange Viewer [Version: 2.5 (Build 322.10) (Jul 27 2016; 19:34:05)]", "", 0.50},
		{"PDF-XChange PRO 9.5", "", 0.50},
		{"PDF-XChange Printer 2012 (5.5 build 315.0) [Windows 10 Pro x64]", "PDF-XChange Printer 2012", 0},
		{"Adobe PDF Library 17.11.238", "Adobe InDesign 19.0 (Windows)", 0},
		{"intsig.com pdf producer", "CamScanner", 0},
		{"Adobe Scan for Android 24.5", "", 0},
		{"Microsoft Lens", "", 0},
		{"Genius Scan", "", 0},
		{"Skia/PDF m120", "Google Chrome", 0},
		{"LibreOffice 7.6", "Writer", 0},
		{"ReportLab PDF Library - www.reportlab.com", "", 0},
		{"PDF24 Creator", "", 0},
		{"Xodo PDF Reader & Editor 9.3", "", 0},
		{"Microsoft: Print To PDF", "Microsoft Word", 0},
		{"GPL Ghostscript 10.02.1", "", 0},
		{"Adobe Acrobat Pro (64-bit) 24.1.20643", "Adobe Acrobat Pro (64-bit) 24.1.20643", 0},
		{"qpdf 11.9.0", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.producer+" "+tt.creator, func(t *testing.T) {
			var s signals
			checkMoreEditors(newDoc(Evidence{File: FileMeta{Producer: tt.producer, Creator: tt.creator, Revisions: 1}, AsOf: asOf}), &s)
			switch {
			case tt.w == 0 && len(s.list) > 0:
				t.Fatalf("signals %+v", s.list)
			case tt.w > 0 && (len(s.list) != 1 || s.list[0].Code != CodeEditingSoftware || s.list[0].Weight != tt.w):
				t.Fatalf("signals %+v, want editing_software %.2f", s.list, tt.w)
			}
		})
	}
}

// addXMP is an editor's save adding its XMP packet in an incremental
// update.
func addXMP(t testing.TB, pdf []byte, packet string) []byte {
	return pdfforge.AppendRevision(t, pdf, func(ctx *model.Context) ([]int, error) {
		root, err := ctx.Catalog()
		if err != nil {
			return nil, err
		}
		sd, err := ctx.NewStreamDictForBuf([]byte(packet))
		if err != nil {
			return nil, err
		}
		sd.InsertName("Type", "Metadata")
		sd.InsertName("Subtype", "XML")
		if err := sd.Encode(); err != nil {
			return nil, err
		}
		ref, err := ctx.IndRefForNewObject(*sd)
		if err != nil {
			return nil, err
		}
		root["Metadata"] = *ref
		return []int{ctx.Root.ObjectNumber.Value(), ref.ObjectNumber.Value()}, nil
	})
}

// replaceXMP is a later save that rewrites the XMP packet in place: the
// Metadata stream's object replaced in an incremental update.
func replaceXMP(t testing.TB, pdf []byte, packet string) []byte {
	return pdfforge.AppendRevision(t, pdf, func(ctx *model.Context) ([]int, error) {
		root, err := ctx.Catalog()
		if err != nil {
			return nil, err
		}
		ref, ok := root["Metadata"].(types.IndirectRef)
		if !ok {
			return nil, fmt.Errorf("no Metadata reference")
		}
		sd, err := ctx.NewStreamDictForBuf([]byte(packet))
		if err != nil {
			return nil, err
		}
		sd.InsertName("Type", "Metadata")
		sd.InsertName("Subtype", "XML")
		if err := sd.Encode(); err != nil {
			return nil, err
		}
		n := ref.ObjectNumber.Value()
		ctx.XRefTable.Table[n].Object = *sd
		return []int{n}, nil
	})
}

// TestEditorInEarlierXMP: an editor named only in an XMP packet that a
// later save rewrote is still named; a packet an ordinary tool wrote and
// a later save rewrote says nothing.
func TestEditorInEarlierXMP(t *testing.T) {
	d, pdf := clean(t, "bls", "aha_ecard", 31)
	created, modified := "2026-03-02T10:00:00Z", "2026-03-02T10:00:00Z"
	tests := []struct {
		name, firstTool string
		w               float64
	}{
		{"an editor's packet, rewritten by a signing service", "Adobe Photoshop 25.1 (Windows)", 0.50},
		{"a converter's packet, rewritten by a signing service", "Microsoft® Word for Microsoft 365", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := addXMP(t, pdf, xmpPacket(tt.firstTool, tt.firstTool, created, modified))
			file = replaceXMP(t, file, xmpPacket("Adobe Acrobat Sign", "Adobe Acrobat Sign", created, modified))
			v := Assess(evidence(t, file, d.Type, d.Fields, asOf), "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if s.Code == CodeEditingSoftware {
					got = append(got, s)
				}
			}
			if tt.w == 0 {
				if len(got) > 0 {
					t.Fatalf("signals %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != tt.w || !strings.Contains(got[0].Detail, "earlier revision's XMP metadata") {
				t.Fatalf("signals %+v, want editing_software %.2f naming the earlier revision's XMP", got, tt.w)
			}
		})
	}
}

// TestConverterCallingItselfAnEditor: a tool of the first list weighed as
// a converter (0.45) that names itself a PDF editor is an editor (0.50);
// the converters stay at 0.45, and an editor is not named twice.
func TestConverterCallingItselfAnEditor(t *testing.T) {
	tests := []struct {
		producer, creator string
		w                 float64
		n                 int
	}{
		{"Sejda PDF Editor", "Sejda", 0.50, 2},
		{"iLovePDF", "", 0.45, 1},
		{"Smallpdf.com", "", 0.45, 1},
		{"Foxit PDF Editor 12.1", "Foxit PDF Editor", 0.50, 1},
		{"Nitro PDF Professional 7", "", 0.50, 1},
	}
	for _, tt := range tests {
		t.Run(tt.producer, func(t *testing.T) {
			d := newDoc(Evidence{File: FileMeta{Producer: tt.producer, Creator: tt.creator, Revisions: 1}, AsOf: asOf})
			var s signals
			checkHistory(d, &s)
			checkMoreEditors(d, &s)
			if len(s.list) != 1 || s.list[0].Code != CodeEditingSoftware || s.list[0].Weight != tt.w || s.count[CodeEditingSoftware] != tt.n {
				t.Fatalf("signals %+v (counted %d), want editing_software %.2f", s.list, s.count[CodeEditingSoftware], tt.w)
			}
		})
	}
}
