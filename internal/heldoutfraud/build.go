package heldoutfraud

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/clearedtostart/compliance/internal/heldout"
)

// caseSpec is one planned case: everything drawn from the seed is fixed
// here, make does the (slow) rendering and editing.
type caseSpec struct {
	Name, Type, Manipulation, Control string
	Forged                            bool
	Facts                             facts
	make                              func(ctx context.Context, w *work) (result, error)
}

type result struct {
	Upload    []byte
	MIME      string
	Candidate string
	Earlier   []heldout.PriorUpload
}

// facts is what a case is supposed to show, for the package's tests.
type facts struct {
	Show, Hide []string  // text the PDF's text layer must / must not show
	Font       string    // a family the typed-over text uses (pdffonts)
	Revisions  int       // updates appended after the issuer's file
	Software   string    // editor named in EXIF Software or PDF Producer/Creator
	XMPAgent   string    // editor named in the XMP packet's history
	MRZ        string    // TD3 second line printed
	Region     *region   // pictures edited in place (splice, copy-move)
	Reuse      string    // "file", "id", "page" or "same" (same candidate)
	ReusedID   string    // the number both candidates' documents print
	Issue, Exp time.Time // dates printed, where the case is about them
	MaxYears   int       // the issuer's longest validity (validity_too_long)
	IDPattern  string    // the issuer's format the printed number must NOT match
	ID         string    // the number printed (id_format)
	Image      bool      // the upload is a picture (or a PDF of pictures only)
	Pages      int       // pages expected (merged)
}

// region tells the tests how to redraw the untouched picture of an edited
// one: the flat render, the camera or scanner and its seed.
type region struct {
	Src   string // file in the work dir
	Mode  string // photo or scan
	Seed  int
	Gray  bool
	Boxes [][4]float64
}

// work is one case's folder and the shared tools.
type work struct {
	t   *tools
	dir string
}

func (w *work) path(name string) string { return filepath.Join(w.dir, name) }

func (w *work) read(name string) ([]byte, error) { return os.ReadFile(w.path(name)) }

// render prints a page with WeasyPrint; hidden keys keep their place empty.
func (w *work) render(ctx context.Context, p page, title, name string, hidden ...string) error {
	h := map[string]bool{}
	for _, k := range hidden {
		h[k] = true
	}
	return w.t.weasy(ctx, p.html(title, h), w.path(name))
}

// overlay lays the forger's patches over base with qpdf --overlay.
func (w *work) overlay(ctx context.Context, base string, p page, patches []patch, out string) error {
	for _, pt := range patches {
		if pt.ImageBox != "" {
			if err := paperPatch(w.path(pt.ImageBox)); err != nil {
				return err
			}
		}
	}
	h, err := p.overlay(patches)
	if err != nil {
		return err
	}
	ov := out + ".layer.pdf"
	if err := w.t.weasy(ctx, h, w.path(ov)); err != nil {
		return err
	}
	return w.t.qpdf(ctx, w.path(base), "--overlay", w.path(ov), "--", w.path(out))
}

