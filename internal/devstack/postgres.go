// Package devstack starts the service's real dependencies on one machine:
// a PostgreSQL cluster in a folder of the project's and the Temporal dev
// server built from the pinned CLI. `compliance dev` (make run) and the test
// harness (make test) both use it, so tests run against what developers run.
package devstack

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// PostgresConfig configures StartPostgres.
type PostgresConfig struct {
	// Dir is the cluster's data directory, created with initdb on first use.
	Dir string
	// Port to listen on; when 0, PreferredPort if free, else a free port.
	Port          int
	PreferredPort int
	// Database is created when missing (default "compliance").
	Database string
	// Durable keeps fsync on. Test clusters turn it off: they survive a
	// process kill either way, and run much faster.
	Durable bool
	// Foreground runs the server as a child of this process (not through
	// pg_ctl), killed with it even on a crash: for throwaway test clusters.
	Foreground bool
	Logger     *slog.Logger
}

// Postgres is a running local cluster.
type Postgres struct {
	URL  string
	Port int
	cfg  PostgresConfig
	bin  string
	log  *slog.Logger
	user string
	pass string
	// child is the server process in Foreground mode.
	child *exec.Cmd
	done  chan struct{}
}

const pgUser = "compliance"

// ErrNoPostgres is returned when no PostgreSQL server binaries are found.
var ErrNoPostgres = errors.New(`PostgreSQL server binaries (initdb, pg_ctl) were not found.
Install them, e.g. on Debian/Ubuntu: sudo apt-get install -y postgresql-15
(or any PostgreSQL >= 15), or point DATABASE_URL at an existing server`)

// FindPostgresBin returns the directory of the newest PostgreSQL (>= 15)
// server binaries.
func FindPostgresBin() (string, error) {
	if dir := os.Getenv("PG_BIN"); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "pg_ctl")); err == nil {
			return dir, nil
		}
	}
	var candidates []string
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	candidates = append(candidates, matches...)
	matches, _ = filepath.Glob("/usr/pgsql-*/bin")
	candidates = append(candidates, matches...)
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		candidates = append(candidates, filepath.Dir(p))
	}
	type found struct {
		dir string
		ver int
	}
	var ok []found
	for _, dir := range candidates {
		if _, err := os.Stat(filepath.Join(dir, "initdb")); err != nil {
			continue
		}
		out, err := exec.Command(filepath.Join(dir, "pg_ctl"), "--version").Output()
		if err != nil {
			continue
		}
		fields := strings.Fields(string(out))
		if len(fields) == 0 {
			continue
		}
		major, _ := strconv.Atoi(strings.SplitN(fields[len(fields)-1], ".", 2)[0])
		if major >= 15 {
			ok = append(ok, found{dir, major})
		}
	}
	if len(ok) == 0 {
		return "", ErrNoPostgres
	}
	sort.Slice(ok, func(i, j int) bool { return ok[i].ver > ok[j].ver })
	return ok[0].dir, nil
}

