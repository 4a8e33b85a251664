package segmenter

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/classify"
	"github.com/clearedtostart/compliance/sampledocs"
)

func TestZZOCRPacketEval(t *testing.T) {
	if os.Getenv("OCRPKEVAL") == "" {
		t.Skip()
	}
	c := classify.New(catalog.MustLoad())
	paths, _ := filepath.Glob("/tmp/ocrpk/*.txt")
	exact, tp, fp, fn, typeOK, typeN := 0, 0, 0, 0, 0, 0
	for _, p := range paths {
		raw, _ := os.ReadFile(p)
		var segs []sampledocs.SegmentTruth
		b, _ := os.ReadFile(strings.TrimSuffix(p, ".txt") + ".json")
		json.Unmarshal(b, &segs)
		pages := strings.Split(string(raw), "\n\f\n")
		fs := make([]PageFeatures, len(pages))
		for i, text := range pages {
			fs[i] = Features(i, text, c.Classify(text))
		}
		got := Split(fs)
		want := map[int]bool{}
		for _, s := range segs {
			want[s.PageStart-1] = true
			// Document-level classification of the true segment.
			text := strings.Join(pages[s.PageStart-1:s.PageEnd], "\n\f\n")
			typeN++
			if r := c.Classify(text); r.Type == s.Type {
				typeOK++
			} else {
				fmt.Printf("%s seg %d-%d: want %s got %s %v\n", filepath.Base(p), s.PageStart-1, s.PageEnd-1, s.Type, r.Type, r.Top)
			}
		}
		have := map[int]bool{}
		for _, g := range got {
			have[g.Start] = true
		}
		ok := true
		for s := range want {
			if have[s] {
				tp++
			} else {
				fn++
				ok = false
			}
		}
		for s := range have {
			if !want[s] {
				fp++
				ok = false
			}
		}
		if ok {
			exact++
		} else {
			var wb, gb []string
			for _, s := range segs {
				wb = append(wb, fmt.Sprintf("%d-%d %s", s.PageStart-1, s.PageEnd-1, s.Type))
			}
			for _, g := range got {
				var ts []string
				for i := g.Start; i <= g.End; i++ {
					ts = append(ts, fmt.Sprintf("%s(%.2f%s%s)", fs[i].Type, fs[i].Confidence, map[bool]string{true: " T"}[fs[i].Titled], map[bool]string{true: fmt.Sprintf(" p%d/%d", fs[i].PageNo, fs[i].PageOf)}[fs[i].PageNo > 0]))
				}
				gb = append(gb, fmt.Sprintf("%d-%d %s", g.Start, g.End, strings.Join(ts, ",")))
			}
			fmt.Printf("%s\n want: %s\n  got: %s\n", filepath.Base(p), strings.Join(wb, " | "), strings.Join(gb, "\n       "))
		}
	}
	fmt.Printf("OCR packets exact %d/%d; boundaries tp %d fp %d fn %d; segment types %d/%d\n", exact, len(paths), tp, fp, fn, typeOK, typeN)
}
