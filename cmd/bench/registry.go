package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"golang.org/x/sync/errgroup"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/clearedtostart/compliance/internal/benchdoc"
	"github.com/clearedtostart/compliance/internal/registrysamples"
	"github.com/clearedtostart/compliance/registry"
)

// registryOptions size the registry section.
type registryOptions struct {
	latencyRuns  int
	callers      int
	loadFor      time.Duration
	drainTimeout time.Duration
	importRate   int
}

// bulkCodes are the registries searched in memory, in the order a check
// names them.
func bulkCodes() []string { return []string{registry.OIGExclusion, registry.SAM, registry.OFAC} }

const (
	// loadBlocks is how many blocks of the mix the load holds (50,000
	// checks: more than the latency and throughput runs send here, so no
	// candidate is asked about twice).
	loadBlocks  = 50
	loadSeed    = 42
	checkWarmup = 200
	// backlogSettle is how long the section waits, beyond the drain it
	// reports, for a backlog of certificates to be rendered before it
	// measures anything else.
	backlogSettle = 20 * time.Minute
	// certSample is how many checks of the load are followed until their
	// certificates are rendered.
	certSample = 300
	// importBaseline is how long the import load runs before the import.
	importBaseline = 5 * time.Second
)

// registryFigures are the registry section's measurements.
type registryFigures struct {
	// loadStart is the load average as the section starts, loadBefore as
	// the latency run starts, loadAfter as the section ends.
	loadStart, loadBefore, loadAfter string
	files                            registrysamples.Files
	generate                         time.Duration
	imports                          []importRun
	searchableAfter                  time.Duration
	mix                              loadMix
	loadChecks, worstChecks          int
	listedCases                      int
	density                          [bands]bandDensity
	engine, engineWorst              engineStats
	serviceRSS                       int64

	// The worst case: very common names only, with the certificate
	// backlog it leaves.
	worstLatency, worstMany runStats
	cpuWorst                map[string]time.Duration
	worstPosted             int
	worstDrain              drainStats
	// loadWorst is the load average as the worst case starts.
	loadWorst string
	// importIDs are the search ids of the checks sent during the import.
	importIDs *idLog

	// CPU time by part during the latency run, the many-caller run and
	// the import under load.
	cpuLatency, cpuMany, cpuImport map[string]time.Duration

	// The same runs against `compliance serve` whose workflows no worker
	// takes: the answer's own cost, without certificates rendered beside it.
	aloneLatency, aloneMany       runStats
	cpuAloneLatency, cpuAloneMany map[string]time.Duration
	aloneStarts                   starts
	aloneLogProblems              map[string]int

	latency      runStats
	one, many    runStats
	posted       int
	startsBefore starts
	startsAfter  starts
	drain        drainStats

	acc accuracy

	next            importRun
	nextServedAfter time.Duration
	nextServed      bool
	baseline        openLoopStats
	during          openLoopStats
	rate            int
	devLogProblems  map[string]int
}

// importRun is one run of `compliance registry import`.
type importRun struct {
	code    string
	took    time.Duration
	cpu     time.Duration
	outcome string
	listID  string
	rows    int
}

// runStats are the figures of one closed-loop run of checks.
type runStats struct {
	callers  int
	wall     time.Duration
	ok, errs int
	lat      stats
	max      time.Duration
	// byKind are the answered checks by kind of candidate.
	byKind map[string]kindRun
}

// kindRun are the answered checks of one kind of candidate in a run.
type kindRun struct {
	n         int
	lat       stats
	max       time.Duration
	meanBytes int64
}

func (r runStats) perSecond() float64 {
	if r.wall <= 0 {
		return 0
	}
	return float64(r.ok) / r.wall.Seconds()
}

// registrySection generates the full-size sample lists, imports them with
// the product's command, and measures checks through the HTTP API: latency
// and throughput with the certificate backlog they leave, accuracy on the
// labelled cases, and a SAM import under load. It writes the registry
// section.
func registrySection(svc *service, work string, o options) error {
	c := svc.client
	var f registryFigures
	f.loadStart = loadAverage()
	dir := filepath.Join(work, "registry")
	log.Printf("registry: generating the full-size sample lists")
	start := time.Now()
	files, err := registrysamples.Generate(dir, registrysamples.Options{})
	if err != nil {
		return err
	}
	f.generate, f.files = time.Since(start), files
	sets := map[string][]string{
		registry.OIGExclusion: {files.LEIE},
		registry.SAM:          {files.SAM},
		registry.OFAC:         {files.SDN, files.Alt, files.Add, files.Comments, files.SDNXML},
	}
	for _, code := range bulkCodes() {
		log.Printf("registry: compliance registry import --registry %s", code)
		run, err := importFiles(svc.env, code, sets[code])
		if err != nil {
			return err
		}
		if run.outcome != "imported" {
			return fmt.Errorf("registry import %s: outcome %q, want imported (the stack's database should be empty)", code, run.outcome)
		}
		f.imports = append(f.imports, run)
	}
	lastImport := time.Now()
	want, err := c.currentLists()
	if err != nil {
		return err
	}
	for i := range f.imports {
		f.imports[i].listID = want[f.imports[i].code]
	}
	if err := c.waitServed(want, 3*time.Minute); err != nil {
		return err
	}
	f.searchableAfter = time.Since(lastImport)
	log.Printf("registry: lists searchable %.1fs after the last import", f.searchableAfter.Seconds())

	f.mix = realisticMix()
	load, err := buildLoad(files.Cases, f.mix, loadBlocks, loadSeed)
	if err != nil {
		return err
	}
	worst, err := worstCase(loadSeed)
	if err != nil {
		return err
	}
	f.loadChecks, f.worstChecks = len(load), len(worst)
	for _, cs := range files.Cases {
		if cs.Listed {
			f.listedCases++
		}
	}
	if f.density, err = surnameDensity(files); err != nil {
		return err
	}
	f.serviceRSS = residentBytes(svc.cmd.Process.Pid)
	log.Printf("registry: registrycheck.Check alone in this process")
	if f.engine, err = engineAlone(sets, bodiesOf(load), o.reg.latencyRuns, 5*time.Second); err != nil {
		return err
	}
	runtime.GC()
	if f.engineWorst, err = engineAlone(sets, bodiesOf(worst), len(worst), 5*time.Second); err != nil {
		return err
	}
	runtime.GC()
	named := map[int]string{svc.cmd.Process.Pid: partService}

	log.Printf("registry: %d warm-up checks, then %d for latency", checkWarmup, o.reg.latencyRuns)
	ids := &idLog{}
	if f.startsBefore, err = c.workflowStarts(); err != nil {
		return err
	}
	// The warm-up asks about the load's last candidates, which the runs
	// do not reach; the latency run starts at a block's start.
	closedLoop(c, 1, checkWarmup, 0, checkPicker(load, len(load)-checkWarmup), nil)
	f.loadBefore = loadAverage()
	pick := checkPicker(load, 0)
	cpu0 := cpuSnapshot(named)
	// One caller's profile: the latency run and the start of the next.
	prof := svc.profile(o.profileDir, "registry-latency.pprof", o.reg.loadFor)
	f.latency = closedLoop(c, 1, o.reg.latencyRuns, 0, pick, ids)
	f.cpuLatency = cpuDelta(cpu0, cpuSnapshot(named))
	log.Printf("registry: throughput, 1 caller for %s", o.reg.loadFor)
	f.one = closedLoop(c, 1, 0, o.reg.loadFor, pick, ids)
	prof()
	log.Printf("registry: throughput, %d callers for %s", o.reg.callers, o.reg.loadFor)
	prof = svc.profile(o.profileDir, "registry-checks.pprof", o.reg.loadFor-time.Second)
	cpu0 = cpuSnapshot(named)
	f.many = closedLoop(c, o.reg.callers, 0, o.reg.loadFor, pick, ids)
	f.cpuMany = cpuDelta(cpu0, cpuSnapshot(named))
	prof()
	if f.startsAfter, err = c.workflowStarts(); err != nil {
		return err
	}
	f.posted = ids.len()
	log.Printf("registry: %d checks posted; waiting up to %s for a sample of their certificates", f.posted, o.reg.drainTimeout)
	f.drain = c.settle(ids.sample(certSample), o.reg.drainTimeout, pollEvery)
	if f.drain.lost {
		b, _ := os.ReadFile(svc.logPath)
		return fmt.Errorf("the service stopped answering while the load's certificates were rendered; its log ends:\n%s", tail(string(b), 10))
	}

	log.Printf("registry: the API alone (compliance serve, no worker on its task queue)")
	if err := apiAlone(svc, work, o, want, load, &f); err != nil {
		return err
	}

	log.Printf("registry: accuracy on %d labelled cases", len(files.Cases))
	if f.acc, err = c.accuracy(files.Cases); err != nil {
		return err
	}

	// The accuracy checks' certificates are rendered before the import's
	// baseline is measured, so it measures the load of the import alone.
	if q := c.drainCertificates(f.acc.lastIDs, o.reg.drainTimeout, pollEvery); !q.drained {
		log.Printf("registry: the accuracy checks' certificates are not all rendered after %s", q.limit)
	}
	log.Printf("registry: SAM import under %d checks/s", o.reg.importRate)
	if err := c.importUnderLoad(svc, work, o, &f); err != nil {
		return err
	}
	log.Printf("registry: worst case, very common names only: %d checks, then %d callers for %s", len(worst), o.reg.callers, o.reg.loadFor)
	// Last, so that its backlog of large certificates slows nothing else;
	// the import load's certificates are rendered first.
	if q := c.drainCertificates(f.importIDs.sample(certSample), o.reg.drainTimeout, pollEvery); !q.drained {
		log.Printf("registry: the import load's certificates are not all rendered after %s", q.limit)
	}
	f.loadWorst = loadAverage()
	worstIDs := &idLog{}
	pick = checkPicker(worst, 0)
	f.worstLatency = closedLoop(c, 1, len(worst), 0, pick, worstIDs)
	prof = svc.profile(o.profileDir, "registry-worst.pprof", o.reg.loadFor-time.Second)
	cpu0 = cpuSnapshot(named)
	f.worstMany = closedLoop(c, o.reg.callers, 0, o.reg.loadFor, pick, worstIDs)
	f.cpuWorst = cpuDelta(cpu0, cpuSnapshot(named))
	prof()
	f.worstPosted = worstIDs.len()
	f.worstDrain = c.drainCertificates(worstIDs.sample(certSample), o.reg.drainTimeout, pollEvery)
	f.devLogProblems = devLogProblems(svc.logPath)
	keepLog(o.profileDir, svc.logPath)
	f.loadAfter = loadAverage()
	return writeRegistry(o.out, f, o)
}

