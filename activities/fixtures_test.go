package activities

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/testsuite"

	"github.com/clearedtostart/compliance/blobstore"
	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/integrations"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pipeline"
	"github.com/clearedtostart/compliance/registry"
	"github.com/clearedtostart/compliance/registrycheck"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/vms"
	"github.com/clearedtostart/compliance/vms/sandbox"
)

// The fixtures the activities' tests share: the activities on the real
// stack (fixture), with a sandbox VMS and the registry lists (syncFixture),
// and what their tests do to the store outside the activities.

// fixture is the activities on the real stack (PostgreSQL, a local blob
// store, the document engine with Tesseract), run in Temporal's activity
// test environment.
type fixture struct {
	acts  *Activities
	st    *store.Store
	blobs *blobstore.Store
	activityRunner
	// pdf is the packet the intakes upload, made on first use, and person
	// its candidate.
	pdf    []byte
	person sampledocs.Person
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	st := testenv.Store(t)
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	blobs, err := blobstore.Open(ctx, blobstore.Config{URL: "file://" + t.TempDir(), PublicBaseURL: "http://127.0.0.1:1", SigningKey: key})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { blobs.Close() })
	o, err := ocr.New(ocr.Config{Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	engine, err := pipeline.New(pipeline.Config{Catalog: catalog.MustLoad(), OCR: o})
	if err != nil {
		t.Fatal(err)
	}
	acts, err := New(Config{Store: st, Blobs: blobs, Engine: engine, Logger: testenv.Logger(t),
		Today: func() time.Time { return sampledocs.DefaultAsOf() }, CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { acts.Close() })
	if _, err := st.EnsureAccount(ctx, "acct-acts", ""); err != nil {
		t.Fatal(err)
	}
	return &fixture{acts: acts, st: st, blobs: blobs, activityRunner: newActivityRunner(t, acts)}
}

// syncFixture is the activities of jobs and placements on the real stack:
// PostgreSQL, a running sandbox VMS read by the real connector through the
// shipped integrations file, and the registry lists in memory.
type syncFixture struct {
	st    *store.Store
	blobs *blobstore.Store
	acts  *Activities
	activityRunner
	vms     *sandbox.Server
	indexes *registrycheck.Indexes
	account string
	// today is the day the activities judge on (Config.Today).
	today time.Time
	// conf is the activities' Config, for variants of them.
	conf Config
	// seq seeds the documents the fixture generates.
	seq uint64
}

// newSyncFixture starts a sandbox VMS, points the shipped sandbox
// integration at it through the environment (as compliance dev does), and
// builds the activities with its connector; adjust changes their Config.
func newSyncFixture(t *testing.T, adjust func(*Config)) *syncFixture {
	t.Helper()
	ctx := context.Background()
	base := newFixture(t)
	srv, err := sandbox.New(sandbox.Config{Logger: testenv.Logger(t)}).Start(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	t.Setenv(integrations.EnvFile, "")
	t.Setenv("VMS_SANDBOX_URL", srv.URL())
	t.Setenv("VMS_SANDBOX_USERNAME", sandbox.DefaultUsername)
	t.Setenv("VMS_SANDBOX_PASSWORD", sandbox.DefaultPassword)
	cfg, err := integrations.LoadDefault(base.acts.engine.Catalog())
	if err != nil {
		t.Fatal(err)
	}
	integ, ok := cfg.Integration("sandbox")
	if !ok {
		t.Fatal("the shipped integrations have no sandbox")
	}
	creds, err := integ.Connector.ResolveCredentials(os.LookupEnv)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := vms.NewSandbox(vms.SandboxConfig{BaseURL: integ.Connector.BaseURL, Username: creds["username"], Password: creds["password"],
		Timeout: integ.Connector.Timeout, Logger: testenv.Logger(t)})
	if err != nil {
		t.Fatal(err)
	}
	f := &syncFixture{st: base.st, blobs: base.blobs, vms: srv,
		account: testenv.Account(t, base.st, "acct", "Sync Test Staffing"), today: sampledocs.DefaultAsOf()}
	importLists(t, f.st)
	if f.indexes, err = registrycheck.NewIndexes(registrycheck.IndexesConfig{Source: f.st, Logger: testenv.Logger(t)}); err != nil {
		t.Fatal(err)
	}
	if err := f.indexes.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	conf := Config{Store: f.st, Blobs: f.blobs, Engine: base.acts.engine, Logger: testenv.Logger(t),
		Today: func() time.Time { return f.today }, CacheDir: t.TempDir(), Indexes: f.indexes, Bucket: "compliance-test",
		Integrations: Integrations{Config: cfg, Connectors: map[string]vms.Connector{"sandbox": conn}}}
	if adjust != nil {
		adjust(&conf)
	}
	f.conf = conf
	f.start(t)
	return f
}

// start builds the activities of f.conf and their test environment.
func (f *syncFixture) start(t *testing.T) {
	t.Helper()
	var err error
	if f.acts, err = New(f.conf); err != nil {
		t.Fatal(err)
	}
	acts := f.acts
	t.Cleanup(func() { acts.Close() })
	f.activityRunner = newActivityRunner(t, acts)
}

// variant is f with activities configured otherwise (same store, VMS and
// account).
func (f *syncFixture) variant(t *testing.T, adjust func(*Config)) *syncFixture {
	t.Helper()
	v := *f
	adjust(&v.conf)
	v.start(t)
	return &v
}

// Listed people of the registry lists the fixture imports: nobody else
// resembles them, so a candidate of sampledocs is on no list.
var (
	leieListed = registry.Record{SourceID: "LEIE-7731", Name: registry.Name{First: "ROSALIND", Middle: "J", Last: "THIBODEAUX"},
		DOBs: []registry.PartialDate{{Year: 1971, Month: 3, Day: 9, Precision: registry.PrecisionDay}}, NPI: "1912345678",
		Addresses: []registry.Address{{City: "LAFAYETTE", State: "LA", Zip: "70501"}},
		Details:   map[string]string{"EXCLTYPE": "1128b4", "EXCLDATE": "20190514"}}
	samListed = registry.Record{SourceID: "S4MR3K9QZ1", Name: registry.Name{First: "DESMOND", Last: "ACHTERBERG"},
		Addresses: []registry.Address{{City: "TOLEDO", State: "OH", Zip: "43604"}}}
	ofacListed = registry.Record{SourceID: "48213", Name: registry.Name{First: "Rustam", Last: "KARIMOV"},
		DOBs: []registry.PartialDate{{Year: 1966, Precision: registry.PrecisionYear}}}
)

// importLists imports a small edition of each bulk list, once per test
// binary (the same SHA-256 again is "unchanged").
func importLists(t *testing.T, st *store.Store) {
	t.Helper()
	day := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for _, l := range []struct {
		code string
		recs []registry.Record
	}{
		{registry.OIGExclusion, []registry.Record{leieListed, {SourceID: "LEIE-0042", Name: registry.Name{First: "WENDELL", Last: "PRZYBYLSKI"},
			DOBs: []registry.PartialDate{{Year: 1958, Month: 11, Day: 2, Precision: registry.PrecisionDay}}}}},
		{registry.SAM, []registry.Record{samListed}},
		{registry.OFAC, []registry.Record{ofacListed}},
	} {
		list := &registry.List{Registry: l.code, Date: day, Rows: len(l.recs), Records: l.recs}
		if _, _, err := st.ImportList(context.Background(), list, store.ImportOptions{Source: "activities test", SHA256: "activities-test-" + l.code}); err != nil {
			t.Fatalf("importing %s: %v", l.code, err)
		}
	}
}

// activityRunner runs activities in Temporal's activity test environment.
type activityRunner struct {
	env *testsuite.TestActivityEnvironment
}

// newActivityRunner registers acts in a new activity test environment.
func newActivityRunner(t *testing.T, acts *Activities) activityRunner {
	t.Helper()
	var suite testsuite.WorkflowTestSuite
	// The activities' own logs go where the service's do: warnings to the
	// test log.
	suite.SetLogger(tlog.NewStructuredLogger(testenv.Logger(t)))
	env := suite.NewTestActivityEnvironment()
	env.SetTestTimeout(2 * time.Minute)
	acts.Register(env)
	return activityRunner{env: env}
}

// run executes an activity and decodes its result into out (when not nil).
func (r activityRunner) run(t *testing.T, out any, fn any, in any) {
	t.Helper()
	v, err := r.env.ExecuteActivity(fn, in)
	if err != nil {
		t.Fatalf("%T: %v", in, err)
	}
	if out != nil {
		if err := v.Get(out); err != nil {
			t.Fatal(err)
		}
	}
}

// admin calls an admin endpoint of the sandbox VMS with a JSON body ("" for
// none) and decodes its answer.
func (f *syncFixture) admin(t *testing.T, method, path, body string, out any) {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), method, f.vms.URL()+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s %s: %s", method, path, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
}

// storeIntake stores an upload of pdf and its PENDING intake of the
// person, as the API does; validate may be nil.
func storeIntake(t *testing.T, st *store.Store, blobs *blobstore.Store, in *store.Intake, person sampledocs.Person, validate *store.ValidateOptions, pdf []byte) {
	t.Helper()
	var err error
	if in.Context, err = store.ToJSON(store.IntakeContext{FirstName: person.FirstName, LastName: person.LastName}); err != nil {
		t.Fatal(err)
	}
	if validate != nil {
		if in.Validate, err = store.ToJSON(validate); err != nil {
			t.Fatal(err)
		}
	}
	testenv.StoreIntake(t, st, blobs, in, pdf)
}

// stored reads an object of the fixture's account again, by id, with
// get (the store's Job, Placement...).
func stored[T any](t *testing.T, f *syncFixture, get func(context.Context, string, uuid.UUID) (T, error), id uuid.UUID) T {
	t.Helper()
	got, err := get(context.Background(), f.account, id)
	if err != nil {
		t.Fatal(err)
	}
	return got
}
