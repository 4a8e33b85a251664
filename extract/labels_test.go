package extract

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestEveryLabelGroupIsKnown: every group of labels the package declares is
// listed in allLabels, once, so that no field's value runs over another
// field's label.
func TestEveryLabelGroupIsKnown(t *testing.T) {
	declared := map[string]string{} // group -> file
	var listed []string
	for _, v := range varCalls(t) {
		switch v.fn {
		case "compileLabels", "compileDateLabels":
			if v.name == "_" {
				t.Errorf("%s: an unnamed group of labels cannot be listed in allLabels", v.at)
			}
			declared[v.name] = v.at.Filename
		case "knownLabels":
			if v.name != "allLabels" {
				t.Errorf("%s: %s is a second list of known labels", v.at, v.name)
			}
			for _, a := range v.args {
				id, ok := a.(*ast.Ident)
				if !ok {
					t.Fatalf("%s: allLabels lists %T, want group names", v.at, a)
				}
				listed = append(listed, id.Name)
			}
		}
	}
	if len(declared) == 0 || len(listed) == 0 {
		t.Fatalf("found %d groups and %d listed: the test no longer sees the declarations", len(declared), len(listed))
	}
	for g, file := range declared {
		if !slices.Contains(listed, g) {
			t.Errorf("%s (%s) is not listed in allLabels", g, file)
		}
	}
	seen := map[string]bool{}
	for _, g := range listed {
		if _, ok := declared[g]; !ok {
			t.Errorf("allLabels lists %s, which is not a group of labels", g)
		}
		if seen[g] {
			t.Errorf("allLabels lists %s twice", g)
		}
		seen[g] = true
	}
}

// varCall is a package variable set to a call of a plain function.
type varCall struct {
	name, fn string
	args     []ast.Expr
	at       token.Position
}

// varCalls lists the package variables, in its source files apart from
// the tests, that are set to calls of plain functions.
func varCalls(t *testing.T) []varCall {
	t.Helper()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var out []varCall
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names[:min(len(vs.Names), len(vs.Values))] {
					call, ok := vs.Values[i].(*ast.CallExpr)
					if !ok {
						continue
					}
					if fn, ok := call.Fun.(*ast.Ident); ok {
						out = append(out, varCall{name: name.Name, fn: fn.Name, args: call.Args, at: fset.Position(name.Pos())})
					}
				}
			}
		}
	}
	return out
}

func TestKnownLabels(t *testing.T) {
	got := knownLabels(
		compileLabels("result", "collected"),
		compileDateLabels("collection date", "collected"),
		compileLabels("collection date", "vendor"),
	)
	type entry struct {
		text string
		date bool
	}
	var entries []entry
	for _, l := range got {
		entries = append(entries, entry{l.text, l.date})
	}
	// First listing decides the place; any date field makes a date label.
	want := []entry{{"result", false}, {"collected", true}, {"collection date", true}, {"vendor", false}}
	if !slices.Equal(entries, want) {
		t.Errorf("knownLabels = %v, want %v", entries, want)
	}
}
