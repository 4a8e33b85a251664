package sampledocs

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// The fraud evaluation's tuning part: documents altered the ways forgers
// alter them, each on several types and layouts, and clean documents
// re-saved by the ordinary tools nurses and their recruiters use, which
// must not be flagged. The alterations are made on the real files with
// real tools: text edited in a page's content stream and saved as an
// incremental update (pdfedit.go) or saved anew by qpdf, a box or a
// picture painted over a value, a JPEG with a region pasted in or copied
// within it. Facts that cannot be true (issued after expiring, valid too
// long, an id in another issuer's form, a passport whose zone's check
// digits were left as they were) are printed on the issuer's template, as
// forgers who fill one in do. The history cases upload a file, an id or a
// page image of one candidate again for another candidate of the same
// account.

// FraudCase is one upload of the evaluation.
type FraudCase struct {
	Name, DocumentType string
	// Manipulation names the alteration; "" for clean controls.
	Manipulation string
	// Control says how a clean control was re-saved ("original",
	// "printed_to_pdf", "scanned_image", "qpdf_linearized", ...).
	Control string
	Forged  bool
	Upload  []byte
	MIME    string
	// CandidateID is whom the upload is for.
	CandidateID string
	// Earlier are the account's uploads before this one (history cases).
	Earlier []PriorUpload
}

// PriorUpload is an earlier upload of the same account.
type PriorUpload struct {
	Upload            []byte
	MIME, CandidateID string
}

// Manipulations. A case's Name says more: the layout, the font, the tool
// and how the file was saved.
const (
	NameTypedOver         = "typed_over_name"     // a name retyped in another font and size
	DateTypedOver         = "typed_over_date"     // a date retyped in another font and size
	CoveredText           = "covered_text"        // a white box or a white picture over a value, new text on it
	ContentStreamReplaced = "incremental_content" // an incremental update replacing a page's content stream
	EditingToolMetadata   = "editor_metadata"     // a date changed and the file saved anew by an editing tool
	IssuedAfterExpiration = "dates_impossible"    // issued or completed after it expires
	ValidityTooLong       = "validity_too_long"   // valid longer than the issuer grants
	IDFormat              = "id_format"           // an eCard code or a license number in another form
	MRZCheckDigits        = "mrz_check"           // a passport zone whose check digits were not recomputed
	JPEGPastedRegion      = "image_splice"        // a scan with a region pasted in from another picture
	JPEGCopyMove          = "copy_move"           // a photo with a patch of itself cloned over a date
	SameFileOtherCand     = "reused_file"         // the same file for another candidate
	SameIDOtherCand       = "reused_id"           // another candidate's document carrying the same id
	SamePageOtherCand     = "reused_page_image"   // the same page, scanned or rendered again, for another candidate
)

// Clean controls: how a genuine document was saved.
const (
	Original          = "original"
	PrintedToPDF      = "printed_to_pdf"          // cairo's "print to PDF"
	Scanned           = "scanned"                 // rasterised with noise: a JPEG, or an image-only PDF
	PhonePhoto        = "phone_photo"             // a phone photo of a card
	QPDF              = "qpdf"                    // optimised by qpdf: linearised, or with object streams
	Merged            = "merged"                  // two documents merged by pdfunite or pdfcpu
	SignedUpdate      = "signed_update"           // an incremental update adding a signature field or metadata only
	ReuploadSameCand  = "same_candidate_reupload" // the same file again for the same candidate
	OtherCandsEarlier = "other_candidates_earlier"
)

// forger draws the cases of one seed.
type forger struct {
	r    *rand.Rand
	asOf time.Time
	n    int
	// cases are the cases made so far.
	cases []FraudCase
}

// FraudCases returns the tuning part of the fraud evaluation for a seed:
// the same seed gives the same files, pdfcpu's merges aside (pdfcpu
// numbers a merge's objects in Go's map order). It needs pdftoppm,
// pdftocairo and pdfunite (poppler) and qpdf; scripts/deps.sh installs
// them.
func FraudCases(seed uint64) ([]FraudCase, error) {
	f := &forger{r: Seeded(seed), asOf: DefaultAsOf()}
	return f.run(append(f.firstSteps(), f.laterSteps()...))
}

