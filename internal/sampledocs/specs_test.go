package sampledocs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
)

// TestEveryLayoutListIsKnown: every list of layouts the package declares
// (a function returning map[string]*typeSpec) is listed in specs, once, so
// no family of documents silently falls back to the generic form.
func TestEveryLayoutListIsKnown(t *testing.T) {
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]string{} // list -> file
	listed := map[string]int{}
	fset := token.NewFileSet()
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Type.Params.NumFields() == 0 && returnsSpecTable(d.Type) {
					declared[d.Name.Name] = p
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					vs, ok := s.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for i, name := range vs.Names {
						if i >= len(vs.Values) {
							continue
						}
						call, ok := vs.Values[i].(*ast.CallExpr)
						if !ok {
							continue
						}
						if fn, ok := call.Fun.(*ast.Ident); !ok || fn.Name != "knownSpecs" {
							continue
						}
						if name.Name != "specs" {
							t.Errorf("%s: %s is a second table of layouts", fset.Position(name.Pos()), name.Name)
						}
						for _, a := range call.Args[1:] {
							c, ok := a.(*ast.CallExpr)
							var id *ast.Ident
							if ok {
								id, ok = c.Fun.(*ast.Ident)
							}
							if !ok {
								t.Fatalf("%s: specs lists %T, want calls of the lists of layouts", fset.Position(a.Pos()), a)
							}
							listed[id.Name]++
						}
					}
				}
			}
		}
	}
	if len(declared) == 0 || len(listed) == 0 {
		t.Fatalf("found %d lists and %d listed: the test no longer sees the declarations", len(declared), len(listed))
	}
	for l, file := range declared {
		if listed[l] != 1 {
			t.Errorf("%s (%s) is listed %d times in specs, want once", l, file, listed[l])
		}
	}
	for l := range listed {
		if _, ok := declared[l]; !ok {
			t.Errorf("specs lists %s, which is not a list of layouts", l)
		}
	}
}

func returnsSpecTable(ft *ast.FuncType) bool {
	if ft.Results == nil || len(ft.Results.List) != 1 {
		return false
	}
	m, ok := ft.Results.List[0].Type.(*ast.MapType)
	if !ok {
		return false
	}
	star, ok := m.Value.(*ast.StarExpr)
	if !ok {
		return false
	}
	id, ok := star.X.(*ast.Ident)
	return ok && id.Name == "typeSpec"
}

// TestKnownSpecsRefusesMistakes: a type with two lists of layouts, or one
// outside the catalog, stops the table from being built.
func TestKnownSpecsRefusesMistakes(t *testing.T) {
	c := catalog.MustLoad()
	one := func(docType string) map[string]*typeSpec { return map[string]*typeSpec{docType: {}} }
	tests := []struct {
		name   string
		groups []map[string]*typeSpec
		panic  string // "" when the table builds
	}{
		{"distinct catalog types", []map[string]*typeSpec{one("bls"), one("resume")}, ""},
		{"listed twice", []map[string]*typeSpec{one("bls"), one("bls")}, `two lists of layouts for "bls"`},
		{"not in the catalog", []map[string]*typeSpec{one("made_up")}, `"made_up", which is not a catalog type`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got map[string]*typeSpec
			defer func() {
				msg, _ := recover().(string)
				if tt.panic == "" && (msg != "" || len(got) != len(tt.groups)) {
					t.Errorf("table %v, panic %q; want %d types and no panic", got, msg, len(tt.groups))
				}
				if tt.panic != "" && !strings.Contains(msg, tt.panic) {
					t.Errorf("panic %q, want one containing %q", msg, tt.panic)
				}
			}()
			got = knownSpecs(c, tt.groups...)
		})
	}
}
