package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/clearedtostart/compliance/store"
)

// Conn is a raw connection to the binary's database, for what a test reads
// or breaks below the store (a row count, a corrupted column). It is closed
// when the test ends.
func Conn(t testing.TB) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), Get(t).DatabaseURL)
	if err != nil {
		t.Fatalf("testenv: raw connection: %v", err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

// Account makes an account of the test's own, its id prefix and eight
// random hex digits, so that tests sharing a database never see each
// other's rows; name is its display name (may be empty).
func Account(t testing.TB, st *store.Store, prefix, name string) string {
	t.Helper()
	var raw [4]byte
	_, _ = rand.Read(raw[:])
	id := prefix + "-" + hex.EncodeToString(raw[:])
	if _, err := st.EnsureAccount(context.Background(), id, name); err != nil {
		t.Fatal(err)
	}
	return id
}

// AccountRows counts the rows of table that belong to the account, read
// from the table itself rather than through the store.
func AccountRows(t testing.TB, db *pgx.Conn, table, accountID string) int {
	t.Helper()
	var n int
	q := "SELECT count(*) FROM " + pgx.Identifier{table}.Sanitize() + " WHERE account_id = $1"
	if err := db.QueryRow(context.Background(), q, accountID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