// FirstFraudCases are the cases of the tuning part's first steps, every
// manipulation and control made by the generator's own tools: the same
// files as the first of FraudCases' for the seed, in a fraction of the
// time, for tests that need a case of each kind.
func FirstFraudCases(seed uint64) ([]FraudCase, error) {
	f := &forger{r: Seeded(seed), asOf: DefaultAsOf()}
	return f.run(f.firstSteps())
}

func (f *forger) firstSteps() []func() error {
	return []func() error{
		f.typedOver, f.coveredText, f.contentReplaced, f.editingTool, f.facts, f.mrz,
		f.pastedRegion, f.copyMove, f.history, f.controls,
	}
}

// laterSteps come after the first so that the cases before draw the same
// numbers as before.
func (f *forger) laterSteps() []func() error {
	return []func() error{
		f.harderPictures, f.harderClones,
		// Clean scans by other tools than the project's scanner.
		f.pilControls,
		// Values changed by a qpdf overlay.
		f.overlays,
		// Forgeries made by other tools than the project's own (Pillow,
		// hand-edited zones and ids), one step per family.
		f.factsByOtherTools,
		f.imagesByOtherTools,
		f.contentByOtherTools,
	}
}

func (f *forger) run(steps []func() error) ([]FraudCase, error) {
	for _, s := range steps {
		if err := s(); err != nil {
			return nil, err
		}
	}
	return f.cases, nil
}

// candidate names a new candidate of the account.
func (f *forger) candidate() string {
	f.n++
	return fmt.Sprintf("cand-%03d", f.n)
}

// doc draws a document of a type in a layout (the i-th, wrapping).
func (f *forger) doc(typ string, layout int, opt Options) Doc {
	vs := Variants(typ)
	opt.Variant = vs[layout%len(vs)]
	return Generate(f.r, typ, NewPerson(f.r), opt)
}

func (f *forger) add(c FraudCase) {
	if c.MIME == "" {
		c.MIME = "application/pdf"
	}
	if c.CandidateID == "" {
		c.CandidateID = f.candidate()
	}
	c.Forged = c.Manipulation != ""
	f.cases = append(f.cases, c)
}

func caseName(kind string, d Doc, extra ...string) string {
	return strings.Join(append([]string{kind, d.Type, d.Variant}, extra...), "/")
}

// editedAt is when a forger or a re-saving tool wrote the file: after the
// document was made, before the day it is judged on.
func (f *forger) editedAt(d Doc) time.Time {
	span := int(f.asOf.Sub(d.Created).Hours() / 24)
	t := d.Created.AddDate(0, 0, 1+f.r.IntN(max(span-1, 1)))
	if !t.Before(f.asOf) {
		t = f.asOf.Add(-time.Duration(1+f.r.IntN(20)) * time.Hour)
	}
	return t.Add(time.Duration(f.r.IntN(3600)) * time.Second)
}

// save finishes a content forgery the way the forger's tool saves: as an
// incremental update with the tool's Info, as one with the Info left
// alone, or rewritten as a single revision (qpdf) so that only what the
// pages show gives it away.
func (f *forger) save(e *pdfEdit, d Doc, mode int) ([]byte, string, error) {
	switch mode % 3 {
	case 0:
		ed := pick(f.r, editors)
		e.setInfo(ed.producer, ed.creator, d.Created, f.editedAt(d))
		return e.bytes(), "incremental", nil
	case 1:
		return e.bytes(), "incremental_info_kept", nil
	default:
		out, err := qpdf(e.bytes())
		return out, "rewritten", err
	}
}

// --- text typed over ---

// retype is a value retyped in a forger's font: the run that showed it
// removed from the page's content and the new text shown where it stood.
type retype struct {
	run  textRun
	text string
}

