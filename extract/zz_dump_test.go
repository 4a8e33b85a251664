package extract

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/sampledocs"
)

func TestZZDump(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip()
	}
	seed := uint64(1000)
	for _, typ := range sampledocs.Types() {
		for _, v := range sampledocs.Variants(typ) {
			seed++
			r := sampledocs.Seeded(seed)
			p := sampledocs.NewPerson(r)
			d := sampledocs.Generate(r, typ, p, sampledocs.Options{Variant: v})
			pdf, _ := sampledocs.RenderPDF(d)
			text := strings.Join(pageTexts(t, pdf), "\n<<<PAGE>>>\n")
			fmt.Printf("######## %s / %s  truth=%v\n%s\n", typ, v, d.Fields, text)
		}
	}
}
