package heldout

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/clearedtostart/compliance/catalog"
)

// The held-out FRAUD set: tampered documents and clean controls written
// from the description of each manipulation in issue #18 and from how
// forgers and ordinary tools work, never from the fraud engine or the
// tuning set's generator. Documents are this package's layouts (WeasyPrint
// renders of every catalog type in many typefaces); the manipulations are
// made on the rendered files with real PDF syntax, real tools (qpdf,
// poppler's pdftocairo and pdfunite, pdfcpu) and real image operations.
//
// Nobody tunes the fraud engine against these cases: a change made to
// catch one of them by studying how it was made makes the figures
// worthless.

// FraudCase is one upload of the held-out fraud set.
type FraudCase struct {
	Name, DocumentType string
	// Manipulation names how a tampered case was made ("" for clean
	// controls); see FraudManipulations.
	Manipulation string
	// Control names how a clean control was saved; see FraudControls.
	Control string
	Forged  bool
	Upload  []byte
	MIME    string
	// CandidateID is the candidate the file is uploaded for.
	CandidateID string
	// Earlier are uploads of the same account before this one (history
	// cases), oldest first.
	Earlier []PriorUpload
}

// PriorUpload is an earlier upload of the same account.
type PriorUpload struct {
	Upload      []byte
	MIME        string
	CandidateID string
}

// FraudManipulations lists every manipulation the set makes.
func FraudManipulations() []string {
	return []string{"typed_over_name", "typed_over_date", "covered_text", "incremental_content", "dates_impossible",
		"validity_too_long", "id_format", "mrz_check", "editor_metadata", "image_splice", "copy_move", "reused_file",
		"reused_id", "reused_page_image"}
}

// FraudControls lists every way a clean control is saved.
func FraudControls() []string {
	return []string{"original", "printed_to_pdf", "scanned", "qpdf", "merged", "signed_update", "same_candidate_reupload"}
}

// fraudAsOf is the day the set is made as of: documents are current or
// lapsed relative to it, and every file date lies before it.
func fraudAsOf() time.Time { return time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC) }

// kit is what building a case needs.
type kit struct {
	rd      *Renderer
	tmp     string
	timeout time.Duration
}

// fraudJob is a planned case: everything drawn, nothing rendered.
type fraudJob struct {
	c     FraudCase
	build func(ctx context.Context, k *kit, r *rand.Rand) (built, error)
	seed  uint64
	truth fraudTruth
}

// fraudTruth is what the tests check a built case against.
type fraudTruth struct {
	// shows and hides are texts the upload's text layer must and must not
	// print; before are texts its first revision prints.
	shows, hides, before []string
	// revisions is how many revisions (startxref sections) the file has at
	// least.
	revisions int
	// id is an id the upload and its earlier upload both print.
	id string
}

// expect records the last queued case's truth.
func (pl *planner) expect(t fraudTruth) { pl.jobs[len(pl.jobs)-1].truth = t }

// built is what a job's build makes.
type built struct {
	upload  []byte
	mime    string
	earlier []PriorUpload
}

// FraudCases builds the held-out fraud set for a seed: the same seed gives
// the same cases, documents, edits and images (WeasyPrint's embedded font
// subsets, and the IDs and dates qpdf and pdfcpu stamp, differ from run to
// run; text and pixels do not).
func FraudCases(seed uint64) ([]FraudCase, error) {
	return FraudCasesContext(context.Background(), seed)
}

// FraudCasesContext is FraudCases with a context.
func FraudCasesContext(ctx context.Context, seed uint64) ([]FraudCase, error) {
	cases, _, err := buildFraud(ctx, seed)
	return cases, err
}