// StartPostgres initialises the cluster if needed, starts it with pg_ctl and
// creates the database. When run as root, the server runs as the `postgres`
// user, as PostgreSQL refuses to run as root.
func StartPostgres(ctx context.Context, cfg PostgresConfig) (*Postgres, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Database == "" {
		cfg.Database = "compliance"
	}
	bin, err := FindPostgresBin()
	if err != nil {
		return nil, err
	}
	p := &Postgres{cfg: cfg, bin: bin, log: cfg.Logger}
	if os.Geteuid() == 0 {
		if _, err := user.Lookup("postgres"); err != nil {
			return nil, errors.New("running as root needs a `postgres` system user to run PostgreSQL (it is created by Debian's postgresql packages)")
		}
		p.user = "postgres"
	}
	dir, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil, err
	}
	p.cfg.Dir = dir
	if err := p.prepareDir(); err != nil {
		return nil, err
	}
	if p.pass, err = p.password(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, "PG_VERSION")); err != nil {
		if err := p.initdb(ctx); err != nil {
			return nil, err
		}
	}
	// A cluster left running by a killed session: stop it, then start with
	// this run's settings.
	if _, err := os.Stat(filepath.Join(dir, "postmaster.pid")); err == nil {
		_ = p.pgctl(ctx, "stop", "-D", dir, "-m", "fast", "-w", "-t", "30")
	}
	port := cfg.Port
	if port == 0 {
		port = cfg.PreferredPort
		if port == 0 || !portFree(port) {
			if port, err = FreePort(); err != nil {
				return nil, err
			}
		}
	}
	p.Port = port
	// A port picked free can be taken before the server binds it (servers of
	// other test packages start at the same time): on its own port's loss the
	// server exits at once, and a fresh port is tried.
	for attempt := 1; ; attempt++ {
		err = p.start(ctx)
		if err == nil {
			break
		}
		if cfg.Port != 0 || !errors.Is(err, errExitedEarly) || attempt == startAttempts {
			return nil, err
		}
		p.log.Warn("PostgreSQL exited while starting; trying another port", "port", p.Port, "err", err)
		if p.Port, err = FreePort(); err != nil {
			return nil, err
		}
	}
	port = p.Port
	p.URL = (&url.URL{
		Scheme: "postgres", User: url.UserPassword(pgUser, p.pass),
		Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), Path: "/" + cfg.Database,
		RawQuery: "sslmode=disable",
	}).String()
	if err := p.createDatabase(ctx, cfg.Database); err != nil {
		_ = p.Stop(context.Background())
		return nil, err
	}
	return p, nil
}

// start runs pg_ctl start on the configured port and waits until it accepts
// connections.
func (p *Postgres) start(ctx context.Context) error {
	opts := []string{
		"-c listen_addresses=127.0.0.1",
		"-c port=" + strconv.Itoa(p.Port),
		// No Unix socket: its path may exceed the 107-byte limit in deep
		// project folders, and all clients use TCP.
		"-c unix_socket_directories=''",
		"-c max_connections=200",
		"-c shared_buffers=64MB",
	}
	if !p.cfg.Durable {
		opts = append(opts, "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off")
	}
	logFile := filepath.Join(filepath.Dir(p.cfg.Dir), filepath.Base(p.cfg.Dir)+".log")
	if err := p.touchOwned(logFile); err != nil {
		return err
	}
	p.log.Info("starting PostgreSQL", "dir", p.cfg.Dir, "port", p.Port, "log", logFile)
	if p.cfg.Foreground {
		return p.startChild(ctx, opts, logFile)
	}
	if err := p.pgctl(ctx, "start", "-D", p.cfg.Dir, "-l", logFile, "-w", "-t", "60", "-o", strings.Join(opts, " ")); err != nil {
		return fmt.Errorf("devstack: PostgreSQL did not start (see %s): %w", logFile, err)
	}
	return nil
}

// Stop shuts the cluster down (fast mode: sessions are ended, data kept).
func (p *Postgres) Stop(ctx context.Context) error {
	if p.child != nil {
		return p.signalChild(syscall.SIGINT)
	}
	return p.pgctl(ctx, "stop", "-D", p.cfg.Dir, "-m", "fast", "-w", "-t", "60")
}

// Kill stops the cluster the way a crash would (immediate mode: no
// checkpoint, recovery on next start).
func (p *Postgres) Kill(ctx context.Context) error {
	if p.child != nil {
		return p.signalChild(syscall.SIGQUIT)
	}
	return p.pgctl(ctx, "stop", "-D", p.cfg.Dir, "-m", "immediate", "-w", "-t", "60")
}

