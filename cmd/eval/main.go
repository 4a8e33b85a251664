// Command eval measures how well the document engine reads: page splitting,
// classification, field extraction, requirement validation and fraud
// flags, against generated documents whose truth is known. It runs the same
// engine as the worker (pipeline.Process) on two sets and writes the
// figures of both into docs/BENCHMARKS.md (`make eval`):
//
//   - the tuning set, documents of internal/sampledocs, which the reading
//     code was developed against;
//   - the held-out set, documents of internal/heldout, written apart from
//     both and never to be tuned against: text PDFs and scans, single
//     documents in every validity condition and multi-document bundles.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os/exec"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/internal/benchdoc"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/rules"
)

func main() {
	out := flag.String("out", "docs/BENCHMARKS.md", "file whose eval section is replaced (\"\": print the section)")
	textPackets := flag.Int("text-packets", 20, "tuning set: 20-page text packets")
	scanPackets := flag.Int("scan-packets", 3, "tuning set: 10-page scanned packets (OCR)")
	seed := flag.Uint64("seed", 1, "tuning set: corpus seed")
	tuning := flag.Bool("tuning", true, "measure the tuning set (false only while developing: the section then lacks its figures)")
	var ho heldoutOptions
	flag.Uint64Var(&ho.seed, "heldout-seed", 1, "held-out set: seed")
	flag.IntVar(&ho.text, "heldout-text", -1, "held-out set: single text PDFs (-1: every layout of every type in every validity condition)")
	flag.IntVar(&ho.scans, "heldout-scans", -1, "held-out set: single scanned documents (-1: one per layout and type)")
	flag.IntVar(&ho.textBundles, "heldout-text-bundles", 10, "held-out set: multi-document text PDFs")
	flag.IntVar(&ho.scanBundles, "heldout-scan-bundles", 4, "held-out set: multi-document scans")
	flag.IntVar(&ho.workers, "heldout-workers", runtime.NumCPU(), "held-out set: cases rendered and read at once")
	flag.StringVar(&ho.failures, "heldout-failures", "", "held-out set: write every wrong reading and verdict to this JSON-lines file (for the evaluator, not the engine's authors)")
	flag.StringVar(&ho.dump, "heldout-dump", "", "held-out set: write each case's PDF, truth and reading into this directory (for the evaluator)")
	reading := flag.Bool("reading", true, "measure reading (tuning and held-out sets); false measures fraud only and prints the section (-out is ignored)")
	var fo fraudOptions
	flag.BoolVar(&fo.tuning, "fraud", true, "fraud: measure the tuning part (internal/sampledocs forgeries and clean controls)")
	flag.BoolVar(&fo.heldout, "fraud-heldout", true, "fraud: measure the held-out part (internal/heldout)")
	flag.Uint64Var(&fo.seed, "fraud-seed", 1, "fraud: tuning part seed")
	flag.Uint64Var(&fo.heldoutSeed, "fraud-heldout-seed", 1, "fraud: held-out part seed")
	flag.BoolVar(&fo.heldout2, "fraud-heldout2", true, "fraud: measure held-out part 2 (internal/heldoutfraud, written by other hands)")
	flag.Uint64Var(&fo.heldout2Seed, "fraud-heldout2-seed", 1, "fraud: held-out part 2 seed")
	flag.BoolVar(&fo.heldout3, "fraud-heldout3", true, "fraud: measure held-out part 3 (internal/heldoutfraud3, written by other hands with other producers)")
	flag.Uint64Var(&fo.heldout3Seed, "fraud-heldout3-seed", 1, "fraud: held-out part 3 seed")
	flag.IntVar(&fo.workers, "fraud-workers", runtime.NumCPU(), "fraud: cases judged at once")
	flag.StringVar(&fo.outcomes, "fraud-outcomes", "", "fraud: write every tuning case's verdict to this JSON-lines file (the held-out part's never)")
	flag.Parse()
	if !*reading {
		*out = ""
	}
	if err := run(*out, *textPackets, *scanPackets, *seed, *tuning && *reading, *reading, ho, fo); err != nil {
		log.Fatal(err)
	}
}

var asOf = sampledocs.DefaultAsOf()

type tally struct {
	segments, exactSplit, typeRight int
	fieldsTruth, fieldsRight        int
	fieldsWrong, fieldsMissed       int
	fieldsExtra                     int
	perType                         map[string]*typeTally
	confusions                      map[string]int
	fieldMisses                     map[string]int
	lost                            map[string]int // fields of documents typed right not read right, by step
	heldBack                        map[string]*ratio
	pages                           int
	elapsed                         time.Duration
}

