// Package store is the only package that speaks SQL. It keeps the queryable
// state of the service in PostgreSQL through GORM: accounts and API keys,
// files, intakes and their segments, document scans, and the audit trail of
// state transitions.
//
// Every query is scoped to an account. A row of another account is reported
// exactly like a missing row (derrors.ErrNotFound), so ids never reveal what
// exists elsewhere.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/clearedtostart/compliance/derrors"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Config configures Open.
type Config struct {
	// URL is a PostgreSQL connection string.
	URL string
	// MaxOpenConns caps the pool (default 20).
	MaxOpenConns int
	Logger       *slog.Logger
}

// Store is the database handle. It is safe for concurrent use.
type Store struct {
	db  *gorm.DB
	sql *sql.DB
	log *slog.Logger
}

// Open connects to PostgreSQL. It does not wait for the server: callers
// that start before the database retry Ping.
func Open(cfg Config) (*Store, error) {
	if cfg.URL == "" {
		return nil, errors.New("store: database URL is empty")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MaxOpenConns == 0 {
		cfg.MaxOpenConns = 20
	}
	db, err := gorm.Open(postgres.Open(cfg.URL), &gorm.Config{
		Logger: logger.NewSlogLogger(cfg.Logger.With("component", "gorm"), logger.Config{
			SlowThreshold:             500 * time.Millisecond,
			LogLevel:                  logger.Warn,
			IgnoreRecordNotFoundError: true,
			ParameterizedQueries:      true,
		}),
		// Statements are prepared once per connection: the hot read path
		// (GET /v2/intakes/{id}) runs the same three statements.
		PrepareStmt:            true,
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	sqlDB.SetMaxOpenConns(cfg.MaxOpenConns)
	sqlDB.SetMaxIdleConns(cfg.MaxOpenConns)
	sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	return &Store{db: db, sql: sqlDB, log: cfg.Logger}, nil
}

// Close closes the pool.
func (s *Store) Close() error { return s.sql.Close() }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.sql.PingContext(ctx); err != nil {
		return s.fail(err)
	}
	return nil
}

// WaitReady pings until the database answers or ctx ends.
func (s *Store) WaitReady(ctx context.Context) error {
	for {
		err := s.Ping(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("store: database not ready: %w", err)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// Migrate applies the embedded migrations. A PostgreSQL advisory lock makes
// concurrent starts of several replicas safe.
func (s *Store) Migrate(ctx context.Context) ([]string, error) {
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectPostgres, s.sql, mustSub(migrations, "migrations"),
		goose.WithSessionLocker(locker))
	if err != nil {
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	results, err := p.Up(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	var applied []string
	for _, r := range results {
		applied = append(applied, r.Source.Path)
	}
	return applied, nil
}

// fail translates a database error into a domain error: not-found stays
// not-found, an unreachable database is "unavailable" (the client may retry),
// anything else is internal.
func (s *Store) fail(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := derrors.As(err); ok {
		return err
	}
	if errors.Is(err, gorm.ErrRecordNotFound) || errors.Is(err, sql.ErrNoRows) {
		return derrors.ErrNotFound
	}
	if isUnavailable(err) {
		return derrors.Wrap(err, derrors.Unavailable, "the database is unavailable; retry shortly")
	}
	return err
}

func isUnavailable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// Class 08: connection exception; 57P0x: shutdown in progress.
		return strings.HasPrefix(pgErr.Code, "08") || strings.HasPrefix(pgErr.Code, "57P")
	}
	var netErr net.Error
	var connErr *pgconn.ConnectError
	return errors.As(err, &connErr) || errors.As(err, &netErr) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, sql.ErrConnDone) || errors.Is(err, context.DeadlineExceeded) ||
		strings.Contains(err.Error(), "conn closed") || strings.Contains(err.Error(), "connection refused")
}

// tx runs fn in a transaction and translates its error.
func (s *Store) tx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return s.fail(s.db.WithContext(ctx).Transaction(fn))
}

// take reads a row of the account, deleted or not (a deleted row is its
// tombstone).
func take[T any](db *gorm.DB, accountID string, id uuid.UUID) (*T, error) {
	return takeOne[T](db.Where("account_id = ? AND id = ?", accountID, id))
}

// takeLive reads a row of the account that is not deleted, through db (a
// transaction with a locking clause locks it).
func takeLive[T any](db *gorm.DB, accountID string, id uuid.UUID) (*T, error) {
	return takeOne[T](db.Where("account_id = ? AND id = ? AND deleted_at IS NULL", accountID, id))
}

// takeByID reads the row with id, for a row that another row of the
// account names (an upload's file).
func takeByID[T any](db *gorm.DB, id uuid.UUID) (*T, error) {
	return takeOne[T](db.Where("id = ?", id))
}

// takeOne reads the one row that query selects.
func takeOne[T any](query *gorm.DB) (*T, error) {
	var row T
	if err := query.Take(&row).Error; err != nil {
		return nil, err
	}
	return &row, nil
}

// audit records a state transition inside tx.
func audit(tx *gorm.DB, accountID, subjectType, subjectID, from, to, reason string) error {
	return auditIn(tx, "", accountID, subjectType, subjectID, from, to, reason)
}

// auditIn records a transition within a scope (a placement), so that the
// scope's trail is read in one query.
func auditIn(tx *gorm.DB, scope, accountID, subjectType, subjectID, from, to, reason string) error {
	ev := &AuditEvent{AccountID: accountID, SubjectType: subjectType, SubjectID: subjectID, FromState: from, ToState: to, Reason: reason}
	if scope != "" {
		ev.ScopeID = &scope
	}
	return tx.Create(ev).Error
}

func mustSub(fsys embed.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err)
	}
	return sub
}