// retyped edits pdf: every run in rs is removed and its new text shown in
// base font at size times scale.
func retyped(pdf []byte, rs []retype, font string, scale float64) (*pdfEdit, error) {
	e, err := newPDFEdit(pdf)
	if err != nil {
		return nil, err
	}
	byPage := map[int][]retype{}
	for _, x := range rs {
		byPage[x.run.page] = append(byPage[x.run.page], x)
	}
	for _, page := range slices.Sorted(maps.Keys(byPage)) {
		list := byPage[page]
		content, err := e.content(page)
		if err != nil {
			return nil, err
		}
		var add strings.Builder
		removed := map[string]bool{}
		for _, x := range list {
			// A text shown twice goes at once, with every copy retyped.
			if !removed[x.run.text] {
				re := runShow(x.run.text)
				if !re.Match(content) {
					return nil, fmt.Errorf("sampledocs: page %d does not show %q as one run", page, x.run.text)
				}
				content = re.ReplaceAll(content, nil)
				removed[x.run.text] = true
			}
			fmt.Fprintf(&add, "BT 0 0 0 rg /FE1 %.2f Tf 1 0 0 1 %.2f %.2f Tm (%s) Tj ET\n", x.run.size*scale, x.run.x, x.run.y, pdfEscape(winAnsi(x.text)))
		}
		res, err := e.resources(page)
		if err != nil {
			return nil, err
		}
		fonts, _ := res["Font"].(types.Dict)
		if fonts == nil {
			fonts = types.Dict{}
		}
		fonts["FE1"] = e.standardFont(font)
		res["Font"] = fonts
		pd, num, err := e.page(page)
		if err != nil {
			return nil, err
		}
		pd["Contents"] = e.addStream(nil, append(content, add.String()...), true)
		pd["Resources"] = res
		e.set(num, pd)
	}
	return e, nil
}

// runsShowing returns the runs that show s, exactly or within them.
func runsShowing(runs []textRun, s string) []textRun {
	var exact, within []textRun
	for _, r := range runs {
		switch {
		case r.text == s:
			exact = append(exact, r)
		case strings.Contains(r.text, s):
			within = append(within, r)
		}
	}
	if len(exact) > 0 {
		return exact
	}
	return within
}

// dateRuns finds how a document prints a date field: the runs and the
// date layout.
func dateRuns(d Doc, runs []textRun, field string) ([]textRun, string) {
	iso, _ := d.Fields[field].(string)
	t, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		return nil, ""
	}
	for _, l := range allDateLayouts {
		if rs := runsShowing(runs, formatDate(t, l)); len(rs) > 0 {
			return rs, l
		}
	}
	return nil, ""
}

// laterDate is a forged expiry: a year or three after the true one, and
// after the judging day.
func (f *forger) laterDate(iso string) time.Time {
	t, _ := time.Parse(time.DateOnly, iso)
	t = t.AddDate(1+f.r.IntN(3), f.r.IntN(12), 0)
	for !t.After(f.asOf.AddDate(0, 6, 0)) {
		t = t.AddDate(1, 0, 0)
	}
	return t
}

// forgedDateField is the date a forger pushes forward: the expiry, else
// the test, exam or course date that validity runs from.
func forgedDateField(d Doc) string {
	for _, f := range []string{"expiration_date", "read_date", "collection_date", "exam_date", "completion_date", "administered_date", "completed_date", "test_date"} {
		if _, ok := d.Fields[f]; ok {
			return f
		}
	}
	return ""
}

