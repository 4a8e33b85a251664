package sandbox

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Bounds of a job's checklist.
const (
	minItems = 12
	maxItems = 35
)

// Job statuses, as the service names them and the API reports them.
const (
	StatusActive      = "ACTIVE"
	StatusFilled      = "FILLED"
	StatusClosed      = "CLOSED"
	StatusUnavailable = "UNAVAILABLE"
)

// Item scopes: from the job's template or the placement's own.
const (
	ScopeRequisition = "requisition"
	ScopePlacement   = "placement"
)

// Job is a job as the sandbox holds it: what the API and the portal show,
// plus the traits its reference gives it.
type Job struct {
	Ref        string `json:"ref"`
	Title      string `json:"title"`
	FacilityID string `json:"facilityId"`
	Facility   string `json:"facility"`
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"postalCode"`
	Department string `json:"department"`
	Role       string `json:"role"`
	Shift      string `json:"shift"`
	Status     string `json:"status"`
	// PortalOnly: the checklist is only on portal pages (PORTAL-, HTML-).
	PortalOnly bool `json:"portalOnly"`
	// APIHidden: the API does not know the job at all (HTML-).
	APIHidden bool      `json:"apiHidden"`
	Version   int       `json:"version"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Location is how the portal prints the worksite.
func (j Job) Location() string { return fmt.Sprintf("%s, %s %s", j.City, j.State, j.PostalCode) }

// Item is one checklist item.
type Item struct {
	ID          string `json:"id"`
	Label       string `json:"label"`
	PacketGroup string `json:"packetGroup"`
	Notes       string `json:"notes"`
	Required    bool   `json:"required"`
	Scope       string `json:"scope"`
	// Keys are the catalog requirement keys a person would map the item
	// to (ground truth, never sent by the VMS).
	Keys    []string `json:"keys"`
	concept int
}

// Change is what one template version changed.
type Change struct {
	Version  int      `json:"version"`
	Added    []string `json:"added"`
	Removed  string   `json:"removed"`
	Reworded string   `json:"reworded"`
	// From and To are the reworded item's labels.
	From string `json:"from"`
	To   string `json:"to"`
}

type facility struct{ id, name, short, city, state, zip string }

func facilities() []facility {
	return []facility{
		{"FAC-0112", "St. Brigid Regional Medical Center", "St. Brigid", "Tacoma", "WA", "98405"},
		{"FAC-0147", "Lakeshore Memorial Hospital", "Lakeshore Memorial", "Duluth", "MN", "55805"},
		{"FAC-0203", "Mercy Valley Health – Main Campus", "Mercy Valley", "Fresno", "CA", "93721"},
		{"FAC-0231", "Cedar Ridge Community Hospital", "Cedar Ridge", "Boise", "ID", "83702"},
		{"FAC-0288", "Bayview General Hospital", "Bayview General", "Corpus Christi", "TX", "78404"},
		{"FAC-0310", "Piedmont Heights Medical Center", "Piedmont Heights", "Greenville", "SC", "29601"},
		{"FAC-0356", "Northgate University Hospital", "Northgate", "Ann Arbor", "MI", "48109"},
		{"FAC-0391", "Desert Sky Regional Hospital", "Desert Sky", "Tucson", "AZ", "85719"},
		{"FAC-0415", "Riverbend Children's Hospital", "Riverbend", "Louisville", "KY", "40202"},
		{"FAC-0462", "Harbor Point Medical Center", "Harbor Point", "Portland", "ME", "04101"},
		{"FAC-0507", "Sequoia Health – Eastside", "Sequoia Health", "Reno", "NV", "89502"},
		{"FAC-0533", "Magnolia Baptist Hospital", "Magnolia Baptist", "Jackson", "MS", "39216"},
		{"FAC-0579", "Prairie Crossing Medical Center", "Prairie Crossing", "Omaha", "NE", "68105"},
		{"FAC-0604", "Blue Ridge Memorial", "Blue Ridge", "Asheville", "NC", "28801"},
		{"FAC-0650", "Saint Anselm Hospital", "Saint Anselm", "Albany", "NY", "12208"},
		{"FAC-0688", "Gulf Coast Regional Medical Center", "Gulf Coast Regional", "Mobile", "AL", "36604"},
	}
}

type department struct {
	name, short, role string
	// certs are listed on every checklist of the department, maybe on
	// about half of them (concept ids).
	certs, maybe []string
}

func departments() []department {
	return []department{
		{name: "Intensive Care Unit", short: "ICU", role: roleRN, certs: []string{"acls"}, maybe: []string{"nihss"}},
		{name: "Emergency Department", short: "ER", role: roleRN, certs: []string{"acls", "pals"}, maybe: []string{"tncc", "nihss"}},
		{name: "Medical/Surgical", short: "Med/Surg", role: roleRN},
		{name: "Telemetry", short: "Tele", role: roleRN, certs: []string{"acls"}},
		{name: "Labor & Delivery", short: "L&D", role: roleRN, certs: []string{"nrp"}, maybe: []string{"acls", "fetal-monitoring"}},
		{name: "Neonatal ICU", short: "NICU", role: roleRN, certs: []string{"nrp"}, maybe: []string{"pals"}},
		{name: "Pediatrics", short: "Peds", role: roleRN, certs: []string{"pals"}},
		{name: "Operating Room", short: "OR", role: roleRN, certs: []string{"acls"}, maybe: []string{"pals"}},
		{name: "Post-Anesthesia Care", short: "PACU", role: roleRN, certs: []string{"acls"}, maybe: []string{"pals"}},
		{name: "Cardiac Cath Lab", short: "Cath Lab", role: roleRN, certs: []string{"acls"}},
		{name: "Oncology", short: "Oncology", role: roleRN, certs: []string{"chemo"}},
		{name: "Progressive Care", short: "PCU", role: roleRN, certs: []string{"acls"}, maybe: []string{"nihss"}},
		{name: "Long-Term Care", short: "LTC", role: roleLPN},
		{name: "Rehabilitation", short: "Rehab", role: roleLPN},
		{name: "Surgical Services", short: "OR", role: roleST},
		{name: "Respiratory Care", short: "RT", role: roleRT, certs: []string{"acls"}, maybe: []string{"pals", "nrp"}},
	}
}

// core lists, per role, the concepts every checklist carries; each entry
// is a set of alternatives, one of which is drawn.
func core(role string) [][]string {
	license := map[string]string{roleRN: "rn-license", roleLPN: "lpn-license", roleST: "st-certification", roleRT: "rt-license"}[role]
	return [][]string{
		{license}, {"bls"}, {"tb"}, {"background"}, {"drug-screen"}, {"hepatitis-b"},
		{"mmr"}, {"varicella"}, {"oig", "oig-sam"},
		{"confidentiality", "dress-code", "pump", "pyxis", "workplace-violence", "restraint"},
	}
}

// generator derives jobs and checklists from a reference and the seed.
type generator struct {
	seed     int64
	concepts []concept
	byID     map[string]int
	facs     []facility
	depts    []department
}

func newGenerator(seed int64) *generator {
	g := &generator{seed: seed, concepts: bank(), byID: map[string]int{}, facs: facilities(), depts: departments()}
	for i, c := range g.concepts {
		g.byID[c.id] = i
	}
	return g
}

func (g *generator) hash(parts ...string) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(g.seed))
	h.Write(b[:])
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	return h.Sum64()
}