// apiAlone runs the latency and many-caller runs against a second API
// process, `compliance serve`, whose workflows go to a task queue no
// worker polls: checks are answered and stored and their workflows
// started, but no certificate is rendered on this machine meanwhile, as
// when workers run elsewhere. The dev process stays up, its worker idle.
func apiAlone(svc *service, work string, o options, want map[string]string, load []loadCheck, f *registryFigures) error {
	api, err := launch(svc.env, "serve", filepath.Join(work, "serve.log"), false, "TEMPORAL_TASK_QUEUE=bench-no-worker")
	if err != nil {
		return err
	}
	defer api.stop()
	c := api.client
	if err := c.waitServed(want, 2*time.Minute); err != nil {
		return err
	}
	named := map[int]string{svc.cmd.Process.Pid: partService, api.cmd.Process.Pid: partAPI}
	before, err := c.workflowStarts()
	if err != nil {
		return err
	}
	closedLoop(c, 1, checkWarmup, 0, checkPicker(load, len(load)-checkWarmup), nil)
	pick := checkPicker(load, 0)
	cpu0 := cpuSnapshot(named)
	f.aloneLatency = closedLoop(c, 1, o.reg.latencyRuns, 0, pick, nil)
	f.cpuAloneLatency = cpuDelta(cpu0, cpuSnapshot(named))
	cpu0 = cpuSnapshot(named)
	f.aloneMany = closedLoop(c, o.reg.callers, 0, o.reg.loadFor, pick, nil)
	f.cpuAloneMany = cpuDelta(cpu0, cpuSnapshot(named))
	after, err := c.workflowStarts()
	if err != nil {
		return err
	}
	f.aloneStarts = starts{started: after.started - before.started, deferred: after.deferred - before.deferred}
	api.stop()
	f.aloneLogProblems = devLogProblems(api.logPath)
	keepLog(o.profileDir, api.logPath)
	return nil
}

// keepLog copies a service's log next to the profiles, when they are kept.
func keepLog(dir, path string) {
	if dir == "" {
		return
	}
	b, err := os.ReadFile(path)
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, filepath.Base(path)), b, 0o644)
	}
	if err != nil {
		log.Printf("keeping %s: %v", path, err)
	}
}

