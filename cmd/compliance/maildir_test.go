package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"go.temporal.io/sdk/client"

	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/checklist"
	"github.com/clearedtostart/compliance/clientmail"
	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/integrations"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// logSink keeps a watcher's log records for the test to count.
type logSink struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *logSink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

// count returns how many records have the message and, when given, the
// attribute values.
func (s *logSink) count(t *testing.T, msg string, attrs map[string]string) int {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(s.buf.String()), "\n") {
		var rec map[string]any
		if line == "" {
			continue
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if rec["msg"] != msg {
			continue
		}
		match := true
		for k, v := range attrs {
			if s, _ := rec[k].(string); s != v {
				match = false
			}
		}
		if match {
			n++
		}
	}
	return n
}

func (s *logSink) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// watched is a watcher's world: the real store, blob store, Temporal and
// shipped integrations, a maildir root, an account with jobs.
type watched struct {
	d       *deps
	sink    *logSink
	db      *pgx.Conn
	root    string
	blobDir string
	queue   string
	acc     string
	jobs    map[string]*store.Job
	mail    *clientmail.Receiver
}

func newWatched(t *testing.T, tc client.Client) *watched {
	t.Helper()
	ctx := context.Background()
	env := testenv.Get(t)
	w := &watched{sink: &logSink{}, root: t.TempDir(), blobDir: t.TempDir(), queue: "maildir-test-" + randomHex(4), jobs: map[string]*store.Job{}}
	cat, err := catalog.Load()
	if err != nil {
		t.Fatal(err)
	}
	integ, err := integrations.LoadDefault(cat)
	if err != nil {
		t.Fatal(err)
	}
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	blobs, err := blobstore.Open(ctx, blobstore.Config{URL: "file://" + w.blobDir, PublicBaseURL: "http://127.0.0.1:8080", SigningKey: key})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { blobs.Close() })
	if tc == nil {
		if tc, err = client.Dial(client.Options{HostPort: env.TemporalAddress, Namespace: env.TemporalNamespace, Logger: quietTemporal{}}); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(tc.Close)
	}
	log := slog.New(slog.NewJSONHandler(w.sink, &slog.HandlerOptions{Level: slog.LevelDebug}))
	w.d = &deps{log: log, st: testenv.Store(t), blobs: blobs, tc: tc, cat: cat, integrations: integ}
	if w.mail, err = w.d.mailReceiver(log); err != nil {
		t.Fatal(err)
	}
	w.db = testenv.Conn(t)
	w.acc = testenv.Account(t, w.d.st, "maildir", "")
	for _, ref := range []string{"SLH-40217", "ICU-2231"} {
		j, _, _, err := w.d.st.UpsertJob(ctx, store.JobInput{AccountID: w.acc, VMSType: "sandbox", VMSJobRefID: ref})
		if err != nil {
			t.Fatal(err)
		}
		w.jobs[ref] = j
	}
	t.Cleanup(func() { w.dumpLogOnFailure(t) })
	return w
}

func (w *watched) dumpLogOnFailure(t *testing.T) {
	if t.Failed() {
		t.Logf("watcher log:\n%s", w.sink.String())
	}
}

func (w *watched) cfg() config.Config {
	return config.Config{Maildir: w.root, TaskQueue: w.queue}
}

// box is an account's maildir as a mail server sets it up.
func (w *watched) box(t *testing.T, account string) checklist.Maildir {
	t.Helper()
	box := checklist.Maildir{Dir: filepath.Join(w.root, account)}
	for _, sub := range []string{"tmp", "new", "cur"} {
		if err := os.MkdirAll(filepath.Join(box.Dir, sub), 0o750); err != nil {
			t.Fatal(err)
		}
	}
	return box
}

