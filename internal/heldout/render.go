package heldout

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// RendererConfig names the tools a Renderer runs.
type RendererConfig struct {
	// WeasyPrint is the weasyprint executable (default from PATH).
	WeasyPrint string
	// Pdftoppm is poppler's rasteriser (default from PATH).
	Pdftoppm string
	// TempDir holds the rasteriser's files (default os.TempDir()).
	TempDir string
	// Timeout bounds one tool run (default 60s).
	Timeout time.Duration
}

// Renderer turns planned cases into PDFs.
type Renderer struct {
	cfg RendererConfig
}

// NewRenderer checks that the tools are there.
func NewRenderer(cfg RendererConfig) (*Renderer, error) {
	if cfg.WeasyPrint == "" {
		cfg.WeasyPrint = "weasyprint"
	}
	if cfg.Pdftoppm == "" {
		cfg.Pdftoppm = "pdftoppm"
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 60 * time.Second
	}
	for _, bin := range []string{cfg.WeasyPrint, cfg.Pdftoppm} {
		if _, err := exec.LookPath(bin); err != nil {
			return nil, fmt.Errorf("heldout: %s was not found (scripts/deps.sh installs it): %w", bin, err)
		}
	}
	return &Renderer{cfg: cfg}, nil
}

// pdfcpuReady makes pdfcpu write its configuration file once: its first
// NewDefaultConfiguration writes package state, which renderers running at
// once would race on.
var pdfcpuReady sync.Once

func pdfConfig() *model.Configuration {
	pdfcpuReady.Do(func() { model.NewDefaultConfiguration() })
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	return conf
}

// Render fills c.PDF and c.Segments: the documents as text PDFs one after
// another, scanned page by page when the case is a scan.
func (rd *Renderer) Render(ctx context.Context, c *Case) error {
	var parts [][]byte
	c.Segments = nil
	page := 1
	for _, d := range c.Docs {
		pdf, err := rd.HTMLToPDF(ctx, d.HTML)
		if err != nil {
			return fmt.Errorf("%s (%s/%s): %w", c.ID, d.Type, d.Layout, err)
		}
		n, err := api.PageCount(bytes.NewReader(pdf), pdfConfig())
		if err != nil {
			return fmt.Errorf("%s: page count: %w", c.ID, err)
		}
		parts = append(parts, pdf)
		c.Segments = append(c.Segments, Segment{PageStart: page, PageEnd: page + n - 1, Type: d.Type, Layout: d.Layout,
			Fields: d.Fields, Accept: d.Accept})
		page += n
	}
	pdf := parts[0]
	if len(parts) > 1 {
		var rs []io.ReadSeeker
		for _, p := range parts {
			rs = append(rs, bytes.NewReader(p))
		}
		var out bytes.Buffer
		if err := api.MergeRaw(rs, &out, false, pdfConfig()); err != nil {
			return fmt.Errorf("%s: merge: %w", c.ID, err)
		}
		pdf = out.Bytes()
	}
	if c.Medium == Text {
		c.PDF = pdf
		return nil
	}
	cards := map[int]bool{}
	for i, s := range c.Segments {
		if c.Docs[i].Card {
			for p := s.PageStart; p <= s.PageEnd; p++ {
				cards[p] = true
			}
		}
	}
	scanned, pages, err := rd.scan(ctx, pdf, page-1, cards, c.Bundle, scanRand(c.Seed))
	if err != nil {
		return fmt.Errorf("%s: scan: %w", c.ID, err)
	}
	c.PDF, c.Scans, c.Rotated = scanned, pages, 0
	for _, p := range pages {
		if p.Turn != 0 {
			c.Rotated++
		}
	}
	return nil
}

// scanRand is the random source a case's scan draws its profile and its
// degradations from.
func scanRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x7363616e)) }

// HTMLToPDF renders one HTML document with WeasyPrint. A WeasyPrint killed
// by a signal (it has crashed once in a long evaluation run, and rendered
// the same page the next time) is run again, up to twice; any other
// failure is the document's and returned at once.
func (rd *Renderer) HTMLToPDF(ctx context.Context, html string) ([]byte, error) {
	for attempt := 1; ; attempt++ {
		pdf, err := rd.weasyprint(ctx, html)
		var exit *exec.ExitError
		if err == nil || attempt == 3 || ctx.Err() != nil || !errors.As(err, &exit) || !killedBySignal(exit) {
			return pdf, err
		}
	}
}