// importFiles runs `compliance registry import` as an operator does and
// times it.
func importFiles(env []string, code string, files []string) (importRun, error) {
	args := []string{"registry", "import", "--registry", code}
	for _, f := range files {
		args = append(args, "--file", f)
	}
	cmd := exec.Command("bin/compliance", args...)
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	run := importRun{code: code, took: time.Since(start)}
	if cmd.ProcessState != nil {
		run.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if err != nil {
		return run, fmt.Errorf("compliance registry import --registry %s: %v\n%s%s", code, err, stdout.String(), tail(stderr.String(), 10))
	}
	run.outcome, run.rows, err = parseImportLine(code, stdout.String())
	return run, err
}

// parseImportLine reads the outcome and row count from what `compliance
// registry import` prints: "sam: imported (list of 2026-04-23, 149954
// rows, 96000 individuals) in 9.1s".
func parseImportLine(code, out string) (outcome string, rows int, err error) {
	line := strings.TrimSpace(out)
	var date string
	var individuals int
	if _, err := fmt.Sscanf(line, code+": %s (list of %s %d rows, %d individuals)", &outcome, &date, &rows, &individuals); err != nil {
		return "", 0, fmt.Errorf("compliance registry import --registry %s: unexpected output %q: %v", code, line, err)
	}
	return outcome, rows, nil
}

// registryJSON is the part of GET /registries the bench reads.
type registryJSON struct {
	Code       string  `json:"code"`
	Searchable bool    `json:"searchable"`
	ListID     *string `json:"listId"`
	RowCount   *int    `json:"rowCount"`
}

// waitServed waits until GET /registries reports each list searchable with
// the edition imported, and a check answers from that edition (the API
// polls for new editions; searchable alone says some edition is in
// memory).
func (c *client) waitServed(want map[string]string, d time.Duration) error {
	deadline := time.Now().Add(d)
	probe, err := checkJSON(registrysamples.Query{FirstName: "Maria", LastName: "Garcia", DateOfBirth: "1980-01-01", Zip: "10001"}, bulkCodes())
	if err != nil {
		return err
	}
	for time.Now().Before(deadline) {
		if c.registriesReady(want) {
			_, status, body, err := c.post("/registry-check", probe)
			if err == nil && status == http.StatusOK {
				var res []checkResult
				if json.Unmarshal(body, &res) == nil && servedFrom(res, want) {
					return nil
				}
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("the API did not serve the imported lists within %s", d)
}

// currentLists returns the current edition of each bulk list as GET
// /registries reports it.
func (c *client) currentLists() (map[string]string, error) {
	var regs []registryJSON
	if err := c.getJSON("/registries", &regs); err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, r := range regs {
		if r.ListID != nil {
			out[r.Code] = *r.ListID
		}
	}
	return out, nil
}

func (c *client) registriesReady(want map[string]string) bool {
	var regs []registryJSON
	if err := c.getJSON("/registries", &regs); err != nil {
		return false
	}
	ready := 0
	for _, r := range regs {
		if id, ok := want[r.Code]; ok && r.Searchable && r.ListID != nil && *r.ListID == id {
			ready++
		}
	}
	return ready == len(want)
}

// servedFrom reports whether every result in want was searched in the
// edition named there.
func servedFrom(res []checkResult, want map[string]string) bool {
	n := 0
	for _, r := range res {
		if id, ok := want[r.Registry]; ok && r.Metadata.ListID != nil && *r.Metadata.ListID == id {
			n++
		}
	}
	return n == len(want)
}

// checkBody is POST /registry-check's body.
type checkBody struct {
	ExternalID string                `json:"external_id"`
	Context    registrysamples.Query `json:"context"`
	Registries []string              `json:"registries"`
}

// checkJSON encodes a check of a candidate; the external id is derived
// from the candidate, so a candidate checked twice is the same person.
func checkJSON(q registrysamples.Query, registries []string) ([]byte, error) {
	ext := uuid.NewSHA1(uuid.NameSpaceOID, []byte(strings.Join([]string{q.FirstName, q.MiddleName, q.LastName, q.DateOfBirth, q.Zip}, "|")))
	return json.Marshal(checkBody{ExternalID: ext.String(), Context: q, Registries: registries})
}

// checkResult is the part of a registry result the bench reads (the same
// shape in POST /registry-check's answer and GET /registry-check/{id}'s
// results).
type checkResult struct {
	SearchID string `json:"search_id"`
	Registry string `json:"registry"`
	Result   string `json:"result"`
	Metadata struct {
		ListID *string `json:"list_id"`
	} `json:"metadata"`
	Matches     []checkRecord `json:"matches"`
	Filtered    []checkRecord `json:"filteredResults"`
	Attestation struct {
		File struct {
			Ready bool `json:"ready"`
		} `json:"file"`
	} `json:"attestation"`
}

type checkRecord struct {
	SourceID string `json:"sourceId"`
	Why      struct {
		MatchedName string `json:"matchedName"`
		DOB         struct {
			Outcome string `json:"outcome"`
		} `json:"dob"`
	} `json:"why"`
	SetAside []struct {
		Code string `json:"code"`
	} `json:"setAside"`
}

// Very common US given names and surnames (Census and SSA frequency
// tables): candidates who share their names with many listed people.
// Their pairings are the worst case of the load.
func commonNames() (given, surnames []string) {
	given = []string{"Maria", "Jennifer", "Jessica", "Ashley", "Sarah", "Michelle", "Elizabeth", "Lisa", "Patricia",
		"Linda", "Mary", "James", "Michael", "Robert", "John", "David", "Jose", "Juan", "Christopher", "Daniel"}
	surnames = []string{"Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez",
		"Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Nguyen"}
	return given, surnames
}

// commonSurnameCounts are the 2010 Census counts (thousands) of
// commonNames' surnames, in the same order: together about 22 million
// people, 7.5% of the 295 million the census recorded a surname for.
func commonSurnameCounts() []float64 {
	return []float64{2442, 1933, 1626, 1438, 1425, 1166, 1161, 1116, 1095, 1060, 1044, 874, 841, 802, 784, 756, 751, 724, 708, 438}
}

// otherGivenNames are ordinary given names outside commonNames, about nine
// in ten of them women's, as about nine in ten nurses are women.
func otherGivenNames() []string {
	return []string{"Amanda", "Melissa", "Nicole", "Stephanie", "Heather", "Amy", "Kimberly", "Angela", "Rebecca", "Emily",
		"Megan", "Rachel", "Lauren", "Brittany", "Samantha", "Katherine", "Kayla", "Courtney", "Danielle", "Crystal",
		"Tiffany", "Erica", "Kelly", "Laura", "Christina", "Kristen", "Andrea", "Vanessa", "Tara", "Heidi", "Holly",
		"Natalie", "Alicia", "Monica", "Veronica", "Julie", "Karen", "Susan", "Tracy", "Denise", "Tamika", "Latoya",
		"Jasmine", "Marisol", "Guadalupe", "Rosa", "Leticia", "Maricel", "Jocelyn", "Priya", "Chioma", "Grace", "Anna",
		"Olivia", "Matthew", "Joshua", "Andrew", "Ryan", "Brandon", "Kevin", "Marcus"}
}

// moreCommonSurnames are surnames among the 240 most common in the 2010
// Census after the 20 of commonNames (Martin, 20th, is here; Nguyen, 38th,
// is among the very common).
func moreCommonSurnames() []string {
	return []string{"Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis",
		"Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Hill", "Flores", "Green", "Adams",
		"Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts", "Gomez", "Phillips", "Evans",
		"Turner", "Diaz", "Parker", "Cruz", "Edwards", "Collins", "Reyes", "Stewart", "Morris", "Morales", "Murphy", "Cook",
		"Rogers", "Gutierrez", "Ortiz", "Morgan", "Cooper", "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim",
		"Cox", "Ward", "Richardson", "Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz",
		"Hughes", "Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "Jimenez", "Powell",
		"Jenkins", "Perry", "Russell", "Sullivan", "Bell", "Coleman", "Butler", "Henderson", "Barnes", "Gonzales", "Fisher",
		"Vasquez", "Simmons", "Romero", "Jordan", "Patterson", "Alexander", "Hamilton", "Graham", "Reynolds", "Griffin",
		"Wallace", "Moreno", "West", "Cole", "Hayes", "Bryant", "Herrera", "Gibson", "Ellis", "Tran", "Medina", "Aguilar",
		"Stevens", "Murray", "Ford", "Castro", "Marshall", "Owens", "Harrison", "Fernandez", "McDonald", "Woods",
		"Washington", "Kennedy", "Wells", "Vargas", "Henry", "Chen", "Freeman", "Webb", "Tucker", "Guzman", "Burns",
		"Crawford", "Olson", "Simpson", "Porter", "Hunter", "Gordon", "Mendez", "Silva", "Shaw", "Snyder", "Mason", "Dixon",
		"Munoz", "Hunt", "Hicks", "Holmes", "Palmer", "Wagner", "Black", "Robertson", "Boyd", "Rose", "Stone", "Salazar",
		"Fox", "Warren", "Mills", "Meyer", "Rice", "Schmidt", "Garza", "Daniels", "Ferguson", "Nichols", "Stephens", "Soto",
		"Weaver", "Ryan", "Gardner", "Payne", "Grant", "Dunn", "Kelley", "Spencer", "Hawkins", "Arnold", "Pierce",
		"Vazquez", "Hansen", "Peters", "Santos", "Hart", "Bradley", "Knight", "Elliott", "Cunningham", "Duncan",
		"Armstrong", "Hudson", "Carroll", "Lane", "Riley", "Andrews", "Alvarado", "Ray", "Delgado", "Berry", "Perkins",
		"Hoffman", "Johnston", "Matthews", "Pena", "Richards", "Contreras", "Willis", "Carpenter", "Lawrence", "Sandoval"}
}

// otherSurnames are real US surnames outside the 240 most common, which
// three in four Americans bear; the sample lists print none of them
// (TestOtherSurnamesUnlisted), so these candidates meet only the lists'
// phonetic and one-edit neighbours, as most candidates do on the real
// lists.
func otherSurnames() []string {
	return []string{"Ackerman", "Albright", "Ashby", "Babcock", "Barlow", "Beasley", "Blevins", "Bowers", "Bradshaw",
		"Briggs", "Buckley", "Burch", "Calhoun", "Cantrell", "Carver", "Chandler", "Conley", "Crowley", "Dalton",
		"Davenport", "Dickerson", "Donovan", "Dorsey", "Draper", "Dudley", "Eaton", "Farley", "Finch", "Fleming", "Frazier",
		"Galloway", "Garner", "Glover", "Goff", "Hale", "Haney", "Hardin", "Harmon", "Hartman", "Haskell", "Hatfield",
		"Hendricks", "Hobbs", "Hodge", "Hogan", "Holt", "Horton", "Houston", "Huffman", "Humphrey", "Ingalls", "Jacobson",
		"Kemp", "Kerr", "Kirby", "Koch", "Lambert", "Landry", "Larsen", "Lindgren", "Lowery", "Lynch", "Maddox", "Mahoney",
		"McBride", "McCall", "McClain", "McGee", "Mercer", "Merritt", "Monroe", "Moody", "Morrow", "Mullins", "Newman",
		"Norris", "Odom", "Orr", "Osborn", "Pace", "Padgett", "Pate", "Pruitt", "Quinn", "Randall", "Rasmussen", "Rhodes",
		"Rowe", "Savage", "Schroeder", "Sexton", "Sheppard", "Short", "Skinner", "Sloan", "Spears", "Stanton",
		"Strickland", "Sweeney", "Talley", "Thornton", "Todd", "Underhill", "Vance", "Wade", "Walsh", "Whitlock",
		"Wiggins", "Wilkerson", "Winters", "Wolfe", "Wyatt", "York", "Yoder", "Arredondo", "Bustamante", "Echeverria",
		"Villalobos", "Zavala", "Ledesma", "Barragan", "Quezada", "Olivares", "Galindo", "Tovar", "Takahashi", "Yamamoto",
		"Tanaka", "Chowdhury", "Venkataraman", "Bhattacharya", "Dimaano", "Magsino", "Okoye", "Adeniyi", "Olaniyan",
		"Kaczmarek", "Halvorsen", "Bergstrom", "Sorensen", "Castellano", "Hofmann", "Brennan"}
}

// Kinds of candidate in the load, by how many listed people share their
// names.
const (
	kindListed     = "listed"
	kindVeryCommon = "very_common"
	kindCommon     = "common_surname"
	kindOther      = "other_surname"
)

// Surname bands of the unlisted candidates.
const (
	bandVeryCommon = iota // commonNames' surnames
	bandCommon            // moreCommonSurnames
	bandOther             // otherSurnames
	bands
)

// loadMix is how the load's candidates are drawn. Every block of
// consecutive checks holds exactly the mix, so a run of whole blocks
// measures it without sampling noise.
type loadMix struct {
	block int
	// listed is how many listed people each block asks about, one in each
	// stretch of block/listed checks.
	listed int
	// topGiven is the share of the unlisted candidates with one of
	// commonNames' given names; the rest have otherGivenNames.
	topGiven float64
	// surnames are the shares of the unlisted candidates by surname band.
	surnames [bands]float64
}

// realisticMix is the load as recruiters send it (docs/BENCHMARKS.md says
// why): 1% listed people, the top of the 0.1–1% of real screening checks
// that find an excluded person; the others unlisted, their given and
// surnames drawn independently: 15% of them with one of the 20 very common
// given names, and surnames in the 2010 Census proportions (the 20 most
// common 7.5%, the 240 most common together 25%, the rest 75%).
func realisticMix() loadMix {
	return loadMix{block: 1000, listed: 10, topGiven: 0.15, surnames: [bands]float64{0.075, 0.175, 0.75}}
}

// cells are how many unlisted candidates of a block have a very common
// given name (cells[0]) or another (cells[1]), by surname band.
func (m loadMix) cells() [2][bands]int {
	var weights []float64
	for _, g := range []float64{m.topGiven, 1 - m.topGiven} {
		for _, s := range m.surnames {
			weights = append(weights, g*s)
		}
	}
	n := apportion(m.block-m.listed, weights)
	var out [2][bands]int
	for i, c := range n {
		out[i/bands][i%bands] = c
	}
	return out
}

// perBlock is how many checks of each kind a block holds.
func (m loadMix) perBlock() map[string]int {
	c := m.cells()
	out := map[string]int{kindListed: m.listed, kindVeryCommon: c[0][bandVeryCommon], kindOther: c[0][bandOther] + c[1][bandOther]}
	out[kindCommon] = c[0][bandCommon] + c[1][bandVeryCommon] + c[1][bandCommon]
	return out
}

// apportion splits total in proportion to weights, in whole numbers that
// add up to total (largest remainders; ties to the earlier weight).
func apportion(total int, weights []float64) []int {
	sum := 0.0
	for _, w := range weights {
		sum += w
	}
	out := make([]int, len(weights))
	if sum <= 0 || total <= 0 {
		return out
	}
	rest := make([]float64, len(weights))
	given := 0
	for i, w := range weights {
		exact := float64(total) * w / sum
		out[i] = int(exact)
		rest[i] = exact - float64(out[i])
		given += out[i]
	}
	order := make([]int, len(weights))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rest[order[a]] > rest[order[b]] })
	for i := 0; given < total; i++ {
		out[order[i%len(order)]]++
		given++
	}
	return out
}

// loadCheck is one check of the load and the kind of candidate it asks
// about.
type loadCheck struct {
	body []byte
	kind string
}

// candidateQuery is an unlisted candidate as a recruiter sends one: names,
// the DOB of an adult nurse (born 1961–2001) and a US ZIP.
func candidateQuery(r *rand.Rand, first, last string) registrysamples.Query {
	dob := time.Date(1961+r.IntN(41), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC)
	return registrysamples.Query{FirstName: first, LastName: last, DateOfBirth: dob.Format(time.DateOnly), Zip: fmt.Sprintf("%05d", 1001+r.IntN(98000))}
}

// buildLoad draws blocks of checks over the three bulk lists as mix says,
// deterministic from seed: the listed people are the labelled cases'
// (every variant), taken in turn in a shuffled order; the unlisted are
// drawn from the name pools above. Each block is shuffled, with one listed
// person in each stretch of block/listed checks.
func buildLoad(cases []registrysamples.Case, mix loadMix, blocks int, seed uint64) ([]loadCheck, error) {
	r := rand.New(rand.NewPCG(seed, 7))
	var listed []registrysamples.Query
	for _, c := range cases {
		if c.Listed {
			listed = append(listed, c.Query)
		}
	}
	if mix.listed > 0 && len(listed) == 0 {
		return nil, errors.New("the load needs listed people and the labelled cases hold none")
	}
	if mix.listed > mix.block {
		return nil, fmt.Errorf("%d listed people do not fit in blocks of %d", mix.listed, mix.block)
	}
	r.Shuffle(len(listed), func(i, j int) { listed[i], listed[j] = listed[j], listed[i] })
	topGiven, topSurnames := commonNames()
	weights := commonSurnameCounts()
	cum := make([]float64, len(weights))
	total := 0.0
	for i, w := range weights {
		total += w
		cum[i] = total
	}
	pickTop := func() string { return topSurnames[min(len(cum)-1, sort.SearchFloat64s(cum, r.Float64()*total))] }
	given := [2][]string{topGiven, otherGivenNames()}
	surnames := [bands][]string{topSurnames, moreCommonSurnames(), otherSurnames()}
	cells := mix.cells()
	encode := func(q registrysamples.Query, kind string) (loadCheck, error) {
		b, err := checkJSON(q, bulkCodes())
		return loadCheck{body: b, kind: kind}, err
	}
	out := make([]loadCheck, 0, blocks*mix.block)
	nextListed := 0
	for range blocks {
		var unlisted []loadCheck
		for g := range cells {
			for s, n := range cells[g] {
				kind := kindCommon
				switch {
				case s == bandOther:
					kind = kindOther
				case g == 0 && s == bandVeryCommon:
					kind = kindVeryCommon
				}
				for range n {
					last := surnames[s][r.IntN(len(surnames[s]))]
					if s == bandVeryCommon {
						last = pickTop()
					}
					chk, err := encode(candidateQuery(r, given[g][r.IntN(len(given[g]))], last), kind)
					if err != nil {
						return nil, err
					}
					unlisted = append(unlisted, chk)
				}
			}
		}
		r.Shuffle(len(unlisted), func(i, j int) { unlisted[i], unlisted[j] = unlisted[j], unlisted[i] })
		at := map[int]bool{}
		if mix.listed > 0 {
			stretch := mix.block / mix.listed
			for j := range mix.listed {
				at[j*stretch+r.IntN(stretch)] = true
			}
		}
		for i := range mix.block {
			if !at[i] {
				out = append(out, unlisted[0])
				unlisted = unlisted[1:]
				continue
			}
			chk, err := encode(listed[nextListed%len(listed)], kindListed)
			if err != nil {
				return nil, err
			}
			nextListed++
			out = append(out, chk)
		}
	}
	return out, nil
}

// worstCase is every pairing of commonNames' given names and surnames,
// each with a DOB and ZIP, shuffled: the checks whose answers are the
// largest.
func worstCase(seed uint64) ([]loadCheck, error) {
	r := rand.New(rand.NewPCG(seed, 11))
	given, surnames := commonNames()
	var out []loadCheck
	for _, g := range given {
		for _, s := range surnames {
			b, err := checkJSON(candidateQuery(r, g, s), bulkCodes())
			if err != nil {
				return nil, err
			}
			out = append(out, loadCheck{body: b, kind: kindVeryCommon})
		}
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out, nil
}

// bandDensity is how often a surname band's names are listed: the
// individuals on the three sample lists whose surname, or an alias's,
// holds one of the band's names.
type bandDensity struct {
	names, listed int
	// total is how many individuals the three lists hold.
	total int
}

// surnameDensity counts, for each surname band, the listed individuals
// bearing one of its names.
func surnameDensity(files registrysamples.Files) ([bands]bandDensity, error) {
	var out [bands]bandDensity
	p, err := registrysamples.ParseAll(files)
	if err != nil {
		return out, err
	}
	counts := listedSurnames(p.LEIE, p.SAM, p.OFAC)
	total := len(p.LEIE.Records) + len(p.SAM.Records) + len(p.OFAC.Records)
	_, top := commonNames()
	for b, names := range [bands][]string{top, moreCommonSurnames(), otherSurnames()} {
		out[b].names, out[b].total = len(names), total
		for _, n := range names {
			out[b].listed += counts[foldName(n)]
		}
	}
	return out, nil
}

// listedSurnames counts the individuals of the lists by the words of
// their surnames and their aliases' (each word once per individual).
func listedSurnames(lists ...*registry.List) map[string]int {
	out := map[string]int{}
	for _, l := range lists {
		for _, rec := range l.Records {
			seen := map[string]bool{}
			names := []registry.Name{rec.Name}
			for _, a := range rec.Aliases {
				names = append(names, a.Name)
			}
			for _, n := range names {
				for _, w := range strings.Fields(strings.ReplaceAll(foldName(n.Last), "-", " ")) {
					if !seen[w] {
						seen[w] = true
						out[w]++
					}
				}
			}
		}
	}
	return out
}

// foldName compares names as the lists print them: upper case, without
// accents, apostrophes or periods.
func foldName(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	folded, _, err := transform.String(t, s)
	if err != nil {
		folded = s
	}
	return strings.ToUpper(strings.NewReplacer("'", "", ".", "").Replace(folded))
}

// bodiesOf are the checks' bodies.
func bodiesOf(checks []loadCheck) [][]byte {
	out := make([][]byte, len(checks))
	for i, c := range checks {
		out[i] = c.body
	}
	return out
}

// checkPicker hands out the checks in turn, from the from-th on, to any
// number of callers.
func checkPicker(checks []loadCheck, from int) func() loadCheck {
	var next atomic.Int64
	next.Store(int64(from))
	return func() loadCheck { return checks[int(next.Add(1)-1)%len(checks)] }
}

// idLog keeps the search ids of the load in the order they were answered.
type idLog struct {
	mu  sync.Mutex
	ids []string
}

func (l *idLog) add(id string) {
	l.mu.Lock()
	l.ids = append(l.ids, id)
	l.mu.Unlock()
}

func (l *idLog) len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.ids)
}

// sample returns n ids spread evenly over the log, oldest first.
func (l *idLog) sample(n int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.ids) <= n {
		return append([]string(nil), l.ids...)
	}
	out := make([]string, n)
	for i := range out {
		out[i] = l.ids[i*len(l.ids)/n]
	}
	// The last check posted is always followed: the drain ends with it.
	out[n-1] = l.ids[len(l.ids)-1]
	return out
}