func deliver(t *testing.T, box checklist.Maildir, raw []byte) string {
	t.Helper()
	path, err := box.Deliver(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Base(path)
}

// record returns the account's email of the Message-ID, nil when none.
func (w *watched) record(t *testing.T, account, messageID string) *store.InboundEmail {
	t.Helper()
	var id uuid.UUID
	err := w.db.QueryRow(context.Background(), `SELECT id FROM inbound_emails WHERE account_id = $1 AND message_id = $2`, account, messageID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	e, err := w.d.st.Email(context.Background(), account, id)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func (w *watched) syncAsked(t *testing.T, job *store.Job) time.Time {
	t.Helper()
	j, err := w.d.st.Job(context.Background(), job.AccountID, job.ID)
	if err != nil {
		t.Fatal(err)
	}
	if j.SyncRequestedAt == nil {
		return time.Time{}
	}
	return *j.SyncRequestedAt
}

func (w *watched) holdsEmail(t *testing.T, job *store.Job, messageID string) bool {
	t.Helper()
	srcs, err := w.d.st.JobSources(context.Background(), job.ID)
	if err != nil {
		t.Fatal(err)
	}
	return slices.ContainsFunc(srcs, func(s requirements.Source) bool {
		return s.Kind == requirements.SourceEmail && s.Ref == messageID
	})
}

// start runs the watcher until the returned stop is called; stop fails the
// test unless the watcher returns promptly.
func (w *watched) start(t *testing.T) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		watchMaildir(ctx, w.cfg(), w.d, w.mail)
	}()
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("the watcher did not return within 10s of its context's end")
		}
	}
	t.Cleanup(stop)
	return stop
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func waitFor(t *testing.T, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up after %s waiting for %s", timeout, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// quietTemporal drops the Temporal client's own logging.
type quietTemporal struct{}

func (quietTemporal) Debug(string, ...any) {}
func (quietTemporal) Info(string, ...any)  {}
func (quietTemporal) Warn(string, ...any)  {}
func (quietTemporal) Error(string, ...any) {}

// checklistEmail is an MSP's checklist email naming a job in its subject,
// written with go-message.
func checklistEmail(t *testing.T, messageID, subject string, date time.Time) []byte {
	t.Helper()
	var h mail.Header
	h.SetDate(date)
	h.SetSubject(subject)
	h.SetAddressList("From", []*mail.Address{{Name: "Rachel Kim", Address: "rkim@apexmsp.example"}})
	h.SetAddressList("To", []*mail.Address{{Name: "Staffing Desk", Address: "staffing@clearedtostart.example"}})
	if messageID != "" {
		h.SetMessageID(messageID)
	}
	return plainEmail(t, h, "Hi Jessica,\r\n\r\nBelow is what the facility needs before the start date:\r\n\r\n"+
		"- BLS - AHA only\r\n- TB - QuantiFERON or 2-step PPD within 12 months\r\n- Hep B titer or declination\r\n\r\nThanks,\r\nRachel\r\n")
}

// plainEmail writes a message of header h and a UTF-8 text/plain body,
// with go-message.
func plainEmail(t *testing.T, h mail.Header, body string) []byte {
	t.Helper()
	h.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
	var buf bytes.Buffer
	w, err := mail.CreateSingleInlineWriter(&buf, h)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte(body)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func newMessageID() string { return uuid.NewString() + "@mail.apexmsp.example" }

var sentAt = time.Date(2025, 3, 10, 15, 41, 58, 0, time.UTC)

func TestWatchMaildir(t *testing.T) {
	ctx := context.Background()
	w := newWatched(t, nil)
	box := w.box(t, w.acc)
	slh := w.jobs["SLH-40217"]
	askedBefore := w.syncAsked(t, slh)

	// Waiting before the watcher starts: a checklist naming a job, a
	// second copy of it (same Message-ID, relayed again), a message naming
	// no job, a file that is no message, and a mail server's dot file.
	goodID := newMessageID()
	good := checklistEmail(t, goodID, "St. Luke's - Job #SLH-40217 - onboarding requirements", sentAt)
	goodFile := deliver(t, box, good)
	relayed := append([]byte("Received: from relay.apexmsp.example by mx.clearedtostart.example; Mon, 10 Mar 2025 16:02:11 +0000\r\n"), good...)
	copyFile := deliver(t, box, relayed)
	unmatchedID := newMessageID()
	unmatchedFile := deliver(t, box, checklistEmail(t, unmatchedID, "Onboarding requirements", sentAt))
	brokenFile := deliver(t, box, []byte("not a message at all\r\n"))
	if err := os.WriteFile(filepath.Join(box.Dir, "new", ".nfs000123"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}

	stop := w.start(t)
	waitFor(t, "new/ to hold only the dot file", 20*time.Second, func() bool {
		return slices.Equal(names(t, filepath.Join(box.Dir, "new")), []string{".nfs000123"})
	})

	// Received messages are in cur/, marked seen; the broken one in
	// failed/ with its reason.
	wantCur := []string{goodFile + ":2,S", copyFile + ":2,S", unmatchedFile + ":2,S"}
	slices.Sort(wantCur)
	if got := names(t, filepath.Join(box.Dir, "cur")); !slices.Equal(got, wantCur) {
		t.Errorf("cur/ holds %q, want %q", got, wantCur)
	}
	if got := names(t, filepath.Join(box.Dir, "failed")); !slices.Equal(got, []string{brokenFile, brokenFile + ".reason"}) {
		t.Errorf("failed/ holds %q", got)
	}
	reason, err := box.Reason(filepath.Join(box.Dir, "failed", brokenFile))
	if want := "the message cannot be read: the header cannot be read (malformed MIME header line: not a message at all)"; err != nil || reason != want {
		t.Errorf("reason %q, %v; want %q", reason, err, want)
	}

	// The checklist is the job's email source, once; the job's sync asked.
	e := w.record(t, w.acc, goodID)
	if e == nil || e.Status != store.EmailAttached || e.JobID == nil || *e.JobID != slh.ID {
		t.Fatalf("record of the checklist = %+v", e)
	}
	// Kept as received: whichever copy was read first.
	if kept, err := w.d.blobs.Get(ctx, e.RawKey); err != nil || !bytes.Equal(kept, good) && !bytes.Equal(kept, relayed) {
		t.Errorf("kept message under %s: %d bytes, %v", e.RawKey, len(kept), err)
	}
	if !w.holdsEmail(t, slh, goodID) {
		t.Error("the job does not hold the email's checklist")
	}
	if !w.syncAsked(t, slh).After(askedBefore) {
		t.Error("the job's sync was not asked for")
	}
	if u := w.record(t, w.acc, unmatchedID); u == nil || u.Status != store.EmailUnmatched ||
		u.Reason != "it names no job of this account (job references read: none)" {
		t.Errorf("record of the message naming no job = %+v", u)
	}
	if n := testenv.AccountRows(t, w.db, "inbound_emails", w.acc); n != 2 {
		t.Errorf("%d records, want 2 (the copy is the first's duplicate, the broken file none)", n)
	}

	// The job's sync was started on Temporal as well (the resumer starts
	// it when that fails).
	desc, err := w.d.tc.DescribeWorkflowExecution(ctx, workflows.JobSyncWorkflowID(slh.ID.String()), "")
	if err != nil {
		t.Fatalf("the job's sync workflow: %v", err)
	}
	if tq := desc.GetExecutionConfig().GetTaskQueue().GetName(); tq != w.queue {
		t.Errorf("job sync on task queue %q, want %q", tq, w.queue)
	}
	t.Cleanup(func() {
		_ = w.d.tc.TerminateWorkflow(context.Background(), workflows.JobSyncWorkflowID(slh.ID.String()), "", "test over")
	})

	// A message delivered while the watcher runs is picked up on its next
	// round; it names its job by the sandbox integration's portal link.
	icu := w.jobs["ICU-2231"]
	lateID := newMessageID()
	var h mail.Header
	h.SetDate(sentAt)
	h.SetSubject("New requisition posted")
	h.SetAddressList("From", []*mail.Address{{Name: "Sandbox VMS", Address: "no-reply@vms.sandbox.example"}})
	h.SetMessageID(lateID)
	late := plainEmail(t, h, "View it: https://vms.sandbox.example/portal/jobs/ICU-2231\r\n\r\nRequirements:\r\n- BLS - AHA\r\n- ACLS - AHA\r\n")
	lateFile := deliver(t, box, late)
	waitFor(t, "the message delivered while watching to reach cur/", 15*time.Second, func() bool {
		return slices.Contains(names(t, filepath.Join(box.Dir, "cur")), lateFile+":2,S")
	})
	if e := w.record(t, w.acc, lateID); e == nil || e.Status != store.EmailAttached || e.JobID == nil || *e.JobID != icu.ID {
		t.Errorf("record of the message delivered while watching = %+v", e)
	}
	t.Cleanup(func() {
		_ = w.d.tc.TerminateWorkflow(context.Background(), workflows.JobSyncWorkflowID(icu.ID.String()), "", "test over")
	})

	// Several rounds later nothing was read twice: the broken file was
	// refused once, each message received once.
	stop()
	if n := w.sink.count(t, "message refused", map[string]string{"file": brokenFile}); n != 1 {
		t.Errorf("the broken file was refused %d times, want once", n)
	}
	if n := w.sink.count(t, "client email received", nil); n != 4 {
		t.Errorf("%d receives logged, want 4 (two messages, the copy, the late one)", n)
	}
}

// TestWatchMaildirAccounts: a folder naming no account is left alone (its
// messages wait in new/, nothing is kept or recorded for it, it is not
// tried again and again) until the account exists; a maildir made by hand
// with only new/ works; what is no folder is ignored.
func TestWatchMaildirAccounts(t *testing.T) {
	ctx := context.Background()
	w := newWatched(t, nil)
	ghost := "ghost-" + randomHex(4)
	ghostBox := w.box(t, ghost)
	ghostID := newMessageID()
	ghostFile := deliver(t, ghostBox, checklistEmail(t, ghostID, "Job #SLH-40217 - onboarding requirements", sentAt))

	// A developer's drop folder: only new/, as `compliance dev` suggests.
	hand := testenv.Account(t, w.d.st, "byhand", "")
	if err := os.MkdirAll(filepath.Join(w.root, hand, "new"), 0o750); err != nil {
		t.Fatal(err)
	}
	handID := newMessageID()
	handFile := "1741621318.M1P1.devbox"
	if err := os.WriteFile(filepath.Join(w.root, hand, "new", handFile), checklistEmail(t, handID, "Onboarding requirements", sentAt), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.root, "README.txt"), []byte("one folder per account\n"), 0o640); err != nil {
		t.Fatal(err)
	}

	stop := w.start(t)
	waitFor(t, "the hand-made maildir's message to reach cur/", 20*time.Second, func() bool {
		return slices.Equal(names(t, filepath.Join(w.root, hand, "cur")), []string{handFile + ":2,S"})
	})
	if e := w.record(t, hand, handID); e == nil || e.Status != store.EmailUnmatched {
		t.Errorf("record of the hand-delivered message = %+v", e)
	}
	// Two more rounds.
	time.Sleep(11 * time.Second)
	if got := names(t, filepath.Join(ghostBox.Dir, "new")); !slices.Equal(got, []string{ghostFile}) {
		t.Errorf("the unknown account's new/ holds %q, want its message waiting", got)
	}
	if got := names(t, filepath.Join(ghostBox.Dir, "cur")); len(got) != 0 {
		t.Errorf("the unknown account's cur/ holds %q", got)
	}
	if got := names(t, filepath.Join(ghostBox.Dir, "failed")); len(got) != 0 {
		t.Errorf("the unknown account's failed/ holds %q", got)
	}
	if got := names(t, filepath.Join(w.blobDir, "inbound-email", ghost)); len(got) != 0 {
		t.Errorf("kept for the unknown account: %q", got)
	}
	if n := w.sink.count(t, "a maildir folder names no account; its messages wait until the account exists", map[string]string{"account": ghost}); n != 1 {
		t.Errorf("the unknown account was reported %d times, want once", n)
	}
	if n := w.sink.count(t, "receiving a message failed; it stays for the next round", nil); n != 0 {
		t.Errorf("%d receives failed, want none", n)
	}
	if n := w.sink.count(t, "moving a received message failed", nil); n != 0 {
		t.Errorf("%d moves failed, want none", n)
	}
	stop()

	// Once the account exists its waiting message is received.
	if _, err := w.d.st.EnsureAccount(ctx, ghost, ""); err != nil {
		t.Fatal(err)
	}
	w.start(t)
	waitFor(t, "the account's waiting message to reach cur/", 20*time.Second, func() bool {
		return slices.Equal(names(t, filepath.Join(ghostBox.Dir, "cur")), []string{ghostFile + ":2,S"})
	})
	if e := w.record(t, ghost, ghostID); e == nil || e.Status != store.EmailUnmatched {
		t.Errorf("record of the waiting message = %+v", e)
	}
}

// TestReceiveFileOversize: a file past the receiver's limit is refused
// (failed/, with the reason the endpoint's 413 gives) after reading no
// more than the limit: a huge file in new/ does not exhaust the worker.
func TestReceiveFileOversize(t *testing.T) {
	w := newWatched(t, nil)
	box := w.box(t, w.acc)
	small, err := clientmail.New(clientmail.Config{Store: w.d.st, Blobs: w.d.blobs, MaxBytes: 4 << 10, Logger: w.d.log})
	if err != nil {
		t.Fatal(err)
	}
	// 256 MiB that take no disk: a sparse file after a real header.
	path := filepath.Join(box.Dir, "new", "1741621318.M1P1.huge")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(checklistEmail(t, newMessageID(), "Job #SLH-40217", sentAt)); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(256 << 20); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	receiveFile(context.Background(), w.d, small, box, w.acc, path, w.queue)
	runtime.ReadMemStats(&after)
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 32<<20 {
		t.Errorf("receiving the file allocated %d MiB", grown>>20)
	}
	reason, err := box.Reason(filepath.Join(box.Dir, "failed", "1741621318.M1P1.huge"))
	if want := "the message is larger than the limit of 4 KiB"; err != nil || reason != want {
		t.Errorf("reason %q, %v; want %q", reason, err, want)
	}
	if n := testenv.AccountRows(t, w.db, "inbound_emails", w.acc); n != 0 {
		t.Errorf("%d records", n)
	}
}

// TestWatchMaildirTemporalDown: with Temporal unreachable the message is
// still received and moved, and the job's sync is asked for in the store,
// where the API's resumer finds it and starts the sync.
func TestWatchMaildirTemporalDown(t *testing.T) {
	ctx := context.Background()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	tc, err := client.NewLazyClient(client.Options{HostPort: addr, Namespace: "compliance", Logger: quietTemporal{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tc.Close)
	w := newWatched(t, tc)
	box := w.box(t, w.acc)
	slh := w.jobs["SLH-40217"]
	// The job's earlier sync ran: no ask is waiting for the resumer.
	if err := w.d.st.BeginJobSync(ctx, w.acc, slh.ID, time.Now().UTC()); err != nil {
		t.Fatal(err)
	}
	waiting := func() bool {
		stalled, err := w.d.st.UnstartedSyncs(ctx, time.Now().Add(time.Minute), 1000)
		if err != nil {
			t.Fatal(err)
		}
		return slices.ContainsFunc(stalled, func(s store.StalledSync) bool { return s.Kind == store.KindJobSync && s.ID == slh.ID })
	}
	if waiting() {
		t.Fatal("the job's sync waits for the resumer before any email")
	}
	id := newMessageID()
	file := deliver(t, box, checklistEmail(t, id, "Job #SLH-40217 - onboarding requirements", sentAt))
	w.start(t)
	waitFor(t, "the message to reach cur/", 40*time.Second, func() bool {
		return slices.Equal(names(t, filepath.Join(box.Dir, "cur")), []string{file + ":2,S"})
	})
	if e := w.record(t, w.acc, id); e == nil || e.Status != store.EmailAttached || !w.holdsEmail(t, slh, id) {
		t.Errorf("record %+v; the job holds the email: %v", e, w.holdsEmail(t, slh, id))
	}
	if !waiting() {
		t.Error("the job's sync is not waiting for the resumer")
	}
	if n := w.sink.count(t, "starting the job's sync failed; the resumer starts it", map[string]string{"job_id": slh.ID.String()}); n != 1 {
		t.Errorf("the failed start was logged %d times, want once", n)
	}
}