// typedOver: names and dates retyped in another font and size.
func (f *forger) typedOver() error {
	// Certificates and cards printed in Helvetica get a Times name; a
	// driver license's name is retyped in Courier-Bold.
	names := []struct {
		typ    string
		layout int
		font   string
	}{
		{"bls", 1, "Times-Roman"}, {"acls", 0, "Times-Roman"}, {"pals", 3, "Times-Bold"}, {"hipaa_training", 0, "Times-Roman"},
		{"nursing_license", 0, "Times-Roman"}, {"nursing_license", 1, "Times-Roman"}, {"drivers_license", 0, "Courier-Bold"},
		{"drivers_license", 1, "Courier-Bold"}, {"tb_skin_test", 0, "Times-Roman"}, {"osha_training", 1, "Times-Roman"},
	}
	for i, n := range names {
		d := f.doc(n.typ, n.layout, Options{})
		pdf, runs, err := renderTraced(d)
		if err != nil {
			return err
		}
		other := nameFields(NewPerson(f.r), "First Last")
		var rs []retype
		full, _ := d.Fields["full_name"].(string)
		if shown := runsShowing(runs, full); full != "" && len(shown) > 0 {
			newFull := restyle(full, d, other)
			for _, r := range shown {
				rs = append(rs, retype{r, strings.Replace(r.text, full, newFull, 1)})
			}
		} else if last, _ := d.Fields["last_name"].(string); last != "" {
			for _, r := range runsShowing(runs, last) {
				rs = append(rs, retype{r, strings.Replace(r.text, last, caseLike(last, other["last_name"]), 1)})
			}
		}
		if len(rs) == 0 {
			return fmt.Errorf("sampledocs: %s/%s prints no name to retype", d.Type, d.Variant)
		}
		e, err := retyped(pdf, rs, n.font, 0.8+0.1*float64(i%2)+0.35*float64((i/2)%2))
		if err != nil {
			return err
		}
		out, how, err := f.save(e, d, i)
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: caseName(NameTypedOver, d, n.font, how), DocumentType: d.Type, Manipulation: NameTypedOver, Upload: out})
	}
	dates := []struct {
		typ    string
		layout int
		font   string
	}{
		{"bls", 0, "Times-Roman"}, {"pals", 2, "Times-Roman"}, {"nursing_license", 2, "Courier"}, {"nursing_license", 0, "Times-Bold"},
		{"tb_skin_test", 1, "Times-Roman"}, {"drug_screen", 0, "Courier"}, {"hipaa_training", 1, "Times-Roman"},
		{"drivers_license", 2, "Courier-Bold"}, {"tncc", 0, "Times-Roman"}, {"physical_exam", 0, "Times-Roman"},
	}
	for i, n := range dates {
		d := f.doc(n.typ, n.layout, Options{Expired: i%2 == 0})
		pdf, runs, err := renderTraced(d)
		if err != nil {
			return err
		}
		field := forgedDateField(d)
		shown, layout := dateRuns(d, runs, field)
		if len(shown) == 0 {
			return fmt.Errorf("sampledocs: %s/%s does not print %s as a run", d.Type, d.Variant, field)
		}
		old := formatDate(mustDate(d.Fields[field]), layout)
		nd := f.laterDate(d.Fields[field].(string))
		if field != "expiration_date" {
			// A test or exam moved to a recent day.
			nd = f.asOf.AddDate(0, 0, -(3 + f.r.IntN(40)))
		}
		var rs []retype
		for _, r := range shown {
			rs = append(rs, retype{r, strings.Replace(r.text, old, formatDate(nd, layout), 1)})
		}
		e, err := retyped(pdf, rs, n.font, 0.85+0.3*float64(i%2))
		if err != nil {
			return err
		}
		out, how, err := f.save(e, d, i)
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: caseName(DateTypedOver, d, field, n.font, how), DocumentType: d.Type, Manipulation: DateTypedOver, Upload: out})
	}
	return nil
}

func mustDate(v any) time.Time {
	s, _ := v.(string)
	t, _ := time.Parse(time.DateOnly, s)
	return t
}

// restyle prints another person's name in the style full is printed in.
func restyle(full string, d Doc, other map[string]string) string {
	first, _ := d.Fields["first_name"].(string)
	last, _ := d.Fields["last_name"].(string)
	out := full
	if last != "" {
		out = strings.Replace(out, last, caseLike(last, other["last_name"]), 1)
	}
	if first != "" {
		out = strings.Replace(out, first, caseLike(first, other["first_name"]), 1)
	}
	if out == full {
		return caseLike(full, other["full_name"])
	}
	return out
}

// caseLike writes s in upper case when like is.
func caseLike(like, s string) string {
	if like == strings.ToUpper(like) {
		return strings.ToUpper(asciiFold(s))
	}
	return s
}

// --- boxes and pictures painted over text ---

func (f *forger) coveredText() error {
	plan := []struct {
		typ    string
		layout int
		image  bool
	}{
		{"bls", 0, false}, {"acls", 2, false}, {"nursing_license", 1, false}, {"tb_skin_test", 3, false}, {"hipaa_training", 0, false},
		{"pals", 1, true}, {"nursing_license", 0, true}, {"drug_screen", 1, true}, {"tncc", 1, true}, {"chest_xray", 0, true},
	}
	for i, p := range plan {
		d := f.doc(p.typ, p.layout, Options{Expired: i%2 == 1})
		pdf, runs, err := renderTraced(d)
		if err != nil {
			return err
		}
		field := forgedDateField(d)
		shown, layout := dateRuns(d, runs, field)
		if len(shown) == 0 {
			return fmt.Errorf("sampledocs: %s/%s does not print %s as a run", d.Type, d.Variant, field)
		}
		nd := f.laterDate(d.Fields[field].(string))
		if field != "expiration_date" {
			nd = f.asOf.AddDate(0, 0, -(3 + f.r.IntN(40)))
		}
		old := formatDate(mustDate(d.Fields[field]), layout)
		e, err := newPDFEdit(pdf)
		if err != nil {
			return err
		}
		for _, run := range shown {
			text := strings.Replace(run.text, old, formatDate(nd, layout), 1)
			if err := paintOver(e, run, text, p.image, f.r); err != nil {
				return err
			}
		}
		out, how, err := f.save(e, d, i)
		if err != nil {
			return err
		}
		what := "white_box"
		if p.image {
			what = "white_picture"
		}
		f.add(FraudCase{Name: caseName(CoveredText, d, what, field, how), DocumentType: d.Type, Manipulation: CoveredText, Upload: out})
	}
	return nil
}