type typeTally struct{ n, right, fields, fieldsRight int }

func newTally() *tally {
	return &tally{perType: map[string]*typeTally{}, confusions: map[string]int{}, fieldMisses: map[string]int{}, lost: map[string]int{}, heldBack: map[string]*ratio{}}
}

func run(out string, textPackets, scanPackets int, seed uint64, tuning, reading bool, ho heldoutOptions, fo fraudOptions) error {
	started := time.Now()
	cat := catalog.MustLoad()
	o, err := ocr.New(ocr.Config{Concurrency: runtime.NumCPU()})
	if err != nil {
		return err
	}
	e, err := pipeline.New(pipeline.Config{Catalog: cat, OCR: o})
	if err != nil {
		return err
	}
	ctx := context.Background()
	r := sampledocs.Seeded(seed)

	var fr fraudResults
	if fo.tuning {
		cases, err := tuningFraudCases(fo.seed)
		if err != nil {
			return err
		}
		log.Printf("fraud, tuning part: %d cases (seed %d)", len(cases), fo.seed)
		if fr.tuning, err = runFraud(ctx, e, cases, fo.workers, "tuning", fo.outcomes); err != nil {
			return err
		}
	}
	for _, h := range []struct {
		on    bool
		name  string
		seed  uint64
		cases func(context.Context, uint64) ([]fraudCase, error)
		into  **fraudPart
	}{
		{fo.heldout, "held-out", fo.heldoutSeed, heldoutFraudCases, &fr.heldout},
		{fo.heldout2, "held-out 2", fo.heldout2Seed, heldout2FraudCases, &fr.heldout2},
		{fo.heldout3, "held-out 3", fo.heldout3Seed, heldout3FraudCases, &fr.heldout3},
	} {
		if !h.on {
			continue
		}
		cases, err := h.cases(ctx, h.seed)
		if err != nil {
			return err
		}
		log.Printf("fraud, %s part: %d cases (seed %d)", h.name, len(cases), h.seed)
		if *h.into, err = runFraud(ctx, e, cases, fo.workers, h.name, ""); err != nil {
			return err
		}
	}
	if !reading {
		var b strings.Builder
		writeFraud(&b, fr, fo)
		fmt.Print(b.String())
		return nil
	}
	text, scan := newTally(), newTally()
	var val validationScore
	if tuning {
		if err := runTuning(ctx, e, cat, r, textPackets, scanPackets, text, scan, &val); err != nil {
			return err
		}
	}
	hoText, hoScan, err := runHeldout(ctx, e, cat, ho)
	if err != nil {
		return err
	}
	return write(out, text, scan, val, fr, fo, textPackets, scanPackets, seed, tuning, hoText, hoScan, ho, time.Since(started))
}

// fraudResults are the fraud evaluation's parts (nil when not measured).
type fraudResults struct{ tuning, heldout, heldout2, heldout3 *fraudPart }

// namedPart is a measured part as the report names it.
type namedPart struct {
	name    string
	heldout bool
	p       *fraudPart
}

// parts lists the measured parts in the report's order.
func (fr fraudResults) parts() []namedPart {
	var out []namedPart
	for _, np := range []namedPart{{"tuning", false, fr.tuning}, {"held-out 1", true, fr.heldout}, {"held-out 2", true, fr.heldout2},
		{"held-out 3", true, fr.heldout3}} {
		if np.p != nil {
			out = append(out, np)
		}
	}
	return out
}

// runTuning measures the tuning set: sampledocs packets, text and scanned,
// and validation of single documents.
func runTuning(ctx context.Context, e *pipeline.Engine, cat *catalog.Catalog, r *rand.Rand, textPackets, scanPackets int,
	text, scan *tally, val *validationScore) error {
	log.Printf("text packets: %d x 20 pages", textPackets)
	for i := 0; i < textPackets; i++ {
		p := sampledocs.NewPerson(r)
		pk, err := sampledocs.NewPacket(r, p, 20, sampledocs.PacketOptions{FaxCover: i%3 == 0})
		if err != nil {
			return err
		}
		if err := scorePacket(ctx, e, pk, text); err != nil {
			return err
		}
	}
	log.Printf("scanned packets: %d x 10 pages", scanPackets)
	for i := 0; i < scanPackets; i++ {
		p := sampledocs.NewPerson(r)
		pk, err := sampledocs.NewPacket(r, p, 10, sampledocs.PacketOptions{Scanned: true})
		if err != nil {
			return err
		}
		if err := scorePacket(ctx, e, pk, scan); err != nil {
			return err
		}
	}
	log.Printf("validation of single documents")
	var err error
	*val, err = scoreValidation(ctx, e, cat, r)
	return err
}