// startChild runs the server directly as a child process, as the postgres
// user when root (the kernel kills it when this process dies).
func (p *Postgres) startChild(ctx context.Context, opts []string, logFile string) error {
	args := []string{"-D", p.cfg.Dir}
	for _, o := range opts {
		args = append(args, strings.Fields(strings.ReplaceAll(o, "''", ""))...)
	}
	cmd := exec.Command(filepath.Join(p.bin, "postgres"), args...)
	cmd.Dir = "/"
	f, err := os.OpenFile(logFile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o640)
	if err != nil {
		return err
	}
	defer f.Close()
	cmd.Stdout, cmd.Stderr = f, f
	attr := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if p.user != "" {
		uid, gid, err := userIDs(p.user)
		if err != nil {
			return err
		}
		attr.Credential = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	}
	cmd.SysProcAttr = attr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("devstack: start postgres: %w", err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	p.child, p.done = cmd, done
	admin := (&url.URL{
		Scheme: "postgres", User: url.UserPassword(pgUser, p.pass),
		Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(p.Port)), Path: "/postgres", RawQuery: "sslmode=disable",
	}).String()
	err = waitUntil(ctx, 60*time.Second, func(ctx context.Context) error {
		select {
		case <-done:
			return fmt.Errorf("devstack: PostgreSQL: %w", errExitedEarly)
		default:
		}
		conn, err := pgx.Connect(ctx, admin)
		if err != nil {
			return err
		}
		return conn.Close(ctx)
	})
	if err != nil {
		_ = p.signalChild(syscall.SIGKILL)
		return fmt.Errorf("devstack: PostgreSQL did not start (see %s): %w\n%s", logFile, err, tailFile(logFile, 10))
	}
	return nil
}

func (p *Postgres) signalChild(sig syscall.Signal) error {
	if p.child == nil || p.child.Process == nil {
		return nil
	}
	_ = p.child.Process.Signal(sig)
	select {
	case <-p.done:
	case <-time.After(60 * time.Second):
		_ = p.child.Process.Kill()
		<-p.done
	}
	p.child = nil
	return nil
}

// Restart starts a stopped cluster again on the same port.
func (p *Postgres) Restart(ctx context.Context) error { return p.start(ctx) }

func (p *Postgres) prepareDir() error {
	parent := filepath.Dir(p.cfg.Dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	if err := os.MkdirAll(p.cfg.Dir, 0o700); err != nil {
		return err
	}
	if p.user == "" {
		return nil
	}
	uid, gid, err := userIDs(p.user)
	if err != nil {
		return err
	}
	if err := os.Chown(p.cfg.Dir, uid, gid); err != nil {
		return err
	}
	// The postgres user must be able to reach the folder. Grant search
	// (x, not read) on ancestors that lack it, e.g. a checkout under a 0700
	// mktemp folder.
	for d := parent; ; d = filepath.Dir(d) {
		st, err := os.Stat(d)
		if err != nil {
			return err
		}
		if st.Mode().Perm()&0o001 == 0 {
			if err := os.Chmod(d, st.Mode().Perm()|0o001); err != nil {
				return fmt.Errorf("devstack: the postgres user cannot reach %s: %w", p.cfg.Dir, err)
			}
			p.log.Info("granted others search permission so the postgres user can reach the data folder", "dir", d)
		}
		if d == "/" || d == filepath.Dir(d) {
			break
		}
	}
	return nil
}

func (p *Postgres) touchOwned(path string) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o640)
	if err != nil {
		return err
	}
	_ = f.Close()
	if p.user == "" {
		return nil
	}
	uid, gid, err := userIDs(p.user)
	if err != nil {
		return err
	}
	return os.Chown(path, uid, gid)
}

// userIDs returns a system user's uid and gid.
func userIDs(name string) (int, int, error) {
	u, err := user.Lookup(name)
	if err != nil {
		return 0, 0, err
	}
	uid, err := strconv.Atoi(u.Uid)
	if err != nil {
		return 0, 0, err
	}
	gid, err := strconv.Atoi(u.Gid)
	return uid, gid, err
}

