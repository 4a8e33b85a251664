// Package heldoutfraud is the second held-out part of the fraud
// evaluation: forged documents and clean controls made by hands and tools
// other than the tuning set's and the first held-out part's. Layouts are
// its own HTML printed by WeasyPrint; pictures are made and edited with
// Pillow; PDFs are re-saved with qpdf and poppler, and their incremental
// updates are written by hand.
package heldoutfraud

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"

	"github.com/clearedtostart/compliance/internal/heldout"
)

// Cases makes the whole part from seed: five or six forged cases per
// manipulation and 56 clean controls over ten catalog document types
// (about two and a half minutes on two busy cores). The same seed gives
// the same cases, byte for byte. It needs weasyprint, qpdf (with fix-qdf),
// poppler-utils, fontconfig, a python3 with Pillow (python3-pil, which
// Debian's weasyprint pulls in) and the fonts scripts/deps.sh installs.
func Cases(ctx context.Context, seed uint64) ([]heldout.FraudCase, error) {
	dir, err := os.MkdirTemp("", "heldoutfraud-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	specs := plan(seed)
	return build(ctx, specs, dir, runtime.NumCPU())
}

// plan draws every case from the seed, in a fixed order, without
// rendering anything.
func plan(seed uint64) []caseSpec {
	g := newDrawer(seed)
	var specs []caseSpec
	for _, f := range []func(*drawer) []caseSpec{
		planTypedOverName, planTypedOverDate, planCoveredText, planIncremental, planDatesImpossible,
		planValidityTooLong, planIDFormat, planMRZ, planEditorMetadata, planImageSplice, planCopyMove,
		planReused, planClean,
	} {
		specs = append(specs, f(g)...)
	}
	for i := range specs {
		kind := specs[i].Manipulation
		if !specs[i].Forged {
			kind = "clean-" + specs[i].Control
		}
		specs[i].Name = fmt.Sprintf("fh2-%03d-%s-%s", i+1, kind, specs[i].Name)
	}
	return specs
}

// build makes the cases, workers at a time, each in its own folder under
// dir (kept by the caller: the tests look into them).
func build(ctx context.Context, specs []caseSpec, dir string, workers int) ([]heldout.FraudCase, error) {
	t, err := newTools(ctx, dir)
	if err != nil {
		return nil, err
	}
	if workers < 1 {
		workers = 1
	}
	out := make([]heldout.FraudCase, len(specs))
	errs := make([]error, len(specs))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	for i, s := range specs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				errs[i] = ctx.Err()
				return
			}
			defer func() { <-sem }()
			w := &work{t: t, dir: caseDir(dir, s.Name)}
			if err := os.MkdirAll(w.dir, 0o755); err != nil {
				errs[i] = err
				return
			}
			r, err := s.make(ctx, w)
			if err != nil {
				errs[i] = fmt.Errorf("%s: %w", s.Name, err)
				cancel()
				return
			}
			out[i] = heldout.FraudCase{Name: s.Name, DocumentType: s.Type, Manipulation: s.Manipulation, Control: s.Control,
				Forged: s.Forged, Upload: r.Upload, MIME: r.MIME, CandidateID: r.Candidate, Earlier: r.Earlier}
		}()
	}
	wg.Wait()
	var first error
	for _, err := range errs {
		if err != nil && err != context.Canceled {
			return nil, err
		}
		if err != nil && first == nil {
			first = err
		}
	}
	if first != nil {
		return nil, first
	}
	return out, nil
}

func caseDir(dir, name string) string { return dir + string(os.PathSeparator) + name }
