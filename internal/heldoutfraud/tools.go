package heldoutfraud

import (
	"bytes"
	"context"
	"crypto/md5"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

//go:embed forge.py
var forgeScript []byte

// epoch pins the timestamps WeasyPrint's font subsetter writes, so a seed
// always yields the same bytes (2026-10-01T00:00:00Z).
const epoch = "1790812800"

// tools runs the programs the set is made with: WeasyPrint for layouts,
// qpdf and poppler for re-saving, merging and rasterising, and a Python
// with Pillow for pictures and hand-written PDF updates.
type tools struct {
	python string
	script string
	mu     sync.Mutex
	fonts  map[string]string
}

// pythonCandidates lists where a Python with Pillow is looked for; Debian's
// own first, since python3-pil comes with its weasyprint package.
var pythonCandidates = []string{"/usr/bin/python3", "python3", "/usr/local/bin/python3"}

func newTools(ctx context.Context, dir string) (*tools, error) {
	for _, bin := range []string{"weasyprint", "qpdf", "pdftoppm", "pdftocairo", "pdfunite", "fc-match", "fix-qdf"} {
		if _, err := exec.LookPath(bin); err != nil {
			return nil, fmt.Errorf("heldoutfraud needs %s (Debian: weasyprint, qpdf, poppler-utils, fontconfig): %w", bin, err)
		}
	}
	t := &tools{fonts: map[string]string{}}
	for _, c := range pythonCandidates {
		p, err := exec.LookPath(c)
		if err != nil {
			continue
		}
		if exec.CommandContext(ctx, p, "-c", "import PIL.Image, PIL.ImageFont").Run() == nil {
			t.python = p
			break
		}
	}
	if t.python == "" {
		return nil, errors.New("heldoutfraud needs a python3 that can import PIL (Debian: python3-pil)")
	}
	t.script = filepath.Join(dir, "forge.py")
	if err := os.WriteFile(t.script, forgeScript, 0o644); err != nil {
		return nil, err
	}
	return t, nil
}

func (t *tools) run(ctx context.Context, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = append(os.Environ(), "SOURCE_DATE_EPOCH="+epoch, "TZ=UTC")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s: %w: %s", name, strings.Join(args, " "), err, lastLines(errb.String(), 6))
	}
	return out.Bytes(), nil
}

func lastLines(s string, n int) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, " | ")
}

// weasy renders html to out (a PDF), writing the HTML beside it so that
// images it names resolve from the same folder.
func (t *tools) weasy(ctx context.Context, html, out string) error {
	src := strings.TrimSuffix(out, ".pdf") + ".html"
	if err := os.WriteFile(src, []byte(html), 0o644); err != nil {
		return err
	}
	_, err := t.run(ctx, "weasyprint", "--quiet", src, out)
	return err
}

// qpdf always asks for an /ID derived from the content, not the clock.
func (t *tools) qpdf(ctx context.Context, args ...string) error {
	_, err := t.run(ctx, "qpdf", append([]string{"--deterministic-id"}, args...)...)
	if err != nil && strings.Contains(err.Error(), "exit status 3") {
		return nil // qpdf's "succeeded with warnings"
	}
	return err
}

func (t *tools) py(ctx context.Context, params map[string]any) error {
	b, err := json.Marshal(params)
	if err != nil {
		return err
	}
	_, err = t.run(ctx, t.python, t.script, string(b))
	return err
}

// raster renders the first page of a PDF to PNG at dpi.
func (t *tools) raster(ctx context.Context, pdf, out string, dpi int) error {
	_, err := t.run(ctx, "pdftoppm", "-r", fmt.Sprint(dpi), "-png", "-singlefile", "-f", "1", "-l", "1", pdf, strings.TrimSuffix(out, ".png"))
	return err
}

// fontFile finds the file fontconfig picks for a pattern (Pillow needs a path).
func (t *tools) fontFile(ctx context.Context, pattern string) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if f, ok := t.fonts[pattern]; ok {
		return f, nil
	}
	out, err := t.run(ctx, "fc-match", "-f", "%{file}", pattern)
	if err != nil {
		return "", err
	}
	t.fonts[pattern] = string(out)
	return string(out), nil
}

var cairoDate = regexp.MustCompile(`/(CreationDate|ModDate) \(D:\d{14}[^)]*\)`)

// printToPDF re-draws a PDF through cairo, as "Print to PDF" does. Cairo
// stamps the current time; its 14 digits are replaced by the case's own
// (when, YYYYMMDDhhmmss), same length, so no offset moves.
func (t *tools) printToPDF(ctx context.Context, in, out, when string) error {
	if _, err := t.run(ctx, "pdftocairo", "-pdf", in, out); err != nil {
		return err
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	b = cairoDate.ReplaceAllFunc(b, func(m []byte) []byte {
		i := bytes.Index(m, []byte("(D:"))
		out := append([]byte{}, m...)
		copy(out[i+3:i+3+14], when) // the 14 digits; the zone suffix stays
		return out
	})
	return os.WriteFile(out, b, 0o644)
}

// unite joins PDFs with poppler's pdfunite, which draws a random /ID; it
// is replaced by one derived from the bytes before it, in the trailer
// after the cross-reference table, so no offset moves.
func (t *tools) unite(ctx context.Context, out string, parts ...string) error {
	if _, err := t.run(ctx, "pdfunite", append(parts, out)...); err != nil {
		return err
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	tr := bytes.LastIndex(b, []byte("trailer"))
	if tr < 0 {
		return fmt.Errorf("pdfunite wrote no trailer in %s", out)
	}
	i := bytes.Index(b[tr:], []byte("/ID ["))
	j := bytes.Index(b[tr:], []byte(" /Root"))
	if i < 0 || j < i {
		return os.WriteFile(out, b, 0o644)
	}
	sum := md5.Sum(b[:tr])
	id := fmt.Sprintf("/ID [<%x><%x>]", sum, sum)
	nb := append(append(append([]byte{}, b[:tr+i]...), id...), b[tr+j:]...)
	return os.WriteFile(out, nb, 0o644)
}