const searchIDKey = `"search_id":"`

// closedLoop runs callers that each send a check as soon as the previous
// one is answered, for n checks in all (n > 0) or for d. Search ids go to
// ids when it is not nil.
func closedLoop(c *client, callers, n int, d time.Duration, pick func() loadCheck, ids *idLog) runStats {
	type answered struct {
		took time.Duration
		kind string
		size int
	}
	var sent atomic.Int64
	var errs atomic.Int64
	got := make([][]answered, callers)
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for w := 0; w < callers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				if n > 0 && sent.Add(1) > int64(n) || n == 0 && !time.Now().Before(deadline) {
					return
				}
				chk := pick()
				took, status, body, err := c.post("/registry-check", chk.body)
				if err != nil || status != http.StatusOK {
					errs.Add(1)
					if errs.Load() <= 3 {
						log.Printf("registry check: status %d: %v %s", status, err, tail(string(body), 3))
					}
					continue
				}
				got[w] = append(got[w], answered{took: took, kind: chk.kind, size: len(body)})
				if ids != nil {
					if i := bytes.Index(body, []byte(searchIDKey)); i >= 0 && len(body) >= i+len(searchIDKey)+36 {
						ids.add(string(body[i+len(searchIDKey) : i+len(searchIDKey)+36]))
					}
				}
			}
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	var all []time.Duration
	byKind := map[string][]time.Duration{}
	sizes := map[string]int64{}
	for _, l := range got {
		for _, a := range l {
			all = append(all, a.took)
			byKind[a.kind] = append(byKind[a.kind], a.took)
			sizes[a.kind] += int64(a.size)
		}
	}
	rs := runStats{callers: callers, wall: wall, ok: len(all), errs: int(errs.Load()), byKind: map[string]kindRun{}}
	rs.lat, rs.max = summarizeMax(all)
	for k, ds := range byKind {
		kr := kindRun{n: len(ds), meanBytes: sizes[k] / int64(len(ds))}
		kr.lat, kr.max = summarizeMax(ds)
		rs.byKind[k] = kr
	}
	return rs
}

// summarizeMax summarises durations and gives their maximum.
func summarizeMax(ds []time.Duration) (stats, time.Duration) {
	st := summarize(ds)
	if len(ds) == 0 {
		return st, 0
	}
	return st, ds[len(ds)-1]
}

