package extract

// Temporary: OCR sampledocs scans into /tmp/ocrcache for evaluation; deleted before hand-off.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/sampledocs"
)

func TestZZOCRCache(t *testing.T) {
	if os.Getenv("OCRCACHE") == "" {
		t.Skip()
	}
	dir := "/tmp/ocrcache"
	os.MkdirAll(dir, 0o755)
	eng, err := ocr.New(ocr.Config{Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	type job struct {
		name string
		doc  sampledocs.Doc
	}
	var jobs []job
	seed := uint64(9000)
	for _, typ := range sampledocs.Types() {
		for _, v := range sampledocs.Variants(typ) {
			seed++
			r := sampledocs.Seeded(seed)
			p := sampledocs.NewPerson(r)
			d := sampledocs.Generate(r, typ, p, sampledocs.Options{Variant: v, Positive: seed%3 == 0})
			jobs = append(jobs, job{fmt.Sprintf("%s__%s__%d", typ, v, seed), d})
		}
	}
	var wg sync.WaitGroup
	ch := make(chan job)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				out := filepath.Join(dir, j.name+".txt")
				if _, err := os.Stat(out); err == nil {
					continue
				}
				pdf, err := sampledocs.RenderPDF(j.doc)
				if err != nil {
					t.Error(err)
					continue
				}
				scan, err := sampledocs.RenderScanned(pdf, sampledocs.ScanOptions{})
				if err != nil {
					t.Error(err)
					continue
				}
				tmp, _ := os.MkdirTemp("", "ocr")
				path := filepath.Join(tmp, "f.pdf")
				os.WriteFile(path, scan, 0o600)
				doc, err := pdfdoc.Open(scan)
				if err != nil {
					t.Error(err)
					continue
				}
				sides, _ := doc.PageLongSides()
				var texts []string
				for pg := 1; pg <= doc.Info.PageCount; pg++ {
					img, err := pdfdoc.Rasterize(context.Background(), path, pg, sides[pg-1], tmp)
					if err != nil {
						t.Error(err)
						break
					}
					res, err := eng.Recognize(context.Background(), img)
					if err != nil {
						t.Error(err)
						break
					}
					texts = append(texts, res.Text)
				}
				os.RemoveAll(tmp)
				b, _ := json.Marshal(map[string]any{"type": j.doc.Type, "fields": j.doc.Fields})
				os.WriteFile(filepath.Join(dir, j.name+".json"), b, 0o644)
				os.WriteFile(out, []byte(strings.Join(texts, "\n\f\n")), 0o644)
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
}