func (g *generator) rng(parts ...string) *rand.Rand {
	return rand.New(rand.NewPCG(g.hash(parts...), g.hash(append(parts, "2")...)))
}

func (g *generator) itemID(prefix, ref, conceptID string) string {
	return fmt.Sprintf("%s-%06X", prefix, g.hash("item", ref, conceptID)&0xFFFFFF)
}

// job is the job a reference describes, before status and version.
func (g *generator) job(ref string) (Job, department, facility) {
	rng := g.rng("job", ref)
	f := g.facs[rng.IntN(len(g.facs))]
	d := g.depts[rng.IntN(len(g.depts))]
	shift := []string{"Days", "Nights", "Rotating", "Evenings"}[rng.IntN(4)]
	weeks := []int{8, 13, 13, 13, 26}[rng.IntN(5)]
	role := d.role
	short := map[string]string{roleRN: "RN", roleLPN: "LPN", roleST: "Surgical Technologist", roleRT: "Respiratory Therapist"}[role]
	t := parseTraits(ref)
	return Job{
		Ref:        ref,
		Title:      fmt.Sprintf("Travel %s - %s (%s, %d wks)", short, d.short, shift, weeks),
		FacilityID: f.id,
		Facility:   f.name,
		City:       f.city,
		State:      f.state,
		PostalCode: f.zip,
		Department: d.name,
		Role:       role,
		Shift:      shift,
		Status:     t.status,
		PortalOnly: t.portalChecklist,
		APIHidden:  t.apiHidden,
		Version:    1,
	}, d, f
}

// checklist tracks the items drawn so far and what they exclude.
type checklist struct {
	g     *generator
	items []Item
	slots map[string]bool
	keys  map[string]bool
}

