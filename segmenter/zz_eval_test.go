package segmenter

// Temporary evaluation against sampledocs; deleted before hand-off.

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/classify"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/sampledocs"
)

func TestZZPackets(t *testing.T) {
	if os.Getenv("EVAL") == "" {
		t.Skip()
	}
	c := classify.New(catalog.MustLoad())
	exact, n, tp, fp, fn := 0, 0, 0, 0, 0
	for seed := uint64(41); seed <= 200; seed++ {
		r := sampledocs.Seeded(seed)
		p := sampledocs.NewPerson(r)
		pk, err := sampledocs.NewPacket(r, p, 20+int(seed%15), sampledocs.PacketOptions{FaxCover: seed%2 == 0, Doc: sampledocs.Options{Positive: seed%3 == 0, Expired: seed%5 == 0}})
		if err != nil {
			t.Fatal(err)
		}
		doc, _ := pdfdoc.Open(pk.PDF)
		var pages []int
		for i := 1; i <= doc.Info.PageCount; i++ {
			pages = append(pages, i)
		}
		pts, _ := pdfdoc.Texts(pk.PDF, pages)
		fs := make([]PageFeatures, len(pts))
		for i, pt := range pts {
			fs[i] = Features(i, pt.Text, c.Classify(pt.Text))
		}
		got := Split(fs)
		want := map[int]bool{}
		for _, s := range pk.Segments {
			want[s.PageStart-1] = true
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
		n++
		if ok {
			exact++
		} else if os.Getenv("EVAL_ERRS") != "" {
			var wb, gb []string
			for _, s := range pk.Segments {
				wb = append(wb, fmt.Sprintf("%d-%d %s", s.PageStart-1, s.PageEnd-1, s.Type))
			}
			for _, g := range got {
				var ts []string
				for i := g.Start; i <= g.End; i++ {
					ts = append(ts, fmt.Sprintf("%s(%.2f%s%s)", fs[i].Type, fs[i].Confidence, map[bool]string{true: " T"}[fs[i].Titled], map[bool]string{true: fmt.Sprintf(" p%d/%d", fs[i].PageNo, fs[i].PageOf)}[fs[i].PageNo > 0]))
				}
				gb = append(gb, fmt.Sprintf("%d-%d %s", g.Start, g.End, strings.Join(ts, ",")))
			}
			fmt.Printf("seed %d\n want: %s\n  got: %s\n", seed, strings.Join(wb, " | "), strings.Join(gb, "\n       "))
		}
	}
	fmt.Printf("packets exact %d/%d; boundaries tp %d fp %d fn %d\n", exact, n, tp, fp, fn)
}
