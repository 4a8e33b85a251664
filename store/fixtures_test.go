package store_test

import (
	"context"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/mapping"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
)

// The fixtures the store's tests share: the store and accounts of a
// test's own (testenv's, as the other packages' tests have them), the jobs
// in them, and the checks every kind of object repeats.

// setUp gives a test its context, the store and an account of its own
// named after prefix.
func setUp(t *testing.T, prefix string) (context.Context, *store.Store, string) {
	t.Helper()
	st := testenv.Store(t)
	return context.Background(), st, testenv.Account(t, st, prefix, "")
}

// setUpWithOther is setUp with another account besides (prefix-other),
// whose objects the test's account must never see, nor they its.
func setUpWithOther(t *testing.T, prefix string) (context.Context, *store.Store, string, string) {
	t.Helper()
	ctx, st, acc := setUp(t, prefix)
	return ctx, st, acc, testenv.Account(t, st, prefix+"-other", "")
}

// read reads one object of an account with get (the store's Email,
// PlacementAudit...), failing the test on an error.
func read[T any](t *testing.T, get func(context.Context, string, uuid.UUID) (T, error), acc string, id uuid.UUID) T {
	t.Helper()
	v, err := get(context.Background(), acc, id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// errOf is the error of a call whose result is not wanted, for checks of
// refusals: wantNotFound(t, what, errOf(st.Job(ctx, other, id))).
func errOf[T any](_ T, err error) error { return err }

func exec(t *testing.T, db *pgx.Conn, sql string, args ...any) {
	t.Helper()
	if _, err := db.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func ptr[T any](v T) *T { return &v }

func newJob(t *testing.T, st *store.Store, in store.JobInput) *store.Job {
	t.Helper()
	j, created, _, err := st.UpsertJob(context.Background(), in)
	if err != nil || !created {
		t.Fatalf("UpsertJob(%s/%s) = created %v, %v", in.VMSType, in.VMSJobRefID, created, err)
	}
	return j
}

var testCatalog = catalog.MustLoad()

// keyRow is a reconciled row of a catalog requirement, described as the
// reconciler describes it.
func keyRow(t *testing.T, key, label, group string, order int) requirements.Row {
	t.Helper()
	d, err := mapping.Describe(testCatalog, key)
	if err != nil {
		t.Fatal(err)
	}
	return requirements.Row{RowKey: "key:" + key, Label: label, NormalizedLabel: mapping.Normalize(label), RequirementKey: key,
		FulfillmentType: d.FulfillmentType, DocumentCategory: d.DocumentCategory, DocumentType: d.DocumentType,
		PacketGroup: group, SortOrder: order, Sources: []string{requirements.SourceVMS}}
}

// labelRow is a reconciled row of a label nobody mapped.
func labelRow(label, group string, order int) requirements.Row {
	norm := mapping.Normalize(label)
	return requirements.Row{RowKey: "label:" + norm, Label: label, NormalizedLabel: norm, PacketGroup: group,
		SortOrder: order, Sources: []string{requirements.SourceVMS}}
}

// auditOf reads the trail of one subject outside any placement, oldest
// first, as "from>to: reason".
func auditOf(t *testing.T, db *pgx.Conn, account, subjectType, subjectID string) []string {
	t.Helper()
	rows, err := db.Query(context.Background(), `SELECT from_state || '>' || to_state || ': ' || reason FROM audit_events
		WHERE account_id = $1 AND subject_type = $2 AND subject_id = $3 ORDER BY id`, account, subjectType, subjectID)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// wantNotFound checks err is the store's not-found error: the same code
// and message for an unknown id and another account's.
func wantNotFound(t *testing.T, what string, err error) {
	t.Helper()
	de, ok := derrors.As(err)
	if !ok || de.Code != derrors.NotFound || de.Message != "resource not found" {
		t.Errorf("%s: err = %v, want not_found: resource not found", what, err)
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// sandboxJob stores a job of the sandbox integration with no details.
func sandboxJob(t *testing.T, st *store.Store, acc, ref string) *store.Job {
	t.Helper()
	return newJob(t, st, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: ref})
}

// answer is what one of several concurrent callers of a create was told:
// the object's id, and whether it was the first (made the object).
type answer struct {
	id    uuid.UUID
	first bool
	err   error
}

// atOnce calls call from n goroutines released together, as clients
// retrying one request do, and returns each caller's answer.
func atOnce(n int, call func(i int) answer) []answer {
	var wg sync.WaitGroup
	start := make(chan struct{})
	answers := make([]answer, n)
	for i := range n {
		wg.Go(func() {
			<-start
			answers[i] = call(i)
		})
	}
	close(start)
	wg.Wait()
	return answers
}

// wantOneFirst checks the answers of concurrent creates of one object:
// none failed, all name the same object (what it is: "job"), and exactly
// one caller was told it came first (told says how: "created the job").
func wantOneFirst(t *testing.T, answers []answer, what, told string) {
	t.Helper()
	firsts := 0
	for i, a := range answers {
		if a.err != nil {
			t.Fatalf("caller %d: %v", i, a.err)
		}
		if a.id != answers[0].id {
			t.Errorf("caller %d got %s %s, caller 0 %s", i, what, a.id, answers[0].id)
		}
		if a.first {
			firsts++
		}
	}
	if firsts != 1 {
		t.Errorf("%d callers were told they %s, want 1", firsts, told)
	}
}
