package heldoutfraud3

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"

	"github.com/gabriel-vasile/mimetype"
	"golang.org/x/sync/errgroup"

	"github.com/clearedtostart/compliance/internal/heldout"
)

//go:embed gen.py
var genPy []byte

// Python is the interpreter with ReportLab and Pillow (Debian's packages).
const Python = "/usr/bin/python3"

// Convert is ImageMagick's convert (Debian's imagemagick package).
const Convert = "/usr/bin/convert"

// Built is one rendered case: the upload, the genuine file a forgery was
// made from (Source, nil for controls) and the earlier uploads.
type Built struct {
	Spec    Spec
	Upload  []byte
	Source  []byte
	Earlier [][]byte
}

// Cases renders part 3 for a seed: 84 forgeries (6 of each manipulation) and
// 65 clean controls (TestPlanShape holds the counts).
func Cases(ctx context.Context, seed uint64) ([]heldout.FraudCase, error) {
	built, err := Build(ctx, Plan(seed))
	if err != nil {
		return nil, err
	}
	out := make([]heldout.FraudCase, 0, len(built))
	for _, b := range built {
		out = append(out, b.FraudCase())
	}
	return out, nil
}

// FraudCase is the case as the evaluation uploads it.
func (b Built) FraudCase() heldout.FraudCase {
	c := heldout.FraudCase{
		Name: b.Spec.Name, DocumentType: b.Spec.Type, Manipulation: b.Spec.Manipulation,
		Control: b.Spec.Control, Forged: b.Spec.Forged(), Upload: b.Upload, MIME: b.Spec.MIME,
		CandidateID: b.Spec.CandidateID,
	}
	for i, e := range b.Spec.Earlier {
		c.Earlier = append(c.Earlier, heldout.PriorUpload{Upload: b.Earlier[i], MIME: e.MIME, CandidateID: e.CandidateID})
	}
	return c
}

// CheckTools fails when a producer the set is made with is missing
// (scripts/deps.sh installs them): the set is never made with fewer tools.
func CheckTools(ctx context.Context) error {
	var errs []error
	for _, t := range []string{"gs", "qpdf"} {
		if _, err := exec.LookPath(t); err != nil {
			errs = append(errs, fmt.Errorf("%s not found (apt-get install %s)", t, map[string]string{"gs": "ghostscript", "qpdf": "qpdf"}[t]))
		}
	}
	if _, err := os.Stat(Convert); err != nil {
		errs = append(errs, fmt.Errorf("%s not found (apt-get install imagemagick)", Convert))
	}
	out, err := exec.CommandContext(ctx, Python, "-c", "import reportlab, PIL").CombinedOutput()
	if err != nil {
		errs = append(errs, fmt.Errorf("%s cannot import reportlab and PIL (apt-get install python3-reportlab python3-pil): %v: %s", Python, err, bytes.TrimSpace(out)))
	}
	return errors.Join(errs...)
}

// Build renders the given specs with gen.py, in as many processes as there
// are CPUs (at most 4); each case is rendered by itself, so the result does
// not depend on how the specs are split.
func Build(ctx context.Context, specs []Spec) ([]Built, error) {
	if err := CheckTools(ctx); err != nil {
		return nil, fmt.Errorf("held-out fraud part 3: %w", err)
	}
	dir, err := os.MkdirTemp("", "heldoutfraud3-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	script := filepath.Join(dir, "gen.py")
	if err := os.WriteFile(script, genPy, 0o644); err != nil {
		return nil, err
	}
	planJSON, err := json.Marshal(specs)
	if err != nil {
		return nil, err
	}
	planPath := filepath.Join(dir, "plan.json")
	if err := os.WriteFile(planPath, planJSON, 0o644); err != nil {
		return nil, err
	}
	outDir := filepath.Join(dir, "out")
	if err := os.Mkdir(outDir, 0o755); err != nil {
		return nil, err
	}
	shards := min(max(runtime.NumCPU(), 1), 4, len(specs))
	g, gctx := errgroup.WithContext(ctx)
	for i := range shards {
		g.Go(func() error {
			cmd := exec.CommandContext(gctx, Python, script, planPath, outDir, strconv.Itoa(i), strconv.Itoa(shards))
			cmd.Env = append(os.Environ(), "PYTHONHASHSEED=0", "TZ=UTC", "OMP_NUM_THREADS=1")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Run(); err != nil {
				return fmt.Errorf("held-out fraud part 3, gen.py shard %d: %v: %s", i, err, lastLines(stderr.Bytes(), 20))
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	out := make([]Built, 0, len(specs))
	for _, s := range specs {
		b := Built{Spec: s}
		d := filepath.Join(outDir, s.Name)
		if b.Upload, err = os.ReadFile(filepath.Join(d, "upload")); err != nil {
			return nil, fmt.Errorf("case %s: %w", s.Name, err)
		}
		if s.Forged() {
			if b.Source, err = os.ReadFile(filepath.Join(d, "source")); err != nil {
				return nil, fmt.Errorf("case %s: %w", s.Name, err)
			}
		}
		for i := range s.Earlier {
			e, err := os.ReadFile(filepath.Join(d, "earlier"+strconv.Itoa(i)))
			if err != nil {
				return nil, fmt.Errorf("case %s: %w", s.Name, err)
			}
			b.Earlier = append(b.Earlier, e)
		}
		if err := b.Check(); err != nil {
			return nil, fmt.Errorf("held-out fraud part 3, case %s: %w", s.Name, err)
		}
		out = append(out, b)
	}
	return out, nil
}

// Check holds every rendered case to its label, so that a tool that silently
// did nothing never yields a "forgery" identical to its genuine source: the
// file is what its MIME says; a forgery differs from its source (a reused
// file is the earlier upload itself); a reuse or a clean twin differs from
// the earlier upload, except the honest re-upload of the same file.
func (b Built) Check() error {
	s := b.Spec
	if got := mimetype.Detect(b.Upload); !got.Is(s.MIME) {
		return fmt.Errorf("upload is %s, labelled %s", got, s.MIME)
	}
	if len(b.Earlier) != len(s.Earlier) {
		return fmt.Errorf("%d earlier uploads, planned %d", len(b.Earlier), len(s.Earlier))
	}
	for i, e := range b.Earlier {
		if got := mimetype.Detect(e); !got.Is(s.Earlier[i].MIME) {
			return fmt.Errorf("earlier upload %d is %s, labelled %s", i, got, s.Earlier[i].MIME)
		}
	}
	sameAsEarlier := len(b.Earlier) > 0 && bytes.Equal(b.Upload, b.Earlier[0])
	switch {
	case s.Manipulation == "reused_file" || s.Control == "same_file_same_candidate":
		if !sameAsEarlier {
			return errors.New("the upload is not the earlier file")
		}
	case len(b.Earlier) > 0 && sameAsEarlier:
		return errors.New("the upload is the earlier file itself")
	}
	if s.Forged() && s.Manipulation != "reused_file" && bytes.Equal(b.Upload, b.Source) {
		return errors.New("the forgery is its genuine source, byte for byte")
	}
	if s.Forged() != (b.Source != nil) {
		return fmt.Errorf("forged %v with a source of %d bytes", s.Forged(), len(b.Source))
	}
	return nil
}

func lastLines(b []byte, n int) []byte {
	lines := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return bytes.Join(lines, []byte("\n"))
}