func (g *generator) newChecklist(items []Item) *checklist {
	c := &checklist{g: g, slots: map[string]bool{}, keys: map[string]bool{}}
	for _, it := range items {
		c.mark(it.concept)
	}
	c.items = items
	return c
}

func (c *checklist) mark(ci int) {
	k := c.g.concepts[ci]
	c.slots["concept:"+k.id] = true
	for _, s := range k.excl {
		c.slots[s] = true
	}
	for _, key := range k.keys {
		c.keys[key] = true
	}
}

// fits reports whether concept ci may join: not there yet, no slot taken
// and no requirement key asked twice.
func (c *checklist) fits(ci int) bool {
	k := c.g.concepts[ci]
	if c.slots["concept:"+k.id] {
		return false
	}
	for _, s := range k.excl {
		if c.slots[s] {
			return false
		}
	}
	for _, key := range k.keys {
		if c.keys[key] {
			return false
		}
	}
	return true
}

func (c *checklist) add(it Item) {
	c.mark(it.concept)
	c.items = append(c.items, it)
}

// fill replaces placeholders with the job's facility, department and state.
func fill(label string, j *Job, f facility, d department) string {
	return strings.NewReplacer("{facility}", f.short, "{dept}", d.short, "{state}", j.State).Replace(label)
}

func (g *generator) item(rng *rand.Rand, ci int, prefix, ref, scope string, j *Job, f facility, d department) Item {
	k := g.concepts[ci]
	it := Item{
		ID:          g.itemID(prefix, ref, k.id),
		Label:       fill(k.wordings[rng.IntN(len(k.wordings))], j, f, d),
		PacketGroup: k.group,
		Required:    rng.IntN(100) >= k.optionalPct,
		Scope:       scope,
		Keys:        append([]string{}, k.keys...),
		concept:     ci,
	}
	if len(k.notes) > 0 && rng.IntN(100) < 40 {
		it.Notes = k.notes[rng.IntN(len(k.notes))]
	}
	return it
}

// eligible is whether concept ci may fill a job template of role.
func (g *generator) eligible(ci int, role string) bool {
	k := g.concepts[ci]
	return !k.placement && !k.deptOnly && (len(k.roles) == 0 || slices.Contains(k.roles, role))
}

// template is the job's checklist at version (1 is the first), and what
// each later version changed.
func (g *generator) template(ref string, version int) ([]Item, []Change) {
	j, d, f := g.job(ref)
	rng := g.rng("template", ref)
	n := minItems + rng.IntN(maxItems-minItems+1)
	c := g.newChecklist(nil)
	coreIDs := map[int]bool{}
	for _, alts := range core(j.Role) {
		var fit []int
		for _, id := range alts {
			if ci := g.byID[id]; c.fits(ci) {
				fit = append(fit, ci)
			}
		}
		if len(fit) > 0 {
			ci := fit[rng.IntN(len(fit))]
			coreIDs[ci] = true
			c.add(g.item(rng, ci, "RQ", ref, ScopeRequisition, &j, f, d))
		}
	}
	for _, id := range d.certs {
		if ci := g.byID[id]; c.fits(ci) {
			coreIDs[ci] = true
			c.add(g.item(rng, ci, "RQ", ref, ScopeRequisition, &j, f, d))
		}
	}
	for _, id := range d.maybe {
		if ci := g.byID[id]; rng.IntN(2) == 0 && c.fits(ci) {
			c.add(g.item(rng, ci, "RQ", ref, ScopeRequisition, &j, f, d))
		}
	}
	pool := g.pool(j.Role)
	rng.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
	for _, ci := range pool {
		if len(c.items) >= n {
			break
		}
		if c.fits(ci) {
			c.add(g.item(rng, ci, "RQ", ref, ScopeRequisition, &j, f, d))
		}
	}

	var changes []Change
	for v := 2; v <= version; v++ {
		changes = append(changes, g.change(c, coreIDs, ref, v, &j, f, d))
	}
	items := c.items
	sortByGroup(items)
	return items, changes
}

func (g *generator) pool(role string) []int {
	var pool []int
	for ci := range g.concepts {
		if g.eligible(ci, role) {
			pool = append(pool, ci)
		}
	}
	return pool
}