func scorePacket(ctx context.Context, e *pipeline.Engine, pk sampledocs.Packet, t *tally) error {
	start := time.Now()
	res, err := e.Process(ctx, pk.PDF, "application/pdf", pipeline.ProcessOptions{AsOf: asOf})
	if err != nil {
		return err
	}
	t.elapsed += time.Since(start)
	t.pages += res.PageCount
	got := map[[2]int]pipeline.SegmentResult{}
	for _, s := range res.Segments {
		got[[2]int{s.PageStart, s.PageEnd}] = s
	}
	for _, want := range pk.Segments {
		t.segments++
		tt := t.perType[want.Type]
		if tt == nil {
			tt = &typeTally{}
			t.perType[want.Type] = tt
		}
		tt.n++
		s, ok := got[[2]int{want.PageStart, want.PageEnd}]
		if !ok {
			continue
		}
		t.exactSplit++
		if s.Judgement.DocumentType != want.Type {
			t.confusions[want.Type+" → "+s.Judgement.DocumentType]++
			continue
		}
		t.typeRight++
		tt.right++
		var text string
		if s.PageEnd <= len(res.PageTexts) {
			text = strings.Join(res.PageTexts[s.PageStart-1:s.PageEnd], "\n")
		}
		for name, v := range want.Fields {
			t.fieldsTruth++
			tt.fields++
			g, present := s.Judgement.Fields[name]
			switch {
			case !present:
				t.fieldsMissed++
				t.fieldMisses[want.Type+"."+name]++
				_, uncertain := s.Judgement.Uncertain[name]
				if uncertain {
					get(t.heldBack, classOf(name)).add(sampledocs.FieldEqual(s.Judgement.UncertainValues[name], v))
				}
				t.lost[lossStep(true, true, false, uncertain, text, name, v)]++
			case sampledocs.FieldEqual(g, v):
				t.fieldsRight++
				tt.fieldsRight++
			default:
				t.fieldsWrong++
				t.fieldMisses[want.Type+"."+name]++
				t.lost[stepWrong]++
			}
		}
		for name := range s.Judgement.Fields {
			if _, ok := want.Fields[name]; !ok {
				t.fieldsExtra++
			}
		}
	}
	return nil
}

type validationScore struct {
	cases          int
	right          int
	falseValid     int
	falseInvalid   int
	notSupported   int
	byCase         map[string][2]int // case -> right, total
	falseValidList []string
}

// scoreValidation judges single documents of every type and layout, in
// four conditions, against the requirement that fits the type. The
// expected result is the rules' verdict on the document's true fields, so
// any difference comes from reading (split, type, fields), and a "wrong
// VALID" is a document the rules would reject that reading let through.
func scoreValidation(ctx context.Context, e *pipeline.Engine, cat *catalog.Catalog, r interface{ Uint64() uint64 }) (validationScore, error) {
	rr := sampledocs.Seeded(r.Uint64())
	v := validationScore{byCase: map[string][2]int{}}
	conds := []struct {
		name string
		opt  sampledocs.Options
	}{
		{"valid", sampledocs.Options{}},
		{"expired", sampledocs.Options{Expired: true}},
		{"failing result", sampledocs.Options{Positive: true}},
		{"another person", sampledocs.Options{OtherPerson: true}},
	}
	for _, typ := range sampledocs.Types() {
		key := pipeline.RequirementFor(cat, typ)
		req, ok := cat.Requirement(key)
		if !ok {
			continue
		}
		for _, variant := range sampledocs.Variants(typ) {
			for _, c := range conds {
				p := sampledocs.NewPerson(rr)
				opt := c.opt
				opt.Variant = variant
				doc := sampledocs.Generate(rr, typ, p, opt)
				cand := rules.Candidate{FirstName: p.FirstName, MiddleName: p.MiddleName, LastName: p.LastName, DateOfBirth: p.DOB.Format(time.DateOnly)}
				want := rules.Evaluate(cat, req, rules.Input{DocumentType: typ, Readable: true, Fields: doc.Fields, Candidate: cand, AsOf: asOf}).Result
				pdf, err := sampledocs.RenderPDF(doc)
				if err != nil {
					return v, err
				}
				res, err := e.Process(ctx, pdf, "application/pdf", pipeline.ProcessOptions{
					Requirement: key, SingleDocument: true, AsOf: asOf, Candidate: cand,
				})
				if err != nil {
					return v, err
				}
				got := "none"
				if res.Validation != nil && res.Validation.Result != nil {
					got = *res.Validation.Result
				}
				v.cases++
				bc := v.byCase[c.name]
				bc[1]++
				switch {
				case got == want:
					v.right++
					bc[0]++
				case got == "VALID":
					v.falseValid++
					v.falseValidList = append(v.falseValidList, fmt.Sprintf("%s/%s (%s)", typ, variant, c.name))
				case got == "NOT_SUPPORTED":
					v.notSupported++
				default:
					v.falseInvalid++
				}
				v.byCase[c.name] = bc
			}
		}
	}
	return v, nil
}

