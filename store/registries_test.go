package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/store"
)

// edition makes a list of n individuals (rows counts them and as many
// entities).
func edition(code string, date time.Time, n int, tag string) *registry.List {
	l := &registry.List{Registry: code, Date: date, Rows: 2 * n}
	for i := range n {
		l.Records = append(l.Records, registry.Record{
			SourceID: fmt.Sprintf("%s-%d", tag, i),
			Name:     registry.Name{First: "ANN", Last: fmt.Sprintf("%s%d", strings.ToUpper(tag), i)},
			DOBs:     []registry.PartialDate{{Year: 1980, Precision: registry.PrecisionYear}},
		})
	}
	return l
}

func records(t *testing.T, st *store.Store, l *store.RegistryList) []registry.Record {
	t.Helper()
	var out []registry.Record
	if err := st.ListRecords(context.Background(), l.ID, func(r registry.Record) error {
		out = append(out, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestImportList(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	code := "test-list-" + fmt.Sprint(time.Now().UnixNano())
	day := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)

	first, outcome, err := st.ImportList(ctx, edition(code, day, 100, "a"), store.ImportOptions{Source: "a.csv", SHA256: "aaa"})
	if err != nil || outcome != store.ImportImported || !first.Current {
		t.Fatalf("first import: %+v %s %v", first, outcome, err)
	}
	if got := records(t, st, first); len(got) != 100 || got[0].SourceID != "a-0" || got[99].SourceID != "a-99" || got[5].DOBs[0].Year != 1980 {
		t.Fatalf("records of the first edition: %d", len(got))
	}

	// The same file again is recognised and not stored twice.
	again, outcome, err := st.ImportList(ctx, edition(code, day, 100, "a"), store.ImportOptions{Source: "a.csv", SHA256: "aaa"})
	if err != nil || outcome != store.ImportUnchanged || again.ID != first.ID {
		t.Fatalf("same file: %+v %s %v", again, outcome, err)
	}

	tests := []struct {
		name string
		list *registry.List
		opt  store.ImportOptions
		msg  string
	}{
		{"shrunk by half", edition(code, day.AddDate(0, 0, 1), 50, "b"), store.ImportOptions{SHA256: "bbb"},
			"the new " + code + " file has 100 rows where the current list (2026-05-01) has 200: a list that shrinks by more than 10% is refused as probably truncated; import it with force if the shrink is real"},
		{"older edition", edition(code, day.AddDate(0, -1, 0), 100, "c"), store.ImportOptions{SHA256: "ccc"},
			"the new " + code + " file is dated 2026-04-01, older than the current list (2026-05-01); import it with force to go back"},
		{"no individuals", &registry.List{Registry: code, Date: day, Rows: 10}, store.ImportOptions{SHA256: "ddd"},
			"the " + code + " file holds no individuals"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := st.ImportList(ctx, tt.list, tt.opt)
			de, ok := derrors.As(err)
			if !ok || de.Message != tt.msg {
				t.Fatalf("err = %v, want %q", err, tt.msg)
			}
			cur, err := st.CurrentList(ctx, code)
			if err != nil || cur.ID != first.ID {
				t.Fatalf("a refused edition replaced the current one: %+v %v", cur, err)
			}
		})
	}

	// Forced, a shrunk edition is taken; a normal next edition too. The
	// records of the current and the previous edition are kept, older ones
	// dropped.
	forced, _, err := st.ImportList(ctx, edition(code, day.AddDate(0, 0, 1), 50, "b"), store.ImportOptions{SHA256: "bbb", Force: true})
	if err != nil || !forced.Current {
		t.Fatalf("forced: %+v %v", forced, err)
	}
	third, _, err := st.ImportList(ctx, edition(code, day.AddDate(0, 0, 2), 52, "e"), store.ImportOptions{SHA256: "eee"})
	if err != nil {
		t.Fatal(err)
	}
	if len(records(t, st, forced)) != 50 || len(records(t, st, third)) != 52 {
		t.Fatal("the current or the previous edition lost its records")
	}
	if err := st.ListRecords(ctx, first.ID, func(registry.Record) error { return nil }); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("records of an edition two imports old: %v", err)
	}
	eds, err := st.CurrentEditions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range eds {
		if e.Registry == code {
			found = e.ID == third.ID && e.Records == 52 && e.Rows == 104 && e.Date.Equal(day.AddDate(0, 0, 2))
		}
	}
	if !found {
		t.Fatalf("current editions: %+v", eds)
	}

	if err := st.RecordImport(ctx, &store.RegistryImport{Registry: code, Source: "x", Outcome: store.ImportFailed, Reason: "truncated", StartedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	imps, err := st.LastImports(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range imps {
		if imp.Registry == code && (imp.Outcome != store.ImportFailed || imp.Reason != "truncated") {
			t.Fatalf("last import: %+v", imp)
		}
	}
}
