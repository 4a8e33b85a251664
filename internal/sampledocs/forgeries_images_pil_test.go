package sampledocs

import (
	"bytes"
	"image"
	"image/jpeg"
	"os"
	"testing"
)

// Each Pillow clone or splice changes the picture where the value is
// printed and nowhere else: the same pipeline without the edit (its clean
// twin, the same seed) gives the same picture outside one line-high box.
// One edit of each kind (a clone on bare ground, a clone on a printed
// pattern, a splice); the step makes them all at full resolution, and
// its files are read by the tests of every step's cases.
func TestPilEditsChangeOneValue(t *testing.T) {
	if _, err := os.Stat(pilScanPython); err != nil {
		t.Fatal("no", pilScanPython, "(scripts/deps.sh installs python3 with Pillow):", err)
	}
	made := DefaultAsOf().AddDate(0, -1, 0)
	seen := map[string]bool{}
	for i, e := range pilEdits {
		kind := e.kind + "/" + e.ground
		if e.kind == "clean" || e.out != "jpeg" || seen[kind] {
			continue
		}
		seen[kind] = true
		// At half the step's resolution: the edit and its twin show the
		// same at 150 dpi, in a quarter of the samples.
		e.renderDPI, e.donorDPI = e.renderDPI/2, e.donorDPI/2
		t.Run(e.name, func(t *testing.T) {
			d := Generate(Seeded(uint64(20+i)), e.typ, NewPerson(Seeded(uint64(40+i))), Options{Variant: Variants(e.typ)[e.layout%len(Variants(e.typ))], Expired: true})
			field := forgedDateField(d)
			if _, ok := d.Fields[e.field]; ok {
				field = e.field
			}
			v, _ := d.Fields[field].(string)
			nv := otherID(v, 3)
			if t := mustDate(v); !t.IsZero() {
				nv = t.AddDate(2, 1, 0).Format("2006-01-02")
			}
			orig, err := RenderPDF(d)
			if err != nil {
				t.Fatal(err)
			}
			forged, err := fabricated(d, map[string]any{field: nv})
			if err != nil {
				t.Fatal(err)
			}
			edited, mime, err := pilEdited(orig, forged, e, 9, made)
			if err != nil || mime != "image/jpeg" {
				t.Fatalf("%s: %v", mime, err)
			}
			twin := e
			twin.kind = "clean"
			plain, _, err := pilEdited(orig, forged, twin, 9, made)
			if err != nil {
				t.Fatal(err)
			}
			a, err := jpeg.Decode(bytes.NewReader(edited))
			if err != nil {
				t.Fatal(err)
			}
			b, err := jpeg.Decode(bytes.NewReader(plain))
			if err != nil {
				t.Fatal(err)
			}
			if a.Bounds() != b.Bounds() {
				t.Fatalf("sizes %v and %v", a.Bounds(), b.Bounds())
			}
			var box image.Rectangle
			r := a.Bounds()
			la, lb := luma(t, a), luma(t, b)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					if d := int(la(x, y)) - int(lb(x, y)); d > 40 || d < -40 {
						box = box.Union(image.Rect(x, y, x+1, y+1))
					}
				}
			}
			if box.Empty() {
				t.Fatal("the edit changed nothing")
			}
			if box.Dy() > r.Dy()/15 || box.Dx() > r.Dx()/2 {
				t.Errorf("the edit changed %v of %v: more than one value", box, r)
			}
		})
	}
	if len(seen) != 3 {
		t.Errorf("edits of kinds %v, want a plain clone, a pattern clone and a splice", seen)
	}
}

// luma reads a decoded JPEG's luma samples straight from its planes (a
// picture's At under the race detector took minutes on full pages).
func luma(t *testing.T, img image.Image) func(x, y int) uint8 {
	t.Helper()
	switch m := img.(type) {
	case *image.YCbCr:
		return func(x, y int) uint8 { return m.Y[m.YOffset(x, y)] }
	case *image.Gray:
		return func(x, y int) uint8 { return m.Pix[m.PixOffset(x, y)] }
	}
	t.Fatalf("a %T, not a JPEG's picture", img)
	return nil
}
