package fraud

import (
	"bytes"
	"encoding/binary"
	"strings"

	"github.com/rwcarlsen/goexif/exif"
)

// A picture changed in an editor and handed in as a photo, or placed on
// a page, names the editor where the picture keeps its own history: the
// EXIF Software tag, the XMP packet an editor writes beside it
// (CreatorTool, and its history of saves), a PNG's Software text. The
// first list of editors is read from EXIF by the image checks; the
// editors only moreEditors names, and any editor in an image's XMP or
// PNG text, are read here.

// maxImageMeta bounds the bytes searched for an image's metadata: editors
// write it at the file's start, before the picture.
const maxImageMeta = 256 << 10

// checkImageTools names an editor an image of the document carries in
// its own metadata.
func checkImageTools(d *doc, s *signals) {
	for _, im := range d.images() {
		b := im.jpeg
		if b == nil {
			b = im.raw
		}
		for _, t := range imageTools(b) {
			if _, first := editorIn(t.tool); first && t.source == "exif" {
				// The image checks name it (images.go).
				continue
			}
			w, ok := anyEditor(t.tool)
			if !ok {
				continue
			}
			s.addf(CodeEditingSoftware, w, &SignalEvidence{Page: im.page, Source: t.source, Tool: t.tool},
				"page %d: the image names an editing tool (%s) in its %s", im.page, t.tool, imageSourceName(t.source))
			return
		}
	}
}

// anyEditor is the weight of editing_software for a tool either list
// names.
func anyEditor(tool string) (float64, bool) {
	if e, ok := editorIn(tool); ok {
		return editorWeight(e), true
	}
	t := strings.ToLower(tool)
	for _, e := range moreEditors {
		if strings.Contains(t, e.name) {
			return e.weight, true
		}
	}
	return 0, false
}

func imageSourceName(src string) string {
	switch src {
	case "exif":
		return "EXIF Software"
	case "image_xmp":
		return "XMP metadata"
	case "image_xmp_history":
		return "XMP history"
	}
	return "PNG Software text"
}

type imageTool struct{ source, tool string }

// imageTools lists the tools an image's metadata names: EXIF Software,
// the XMP's creator tool, producer and history agents, a PNG's Software.
func imageTools(b []byte) []imageTool {
	var out []imageTool
	switch {
	case bytes.HasPrefix(b, []byte{0xff, 0xd8}):
		if x, err := exif.Decode(bytes.NewReader(b)); err == nil {
			if tag, err := x.Get(exif.Software); err == nil {
				if sw, err := tag.StringVal(); err == nil && strings.TrimSpace(sw) != "" {
					out = append(out, imageTool{"exif", strings.TrimSpace(sw)})
				}
			}
		}
		if p := jpegXMP(b); p != nil {
			out = append(out, xmpTools(parseXMP(p))...)
		}
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		for _, c := range pngTexts(b) {
			switch {
			case c.key == "Software":
				out = append(out, imageTool{"png", c.text})
			case c.key == "XML:com.adobe.xmp":
				out = append(out, xmpTools(parseXMP([]byte(c.text)))...)
			}
		}
	}
	return out
}

func xmpTools(x *XMP) []imageTool {
	var out []imageTool
	for _, t := range []string{x.CreatorTool, x.Producer} {
		if t != "" {
			out = append(out, imageTool{"image_xmp", t})
		}
	}
	for _, h := range x.History {
		if h.SoftwareAgent != "" {
			out = append(out, imageTool{"image_xmp_history", h.SoftwareAgent})
		}
	}
	return out
}

var xmpAPP1 = []byte("http://ns.adobe.com/xap/1.0/\x00")

// jpegXMP returns the XMP packet of a JPEG's APP1 segment, nil when it
// has none (the segments before the picture are walked).
func jpegXMP(b []byte) []byte {
	for i := 2; i+4 <= len(b) && i < maxImageMeta; {
		if b[i] != 0xff {
			return nil
		}
		marker := b[i+1]
		if marker == 0xd8 || marker == 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker == 0xff {
			i++
			continue
		}
		if marker == 0xda || marker == 0xd9 {
			return nil
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		end := i + 2 + n
		if n < 2 || end > len(b) {
			return nil
		}
		if seg := b[i+4 : end]; marker == 0xe1 && bytes.HasPrefix(seg, xmpAPP1) {
			return seg[len(xmpAPP1):]
		}
		i = end
	}
	return nil
}

type pngText struct{ key, text string }

// pngTexts returns a PNG's uncompressed text chunks (tEXt, and iTXt
// stored without compression: editors write Software and XMP so).
func pngTexts(b []byte) []pngText {
	var out []pngText
	for i := 8; i+12 <= len(b) && i < maxImageMeta; {
		n := int(binary.BigEndian.Uint32(b[i:]))
		typ := string(b[i+4 : i+8])
		end := i + 12 + n
		if n < 0 || end > len(b) {
			break
		}
		data := b[i+8 : i+8+n]
		switch typ {
		case "tEXt":
			if k, v, ok := bytes.Cut(data, []byte{0}); ok {
				out = append(out, pngText{string(k), strings.TrimSpace(string(v))})
			}
		case "iTXt":
			// keyword 0 flag method lang 0 translated 0 text
			if k, rest, ok := bytes.Cut(data, []byte{0}); ok && len(rest) >= 2 && rest[0] == 0 {
				parts := bytes.SplitN(rest[2:], []byte{0}, 3)
				if len(parts) == 3 {
					out = append(out, pngText{string(k), string(parts[2])})
				}
			}
		case "IDAT", "IEND":
			return out
		}
		i = end
	}
	return out
}