func pct(a, b int) string {
	if b == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

func write(path string, text, scan *tally, v validationScore, fr fraudResults, fo fraudOptions, textPackets, scanPackets int, seed uint64, tuning bool,
	hoText, hoScan *hoTally, ho heldoutOptions, took time.Duration) error {
	var b strings.Builder
	fmt.Fprintf(&b, "<!-- eval:start -->\n## Reading accuracy (`make eval`)\n\n")
	fmt.Fprintf(&b, "Measured %s by `make eval` (cmd/eval; %s on %d CPUs; %s): the worker's engine (`pipeline.Process`) on generated documents "+
		"whose truth is known, judged as of %s, in two sets:\n\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"),
		took.Round(time.Second), runtime.NumCPU(), revision(), asOf.Format(time.DateOnly))
	fmt.Fprintf(&b, "- the **tuning set**: documents of `internal/sampledocs`, the generator the reading code was developed against;\n"+
		"- the **held-out set**: documents of `internal/heldout`, written independently of both and **never to be tuned against** "+
		"(see below).\n\n")
	fmt.Fprintf(&b, "| figure | tuning, text | held-out, text | tuning, scans | held-out, scans |\n|---|---|---|---|---|\n")
	tv := func(s string) string {
		if !tuning {
			return "not measured"
		}
		return s
	}
	fmt.Fprintf(&b, "| fields exact | %s | %s | %s | %s |\n", tv(pct(text.fieldsRight, text.fieldsTruth)), hoText.fields,
		tv(pct(scan.fieldsRight, scan.fieldsTruth)), hoScan.fields)
	fmt.Fprintf(&b, "| classification | %s | %s | %s | %s |\n", tv(pct(text.typeRight, text.exactSplit)), pct(hoText.typeRight, hoText.typed),
		tv(pct(scan.typeRight, scan.exactSplit)), pct(hoScan.typeRight, hoScan.typed))
	fmt.Fprintf(&b, "| split exact | %s | %s | %s | %s |\n", tv(pct(text.exactSplit, text.segments)), pct(hoText.exactSplit, hoText.bundleSegs),
		tv(pct(scan.exactSplit, scan.segments)), pct(hoScan.exactSplit, hoScan.bundleSegs))
	fmt.Fprintf(&b, "| verdicts agree (wrong VALID) | %s | %s (%d) | — | %s (%d) |\n", tv(fmt.Sprintf("%s (%d)", pct(v.right, v.cases), v.falseValid)),
		hoText.verdicts, hoText.falseValid, hoScan.verdicts, hoScan.falseValid)

	fmt.Fprintf(&b, "\n### Tuning set (`internal/sampledocs`)\n\n")
	if !tuning {
		fmt.Fprintf(&b, "Not measured in this run (`-tuning=false`).\n")
	} else {
		writeTuning(&b, text, scan, v, textPackets, scanPackets, seed)
	}
	writeHeldout(&b, hoText, hoScan, ho)
	writeFraud(&b, fr, fo)
	fmt.Fprintf(&b, "<!-- eval:end -->\n")
	if path == "" {
		fmt.Print(b.String())
		return nil
	}
	return benchdoc.ReplaceSection(path, "eval", b.String())
}

