package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/internal/testenv"
)

func TestSourceValidationSwitch(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	db := testenv.Conn(t)
	acc := testenv.Account(t, st, "srcval", "")
	got, err := st.SourceValidation(ctx, acc)
	if err != nil || got.Enabled || got.ChangedAt != nil || got.ChangedBy != nil {
		t.Fatalf("a new account: %+v %v, want off and never switched", got, err)
	}
	before := time.Now().UTC().Add(-time.Second)
	on, err := st.SetSourceValidation(ctx, acc, true, "api-key:key123")
	if err != nil || !on.Enabled || on.ChangedAt == nil || on.ChangedAt.Before(before) || on.ChangedBy == nil || *on.ChangedBy != "api-key:key123" {
		t.Fatalf("switched on: %+v %v", on, err)
	}
	if a, err := st.Account(ctx, acc); err != nil || !a.SourceValidationEnabled {
		t.Fatalf("the account reads it on: %+v %v", a, err)
	}
	again, err := st.SetSourceValidation(ctx, acc, true, "other-key")
	if err != nil || !again.Enabled || *again.ChangedBy != "api-key:key123" || !again.ChangedAt.Equal(*on.ChangedAt) {
		t.Fatalf("switching on again changes nothing: %+v %v", again, err)
	}
	off, err := st.SetSourceValidation(ctx, acc, false, "api-key:key456")
	if err != nil || off.Enabled || *off.ChangedBy != "api-key:key456" {
		t.Fatalf("switched off: %+v %v", off, err)
	}
	read, err := st.SourceValidation(ctx, acc)
	if err != nil || read.Enabled || *read.ChangedBy != "api-key:key456" || !read.ChangedAt.Equal(*off.ChangedAt) {
		t.Fatalf("read back: %+v %v", read, err)
	}
	rows, err := db.Query(ctx, `SELECT from_state, to_state, reason FROM audit_events
		WHERE account_id = $1 AND subject_type = 'source_validation' ORDER BY id`, acc)
	if err != nil {
		t.Fatal(err)
	}
	var trail []string
	for rows.Next() {
		var from, to, reason string
		if err := rows.Scan(&from, &to, &reason); err != nil {
			t.Fatal(err)
		}
		trail = append(trail, from+">"+to+" "+reason)
	}
	if len(trail) != 2 || trail[0] != "OFF>ON switched by api-key:key123" || trail[1] != "ON>OFF switched by api-key:key456" {
		t.Fatalf("audit trail %q", trail)
	}
	if _, err := st.SourceValidation(ctx, "no-such-account"); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("unknown account: %v", err)
	}
	if _, err := st.SetSourceValidation(ctx, "no-such-account", true, "k"); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("unknown account: %v", err)
	}
}