func buildFraud(ctx context.Context, seed uint64) ([]FraudCase, []fraudTruth, error) {
	jobs, err := planFraud(catalog.MustLoad(), seed)
	if err != nil {
		return nil, nil, err
	}
	rd, err := NewRenderer(RendererConfig{})
	if err != nil {
		return nil, nil, err
	}
	for _, bin := range []string{"qpdf", "pdftocairo", "pdfunite", "pdftotext"} {
		if _, err := exec.LookPath(bin); err != nil {
			return nil, nil, fmt.Errorf("heldout: %s was not found (poppler-utils, qpdf): %w", bin, err)
		}
	}
	tmp, err := os.MkdirTemp("", "heldout-fraud-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	k := &kit{rd: rd, tmp: tmp, timeout: 60 * time.Second}
	out := make([]FraudCase, len(jobs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(3)
	for i, j := range jobs {
		g.Go(func() error {
			b, err := j.build(gctx, k, rand.New(rand.NewPCG(j.seed, 0x6672617564)))
			if err != nil {
				return fmt.Errorf("heldout fraud case %s: %w", j.c.Name, err)
			}
			c := j.c
			c.Upload, c.MIME, c.Earlier = b.upload, b.mime, b.earlier
			out[i] = c
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, nil, err
	}
	truth := make([]fraudTruth, len(jobs))
	for i, j := range jobs {
		truth[i] = j.truth
	}
	return out, truth, nil
}

// planner draws the cases in order from one random stream.
type planner struct {
	cat  *catalog.Catalog
	r    *rand.Rand
	asOf time.Time
	jobs []fraudJob
	seen map[string]int
}

func planFraud(cat *catalog.Catalog, seed uint64) ([]fraudJob, error) {
	pl := &planner{cat: cat, r: rand.New(rand.NewPCG(seed, 0x686f6c646f7574)), asOf: fraudAsOf(), seen: map[string]int{}}
	steps := []func() error{
		pl.typedOverName, pl.typedOverDate, pl.coveredText, pl.incrementalContent, pl.datesImpossible,
		pl.validityTooLong, pl.idFormat, pl.mrzCheck, pl.editorMetadata, pl.imageSplice, pl.copyMove,
		pl.reusedFile, pl.reusedID, pl.reusedPageImage,
		pl.originals, pl.printedToPDF, pl.scanned, pl.qpdfControls, pl.merged, pl.signedUpdates, pl.sameCandidate,
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return nil, err
		}
	}
	return pl.jobs, nil
}

// add queues a job named after its kind, type and layout.
func (pl *planner) add(kind string, forged bool, d Doc, cand string, build func(ctx context.Context, k *kit, r *rand.Rand) (built, error)) {
	pl.seen[kind]++
	c := FraudCase{Name: fmt.Sprintf("%s-%02d-%s", kind, pl.seen[kind], d.Layout), DocumentType: d.Type, Forged: forged, CandidateID: cand}
	if forged {
		c.Manipulation = kind
	} else {
		c.Control = kind
	}
	pl.jobs = append(pl.jobs, fraudJob{c: c, build: build, seed: pl.r.Uint64()})
}

func (pl *planner) candidate() string { return fmt.Sprintf("cand-%06d", pl.r.IntN(1000000)) }

// doc draws a document of a layout; ok, when set, must hold (a layout that
// prints an expiry only sometimes is drawn again).
func (pl *planner) doc(layoutName, typ string, cond Condition, holder Person, ok func(Doc) bool) (Doc, error) {
	var l *layout
	for _, x := range layouts() {
		if x.name == layoutName {
			l = x
		}
	}
	if l == nil {
		return Doc{}, fmt.Errorf("heldout fraud: no layout %s", layoutName)
	}
	for try := 0; try < 60; try++ {
		d, err := makeDoc(pl.cat, pl.r, pl.asOf, l, typ, cond, holder)
		if err != nil {
			return Doc{}, err
		}
		if ok == nil || ok(d) {
			return d, nil
		}
	}
	return Doc{}, fmt.Errorf("heldout fraud: %s/%s never printed what the case needs", layoutName, typ)
}

// Every file date lies after the document's own dates and before the day
// the set is used: the layouts stamp a PDF as created on the day the
// document was printed (fraudAsOf or up to two days before), and edits,
// signatures and photos come in the days after.
var stampRe = regexp.MustCompile(`dcterms\.created" content="([^"]*)"`)

// createdOf is the creation stamp a document's HTML gives its PDF.
func createdOf(html string) time.Time {
	m := stampRe.FindStringSubmatch(html)
	if m == nil {
		return fraudAsOf()
	}
	t, err := time.Parse("2006-01-02T15:04:05Z", m[1])
	if err != nil {
		return fraudAsOf()
	}
	return t
}

// editTime is when a forger edited a file: one to three days after the
// set's day.
func (pl *planner) editTime() time.Time {
	return pl.asOf.Add(time.Duration(20+pl.r.IntN(50))*time.Hour + time.Duration(pl.r.IntN(3600))*time.Second)
}

// tokenBound reports whether s occurs in text at i as a whole value: not
// inside a longer number, word or date.
func tokenBound(text string, i, n int) bool {
	in := func(c byte) bool {
		return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '/' || c == '-'
	}
	if i > 0 && in(text[i-1]) {
		return false
	}
	if j := i + n; j < len(text) && in(text[j]) {
		return false
	}
	return true
}

func containsValue(text, v string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], v)
		if j < 0 {
			return false
		}
		if tokenBound(text, i+j, len(v)) {
			return true
		}
		i += j + 1
	}
}

// replaceValue replaces every whole occurrence of old in text.
func replaceValue(text, old, repl string) (string, int) {
	var b strings.Builder
	n := 0
	for i := 0; ; {
		j := strings.Index(text[i:], old)
		if j < 0 {
			b.WriteString(text[i:])
			break
		}
		if tokenBound(text, i+j, len(old)) {
			b.WriteString(text[i : i+j])
			b.WriteString(repl)
			n++
		} else {
			b.WriteString(text[i : i+j+len(old)])
		}
		i += j + len(old)
	}
	return b.String(), n
}

// printedDate is how the document prints a date field, and its form.
func printedDate(d Doc, field string) (string, dateForm, bool) {
	v, _ := d.Fields[field].(string)
	t, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return "", dateForm{}, false
	}
	forms := dateForms()
	sort.SliceStable(forms, func(i, j int) bool { return len(forms[i].format(t)) > len(forms[j].format(t)) })
	for _, f := range forms {
		if s := f.format(t); containsValue(d.HTML, e(s)) {
			return s, f, true
		}
	}
	return "", dateForm{}, false
}

