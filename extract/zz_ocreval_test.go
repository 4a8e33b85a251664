package extract

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/classify"
)

func TestZZOCREval(t *testing.T) {
	if os.Getenv("OCREVAL") == "" {
		t.Skip()
	}
	c := catalog.MustLoad()
	cl := classify.New(c)
	paths, _ := filepath.Glob("/tmp/ocrcache/*.txt")
	sort.Strings(paths)
	clsOK, n := 0, 0
	fieldN, fieldOK := map[string]int{}, map[string]int{}
	only := os.Getenv("EVAL_TYPE")
	for _, p := range paths {
		text, _ := os.ReadFile(p)
		raw, err := os.ReadFile(strings.TrimSuffix(p, ".txt") + ".json")
		if err != nil {
			continue
		}
		var truth struct {
			Type   string         `json:"type"`
			Fields map[string]any `json:"fields"`
		}
		json.Unmarshal(raw, &truth)
		if only != "" && truth.Type != only {
			continue
		}
		n++
		got := cl.Classify(string(text))
		if got.Type == truth.Type {
			clsOK++
		} else {
			fmt.Printf("CLS %s: got %s %v\n", filepath.Base(p), got.Type, got.Top)
		}
		res := Extract(c, truth.Type, string(text))
		b, _ := json.Marshal(res.Fields)
		var g map[string]any
		json.Unmarshal(b, &g)
		keys := map[string]bool{}
		for k := range truth.Fields {
			keys[k] = true
		}
		for k := range g {
			keys[k] = true
		}
		var bad []string
		for k := range keys {
			fieldN[k]++
			if reflect.DeepEqual(truth.Fields[k], g[k]) {
				fieldOK[k]++
			} else {
				bad = append(bad, fmt.Sprintf("%s: got %v want %v", k, g[k], truth.Fields[k]))
			}
		}
		if len(bad) > 0 && os.Getenv("EVAL_ERRS") != "" {
			sort.Strings(bad)
			fmt.Printf("EXT %s\n    %s\n", filepath.Base(p), strings.Join(bad, "\n    "))
			if os.Getenv("EVAL_SHOW") != "" {
				fmt.Printf("----\n%s\n----\n", text)
			}
		}
	}
	tot, ok := 0, 0
	var ks []string
	for k := range fieldN {
		ks = append(ks, k)
		tot += fieldN[k]
		ok += fieldOK[k]
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Printf("%-20s %d/%d\n", k, fieldOK[k], fieldN[k])
	}
	fmt.Printf("classified %d/%d, fields %d/%d\n", clsOK, n, ok, tot)
}