// post sends a JSON body and reads the whole answer; took is the time to
// the last byte.
func (c *client) post(path string, body []byte) (time.Duration, int, []byte, error) {
	start := time.Now()
	resp, err := c.do(http.MethodPost, path, "application/json", bytes.NewReader(body))
	if err != nil {
		return time.Since(start), 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return time.Since(start), resp.StatusCode, b, err
}

func (c *client) getJSON(path string, v any) error {
	resp, err := c.do(http.MethodGet, path, "", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("GET %s: status %d: %s", path, resp.StatusCode, tail(string(b), 3))
	}
	return json.NewDecoder(resp.Body).Decode(v)
}

// starts are the API's registry check workflow starts by outcome.
type starts struct{ started, deferred float64 }

// workflowStarts reads compliance_workflow_starts_total from /metrics.
func (c *client) workflowStarts() (starts, error) {
	resp, err := c.http.Get(c.base + "/metrics")
	if err != nil {
		return starts{}, err
	}
	defer resp.Body.Close()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(resp.Body)
	if err != nil {
		return starts{}, fmt.Errorf("/metrics: %w", err)
	}
	var s starts
	fam, ok := fams["compliance_workflow_starts_total"]
	if !ok {
		return s, nil
	}
	for _, m := range fam.GetMetric() {
		labels := map[string]string{}
		for _, l := range m.GetLabel() {
			labels[l.GetName()] = l.GetValue()
		}
		if labels["workflow"] != "RegistryCheckWorkflow" {
			continue
		}
		switch labels["outcome"] {
		case "started":
			s.started += m.GetCounter().GetValue()
		case "deferred":
			s.deferred += m.GetCounter().GetValue()
		}
	}
	return s, nil
}

// drainStats follow a sample of the load's checks until every certificate
// of each is rendered.
type drainStats struct {
	sampled      int
	readyAtEnd   int
	all          time.Duration
	drained      bool
	readyAtLimit int
	limit        time.Duration
	getErrors    int
	// settled is when every sampled check had its certificates, for a
	// drain that went on past limit (settle); 0 when it never did.
	settled time.Duration
	// lost: every read failed for lostPasses passes in a row (the
	// service stopped answering).
	lost bool
}

// lostPasses is how many polls of a drain in a row may fail before the
// service is taken for gone.
const lostPasses = 5

// pollEvery is how often a drain reads the checks it follows.
const pollEvery = 2 * time.Second

// drainCertificates polls GET /registry-check/{id} for each sampled id
// until attestation.file.ready holds for all its results, or d passes.
func (c *client) drainCertificates(ids []string, d, every time.Duration) drainStats {
	ds := drainStats{sampled: len(ids), limit: d}
	start := time.Now()
	ready := make([]bool, len(ids))
	var getErrors atomic.Int64
	failedPasses := 0
	for pass := 0; ; pass++ {
		before := getErrors.Load()
		asked := 0
		var g errgroup.Group
		g.SetLimit(4)
		for i := range ids {
			if ready[i] {
				continue
			}
			asked++
			g.Go(func() error {
				var s struct {
					Results []checkResult `json:"results"`
				}
				if err := c.getJSON("/registry-check/"+ids[i], &s); err != nil {
					getErrors.Add(1)
					return nil
				}
				done := len(s.Results) > 0
				for _, r := range s.Results {
					done = done && r.Attestation.File.Ready
				}
				ready[i] = done
				return nil
			})
		}
		_ = g.Wait()
		n := 0
		for _, r := range ready {
			if r {
				n++
			}
		}
		el := time.Since(start)
		if pass == 0 {
			ds.readyAtEnd = n
		}
		if n == len(ids) {
			ds.all, ds.drained = el, true
			break
		}
		if el > d {
			ds.readyAtLimit = n
			break
		}
		// A service that no longer answers renders nothing more.
		if asked > 0 && getErrors.Load()-before == int64(asked) {
			failedPasses++
		} else {
			failedPasses = 0
		}
		if failedPasses == lostPasses {
			ds.lost, ds.readyAtLimit = true, n
			break
		}
		time.Sleep(every)
	}
	ds.getErrors = int(getErrors.Load())
	return ds
}

// settle drains as drainCertificates does, reporting at limit, and when
// the backlog is not drained by then waits up to backlogSettle more, so
// that what is measured next does not share the machine with it.
func (c *client) settle(ids []string, limit, every time.Duration) drainStats {
	start := time.Now()
	d := c.drainCertificates(ids, limit, every)
	if d.drained || d.lost {
		d.settled = d.all
		return d
	}
	log.Printf("registry: the certificate backlog is not drained after %s; waiting up to %s more", limit, backlogSettle)
	rest := c.drainCertificates(ids, backlogSettle, every)
	d.getErrors += rest.getErrors
	d.lost = rest.lost
	if rest.drained {
		d.settled = time.Since(start)
	} else {
		log.Printf("registry: the certificate backlog is still not drained; the next figures share the machine with it")
	}
	return d
}

// accuracy counts the screening errors on the labelled cases.
type accuracy struct {
	byVariant map[string]*variantTally
	// missed are the ids of missed cases with what became of the record.
	missed []string
	// falsePos are the ids of negatives with matches.
	falsePos []string
	// contradicted are the cases with a match whose DOBs all contradict.
	contradicted []string
	errors       int

	unlisted, unlistedFP int
	unlistedMatches      []string
	// lastIDs are the search ids of the last checks asked.
	lastIDs []string
}

type variantTally struct {
	cases, listed, missed, setAside, falsePos, contradictions int
	registries                                                map[string]int
}

// accuracy asks each labelled case of its own registry through the API,
// then every unlisted common name of all three registries.
func (c *client) accuracy(cases []registrysamples.Case) (accuracy, error) {
	acc := accuracy{byVariant: map[string]*variantTally{}}
	type answer struct {
		res []checkResult
		err error
	}
	ask := func(qs []registrysamples.Query, regs func(int) []string) []answer {
		out := make([]answer, len(qs))
		var g errgroup.Group
		g.SetLimit(4)
		for i := range qs {
			g.Go(func() error {
				body, err := checkJSON(qs[i], regs(i))
				if err != nil {
					out[i].err = err
					return nil
				}
				_, status, b, err := c.post("/registry-check", body)
				if err == nil && status != http.StatusOK {
					err = fmt.Errorf("status %d: %s", status, tail(string(b), 3))
				}
				if err == nil {
					err = json.Unmarshal(b, &out[i].res)
				}
				out[i].err = err
				return nil
			})
		}
		_ = g.Wait()
		return out
	}
	qs := make([]registrysamples.Query, len(cases))
	for i, cs := range cases {
		qs[i] = cs.Query
	}
	answers := ask(qs, func(i int) []string { return []string{cases[i].Registry} })
	for i, cs := range cases {
		t := acc.byVariant[cs.Variant]
		if t == nil {
			t = &variantTally{registries: map[string]int{}}
			acc.byVariant[cs.Variant] = t
		}
		t.cases++
		t.registries[cs.Registry]++
		a := answers[i]
		if a.err != nil || len(a.res) != 1 || a.res[0].Registry != cs.Registry {
			acc.errors++
			log.Printf("accuracy %s: %v", cs.ID, a.err)
			continue
		}
		r := a.res[0]
		for _, m := range r.Matches {
			if m.Why.DOB.Outcome == "contradicts" {
				t.contradictions++
				acc.contradicted = append(acc.contradicted, fmt.Sprintf("%s (record %s)", cs.ID, m.SourceID))
			}
		}
		if cs.Listed {
			t.listed++
			if hasRecord(r.Matches, cs.SourceID) {
				continue
			}
			t.missed++
			what := "not among the similar names"
			for _, fr := range r.Filtered {
				if fr.SourceID == cs.SourceID {
					t.setAside++
					var codes []string
					for _, s := range fr.SetAside {
						codes = append(codes, s.Code)
					}
					what = "set aside: " + strings.Join(codes, ", ")
				}
			}
			listing, _, _ := strings.Cut(cs.Listing, " (")
			acc.missed = append(acc.missed, fmt.Sprintf("%s, %s for %s (%s)", cs.ID, queryName(cs.Query), listing, what))
			continue
		}
		if len(r.Matches) > 0 {
			t.falsePos++
			acc.falsePos = append(acc.falsePos, fmt.Sprintf("%s, %s %s: %s", cs.ID, queryName(cs.Query), cs.Query.DateOfBirth, describeMatches(r.Matches)))
		}
	}
	var unlisted []registrysamples.Query
	var unlistedIDs []string
	for _, cs := range cases {
		if cs.Variant == registrysamples.VariantUnlisted {
			unlisted = append(unlisted, cs.Query)
			unlistedIDs = append(unlistedIDs, cs.ID)
		}
	}
	acc.unlisted = len(unlisted)
	for i, a := range ask(unlisted, func(int) []string { return bulkCodes() }) {
		if len(a.res) > 0 && i >= len(unlisted)-20 {
			acc.lastIDs = append(acc.lastIDs, a.res[0].SearchID)
		}
		if a.err != nil || len(a.res) != len(bulkCodes()) {
			acc.errors++
			log.Printf("accuracy %s over all three: %v", unlistedIDs[i], a.err)
			continue
		}
		for _, r := range a.res {
			if len(r.Matches) > 0 {
				acc.unlistedFP++
				acc.unlistedMatches = append(acc.unlistedMatches, fmt.Sprintf("%s, %s in %s: %s", unlistedIDs[i], queryName(unlisted[i]), r.Registry, describeMatches(r.Matches)))
				break
			}
		}
	}
	return acc, nil
}

func queryName(q registrysamples.Query) string {
	return strings.Join(strings.Fields(q.FirstName+" "+q.MiddleName+" "+q.LastName), " ")
}

// describeMatches names the first match and its DOB outcome.
func describeMatches(ms []checkRecord) string {
	m := ms[0]
	s := fmt.Sprintf("%s (record %s, DOB %s)", m.Why.MatchedName, m.SourceID, m.Why.DOB.Outcome)
	if len(ms) > 1 {
		s += fmt.Sprintf(" and %d more", len(ms)-1)
	}
	return s
}

func hasRecord(rs []checkRecord, id string) bool {
	for _, r := range rs {
		if r.SourceID == id {
			return true
		}
	}
	return false
}

// openLoopStats are the checks of one window of an open-loop load; their
// latency counts from when each was due, so a stalled API shows as the
// wait it causes.
type openLoopStats struct {
	n, errs int
	lat     stats
	max     time.Duration
	// stale are answers during the import whose SAM result was not a
	// search of a list (unavailable, not imported).
	stale int
}

type sentCheck struct {
	due     time.Time
	lat     time.Duration
	ok      bool
	samList string
}

// importUnderLoad imports the next day's SAM edition with the product's
// command while checks arrive at a fixed rate, and measures the import,
// when the API answers from the new edition, and the checks meanwhile.
func (c *client) importUnderLoad(svc *service, work string, o options, f *registryFigures) error {
	nextDate := f.files.ListDate.AddDate(0, 0, 1)
	next, err := registrysamples.Generate(filepath.Join(work, "registry-next"), registrysamples.Options{ListDate: nextDate})
	if err != nil {
		return err
	}
	var oldSAM string
	for _, r := range f.imports {
		if r.code == registry.SAM {
			oldSAM = r.listID
		}
	}
	load, err := buildLoad(next.Cases, f.mix, loadBlocks, loadSeed+1)
	if err != nil {
		return err
	}
	pick := checkPicker(load, 0)
	ids := &idLog{}
	f.importIDs = ids
	rate := o.reg.importRate
	f.rate = rate
	interval := time.Second / time.Duration(rate)

	var mu sync.Mutex
	var sent []sentCheck
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	loadDone := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(loadDone)
		paced(start, interval, 256, func(int) bool { return ctx.Err() == nil }, func(due time.Time) {
			_, status, body, err := c.post("/registry-check", pick().body)
			s := sentCheck{due: due, lat: time.Since(due), ok: err == nil && status == http.StatusOK}
			if s.ok {
				var res []checkResult
				if json.Unmarshal(body, &res) != nil {
					s.ok = false
				}
				if len(res) > 0 {
					ids.add(res[0].SearchID)
				}
				for _, r := range res {
					if r.Registry == registry.SAM && r.Metadata.ListID != nil && (r.Result == "match_found" || r.Result == "no_match_found") {
						s.samList = *r.Metadata.ListID
					}
				}
			}
			mu.Lock()
			sent = append(sent, s)
			mu.Unlock()
		})
	}()

	time.Sleep(importBaseline)
	log.Printf("registry: compliance registry import --registry sam (list of %s) under load", nextDate.Format(time.DateOnly))
	importStart := time.Now()
	cpu0 := cpuSnapshot(map[int]string{svc.cmd.Process.Pid: partService})
	prof := svc.profile(o.profileDir, "sam-import.pprof", 20*time.Second)
	run, err := importFiles(svc.env, registry.SAM, []string{next.SAM})
	if err != nil {
		return err
	}
	if run.outcome != "imported" {
		return fmt.Errorf("the next SAM edition was not imported: outcome %q", run.outcome)
	}
	lists, err := c.currentLists()
	if err != nil {
		return err
	}
	if run.listID = lists[registry.SAM]; run.listID == "" || run.listID == oldSAM {
		return fmt.Errorf("GET /registries does not show the new SAM edition after its import")
	}
	f.next = run
	// Keep the load on until the API answers from the new edition.
	limit := importStart.Add(2 * time.Minute)
	for time.Now().Before(limit) {
		mu.Lock()
		for _, s := range sent {
			if s.samList == run.listID {
				// Answered from the new edition: served no later than due+lat.
				at := s.due.Add(s.lat).Sub(importStart)
				if !f.nextServed || at < f.nextServedAfter {
					f.nextServed, f.nextServedAfter = true, at
				}
			}
		}
		mu.Unlock()
		if f.nextServed {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	f.cpuImport = cpuDelta(cpu0, cpuSnapshot(map[int]string{svc.cmd.Process.Pid: partService}))
	f.cpuImport[partImport] = run.cpu
	f.cpuImport[partOther] = max(0, f.cpuImport[partOther]-run.cpu)
	time.Sleep(2 * time.Second)
	stop()
	<-loadDone
	prof()
	end := importStart.Add(max(run.took, f.nextServedAfter))
	var base, during []sentCheck
	for _, s := range sent {
		switch {
		case s.due.Before(importStart):
			base = append(base, s)
		case s.due.Before(end):
			during = append(during, s)
		}
	}
	f.baseline = openLoop(base, "", "")
	f.during = openLoop(during, oldSAM, run.listID)
	return nil
}

// openLoop summarises a window of checks; with the SAM editions given, an
// answer that searched neither counts as stale.
func openLoop(sent []sentCheck, oldSAM, newSAM string) openLoopStats {
	var st openLoopStats
	var lats []time.Duration
	for _, s := range sent {
		st.n++
		if !s.ok {
			st.errs++
			continue
		}
		if oldSAM != "" && s.samList != oldSAM && s.samList != newSAM {
			st.stale++
		}
		lats = append(lats, s.lat)
	}
	st.lat = summarize(lats)
	if len(lats) > 0 {
		st.max = lats[len(lats)-1]
	}
	return st
}

// profile saves a CPU profile of the service over d into dir/name, when
// profiling is on; the returned function waits for it.
func (s *service) profile(dir, name string, d time.Duration) func() {
	if dir == "" || s.pprofAddr == "" {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		secs := max(1, int(d.Seconds()))
		resp, err := http.Get(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", s.pprofAddr, secs))
		if err != nil {
			log.Printf("profile %s: %v", name, err)
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err == nil && resp.StatusCode == http.StatusOK {
			err = os.WriteFile(filepath.Join(dir, name), b, 0o644)
		} else if err == nil {
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		if err != nil {
			log.Printf("profile %s: %v", name, err)
		}
	}()
	return func() { <-done }
}

// devLogProblems counts the service's log lines that say a check's
// workflow was not started or not resumed.
func devLogProblems(path string) map[string]int {
	out := map[string]int{}
	f, err := os.Open(path)
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var line struct {
			Msg  string `json:"msg"`
			Kind string `json:"kind"`
		}
		if json.Unmarshal(sc.Bytes(), &line) != nil {
			continue
		}
		switch {
		case line.Msg == "start queue full; the resumer will start the workflow",
			line.Msg == "resumer: unknown kind of stalled work",
			strings.HasPrefix(line.Msg, "workflow start deferred"):
			out[line.Msg]++
		}
	}
	return out
}

// logProblems writes a row per kind of log line devLogProblems counted.
func logProblems(b *strings.Builder, who string, counts map[string]int) {
	msgs := make([]string, 0, len(counts))
	for m := range counts {
		msgs = append(msgs, m)
	}
	sort.Strings(msgs)
	for _, m := range msgs {
		fmt.Fprintf(b, "| … %s log: \"%s\" | %d lines | |\n", who, m, counts[m])
	}
}

// residentBytes is a process's resident memory, 0 where unknown.
func residentBytes(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kb int64
			if _, err := fmt.Sscanf(strings.TrimSpace(rest), "%d kB", &kb); err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// loadAverage is the 1, 5 and 15-minute load average, "" where unknown.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	fs := strings.Fields(string(b))
	if len(fs) < 3 {
		return ""
	}
	return strings.Join(fs[:3], " / ")
}

// pct formats a share.
func pct(n, of int) string {
	if of == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

func secs(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

// msf formats a latency with a decimal: checks take milliseconds.
func msf(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func writeRegistry(path string, f registryFigures, o options) error {
	given, surnames := commonNames()
	pass := func(ok bool) string {
		if ok {
			return "met"
		}
		return "**not met**"
	}
	imp := map[string]importRun{}
	for _, r := range f.imports {
		imp[r.code] = r
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<!-- registry:start -->\n## Registry checks (`make bench`)\n\n")
	fmt.Fprintf(&b, "Measured %s on %d CPUs by `make bench` (cmd/bench; `bin/compliance stack -- bin/bench -only registry` "+
		"measures this section alone); load average %s as the section started, %s as the latency run started and %s at the end "+
		"(1/5/15 min; the machine is shared with other work). "+
		"`bin/compliance dev` as its own process with the full-size sample lists of `registrysamples` (default seed, scale 1, "+
		"list date %s: LEIE %d rows, SAM %d rows, OFAC %d entries; %d labelled cases), each imported by "+
		"`bin/compliance registry import` and measured once `GET /registries` reports it searchable and a check answers "+
		"from that edition.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.NumCPU(), f.loadStart, f.loadBefore, f.loadAfter,
		f.files.ListDate.Format(time.DateOnly), f.files.LEIERows, f.files.SAMRows, f.files.OFACEntries, len(f.files.Cases))
	writeMix(&b, f, len(given), len(surnames))

	fmt.Fprintf(&b, "| figure | value | target |\n|---|---|---|\n")
	fmt.Fprintf(&b, "| sample lists written (`registrysamples.Generate`, scale 1) | %s | |\n", secs(f.generate))
	fmt.Fprintf(&b, "| `compliance registry import`, LEIE (%d rows) / SAM (%d rows) / OFAC (%d entries), each on an idle API | %s / %s / %s | |\n",
		imp[registry.OIGExclusion].rows, imp[registry.SAM].rows, imp[registry.OFAC].rows,
		secs(imp[registry.OIGExclusion].took), secs(imp[registry.SAM].took), secs(imp[registry.OFAC].took))
	fmt.Fprintf(&b, "| last import → all three searched from the new editions by the API (it looks for new editions every 5 s) | %s | |\n", secs(f.searchableAfter))
	fmt.Fprintf(&b, "| service resident memory with the three lists indexed | %d MB | |\n", f.serviceRSS>>20)
	for _, e := range []struct {
		what string
		es   engineStats
	}{{"the mix", f.engine}, {"**worst case**, very common names only", f.engineWorst}} {
		fmt.Fprintf(&b, "| `registrycheck.Check` alone (the in-memory part of a check, in the bench's process; indexes built in %s), %s: p50 / p95 / p99 (max), %d checks | %s / %s / %s (%s) | |\n",
			secs(e.es.build), e.what, e.es.lat.n, msf(e.es.lat.p50), msf(e.es.lat.p95), msf(e.es.lat.p99), msf(e.es.max))
		fmt.Fprintf(&b, "| … on %d goroutines for 5 s | %.0f checks/s | |\n", e.es.goroutines, e.es.perSecond)
	}
	l := f.latency
	fmt.Fprintf(&b, "| latency, 1 caller, %d checks of the mix (%d whole blocks) after %d of warm-up: p50 / p95 / p99 (max) | %s / %s / %s (%s) | p99 < 10 ms: %s |\n",
		l.lat.n, l.lat.n/max(1, f.mix.block), checkWarmup, msf(l.lat.p50), msf(l.lat.p95), msf(l.lat.p99), msf(l.max), pass(l.lat.p99 < 10*time.Millisecond && l.errs == 0 && l.lat.n > 0))
	if l.errs > 0 {
		fmt.Fprintf(&b, "| … failed checks | %d | 0: **not met** |\n", l.errs)
	}
	fmt.Fprintf(&b, "| … CPU during it | %s | |\n", cpuRow(f.cpuLatency, l.ok))
	fmt.Fprintf(&b, "| throughput, 1 caller for %s | %.0f checks/s (p50 %s, p99 %s; %d failed) | |\n",
		o.reg.loadFor, f.one.perSecond(), msf(f.one.lat.p50), msf(f.one.lat.p99), f.one.errs)
	fmt.Fprintf(&b, "| throughput, %d callers for %s | %.0f checks/s (p50 %s, p99 %s; %d failed) | ≥ 1,000: %s |\n",
		f.many.callers, o.reg.loadFor, f.many.perSecond(), msf(f.many.lat.p50), msf(f.many.lat.p99), f.many.errs,
		pass(f.many.perSecond() >= 1000 && f.many.errs == 0))
	fmt.Fprintf(&b, "| … CPU during it | %s | |\n", cpuRow(f.cpuMany, f.many.ok))
	backlogRows(&b, "the latency and throughput runs", f.posted, f.drain)
	fmt.Fprintf(&b, "| … workflow starts during the runs: started / deferred to the resumer (`compliance_workflow_starts_total`) | %.0f / %.0f | |\n",
		f.startsAfter.started-f.startsBefore.started, f.startsAfter.deferred-f.startsBefore.deferred)
	wl, wm := f.worstLatency, f.worstMany
	fmt.Fprintf(&b, "| **worst case**, very common names only (the %d pairings of %d given names and %d surnames, each once; measured last, after the SAM import and its checks' certificates; load average %s): latency, 1 caller: p50 / p95 / p99 (max) | %s / %s / %s (%s); answers of %s on average | p99 < 10 ms: %s (not the target's load) |\n",
		f.worstChecks, len(given), len(surnames), f.loadWorst, msf(wl.lat.p50), msf(wl.lat.p95), msf(wl.lat.p99), msf(wl.max), kb(wl.byKind[kindVeryCommon].meanBytes),
		pass(wl.lat.p99 < 10*time.Millisecond && wl.errs == 0 && wl.lat.n > 0))
	fmt.Fprintf(&b, "| … throughput, %d callers for %s | %.0f checks/s (p50 %s, p99 %s; %d failed) | ≥ 1,000: %s (not the target's load) |\n",
		wm.callers, o.reg.loadFor, wm.perSecond(), msf(wm.lat.p50), msf(wm.lat.p99), wm.errs+wl.errs, pass(wm.perSecond() >= 1000 && wm.errs == 0))
	fmt.Fprintf(&b, "| … CPU during it | %s | |\n", cpuRow(f.cpuWorst, wm.ok))
	backlogRows(&b, "the worst-case runs", f.worstPosted, f.worstDrain)
	logProblems(&b, "service", f.devLogProblems)
	al, am := f.aloneLatency, f.aloneMany
	fmt.Fprintf(&b, "| the API alone: `compliance serve` as a second process whose workflows go to a task queue no worker polls (checks "+
		"answered, stored and their workflows started, no certificate rendered on this machine meanwhile, as with workers elsewhere): "+
		"latency, 1 caller, %d checks of the mix after %d of warm-up: p50 / p95 / p99 (max) | %s / %s / %s (%s) | |\n",
		al.lat.n, checkWarmup, msf(al.lat.p50), msf(al.lat.p95), msf(al.lat.p99), msf(al.max))
	fmt.Fprintf(&b, "| … CPU during it (service: the dev process, its worker idle) | %s | |\n", cpuRow(f.cpuAloneLatency, al.ok))
	fmt.Fprintf(&b, "| … throughput, %d callers for %s | %.0f checks/s (p50 %s, p99 %s; %d failed) | |\n",
		am.callers, o.reg.loadFor, am.perSecond(), msf(am.lat.p50), msf(am.lat.p99), am.errs+al.errs)
	fmt.Fprintf(&b, "| … CPU during it | %s | |\n", cpuRow(f.cpuAloneMany, am.ok))
	fmt.Fprintf(&b, "| … workflow starts: started / deferred to the resumer | %.0f / %.0f | |\n", f.aloneStarts.started, f.aloneStarts.deferred)
	logProblems(&b, "`compliance serve`", f.aloneLogProblems)
	b.WriteString("\n")

	a := f.acc
	fmt.Fprintf(&b, "**Accuracy** through the API (`make bench`): each labelled case checked against its own registry. A miss is a listed "+
		"case whose record is not in `matches` (a wrong \"no match\"); a false positive is an unlisted case with anything in `matches`; "+
		"a DOB contradiction is a record in `matches` whose `why.dob.outcome` is `contradicts`.\n\n")
	fmt.Fprintf(&b, "| variant | cases (LEIE / SAM / OFAC) | misses | … of them set aside | false positives | DOB contradictions in matches |\n|---|---|---|---|---|---|\n")
	var tot variantTally
	for _, v := range variantOrder(a.byVariant) {
		t := a.byVariant[v]
		miss, fp := "", ""
		if t.listed > 0 {
			miss = fmt.Sprint(t.missed)
		}
		if t.cases > t.listed {
			fp = fmt.Sprint(t.falsePos)
		}
		setAside := ""
		if t.missed > 0 {
			setAside = fmt.Sprint(t.setAside)
		}
		fmt.Fprintf(&b, "| %s | %d (%d / %d / %d) | %s | %s | %s | %d |\n", v, t.cases, t.registries[registry.OIGExclusion],
			t.registries[registry.SAM], t.registries[registry.OFAC], miss, setAside, fp, t.contradictions)
		tot.cases += t.cases
		tot.listed += t.listed
		tot.missed += t.missed
		tot.setAside += t.setAside
		tot.falsePos += t.falsePos
		tot.contradictions += t.contradictions
	}
	fmt.Fprintf(&b, "| **all** | %d | **%d** of %d listed | %d | %d of %d unlisted | **%d** |\n\n", tot.cases, tot.missed, tot.listed,
		tot.setAside, tot.falsePos, tot.cases-tot.listed, tot.contradictions)
	fmt.Fprintf(&b, "| figure | value | target |\n|---|---|---|\n")
	fmt.Fprintf(&b, "| misses (wrong \"no match\") | %d of %d | 0: %s |\n", tot.missed, tot.listed, pass(tot.missed == 0 && a.errors == 0))
	fmt.Fprintf(&b, "| DOB contradictions in matches | %d | 0: %s |\n", tot.contradictions, pass(tot.contradictions == 0 && a.errors == 0))
	fmt.Fprintf(&b, "| false positives, the %d unlisted common names checked against all three lists | %d (%s) | |\n", a.unlisted, a.unlistedFP, pct(a.unlistedFP, a.unlisted))
	if a.errors > 0 {
		fmt.Fprintf(&b, "| checks that failed (not counted above) | %d | 0: **not met** |\n", a.errors)
	}
	b.WriteString("\n")
	for _, l := range []struct {
		what string
		ids  []string
	}{{"Missed", a.missed}, {"DOB contradictions", a.contradicted}, {"False positives", a.falsePos}, {"Unlisted names matched", a.unlistedMatches}} {
		if len(l.ids) == 0 {
			continue
		}
		shown := l.ids
		more := ""
		if len(shown) > 12 {
			shown, more = shown[:12], fmt.Sprintf(", and %d more", len(l.ids)-12)
		}
		fmt.Fprintf(&b, "%s: %s%s.\n\n", l.what, strings.Join(shown, "; "), more)
	}

	fmt.Fprintf(&b, "**SAM import under load** (`make bench`): the next day's SAM edition (list of %s, generated likewise) imported by "+
		"`bin/compliance registry import --registry sam --file …` while checks over the three lists arrive at %d/s (open loop; "+
		"latency counted from when each check was due; a rate the certificate pipeline keeps up with here, so that the figures "+
		"show the import rather than a growing backlog), starting %s before the import, once the accuracy checks' certificates are rendered. \"During the import\" is from the command's "+
		"start until it has finished and the API answers from the new edition.\n\n",
		f.files.ListDate.AddDate(0, 0, 1).Format(time.DateOnly), f.rate, secs(importBaseline))
	fmt.Fprintf(&b, "| figure | value | target |\n|---|---|---|\n")
	fmt.Fprintf(&b, "| `compliance registry import --registry sam` (%d rows): outcome, duration | %s, %s | < 30 s: %s |\n",
		f.next.rows, f.next.outcome, secs(f.next.took), pass(f.next.took < 30*time.Second))
	served := "**never** within 2 minutes"
	if f.nextServed {
		served = secs(f.nextServedAfter)
	}
	fmt.Fprintf(&b, "| import start → first check answered from the new edition | %s | |\n", served)
	du, ba := f.during, f.baseline
	fmt.Fprintf(&b, "| checks during the import: failed (or SAM not searched) | %d of %d | 0: %s |\n", du.errs+du.stale, du.n, pass(du.errs+du.stale == 0 && du.n > 0 && f.nextServed))
	fmt.Fprintf(&b, "| … p50 / p99 / max latency | %s / %s / %s | |\n", msf(du.lat.p50), msf(du.lat.p99), msf(du.max))
	fmt.Fprintf(&b, "| the same load before the import: p50 / p99 / max (%d checks, %d failed) | %s / %s / %s | |\n",
		ba.n, ba.errs, msf(ba.lat.p50), msf(ba.lat.p99), msf(ba.max))
	fmt.Fprintf(&b, "| CPU from the import's start until the API answered from the new edition (the service re-reads and indexes the list) | %s | |\n\n", cpuRow(f.cpuImport, 0))
	fmt.Fprintf(&b, "Every check also writes its row (the audit record) before answering and queues a Temporal workflow that renders "+
		"one PDF certificate per registry; the worker shares the %d CPUs with the API, PostgreSQL, Temporal and the load generator, "+
		"so the certificate backlog is the cost the answer times leave out.\n<!-- registry:end -->\n", runtime.NumCPU())
	return benchdoc.ReplaceSection(path, "registry", b.String())
}

// writeMix describes the load's mix and each kind's share of the latency
// run.
func writeMix(b *strings.Builder, f registryFigures, topGiven, topSurnames int) {
	m := f.mix
	per := m.perBlock()
	fmt.Fprintf(b, "**The load.** Checks are `POST /registry-check` over `[\"oig-exclusion\",\"sam\",\"ofac\"]`, each candidate "+
		"with a date of birth (born 1961–2001) and a ZIP, drawn the way recruiters' traffic looks (`realisticMix` in "+
		"cmd/bench/registry.go): %d checks in blocks of %d, each block holding exactly the mix below, shuffled, with one listed "+
		"person in every %d checks, so that a run of whole blocks measures the mix without sampling noise.\n\n",
		f.loadChecks, m.block, m.block/max(1, m.listed))
	fmt.Fprintf(b, "| candidate | per %d checks | why | list individuals with a surname of the band (share of the %d on the three lists) | latency run, 1 caller: checks, p50 / p99 (max) | mean answer |\n|---|---|---|---|---|---|\n",
		m.block, f.density[0].total)
	dens := func(d bandDensity, usShare string) string {
		return fmt.Sprintf("%d surnames: %d (%s; their share of Americans: %s)", d.names, d.listed, pct(d.listed, d.total), usShare)
	}
	rows := []struct{ kind, who, why, density string }{
		{kindListed, fmt.Sprintf("listed: a labelled listed person (every variant: exact, nickname, transposition, initials, …; %d of them, taken in turn)", f.listedCases),
			fmt.Sprintf("real screening finds an excluded person in about 0.1–1%% of checks; the bench takes the top of that range (%.1f%%)", 100*float64(m.listed)/float64(m.block)), "as listed"},
		{kindVeryCommon, fmt.Sprintf("very common name: one of %d very common given names and one of %d very common surnames (weighted by their 2010 Census counts)", topGiven, topSurnames),
			fmt.Sprintf("%.0f%% of the unlisted have one of these given names × %.1f%% one of these surnames, independently", 100*m.topGiven, 100*m.surnames[bandVeryCommon]),
			dens(f.density[bandVeryCommon], "7.5%")},
		{kindCommon, fmt.Sprintf("common surname: one of the 240 most common surnames (%d of ranks 20–240), or a very common surname with another given name", len(moreCommonSurnames())),
			fmt.Sprintf("the 240 most common surnames are borne by 25%% of Americans (2010 Census); %.1f%% + %.1f%% of the unlisted", 100*m.surnames[bandCommon], 100*(1-m.topGiven)*m.surnames[bandVeryCommon]),
			dens(f.density[bandCommon], "17.5%")},
		{kindOther, fmt.Sprintf("other surname: one of %d real US surnames outside the 240 most common", len(otherSurnames())),
			fmt.Sprintf("the other %.0f%% of Americans", 100*m.surnames[bandOther]), dens(f.density[bandOther], "75%")},
	}
	for _, r := range rows {
		k := f.latency.byKind[r.kind]
		fmt.Fprintf(b, "| %s | %d | %s | %s | %d, %s / %s (%s) | %s |\n", r.who, per[r.kind], r.why, r.density, k.n, msf(k.lat.p50), msf(k.lat.p99), msf(k.max), kb(k.meanBytes))
	}
	fmt.Fprintf(b, "\nWhy these shares. Unlisted candidates' given names and surnames are drawn independently. Given names: the %d "+
		"very common ones are borne by about 10%% of Americans in the 1990 Census first-name tables weighted nine women to one man, "+
		"as nurses are (Mary 2.6%% of women, James 3.3%% of men), and by more of those born 1970–1995 (Jennifer, Jessica, "+
		"Ashley); the bench takes %.0f%%, which also covers Hispanic given names going with Hispanic surnames more often than "+
		"independence says. Surnames: in the 2010 Census the 20 most common are borne by 7.5%% of the people with a surname "+
		"and the 240 most common by 25%%; the other three quarters bear names that meet few or no list entries. The sample "+
		"lists draw their names from small pools, so the common bands are listed more often here than on the real lists "+
		"(column 4 against the population shares), and their answers are larger; the rest of this section's figures, "+
		"unless marked worst case, are of the mix.\n\n", topGiven, 100*m.topGiven)
}

// backlogRows write the certificate backlog a set of runs left and how
// long it took to drain.
func backlogRows(b *strings.Builder, runs string, posted int, d drainStats) {
	pending := 0
	if d.sampled > 0 {
		pending = posted * (d.sampled - d.readyAtEnd) / d.sampled
	}
	fmt.Fprintf(b, "| certificate backlog when the load stopped: checks without their certificates (%d posted by %s; estimated from %d of them spread evenly) | ≈ %d (%s of the sample) | |\n",
		posted, runs, d.sampled, pending, pct(d.sampled-d.readyAtEnd, d.sampled))
	drained := secs(d.all)
	if d.all > 0 {
		drained += fmt.Sprintf(" (≈ %.0f checks' certificates/s)", float64(pending)/d.all.Seconds())
	}
	if !d.drained {
		drained = fmt.Sprintf("**not drained** after %s: %d of %d sampled checks have their certificates", secs(d.limit), d.readyAtLimit, d.sampled)
		if d.settled > 0 {
			drained += fmt.Sprintf("; all of them after %s (≈ %.0f checks' certificates/s)", secs(d.settled), float64(pending)/d.settled.Seconds())
		}
	}
	fmt.Fprintf(b, "| … drained after the load stopped (every sampled check's `attestation.file.ready`, polled every 2 s) | %s | |\n", drained)
	if d.getErrors > 0 {
		fmt.Fprintf(b, "| … failed `GET /registry-check/{id}` while polling | %d | |\n", d.getErrors)
	}
}

// kb formats an answer's size.
func kb(n int64) string { return fmt.Sprintf("%.1f KB", float64(n)/1000) }

// cpuRow tells where the CPU time of a run went: per check for the
// benchmark's parts (in seconds when checks is 0), in seconds for the rest
// of the machine and idle.
func cpuRow(m map[string]time.Duration, checks int) string {
	if len(m) == 0 {
		return "n/a"
	}
	var total time.Duration
	for _, d := range m {
		total += d
	}
	unit := "per check"
	if checks == 0 {
		unit = "CPU time"
	}
	var parts []string
	for _, p := range []struct{ key, label string }{
		{partService, "service"}, {partAPI, "`compliance serve`"}, {partPG, "PostgreSQL"}, {partTemp, "Temporal"},
		{partBench, "load generator"}, {partImport, "the import command"},
	} {
		d, ok := m[p.key]
		if !ok || d == 0 && (p.key == partAPI || p.key == partImport) {
			continue
		}
		v := secs(d)
		if checks > 0 {
			v = msf(d / time.Duration(checks))
		}
		parts = append(parts, p.label+" "+v)
	}
	return fmt.Sprintf("%s: %s; rest of the machine %s and idle %s, of %s", unit, strings.Join(parts, ", "),
		secs(m[partOther]), secs(m[partIdle]), secs(total))
}

// variantOrder lists the variants as the package documents them, then any
// other.
func variantOrder(m map[string]*variantTally) []string {
	order := []string{registrysamples.VariantExact, registrysamples.VariantNickname, registrysamples.VariantTransposition,
		registrysamples.VariantDiacritics, registrysamples.VariantInitial, registrysamples.VariantSwapped,
		registrysamples.VariantCompound, registrysamples.VariantMissingMiddle, registrysamples.VariantAlias,
		registrysamples.VariantDifferentDOB, registrysamples.VariantDifferentState, registrysamples.VariantUnlisted}
	seen := map[string]bool{}
	var out []string
	for _, v := range order {
		seen[v] = true
		if m[v] != nil {
			out = append(out, v)
		}
	}
	var rest []string
	for v := range m {
		if !seen[v] {
			rest = append(rest, v)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}