func hasDate(field string) func(Doc) bool {
	return func(d Doc) bool { _, _, ok := printedDate(d, field); return ok }
}

func both(a, b func(Doc) bool) func(Doc) bool { return func(d Doc) bool { return a(d) && b(d) } }

// rewriteDate returns the HTML with field's printed date replaced by t in
// the same form.
func rewriteDate(d Doc, field string, t time.Time) (html, old, repl string, err error) {
	old, f, ok := printedDate(d, field)
	if !ok {
		return "", "", "", fmt.Errorf("%s/%s does not print %s", d.Type, d.Layout, field)
	}
	repl = f.format(t)
	html, n := replaceValue(d.HTML, e(old), e(repl))
	if n == 0 {
		return "", "", "", fmt.Errorf("%s not replaced", field)
	}
	return html, old, repl, nil
}

func dateOf(d Doc, field string) time.Time {
	v, _ := d.Fields[field].(string)
	t, _ := time.Parse(time.DateOnly, v)
	return t
}

// styledName prints p the way printed prints its holder: capitals or not,
// "Last, First" or natural order.
func styledName(printed string, p Person) string {
	s := p.First + " " + p.Last
	if strings.Contains(printed, ", ") {
		s = p.Last + ", " + p.First
	}
	if printed == strings.ToUpper(printed) {
		s = upper(s)
	}
	return s
}