// paintOver adds to run's page a content stream that paints a white box,
// or a white picture, over the run and shows text on it in the run's own
// font and size, the way "add text" and "whiteout" tools do.
func paintOver(e *pdfEdit, run textRun, text string, picture bool, r *rand.Rand) error {
	w := max(run.w, stringWidth(run.fam, run.style, run.size, text)) + 3
	x, y, h := run.x-1.5, run.y-0.3*run.size, run.size*1.25
	res, err := e.resources(run.page)
	if err != nil {
		return err
	}
	fonts, _ := res["Font"].(types.Dict)
	if fonts == nil {
		fonts = types.Dict{}
	}
	fonts["FE1"] = e.standardFont(baseFont(run.fam, run.style))
	res["Font"] = fonts
	var b strings.Builder
	if picture {
		jpg, pw, ph, err := patchJPEG(int(w*3), int(h*3), r)
		if err != nil {
			return err
		}
		img := e.addStream(types.Dict{"Type": types.Name("XObject"), "Subtype": types.Name("Image"), "Width": types.Integer(pw),
			"Height": types.Integer(ph), "ColorSpace": types.Name("DeviceRGB"), "BitsPerComponent": types.Integer(8),
			"Filter": types.Name("DCTDecode")}, jpg, false)
		xo, _ := res["XObject"].(types.Dict)
		if xo == nil {
			xo = types.Dict{}
		}
		xo["IE1"] = img
		res["XObject"] = xo
		fmt.Fprintf(&b, "q %.2f 0 0 %.2f %.2f %.2f cm /IE1 Do Q\n", w, h, x, y)
	} else {
		fmt.Fprintf(&b, "q 1 1 1 rg %.2f %.2f %.2f %.2f re f Q\n", x, y, w, h)
	}
	fmt.Fprintf(&b, "BT 0 0 0 rg /FE1 %.2f Tf 1 0 0 1 %.2f %.2f Tm (%s) Tj ET\n", run.size, run.x, run.y, pdfEscape(winAnsi(text)))
	pd, num, err := e.page(run.page)
	if err != nil {
		return err
	}
	var arr types.Array
	switch c := pd["Contents"].(type) {
	case types.Array:
		arr = append(arr, c...)
	case nil:
	default:
		arr = types.Array{c}
	}
	pd["Contents"] = append(arr, e.addStream(nil, []byte(b.String()), true))
	pd["Resources"] = res
	e.set(num, pd)
	return nil
}

// --- a page's content stream replaced ---