// change applies version v to the checklist: one item removed (not a core
// one when there is another), one or two added, one reworded (same id,
// another wording).
func (g *generator) change(c *checklist, coreIDs map[int]bool, ref string, v int, j *Job, f facility, d department) Change {
	rng := g.rng("version", ref, strconv.Itoa(v))
	ch := Change{Version: v, Added: []string{}}

	var removable []int
	for i, it := range c.items {
		if !coreIDs[it.concept] {
			removable = append(removable, i)
		}
	}
	if len(removable) == 0 {
		for i := range c.items {
			removable = append(removable, i)
		}
	}
	at := removable[rng.IntN(len(removable))]
	removed := c.items[at]
	ch.Removed = removed.ID
	rest := slices.Delete(slices.Clone(c.items), at, at+1)
	*c = *g.newChecklist(rest)

	pool := g.pool(j.Role)
	rng.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
	want := min(1+rng.IntN(2), maxItems-len(c.items))
	for _, ci := range pool {
		if want == 0 {
			break
		}
		if ci == removed.concept || !c.fits(ci) {
			continue
		}
		it := g.item(rng, ci, "RQ", ref, ScopeRequisition, j, f, d)
		c.add(it)
		ch.Added = append(ch.Added, it.ID)
		want--
	}

	var rewordable []int
	for i, it := range c.items {
		if len(g.concepts[it.concept].wordings) > 1 && !slices.Contains(ch.Added, it.ID) {
			rewordable = append(rewordable, i)
		}
	}
	if len(rewordable) > 0 {
		it := &c.items[rewordable[rng.IntN(len(rewordable))]]
		k := g.concepts[it.concept]
		var others []string
		for _, w := range k.wordings {
			if w := fill(w, j, f, d); w != it.Label {
				others = append(others, w)
			}
		}
		if len(others) > 0 {
			ch.Reworded, ch.From = it.ID, it.Label
			it.Label = others[rng.IntN(len(others))]
			ch.To = it.Label
		}
	}
	return ch
}

// placementItems are the items a placement lists on top of its job's
// template: one to four, none asking again for what the template asks.
func (g *generator) placementItems(placementRef, jobRef string, template []Item) []Item {
	j, d, f := g.job(jobRef)
	rng := g.rng("placement", placementRef)
	c := g.newChecklist(slices.Clone(template))
	var pool []int
	for ci, k := range g.concepts {
		if k.placement {
			pool = append(pool, ci)
		}
	}
	rng.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
	want := 1 + rng.IntN(4)
	var out []Item
	for _, ci := range pool {
		if len(out) == want {
			break
		}
		if c.fits(ci) {
			it := g.item(rng, ci, "PL", placementRef, ScopePlacement, &j, f, d)
			c.add(it)
			out = append(out, it)
		}
	}
	return out
}

func sortByGroup(items []Item) {
	order := groupOrder()
	slices.SortStableFunc(items, func(a, b Item) int {
		return slices.Index(order, a.PacketGroup) - slices.Index(order, b.PacketGroup)
	})
}

// traits are what a reference's special prefixes make of a job.
type traits struct {
	notFound, forbidden, fail, flaky, slow, maint, change bool
	apiHidden, portalChecklist                            bool
	status                                                string
}

// parseTraits reads the special words a job reference starts with
// (case-insensitive, any number, joined by dashes: HTML-SLOW-7).
func parseTraits(ref string) traits {
	t := traits{status: StatusActive}
	for _, w := range strings.Split(ref, "-") {
		switch strings.ToUpper(w) {
		case "NOTFOUND":
			t.notFound = true
		case "FORBIDDEN":
			t.forbidden = true
		case "FAIL":
			t.fail = true
		case "FLAKY":
			t.flaky = true
		case "SLOW":
			t.slow = true
		case "MAINT":
			t.maint = true
		case "CHANGE":
			t.change = true
		case "HTML":
			t.apiHidden, t.portalChecklist = true, true
		case "PORTAL":
			t.portalChecklist = true
		case "UNAVAIL":
			t.status = StatusUnavailable
		case "FILLED":
			t.status = StatusFilled
		case "CLOSED":
			t.status = StatusClosed
		default:
			return t
		}
	}
	return t
}

// validRef: letters, digits, dot, dash, underscore; 1 to 64 characters,
// starting with a letter or digit.
func validRef(ref string) bool {
	if ref == "" || len(ref) > 64 {
		return false
	}
	for i, r := range ref {
		switch {
		case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z', r >= '0' && r <= '9':
		case i > 0 && (r == '-' || r == '.' || r == '_'):
		default:
			return false
		}
	}
	return true
}

// placementJob splits a placement reference P-<job ref>-<n> into the job
// reference.
func placementJob(ref string) (string, bool) {
	if len(ref) < 5 || !strings.EqualFold(ref[:2], "P-") || !validRef(ref) {
		return "", false
	}
	i := strings.LastIndexByte(ref, '-')
	if i <= 2 {
		return "", false
	}
	n, err := strconv.Atoi(ref[i+1:])
	if err != nil || n < 1 || ref[i+1] == '0' {
		return "", false
	}
	job := ref[2:i]
	return job, validRef(job)
}
