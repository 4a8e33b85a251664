package sampledocs

import (
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
)

// TestKnownSpecsRefusesMistakes: a type outside the catalog, one with no
// layouts or two of one name, or edge cases drawn from layouts the type
// does not have stop the table from being built.
func TestKnownSpecsRefusesMistakes(t *testing.T) {
	c := catalog.MustLoad()
	layout := func(names ...string) []variant {
		var vs []variant
		for _, n := range names {
			vs = append(vs, variant{name: n})
		}
		return vs
	}
	tests := []struct {
		name  string
		table map[string]*typeSpec
		panic string // "" when the table builds
	}{
		{"distinct catalog types", map[string]*typeSpec{"bls": {variants: layout("card")}, "resume": {variants: layout("classic", "modern")}}, ""},
		{"failing and dated among the layouts", map[string]*typeSpec{"influenza_vaccine": {variants: layout("receipt", "declination"), failing: []string{"receipt"}, dated: []string{"receipt"}}}, ""},
		{"not in the catalog", map[string]*typeSpec{"made_up": {variants: layout("card")}}, `"made_up", which is not a catalog type`},
		{"no layouts", map[string]*typeSpec{"bls": {}}, "bls has no layouts"},
		{"two layouts of one name", map[string]*typeSpec{"bls": {variants: layout("card", "card")}}, `bls has two layouts named "card"`},
		{"failing from another layout", map[string]*typeSpec{"bls": {variants: layout("card"), failing: []string{"ecard"}}}, `bls names a layout "ecard" it does not have`},
		{"dated from another layout", map[string]*typeSpec{"bls": {variants: layout("card"), dated: []string{"ecard"}}}, `bls names a layout "ecard" it does not have`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got map[string]*typeSpec
			defer func() {
				msg, _ := recover().(string)
				if tt.panic == "" && (msg != "" || len(got) != len(tt.table)) {
					t.Errorf("table %v, panic %q; want %d types and no panic", got, msg, len(tt.table))
				}
				if tt.panic != "" && !strings.Contains(msg, tt.panic) {
					t.Errorf("panic %q, want one containing %q", msg, tt.panic)
				}
			}()
			got = knownSpecs(c, tt.table)
		})
	}
}
