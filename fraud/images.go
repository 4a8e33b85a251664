package fraud

import (
	"bytes"
	"time"

	"github.com/clearedtostart/compliance/fraud/pdfdraw"
	"github.com/rwcarlsen/goexif/exif"
)

// Images: what a document's pictures say about their making. A phone
// photo or a scan passes through a camera or a scanner and, if it was
// altered, through an editor that writes its name into the EXIF Software
// tag, recompresses the edited region differently from the rest, or
// copies a patch of the picture over what it hides.

// docImage is one image of the document as stored.
type docImage struct {
	page int
	// jpeg holds JPEG bytes (a DCT-encoded image XObject, or the upload).
	jpeg []byte
	// img is the image XObject when it is one (nil for an image upload).
	img *pdfdraw.PageImage
}

// images lists the document's images: the upload itself when it was an
// image, else the image XObjects its pages draw.
func (d *doc) images() []docImage {
	u := d.Upload
	if u == nil {
		return nil
	}
	if u.image != nil {
		im := docImage{page: d.first}
		if bytes.HasPrefix(u.image, []byte{0xff, 0xd8, 0xff}) {
			im.jpeg = u.image
		}
		return []docImage{im}
	}
	var out []docImage
	for _, np := range d.uploadPages() {
		for k := range np.p.images {
			pi := &np.p.images[k]
			im := docImage{page: np.n, img: pi}
			if pi.Filter == "DCTDecode" && bytes.HasPrefix(pi.Raw, []byte{0xff, 0xd8}) {
				im.jpeg = pi.Raw
			}
			out = append(out, im)
		}
	}
	return out
}

func checkImages(d *doc, s *signals) {
	ims := d.images()
	taken := map[string]time.Time{}
	for _, im := range ims {
		if im.jpeg == nil {
			continue
		}
		x, err := exif.Decode(bytes.NewReader(im.jpeg))
		if err != nil {
			continue
		}
		if tag, err := x.Get(exif.Software); err == nil {
			if sw, err := tag.StringVal(); err == nil {
				if _, ok := editorIn(sw); ok {
					s.addf(CodeEditingSoftware, 0.45, &SignalEvidence{Page: im.page, Source: "exif", Tool: sw},
						"page %d: the image was last saved by an editing tool (EXIF Software %q)", im.page, sw)
				}
			}
		}
		if t, err := x.DateTime(); err == nil && !t.IsZero() {
			if old, ok := taken["exif_taken"]; !ok || t.Before(old) {
				taken["exif_taken"] = t
			}
		}
	}
	if len(taken) > 0 {
		futureFrom(d, s, "the image's EXIF", taken)
		createdBefore(d, s, taken, "the image was taken")
	}
}
