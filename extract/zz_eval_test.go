package extract

// Temporary evaluation against sampledocs; deleted before hand-off.

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/classify"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/sampledocs"
)

func pageTexts(t *testing.T, pdf []byte) []string {
	doc, err := pdfdoc.Open(pdf)
	if err != nil {
		t.Fatal(err)
	}
	var pages []int
	for i := 1; i <= doc.Info.PageCount; i++ {
		pages = append(pages, i)
	}
	pts, err := pdfdoc.Texts(pdf, pages)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(pts))
	for i, p := range pts {
		out[i] = p.Text
	}
	return out
}

func TestZZEval(t *testing.T) {
	if os.Getenv("EVAL") == "" {
		t.Skip()
	}
	c := catalog.MustLoad()
	cl := classify.New(c)
	n := 20
	type stat struct{ n, clsOK int; fieldN, fieldOK map[string]int }
	stats := map[string]*stat{}
	var errs []string
	seed := uint64(5000)
	only := os.Getenv("EVAL_TYPE")
	for _, typ := range sampledocs.Types() {
		if only != "" && typ != only {
			continue
		}
		st := &stat{fieldN: map[string]int{}, fieldOK: map[string]int{}}
		stats[typ] = st
		for _, v := range sampledocs.Variants(typ) {
			for i := 0; i < n; i++ {
				seed++
				r := sampledocs.Seeded(seed)
				p := sampledocs.NewPerson(r)
				opt := sampledocs.Options{Variant: v, Positive: i%3 == 1, Expired: i%4 == 2}
				d := sampledocs.Generate(r, typ, p, opt)
				pdf, err := sampledocs.RenderPDF(d)
				if err != nil {
					t.Fatal(err)
				}
				text := strings.Join(pageTexts(t, pdf), "\n\f\n")
				st.n++
				got := cl.Classify(text)
				if got.Type == typ {
					st.clsOK++
				} else {
					errs = append(errs, fmt.Sprintf("CLS %s/%s seed %d: got %s %v", typ, v, seed, got.Type, got.Top))
				}
				res := Extract(c, typ, text)
				want := map[string]any{}
				b, _ := json.Marshal(d.Fields)
				json.Unmarshal(b, &want)
				gotF := map[string]any{}
				b, _ = json.Marshal(res.Fields)
				json.Unmarshal(b, &gotF)
				keys := map[string]bool{}
				for k := range want {
					keys[k] = true
				}
				for k := range gotF {
					keys[k] = true
				}
				var bad []string
				for k := range keys {
					st.fieldN[k]++
					if reflect.DeepEqual(want[k], gotF[k]) {
						st.fieldOK[k]++
					} else {
						bad = append(bad, fmt.Sprintf("%s: got %v want %v", k, gotF[k], want[k]))
					}
				}
				if len(bad) > 0 {
					sort.Strings(bad)
					errs = append(errs, fmt.Sprintf("EXT %s/%s seed %d:\n    %s", typ, v, seed, strings.Join(bad, "\n    ")))
					if os.Getenv("EVAL_SHOW") != "" {
						errs = append(errs, "----\n"+text+"\n----")
					}
				}
			}
		}
	}
	tot, okTot, clsTot, nTot := 0, 0, 0, 0
	for _, s := range stats {
		clsTot += s.clsOK
		nTot += s.n
		for f, n := range s.fieldN {
			tot += n
			okTot += s.fieldOK[f]
		}
	}
	fmt.Printf("TOTAL classified %d/%d fields %d/%d\n", clsTot, nTot, okTot, tot)
	var types []string
	for k := range stats {
		types = append(types, k)
	}
	sort.Strings(types)
	for _, k := range types {
		s := stats[k]
		var fs []string
		for f, n := range s.fieldN {
			if s.fieldOK[f] < n {
				fs = append(fs, fmt.Sprintf("%s %d/%d", f, s.fieldOK[f], n))
			}
		}
		sort.Strings(fs)
		fmt.Printf("%-22s cls %d/%d  %s\n", k, s.clsOK, s.n, strings.Join(fs, ", "))
	}
	if os.Getenv("EVAL_ERRS") != "" {
		for _, e := range errs {
			fmt.Println(e)
		}
	}
}