// reRendered is a document's pages drawn again with changed fields: the
// content a forger's script writes into the file's own page objects.
func reRendered(d Doc, change map[string]any) ([][]byte, error) {
	forged := d
	forged.Fields = cloneFields(d.Fields)
	for k, v := range change {
		forged.Fields[k] = v
	}
	redo, err := RenderPDF(forged)
	if err != nil {
		return nil, err
	}
	e, err := newPDFEdit(redo)
	if err != nil {
		return nil, err
	}
	out := make([][]byte, e.pages())
	for i := range out {
		if out[i], err = e.content(i + 1); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// replacePages writes new content for every page whose content differs.
func replacePages(e *pdfEdit, pages [][]byte) error {
	changed := 0
	for i, c := range pages {
		old, err := e.content(i + 1)
		if err != nil {
			return err
		}
		if string(old) == string(c) {
			continue
		}
		pd, num, err := e.page(i + 1)
		if err != nil {
			return err
		}
		pd["Contents"] = e.addStream(nil, c, true)
		e.set(num, pd)
		changed++
	}
	if changed == 0 {
		return errors.New("sampledocs: the change shows on no page")
	}
	return nil
}

func (f *forger) contentReplaced() error {
	plan := []struct {
		typ    string
		layout int
	}{
		{"nursing_license", 0}, {"nursing_license", 1}, {"nursing_license", 2}, {"bls", 0}, {"acls", 3}, {"pals", 2},
		{"drivers_license", 1}, {"hipaa_training", 0}, {"nrp", 0}, {"tncc", 2},
	}
	for i, p := range plan {
		d := f.doc(p.typ, p.layout, Options{Expired: i%3 != 2})
		pdf, err := RenderPDF(d)
		if err != nil {
			return err
		}
		pages, err := reRendered(d, map[string]any{"expiration_date": f.laterDate(d.Fields["expiration_date"].(string)).Format(time.DateOnly)})
		if err != nil {
			return err
		}
		e, err := newPDFEdit(pdf)
		if err != nil {
			return err
		}
		if err := replacePages(e, pages); err != nil {
			return fmt.Errorf("%s/%s: %w", d.Type, d.Variant, err)
		}
		how := "info_kept"
		if i%2 == 1 {
			ed := pick(f.r, editors)
			e.setInfo(ed.producer, ed.creator, d.Created, f.editedAt(d))
			how = "editor_info"
		}
		f.add(FraudCase{Name: caseName(ContentStreamReplaced, d, how), DocumentType: d.Type, Manipulation: ContentStreamReplaced, Upload: e.bytes()})
	}
	return nil
}

// editingTool: a date changed in the document's own font and the file
// saved anew (one revision) by an online or desktop editor that names
// itself in the Info dictionary.
func (f *forger) editingTool() error {
	plan := []struct {
		typ    string
		layout int
	}{{"bls", 2}, {"nursing_license", 2}, {"tb_skin_test", 2}, {"acls", 1}, {"drug_screen", 2}, {"hipaa_training", 1}}
	for _, p := range plan {
		d := f.doc(p.typ, p.layout, Options{Expired: true})
		pdf, err := RenderPDF(d)
		if err != nil {
			return err
		}
		field := forgedDateField(d)
		nd := f.laterDate(d.Fields[field].(string))
		if field != "expiration_date" {
			nd = f.asOf.AddDate(0, 0, -(3 + f.r.IntN(40)))
		}
		pages, err := reRendered(d, map[string]any{field: nd.Format(time.DateOnly)})
		if err != nil {
			return err
		}
		e, err := newPDFEdit(pdf)
		if err != nil {
			return err
		}
		if err := replacePages(e, pages); err != nil {
			return fmt.Errorf("%s/%s: %w", d.Type, d.Variant, err)
		}
		ed := pick(f.r, editors)
		e.setInfo(ed.producer, ed.creator, d.Created, f.editedAt(d))
		out, err := qpdf(e.bytes())
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: caseName(EditingToolMetadata, d, field, ed.producer), DocumentType: d.Type, Manipulation: EditingToolMetadata, Upload: out})
	}
	return nil
}

// --- facts that cannot be true, on documents made up from a template ---

// fabricated renders a document whose printed fields were changed before
// it was drawn: a forger filling in an issuer's template. The file is made
// after every event date it prints, so that only the changed facts tell.
func fabricated(d Doc, change map[string]any) ([]byte, error) {
	forged := d
	forged.Fields = cloneFields(d.Fields)
	for k, v := range change {
		forged.Fields[k] = v
		if t := mustDate(v); k != "expiration_date" && !t.IsZero() && !forged.Created.After(t.AddDate(0, 0, 1)) {
			forged.Created = t.AddDate(0, 0, 1).Add(9*time.Hour + time.Duration(d.Seed%28800)*time.Second)
		}
	}
	if forged.Created.After(d.AsOf) {
		forged.Created = d.AsOf.Add(-time.Duration(1+d.Seed%12) * time.Hour)
	}
	return RenderPDF(forged)
}