// revision names the commit the engine was built from, and whether the
// working tree had changes besides: from the binary's build information,
// else (`go run` stamps none) from git.
func revision() string {
	rev, modified := "", false
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if rev == "" {
		out, err := exec.Command("git", "rev-parse", "HEAD").Output()
		if err != nil {
			return "revision unknown"
		}
		rev = strings.TrimSpace(string(out))
		status, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output()
		modified = err != nil || len(strings.TrimSpace(string(status))) > 0
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified {
		return "commit " + rev + " with uncommitted changes"
	}
	return "commit " + rev
}

func writeTuning(b *strings.Builder, text, scan *tally, v validationScore, textPackets, scanPackets int, seed uint64) {
	fmt.Fprintf(b, "Seed %d. Fields are counted on documents split and typed right.\n\n", seed)
	fmt.Fprintf(b, "| figure | text PDFs (%d packets of 20 pages) | scanned PDFs, OCR (%d packets of 10 pages) |\n|---|---|---|\n", textPackets, scanPackets)
	row := func(name string, f func(*tally) string) {
		fmt.Fprintf(b, "| %s | %s | %s |\n", name, f(text), f(scan))
	}
	row("documents (segments of the truth)", func(t *tally) string { return fmt.Sprint(t.segments) })
	row("split: segments with exactly the right pages", func(t *tally) string { return pct(t.exactSplit, t.segments) })
	row("classification: right type, of exactly split segments", func(t *tally) string { return pct(t.typeRight, t.exactSplit) })
	row("fields: printed fields read exactly", func(t *tally) string { return pct(t.fieldsRight, t.fieldsTruth) })
	row("fields: read wrong", func(t *tally) string { return pct(t.fieldsWrong, t.fieldsTruth) })
	row("fields: missed", func(t *tally) string { return pct(t.fieldsMissed, t.fieldsTruth) })
	row("fields: extra (not printed, yet reported)", func(t *tally) string { return fmt.Sprint(t.fieldsExtra) })
	row("engine time per page", func(t *tally) string {
		if t.pages == 0 {
			return "n/a"
		}
		return fmt.Sprintf("%.0f ms", float64(t.elapsed.Milliseconds())/float64(t.pages))
	})
	fmt.Fprintf(b, "\n**Validation** of single documents of every type and layout (valid, expired, with a failing result, of another person) "+
		"against the requirement that fits the type, compared with the rules' verdict on the true fields (%d cases): %s agree. "+
		"**Wrong VALID: %d** (the true document fails, the read one passed); wrong INVALID: %d; NOT_SUPPORTED: %d.\n\n",
		v.cases, pct(v.right, v.cases), v.falseValid, v.falseInvalid, v.notSupported)
	fmt.Fprintf(b, "| condition | right |\n|---|---|\n")
	for _, c := range []string{"valid", "expired", "failing result", "another person"} {
		fmt.Fprintf(b, "| %s | %s of %d |\n", c, pct(v.byCase[c][0], v.byCase[c][1]), v.byCase[c][1])
	}
	if len(v.falseValidList) > 0 {
		fmt.Fprintf(b, "\nWrong VALID cases: %s.\n", strings.Join(v.falseValidList, "; "))
	}
	var steps []string
	for _, st := range lossSteps[2:] {
		steps = append(steps, fmt.Sprintf("%s: %d / %d", st, text.lost[st], scan.lost[st]))
	}
	fmt.Fprintf(b, "\nFields not read right, by the step that lost them (text / scans; see the held-out table's note): %s.\n",
		strings.Join(steps, "; "))
	fmt.Fprintf(b, "\nFields left uncertain whose held-back value was right: text %s; scans %s.\n",
		heldBackSummary(text.heldBack), heldBackSummary(scan.heldBack))
	if misses := worst(text.fieldMisses, 8); misses != "" {
		fmt.Fprintf(b, "\nMost missed or wrong fields (text): %s.\n", misses)
	}
	if c := worst(merge(text.confusions, scan.confusions), 8); c != "" {
		fmt.Fprintf(b, "\nType confusions: %s.\n", c)
	}
}

func merge(a, b map[string]int) map[string]int {
	m := map[string]int{}
	for k, v := range a {
		m[k] += v
	}
	for k, v := range b {
		m[k] += v
	}
	return m
}

func worst(m map[string]int, n int) string {
	type kv struct {
		k string
		v int
	}
	var all []kv
	for k, v := range m {
		all = append(all, kv{k, v})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].v > all[j].v || (all[i].v == all[j].v && all[i].k < all[j].k) })
	var parts []string
	for i := 0; i < len(all) && i < n; i++ {
		parts = append(parts, fmt.Sprintf("%s (%d)", all[i].k, all[i].v))
	}
	return strings.Join(parts, ", ")
}