// paperPatch is the scrap of "white" a forger pastes: off-white with a
// faint texture, not the page's pure white.
func paperPatch(path string) error {
	img := image.NewRGBA(image.Rect(0, 0, 120, 30))
	for y := 0; y < 30; y++ {
		for x := 0; x < 120; x++ {
			v := uint8(246 + (x*7+y*13)%7)
			img.Set(x, y, color.RGBA{v, v, v - 2, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// flat renders a document and rasterises it: the picture a camera or a
// scanner is then pointed at.
func (w *work) flat(ctx context.Context, d doc, name string, dpi int) error {
	pdf := name + ".src.pdf"
	if err := w.render(ctx, d.page(), docTitle(d), pdf); err != nil {
		return err
	}
	return w.t.raster(ctx, w.path(pdf), w.path(name), dpi)
}

type phone struct{ Make, Model, Software string }

var phones = []phone{
	{"Apple", "iPhone 14", "17.1.2"}, {"Apple", "iPhone 13 Pro", "16.6.1"}, {"Apple", "iPhone 15", "17.4"},
	{"samsung", "SM-S911U", "S911USQS2BWK1"}, {"Google", "Pixel 7", "TQ3A.230901.001"}, {"motorola", "moto g stylus 5G", "T1TGN33.60-49"},
}

func (ph phone) exif(when time.Time) map[string]string {
	ts := when.Format("2006:01:02 15:04:05")
	return map[string]string{"make": ph.Make, "model": ph.Model, "software": ph.Software, "datetime": ts, "original": ts}
}

// shot is a picture of a flat render: the camera or scanner, its seed and
// the JPEG quality the device saves at.
type shot struct {
	Mode    string // photo or scan
	Seed    int
	Gray    bool
	Quality int
	Phone   phone
	When    time.Time
}

func (s shot) params(cmd, src, out string) map[string]any {
	p := map[string]any{"cmd": cmd, "src": src, "seed": s.Seed, "mode": s.Mode, "gray": s.Gray, "q2": s.Quality, "out": out}
	if s.Mode == "photo" {
		p["exif"] = s.Phone.exif(s.When)
	}
	return p
}

// picture renders d flat and photographs or scans it to a JPEG.
func (w *work) picture(ctx context.Context, d doc, s shot, name string) error {
	src := name + ".flat.png"
	if err := w.flat(ctx, d, src, flatDPI(d)); err != nil {
		return err
	}
	cmd := "photo"
	p := s.params(cmd, w.path(src), w.path(name))
	if s.Mode == "scan" {
		p = map[string]any{"cmd": "scan", "srcs": []string{w.path(src)}, "seed": s.Seed, "gray": s.Gray, "q2": s.Quality, "out": w.path(name)}
	}
	return w.t.py(ctx, p)
}

func flatDPI(d doc) int {
	if d.image() {
		return 300
	}
	return 150
}

func docTitle(d doc) string {
	switch d.Type {
	case "nursing_license":
		return "License Verification"
	case "tb_blood_test":
		return "Laboratory Report"
	case "drivers_license", "passport":
		return ""
	}
	return d.page().Items[0].Text
}

var pdfProducer = regexp.MustCompile(`/(Producer|Creator) \((?:[^()\\]|\\.)*\)`)

// resaveAs rewrites a PDF's Producer and Creator (when producer is set)
// and gives its catalog an XMP packet (when xmp is set), as an editor's
// save leaves them: qpdf writes it in QDF form, the strings are replaced or
// the object added, fix-qdf mends offsets and lengths, and qpdf writes it
// out compressed again.
func (w *work) resaveAs(ctx context.Context, in, out, producer, creator, xmp string) error {
	q := out + ".qdf.pdf"
	if err := w.t.qpdf(ctx, "--qdf", "--object-streams=disable", w.path(in), w.path(q)); err != nil {
		return err
	}
	b, err := w.read(q)
	if err != nil {
		return err
	}
	if producer != "" {
		if !pdfProducer.Match(b) {
			return fmt.Errorf("%s has no /Producer to rewrite", in)
		}
		b = pdfProducer.ReplaceAllFunc(b, func(m []byte) []byte {
			if bytes.HasPrefix(m, []byte("/Producer")) {
				return []byte("/Producer (" + producer + ")")
			}
			return []byte("/Creator (" + creator + ")")
		})
		if !bytes.Contains(b, []byte("/Creator")) {
			b = bytes.Replace(b, []byte("/Producer ("), []byte("/Creator ("+creator+")\n  /Producer ("), 1)
		}
	}
	if xmp != "" {
		if b, err = addMetadata(b, xmp); err != nil {
			return fmt.Errorf("%s: %w", in, err)
		}
	}
	fixed := out + ".fixed.pdf"
	if err := os.WriteFile(w.path(q), b, 0o644); err != nil {
		return err
	}
	fx, err := w.t.run(ctx, "fix-qdf", w.path(q))
	if err != nil {
		return err
	}
	if err := os.WriteFile(w.path(fixed), fx, 0o644); err != nil {
		return err
	}
	return w.t.qpdf(ctx, "--object-streams=preserve", "--compress-streams=y", w.path(fixed), w.path(out))
}

var (
	qdfSize    = regexp.MustCompile(`/Size (\d+)`)
	qdfCatalog = regexp.MustCompile(`/Type /Catalog\n`)
)

// addMetadata appends an uncompressed /Metadata stream to a QDF file and
// points the catalog at it; fix-qdf then rebuilds the table.
func addMetadata(b []byte, xmp string) ([]byte, error) {
	m := qdfSize.FindSubmatch(b[bytes.LastIndex(b, []byte("trailer")):])
	loc := qdfCatalog.FindIndex(b)
	x := bytes.LastIndex(b, []byte("\nxref\n"))
	if m == nil || loc == nil || x < 0 {
		return nil, fmt.Errorf("not a QDF file qpdf writes")
	}
	n := 0
	fmt.Sscan(string(m[1]), &n)
	obj := fmt.Sprintf("\n%d 0 obj\n<<\n  /Type /Metadata\n  /Subtype /XML\n  /Length %d\n>>\nstream\n%s\nendstream\nendobj\n", n, len(xmp)+1, xmp)
	out := append([]byte{}, b[:loc[1]]...)
	out = append(out, fmt.Sprintf("  /Metadata %d 0 R\n", n)...)
	out = append(out, b[loc[1]:x]...)
	out = append(out, obj...)
	out = append(out, b[x:]...)
	return out, nil
}

func pdfResult(b []byte, cand string) result {
	return result{Upload: b, MIME: "application/pdf", Candidate: cand}
}

func jpegResult(b []byte, cand string) result {
	return result{Upload: b, MIME: "image/jpeg", Candidate: cand}
}

func mimeOf(name string) string {
	if filepath.Ext(name) == ".pdf" {
		return "application/pdf"
	}
	return "image/jpeg"
}
