package main

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pipeline"
)

var engine = sync.OnceValues(func() (*pipeline.Engine, error) {
	o, err := ocr.New(ocr.Config{Concurrency: runtime.NumCPU()})
	if err != nil {
		return nil, err
	}
	return pipeline.New(pipeline.Config{Catalog: catalog.MustLoad(), OCR: o})
})

// firstCases are the tuning part's first cases (sampledocs.FirstFraudCases),
// made once for the tests: the whole part takes minutes under the race
// detector, and a case of each kind is all they need.
var firstCases = sync.OnceValues(func() ([]sampledocs.FraudCase, error) { return sampledocs.FirstFraudCases(1) })

// someCases are a few tuning cases of the kinds named, the first of each.
func someCases(t *testing.T, kinds ...string) []fraudCase {
	t.Helper()
	cs, err := firstCases()
	if err != nil {
		t.Fatal(err)
	}
	all := fraudCases(cs)
	var out []fraudCase
	for _, k := range kinds {
		for _, c := range all {
			if c.manipulation == k || c.control == k {
				out = append(out, c)
				break
			}
		}
	}
	if len(out) != len(kinds) {
		t.Fatalf("found %d of the kinds %v", len(out), kinds)
	}
	return out
}

// TestRethresholdIsExact: judging a case once and comparing its score
// with each tier's threshold gives what processing it at that tier gives.
func TestRethresholdIsExact(t *testing.T) {
	e, err := engine()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range someCases(t, sampledocs.ContentStreamReplaced, sampledocs.IDFormat, sampledocs.EditingToolMetadata, sampledocs.Original) {
		o := judgeCase(ctx, e, c)
		if o.err != nil {
			t.Fatalf("%s: %v", c.name, o.err)
		}
		for _, s := range sensitivities {
			opt := options(c)
			opt.Fraud.Sensitivity = s
			res, err := e.Process(ctx, c.upload, c.mime, opt)
			if err != nil {
				t.Fatal(err)
			}
			v := res.Segments[0].Judgement.Fraud
			if v.Score != o.score || (v.Result == fraud.Fraudulent) != o.flagged[s] {
				t.Errorf("%s at %s: processed %s at %.3f, re-thresholded flagged=%v at %.3f", c.name, s, v.Result, v.Score, o.flagged[s], o.score)
			}
		}
	}
}

// TestHistoryCases: a file uploaded again for another candidate is
// judged with the account's earlier uploads; for the same candidate it
// is not reused.
func TestHistoryCases(t *testing.T) {
	e, err := engine()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range someCases(t, sampledocs.SameFileOtherCand, sampledocs.ReuploadSameCand) {
		o := judgeCase(context.Background(), e, c)
		if o.err != nil {
			t.Fatalf("%s: %v", c.name, o.err)
		}
		reused := strings.Contains(strings.Join(o.codes, ","), "reused_file")
		if reused != c.forged {
			t.Errorf("%s: signals %v; the same file for another candidate should be reused_file, for the same candidate not", c.name, o.codes)
		}
	}
}

func TestFraudFigures(t *testing.T) {
	out := func(forged bool, kind string, flagged ...string) fraudOutcome {
		o := fraudOutcome{c: fraudCase{forged: forged}, flagged: map[string]bool{}, codes: []string{"code_" + kind}}
		if forged {
			o.c.manipulation = kind
		} else {
			o.c.control = kind
		}
		for _, s := range flagged {
			o.flagged[s] = true
		}
		return o
	}
	p := newFraudPart()
	for _, o := range []fraudOutcome{
		out(true, "a", "MEDIUM", "HIGH"), out(true, "a", "HIGH"), out(true, "b", "LOW", "MEDIUM", "HIGH"), out(true, "b"),
		out(false, "original"), out(false, "qpdf", "HIGH"),
	} {
		p.add(o)
	}
	for _, tc := range []struct {
		sens, precision string
		recall          int
	}{{"LOW", "100.0%", 1}, {"MEDIUM", "100.0%", 2}, {"HIGH", "75.0%", 3}} {
		if got := precision(p, tc.sens); got != tc.precision || p.forged.flagged[tc.sens] != tc.recall {
			t.Errorf("%s: precision %s, recall %d of 4; want %s, %d", tc.sens, got, p.forged.flagged[tc.sens], tc.precision, tc.recall)
		}
	}
	var b strings.Builder
	writeFraud(&b, fraudResults{tuning: p, heldout: p}, fraudOptions{seed: 1, heldoutSeed: 1, workers: 2})
	for _, want := range []string{
		"| tuning | LOW | 100.0% | 25.0% (1 of 4) | 0 of 2 | — |",
		"| held-out 1 | LOW | 100.0% | 25.0% (1 of 4) | 0 of 2 | no clean control flagged: met |",
		"| held-out 1 | MEDIUM | 100.0% | 50.0% (2 of 4) | 0 of 2 | recall ≥ 90% with precision ≥ 95%: **not met** |",
		"| held-out 1 | HIGH | 75.0% | 75.0% (3 of 4) | 1 of 2 | — |",
		"| manipulation | tuning: cases | flagged | held-out 1: cases | flagged |",
		"| a | 2 | 0.0% / 50.0% / 100.0% | 2 | 0.0% / 50.0% / 100.0% |",
		"| qpdf | 1 | 0.0% / 0.0% / 100.0% | 1 | 0.0% / 0.0% / 100.0% |",
		"by manipulation (cases showing each code): a: code_a (2); b: code_b (2).",
		"clean controls flagged at HIGH: qpdf: code_qpdf (1).",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the section lacks %q:\n%s", want, b.String())
		}
	}
}
