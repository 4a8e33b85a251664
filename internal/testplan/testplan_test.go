package testplan

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// root is the module's directory, two levels up from this package.
const root = "../.."

// uninstrumented reads scripts/uninstrumented-packages.
func uninstrumented(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "scripts", "uninstrumented-packages"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var pkgs []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			pkgs = append(pkgs, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// concurrentImports are packages whose use means goroutines the race
// detector should watch: servers call handlers on their own goroutines,
// Temporal's test environment runs workflows on its own, errgroup and
// sync's locks exist for work done side by side.
var concurrentImports = map[string]string{
	"net/http":                     "serves or calls HTTP",
	"net/http/httptest":            "serves HTTP on its own goroutines",
	"golang.org/x/sync/errgroup":   "starts goroutines",
	"golang.org/x/sync/semaphore":  "bounds goroutines",
	"go.temporal.io/sdk/testsuite": "runs workflows on the SDK's goroutines",
}

// onceOnly are the parts of sync a single-goroutine package may use: a
// value computed once, lazily, by whichever test asks first.
var onceOnly = map[string]bool{"Once": true, "OnceFunc": true, "OnceValue": true, "OnceValues": true}

// findings lists why the Go files in dir could race: go statements,
// parallel tests, concurrent imports, sync beyond Once.
func findings(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		return []string{"no Go files (a package moved? update scripts/uninstrumented-packages)"}
	}
	fset := token.NewFileSet()
	var out []string
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		syncName := ""
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if why, ok := concurrentImports[path]; ok {
				out = append(out, fset.Position(imp.Pos()).String()+": imports "+path+" ("+why+")")
			}
			if path == "sync" {
				syncName = "sync"
				if imp.Name != nil {
					syncName = imp.Name.Name
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				out = append(out, fset.Position(n.Pos()).String()+": starts a goroutine")
			case *ast.SelectorExpr:
				if id, ok := n.X.(*ast.Ident); ok && syncName != "" && id.Name == syncName && !onceOnly[n.Sel.Name] {
					out = append(out, fset.Position(n.Pos()).String()+": uses sync."+n.Sel.Name)
				}
				if n.Sel.Name == "Parallel" {
					out = append(out, fset.Position(n.Pos()).String()+": runs tests in parallel")
				}
			}
			return true
		})
	}
	return out
}

// TestUninstrumentedPackagesCannotRace: every package make test runs
// without the race detector is one goroutine's work, its tests included.
func TestUninstrumentedPackagesCannotRace(t *testing.T) {
	pkgs := uninstrumented(t)
	if len(pkgs) == 0 {
		t.Fatal("scripts/uninstrumented-packages lists no package")
	}
	for _, p := range pkgs {
		for _, f := range findings(t, filepath.Join(root, filepath.FromSlash(p))) {
			t.Errorf("%s runs without the race detector, but %s: take it out of scripts/uninstrumented-packages", p, f)
		}
	}
}

// TestFindingsSeeConcurrency: the check finds each kind of concurrent
// work, so the test above can fail.
func TestFindingsSeeConcurrency(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"go statement", "package p\nfunc f() { go f() }\n", "starts a goroutine"},
		{"parallel test", "package p\nimport \"testing\"\nfunc TestX(t *testing.T) { t.Parallel() }\n", "runs tests in parallel"},
		{"a lock", "package p\nimport \"sync\"\nvar mu sync.Mutex\n", "uses sync.Mutex"},
		{"a renamed sync's wait group", "package p\nimport s \"sync\"\nvar wg s.WaitGroup\n", "uses sync.WaitGroup"},
		{"an HTTP test server", "package p\nimport _ \"net/http/httptest\"\n", "imports net/http/httptest"},
		{"errgroup", "package p\nimport _ \"golang.org/x/sync/errgroup\"\n", "starts goroutines"},
		{"once only", "package p\nimport \"sync\"\nvar v = sync.OnceValue(func() int { return 1 })\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			got := strings.Join(findings(t, dir), "\n")
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("findings %q, want one containing %q", got, tt.want)
			}
		})
	}
}