// renderLater renders html again as a file that differs from earlier.
// WeasyPrint stamps its files with the time to the second only, so two
// renders within one second are byte-identical (a CI run drew exactly
// that); a render that matches earlier is made again once the clock has
// passed into the next second, as an upload made later would be.
func (rd *Renderer) renderLater(ctx context.Context, html string, earlier []byte) ([]byte, error) {
	for attempt := 1; ; attempt++ {
		pdf, err := rd.HTMLToPDF(ctx, html)
		if err != nil || !bytes.Equal(pdf, earlier) || attempt == 3 {
			return pdf, err
		}
		next := time.Until(time.Now().Truncate(time.Second).Add(time.Second + 20*time.Millisecond))
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(next):
		}
	}
}

func (rd *Renderer) weasyprint(ctx context.Context, html string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, rd.cfg.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, rd.cfg.WeasyPrint, "-q", "-", "-")
	cmd.Stdin = strings.NewReader(html)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("weasyprint: %w: %s", err, lastLine(stderr.String()))
	}
	if !bytes.HasPrefix(out.Bytes(), []byte("%PDF-")) {
		return nil, errors.New("weasyprint wrote no PDF")
	}
	return out.Bytes(), nil
}

// killedBySignal says whether the process ended by a signal (a crash, or
// killed from outside) rather than by exiting.
func killedBySignal(e *exec.ExitError) bool {
	ws, ok := e.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled()
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// raster renders one page of pdf at dpi.
func (rd *Renderer) raster(ctx context.Context, pdfPath string, pageNo, dpi int, gray bool) (image.Image, error) {
	ctx, cancel := context.WithTimeout(ctx, rd.cfg.Timeout)
	defer cancel()
	args := []string{"-png", "-r", fmt.Sprint(dpi), "-f", fmt.Sprint(pageNo), "-l", fmt.Sprint(pageNo), "-singlefile"}
	if gray {
		args = append(args, "-gray")
	}
	prefix := strings.TrimSuffix(pdfPath, ".pdf") + fmt.Sprintf("-p%d", pageNo)
	args = append(args, pdfPath, prefix)
	cmd := exec.CommandContext(ctx, rd.cfg.Pdftoppm, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("pdftoppm: %v: %s", err, lastLine(stderr.String()))
	}
	defer os.Remove(prefix + ".png")
	f, err := os.Open(prefix + ".png")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}

// scan rasterises every page, degrades it like a scanner or a phone, and
// wraps the pages as an image-only PDF.
func (rd *Renderer) scan(ctx context.Context, pdf []byte, pages int, cards map[int]bool, bundle bool, r *rand.Rand) ([]byte, []ScanPage, error) {
	dir, err := os.MkdirTemp(rd.cfg.TempDir, "heldout-scan-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(src, pdf, 0o600); err != nil {
		return nil, nil, err
	}
	base := newScanProfile(r)
	var out []byte
	var made []ScanPage
	for p := 1; p <= pages; p++ {
		prof := base
		if bundle {
			prof = base.vary(r)
		}
		prof.card = cards[p]
		if prof.card {
			prof.cardMode = cardMode(r.IntN(3))
			if prof.cardMode == cardPhoto {
				// A phone camera sees the card at a few hundred pixels per inch.
				prof.dpi = 240 + r.IntN(120)
			}
		}
		img, err := rd.raster(ctx, src, p, prof.dpi, prof.gray)
		if err != nil {
			return nil, nil, err
		}
		deg, dpi := degrade(img, prof, r)
		sp := ScanPage{Page: p, DPI: prof.dpi, Turn: prof.turn, Skew: prof.skew}
		if prof.card {
			sp.Card = [...]string{cardFlatbed: "flatbed", cardPhoto: "photo", cardSmallPage: "small page"}[prof.cardMode]
		}
		made = append(made, sp)
		jpg, err := encodeJPEG(deg, prof.quality)
		if err != nil {
			return nil, nil, err
		}
		b := deg.Bounds()
		dim := types.Dim{Width: float64(b.Dx()) * 72 / float64(dpi), Height: float64(b.Dy()) * 72 / float64(dpi)}
		imp := pdfcpu.DefaultImportConfig()
		imp.PageDim = &dim
		imp.UserDim = true
		imp.Pos = types.Center
		imp.Scale = 1
		var rs io.ReadSeeker
		if out != nil {
			rs = bytes.NewReader(out)
		}
		var buf bytes.Buffer
		if err := api.ImportImages(rs, &buf, []io.Reader{bytes.NewReader(jpg)}, imp, pdfConfig()); err != nil {
			return nil, nil, fmt.Errorf("image import: %w", err)
		}
		out = buf.Bytes()
	}
	return out, made, nil
}