// password returns the cluster's superuser password, kept beside the data
// directory (readable by the invoking user only).
func (p *Postgres) password() (string, error) {
	path := p.cfg.Dir + ".password"
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) > 0 {
		return strings.TrimSpace(string(b)), nil
	}
	var raw [24]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", err
	}
	pw := hex.EncodeToString(raw[:])
	if err := os.WriteFile(path, []byte(pw+"\n"), 0o600); err != nil {
		return "", err
	}
	return pw, nil
}

func (p *Postgres) initdb(ctx context.Context) error {
	pwFile := filepath.Join(p.cfg.Dir, "..", "."+filepath.Base(p.cfg.Dir)+".pwfile")
	if err := os.WriteFile(pwFile, []byte(p.pass+"\n"), 0o600); err != nil {
		return err
	}
	defer os.Remove(pwFile)
	if err := p.touchOwned(pwFile); err != nil {
		return err
	}
	p.log.Info("creating PostgreSQL cluster (initdb)", "dir", p.cfg.Dir)
	out, err := p.run(ctx, "initdb", "-D", p.cfg.Dir, "-U", pgUser, "--pwfile="+pwFile,
		"--auth=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-instructions")
	if err != nil {
		return fmt.Errorf("devstack: initdb failed: %w\n%s", err, out)
	}
	return nil
}

func (p *Postgres) pgctl(ctx context.Context, args ...string) error {
	out, err := p.run(ctx, "pg_ctl", args...)
	if err != nil {
		return fmt.Errorf("pg_ctl %s: %w: %s", args[0], err, strings.TrimSpace(out))
	}
	return nil
}

// run executes a PostgreSQL binary, as the postgres user when root, in its
// own process group so that Ctrl-C reaches only `compliance`, which then
// stops everything in order.
func (p *Postgres) run(ctx context.Context, name string, args ...string) (string, error) {
	path := filepath.Join(p.bin, name)
	var cmd *exec.Cmd
	if p.user != "" {
		cmd = exec.CommandContext(ctx, "runuser", append([]string{"-u", p.user, "--", path}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, path, args...)
	}
	cmd.Dir = "/"
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (p *Postgres) createDatabase(ctx context.Context, name string) error {
	admin := (&url.URL{
		Scheme: "postgres", User: url.UserPassword(pgUser, p.pass),
		Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(p.Port)), Path: "/postgres", RawQuery: "sslmode=disable",
	}).String()
	return CreateDatabase(ctx, admin, name)
}

// CreateDatabase creates a database through an admin connection URL unless
// it exists.
func CreateDatabase(ctx context.Context, adminURL, name string) error {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return fmt.Errorf("devstack: connect: %w", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return fmt.Errorf("devstack: %w", err)
	}
	if exists {
		return nil
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return fmt.Errorf("devstack: create database %s: %w", name, err)
	}
	return nil
}

// FreePort returns a TCP port on 127.0.0.1 that is free right now.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func portFree(port int) bool {
	l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return false
	}
	_ = l.Close()
	return true
}

// tailFile returns the last n lines of a file, for error messages.
func tailFile(path string, n int) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if len(lines) > n {
			lines = lines[1:]
		}
	}
	return strings.Join(lines, "\n")
}

// startAttempts bounds the starts of a server that exits while starting.
// The Temporal dev server picks its metrics and internal service ports
// between checking them free and binding them, and a port we pick for a
// server is free only when we look: a server started beside others (tests
// of several packages at once) can lose a port to one of them and exit; on
// fresh ports a second start succeeds.
const startAttempts = 3

// errExitedEarly is a server's exit while it was being waited for: no
// later check can succeed, so the wait ends at once.
var errExitedEarly = errors.New("the server exited while starting")

// waitUntil polls check until it succeeds, returns errExitedEarly, or the
// deadline passes.
func waitUntil(ctx context.Context, d time.Duration, check func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var last error
	for {
		if last = check(ctx); last == nil {
			return nil
		}
		if errors.Is(last, errExitedEarly) {
			return last
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (last error: %v)", ctx.Err(), last)
		case <-time.After(200 * time.Millisecond):
		}
	}
}