func (f *forger) facts() error {
	// Issued or completed after it expires: an expired card's issue date
	// moved to a recent day, its expiry left.
	for i, p := range []struct {
		typ    string
		layout int
	}{{"bls", 0}, {"acls", 1}, {"pals", 2}, {"hipaa_training", 0}, {"osha_training", 1}, {"tncc", 0}, {"nrp", 1}, {"bls", 3}} {
		d := f.doc(p.typ, p.layout, Options{Expired: true})
		start := "issue_date"
		if _, ok := d.Fields[start]; !ok {
			start = "completion_date"
		}
		exp := mustDate(d.Fields["expiration_date"])
		gap := int(f.asOf.Sub(exp).Hours() / 24)
		recent := exp.AddDate(0, 0, 5+f.r.IntN(max(gap-8, 1))).Format(time.DateOnly)
		out, err := fabricated(d, map[string]any{start: recent})
		if err != nil {
			return err
		}
		if !exp.Before(mustDate(recent)) {
			return fmt.Errorf("sampledocs: %s/%s expires after its forged %s (case %d)", d.Type, d.Variant, start, i)
		}
		f.add(FraudCase{Name: caseName(IssuedAfterExpiration, d, start), DocumentType: d.Type, Manipulation: IssuedAfterExpiration, Upload: out})
	}
	// Valid longer than the issuer grants.
	for _, p := range []struct {
		typ    string
		layout int
	}{{"bls", 0}, {"bls", 1}, {"acls", 2}, {"pals", 0}, {"nrp", 0}, {"tncc", 1}, {"passport", 0}, {"acls", 3}} {
		d := f.doc(p.typ, p.layout, Options{})
		years := 3 + f.r.IntN(3)
		if p.typ == "tncc" {
			years = 6 + f.r.IntN(2)
		}
		if p.typ == "passport" {
			years = 15
		}
		exp := mustDate(d.Fields["issue_date"]).AddDate(years, 0, 0).Format(time.DateOnly)
		out, err := fabricated(d, map[string]any{"expiration_date": exp})
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: caseName(ValidityTooLong, d, fmt.Sprintf("%dy", years)), DocumentType: d.Type, Manipulation: ValidityTooLong, Upload: out})
	}
	// An eCard code or a license number the issuer does not use.
	for i := 0; i < 4; i++ {
		d := f.doc([]string{"bls", "acls", "pals", "bls"}[i], 0, Options{})
		code := d.Fields["certificate_id"].(string)
		var bad string
		switch i % 2 {
		case 0: // a year the card was not issued in
			yr := (mustDate(d.Fields["issue_date"]).Year() - 4 - f.r.IntN(3)) % 100
			bad = fmt.Sprintf("%02d", yr) + code[2:]
		default: // not 12 digits
			bad = code[:10]
		}
		out, err := fabricated(d, map[string]any{"certificate_id": bad})
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: caseName(IDFormat, d, "ecard_code"), DocumentType: d.Type, Manipulation: IDFormat, Upload: out})
	}
	for i := 0; i < 4; i++ {
		var d Doc
		for try := 0; try < 200; try++ {
			d = f.doc("nursing_license", i, Options{})
			if s := d.Fields["state"]; s == "CA" || s == "TX" || s == "FL" || s == "NY" {
				break
			}
		}
		bad := map[string]string{"CA": "95" + digits(f.r, 9), "TX": "RN-" + digits(f.r, 9), "FL": "RN" + digits(f.r, 3), "NY": alnum(f.r, 3) + digits(f.r, 8)}[d.Fields["state"].(string)]
		if bad == "" {
			return fmt.Errorf("sampledocs: no nursing license of a state with a known numbering drawn")
		}
		out, err := fabricated(d, map[string]any{"license_number": bad})
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: caseName(IDFormat, d, "license_number", d.Fields["state"].(string)), DocumentType: d.Type, Manipulation: IDFormat, Upload: out})
	}
	return nil
}

// mrz: a passport copy whose expiry (or number) was changed in print and
// in the machine-readable zone, but whose check digits were not.
func (f *forger) mrz() error {
	for i := 0; i < 6; i++ {
		d := f.doc("passport", []int{0, 2}[i%2], Options{Expired: i%3 == 0})
		change := map[string]any{"expiration_date": f.laterDate(d.Fields["expiration_date"].(string)).Format(time.DateOnly)}
		what := "expiration_date"
		if i%3 == 2 {
			num := d.Fields["passport_number"].(string)
			change = map[string]any{"passport_number": num[:len(num)-3] + digits(f.r, 3)}
			what = "passport_number"
		}
		forged := d
		forged.Fields = cloneFields(d.Fields)
		forged.staleMRZ = map[string]any{}
		for k, v := range change {
			forged.staleMRZ[k] = d.Fields[k]
			forged.Fields[k] = v
		}
		out, err := RenderPDF(forged)
		if err != nil {
			return err
		}
		f.add(FraudCase{Name: caseName(MRZCheckDigits, d, what), DocumentType: d.Type, Manipulation: MRZCheckDigits, Upload: out})
	}
	return nil
}

// renderTraced renders one document and the runs of text it prints.
func renderTraced(d Doc) ([]byte, []textRun, error) {
	var runs []textRun
	pdf, err := renderPDF(&runs, d)
	return pdf, runs, err
}
