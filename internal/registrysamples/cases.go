package registrysamples

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/registry"
)

// Variants of a labelled case (see the package documentation for what each
// means and the answer a correct screener gives).
const (
	VariantExact          = "exact"
	VariantNickname       = "nickname"
	VariantTransposition  = "transposition"
	VariantDiacritics     = "diacritics"
	VariantInitial        = "initial"
	VariantSwapped        = "swapped"
	VariantCompound       = "compound_surname"
	VariantMissingMiddle  = "missing_middle"
	VariantAlias          = "alias"
	VariantDifferentDOB   = "different_dob"
	VariantDifferentState = "different_state"
	VariantUnlisted       = "unlisted"
)

// Query is what a caller sends to screen a candidate.
type Query struct {
	FirstName  string `json:"first_name"`
	MiddleName string `json:"middle_name,omitempty"`
	LastName   string `json:"last_name"`
	// DateOfBirth is YYYY-MM-DD.
	DateOfBirth string `json:"date_of_birth,omitempty"`
	Zip         string `json:"zip,omitempty"`
}

// Case is one labelled screening question and its right answer.
type Case struct {
	ID       string `json:"id"`
	Registry string `json:"registry"`
	Query    Query  `json:"query"`
	// Listed is the answer: the query names a listed individual.
	Listed bool `json:"listed"`
	// SourceID is that individual's record (registry.Record.SourceID).
	SourceID string `json:"source_id,omitempty"`
	Variant  string `json:"variant"`
	// Detail is the variant's sub-kind (first_initial, middle_initial,
	// one_part, hyphenated, spaced, joined, aka, cross_reference).
	Detail string `json:"detail,omitempty"`
	// Listing is how the list prints the person (for a negative, the
	// same-name people it does list), for a human reading the case.
	Listing string `json:"listing"`
}

const unlistedCases = 200

type planItem struct {
	reg, variant string
	n            int
	// persons is how many listed individuals one case plants.
	persons int
}

func (g *generator) casePlan() []planItem {
	var plan []planItem
	add := func(reg string, counts ...any) {
		for i := 0; i < len(counts); i += 2 {
			v := counts[i].(string)
			persons := 1
			if v == VariantDifferentDOB || v == VariantDifferentState {
				persons = 4
			}
			plan = append(plan, planItem{reg: reg, variant: v, n: g.caseCount(counts[i+1].(int)), persons: persons})
		}
	}
	add(registry.OIGExclusion, VariantExact, 16, VariantNickname, 16, VariantTransposition, 14, VariantDiacritics, 12,
		VariantInitial, 16, VariantSwapped, 12, VariantCompound, 16, VariantMissingMiddle, 12)
	add(registry.SAM, VariantExact, 14, VariantNickname, 14, VariantTransposition, 12, VariantDiacritics, 10,
		VariantInitial, 14, VariantSwapped, 10, VariantCompound, 14, VariantMissingMiddle, 10, VariantAlias, 10)
	add(registry.OFAC, VariantExact, 14, VariantNickname, 8, VariantTransposition, 12, VariantDiacritics, 14,
		VariantInitial, 12, VariantSwapped, 10, VariantCompound, 14, VariantMissingMiddle, 12, VariantAlias, 14)
	add(registry.OIGExclusion, VariantDifferentDOB, 50)
	add(registry.SAM, VariantDifferentState, 50)
	add(registry.OFAC, VariantDifferentDOB, 45)
	return plan
}

// candidate is a person rendered for one list, not yet committed.
type candidate struct {
	reg string
	e   *listed
	// printed name parts as a caller would type the listed name (accents
	// as the list prints them, mixed case).
	first, middle, last string
	dob                 registry.PartialDate
	hasDOB              bool
	zip, state          string
	listing             string
	aliases             []registry.Name
	commit              func() *listed
}

// titleCase writes a name the way a caller types it: each part
// capitalised, particles after the first word kept lower-case ("De la
// Cruz", "Al-Zahrani").
func (g *generator) titleCase(s string) string {
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		parts := strings.Split(w, "-")
		for j, part := range parts {
			rs := []rune(part)
			first := i == 0 && j == 0
			lastPart := i == len(words)-1 && j == len(parts)-1
			if len(rs) == 0 || !first && !lastPart && particles[strings.ToUpper(part)] {
				continue
			}
			parts[j] = strings.ToUpper(string(rs[0])) + string(rs[1:])
		}
		words[i] = strings.Join(parts, "-")
	}
	return strings.Join(words, " ")
}

// render turns p into a listed individual of reg (strict: nothing cut).
func (g *generator) render(reg string, p person, o renderOptions) (candidate, bool) {
	c := candidate{reg: reg}
	switch reg {
	case registry.OIGExclusion:
		lc, ok := g.leieIndividual(p, true, true)
		if !ok {
			return c, false
		}
		c.e = g.m.listedFrom(lc.rec)
		c.first, c.middle, c.last = g.f.fold(p.first), g.f.fold(p.middle), g.f.fold(p.last)
		c.dob, c.hasDOB = lc.rec.DOBs[0], true
		c.zip, c.state = p.zip, p.place.state
		c.listing = fmt.Sprintf("%s, %s %s (DOB %s; %s, %s %s)", lc.row[0], lc.row[1], lc.row[2], lc.rec.DOBs[0], lc.row[10], lc.row[11], lc.row[12])
		c.commit = func() *listed { return g.commitLEIE(lc) }
	case registry.SAM:
		sc := g.samIndividual(p, samIndividualOptions{aliases: o.samAliases, strict: true})
		c.e = g.m.listedFrom(sc.rec)
		c.first, c.middle, c.last = g.f.fold(p.first), g.f.fold(p.middle), g.f.fold(p.last)
		c.zip, c.state = p.zip, p.place.state
		row := sc.rows[0]
		c.listing = fmt.Sprintf("%s %s %s %s (%s, %s %s)", row[sFirst], row[sMiddle], row[sLast], row[sCrossRef], row[sCity], row[sState], row[sZip])
		for _, a := range sc.rec.Aliases {
			c.aliases = append(c.aliases, a.Name)
		}
		c.commit = func() *listed { return g.commitSAM(sc) }
	case registry.OFAC:
		oc := g.ofacIndividual(p, ofacIndividualOptions{keepAccents: o.keepAccents, dobs: o.dobs, alts: o.ofacAlts, noAlts: o.noAlts, noWeak: true})
		c.e = g.m.listedFrom(oc.rec)
		c.first, c.middle, c.last = oc.first, oc.middle, g.ofacPrinted(p.last, o.keepAccents)
		if len(oc.rec.DOBs) > 0 {
			c.dob, c.hasDOB = oc.rec.DOBs[0], true
		}
		var dobs []string
		for _, d := range oc.rec.DOBs {
			dobs = append(dobs, d.Text)
		}
		c.listing = fmt.Sprintf("%s (DOB %s)", oc.entry.name, strings.Join(dobs, "; alt. DOB "))
		for _, a := range oc.entry.alts {
			c.aliases = append(c.aliases, registry.NameFromLastFirst(a.name))
			c.listing += "; " + a.typ + " " + a.name
		}
		pl := places[g.placePick.pick(g.r)]
		c.zip, c.state = g.zipIn(pl), pl.state
		c.commit = func() *listed { return g.commitOFAC(oc) }
	}
	c.listing = strings.Join(strings.Fields(c.listing), " ")
	return c, true
}

type renderOptions struct {
	keepAccents bool
	dobs        []registry.PartialDate
	ofacAlts    []ofacAlt
	noAlts      bool
	samAliases  []person
}

// mixFor is the origin mix a variant's person is drawn from.
func (g *generator) mixFor(reg, variant string) mix {
	switch {
	case variant == VariantNickname && reg == registry.OFAC:
		return newMix(0.3, 0.5, &hispanic, 0.6, &anglo, 0.25, &slavic, 0.15)
	case variant == VariantNickname:
		return newMix(0.55, 0.6, &anglo, 0.85, &hispanic, 0.15)
	case variant == VariantDiacritics:
		return newMix(0.5, 0.5, &hispanic, 0.7, &vietnamese, 0.12, &francophone, 0.12, &slavic, 0.06)
	case variant == VariantCompound && reg == registry.OFAC:
		return newMix(0.15, 0.6, &hispanic, 0.6, &arabic, 0.4)
	case variant == VariantCompound:
		return newMix(0.6, 0.6, &hispanic, 0.6, &anglo, 0.25, &nigerian, 0.15)
	}
	switch reg {
	case registry.OIGExclusion:
		return g.mixLEIE
	case registry.SAM:
		return g.mixSAM
	}
	return g.mixOFAC
}

// variantPerson draws a person with what the variant needs.
func (g *generator) variantPerson(reg, variant string, i int) (person, bool) {
	o := personOptions{hyphen: 0.02}
	if variant == VariantCompound {
		o = personOptions{compound: 1, hyphen: 0.5}
	}
	o.patronymic = reg == registry.OFAC
	p := g.newPerson(g.mixFor(reg, variant), o)
	if g.blocked(p.first, p.middle, p.last) {
		return p, false
	}
	switch variant {
	case VariantNickname:
		_, ok := nicknameOf(g.r, p.first)
		return p, ok
	case VariantDiacritics:
		return p, hasAccent(g.f, p.first) || hasAccent(g.f, p.last)
	case VariantCompound:
		return p, strings.ContainsAny(p.last, " -")
	case VariantMissingMiddle:
		return p, p.middle != ""
	case VariantInitial:
		return p, i%2 == 0 || p.middle != ""
	case VariantTransposition:
		_, ok := g.transposed(p.last)
		return p, ok
	}
	return p, true
}

// queryDOB is a date of birth a caller could give for a listed date at its
// precision.
func (g *generator) queryDOB(d registry.PartialDate) time.Time {
	y, m, day := d.Year, d.Month, d.Day
	switch d.Precision {
	case registry.PrecisionCirca:
		y += g.r.IntN(2*registry.CircaYears+1) - registry.CircaYears
	case registry.PrecisionRange:
		y += g.r.IntN(d.ToYear - d.Year + 1)
	}
	if m == 0 {
		m = 1 + g.r.IntN(12)
	}
	if day == 0 {
		day = 1 + g.r.IntN(28)
	}
	return time.Date(y, time.Month(m), day, 0, 0, 0, 0, time.UTC)
}

func (g *generator) plant(reg, variant string, i int) error {
	for range 600 {
		var ok bool
		var err error
		switch variant {
		case VariantDifferentDOB, VariantDifferentState:
			ok, err = g.plantNegative(reg, variant, i)
		default:
			ok, err = g.plantPositive(reg, variant, i)
		}
		if err != nil || ok {
			return err
		}
	}
	return fmt.Errorf("registrysamples: could not plant %s case %d on %s", variant, i, reg)
}

func (g *generator) plantPositive(reg, variant string, i int) (bool, error) {
	p, ok := g.variantPerson(reg, variant, i)
	if !ok {
		return false, nil
	}
	ro := renderOptions{}
	if reg == registry.OFAC {
		ro.keepAccents = hasAccent(g.f, p.first+p.last) && (variant == VariantDiacritics || g.r.IntN(2) == 0)
		ro.dobs = g.ofacDOBs(time.Date(1945+g.r.IntN(50), 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, g.r.IntN(365)))
		ro.noAlts = variant != VariantAlias
	}
	if reg == registry.OIGExclusion {
		p.dob = g.dobBetween(g.day, 24, 70)
	}
	var aliasQuery Query
	detail := ""
	if variant == VariantAlias {
		switch reg {
		case registry.SAM:
			a, ok := g.aliasPerson(p, g.mixSAM)
			if !ok {
				return false, nil
			}
			ro.samAliases = []person{a}
			detail = "cross_reference"
			aliasQuery = Query{FirstName: g.f.fold(a.first), LastName: g.f.fold(a.last)}
		case registry.OFAC:
			alts := g.ofacAltNames(p, ofacStyle(p.origin))
			primary := g.m.name(p.first, "", p.last)
			for _, a := range alts {
				n := registry.NameFromLastFirst(a.name)
				an := g.m.name(n.First, "", n.Last)
				if an.first.s != primary.first.s || an.last.s != primary.last.s {
					aliasQuery = Query{FirstName: n.First, MiddleName: n.Middle, LastName: g.titleCase(n.Last)}
					detail = a.typ
					break
				}
			}
			if detail == "" {
				return false, nil
			}
			ro.ofacAlts = alts
		}
	}
	c, ok := g.render(reg, p, ro)
	if !ok {
		return false, nil
	}
	q := Query{FirstName: c.first, MiddleName: c.middle, LastName: c.last}
	switch variant {
	case VariantNickname:
		q.FirstName, _ = nicknameOf(g.r, p.first)
	case VariantTransposition:
		q.LastName, _ = g.transposed(c.last)
	case VariantDiacritics:
		if reg == registry.OFAC {
			q = Query{FirstName: g.f.fold(c.first), MiddleName: g.f.fold(c.middle), LastName: g.f.fold(p.last)}
		} else {
			q = Query{FirstName: p.first, MiddleName: p.middle, LastName: p.last}
		}
	case VariantInitial:
		if i%2 == 0 {
			q.FirstName, detail = initial(c.first), "first_initial"
		} else {
			q.MiddleName, detail = initial(c.middle), "middle_initial"
		}
	case VariantSwapped:
		q.FirstName, q.LastName = c.last, c.first
	case VariantCompound:
		q.LastName, detail = g.compoundForm(c.last, i)
	case VariantMissingMiddle:
		q.MiddleName = ""
	case VariantAlias:
		q = aliasQuery
	}
	if q.LastName == "" || q.FirstName == "" {
		return false, nil
	}
	if reg == registry.OFAC {
		q.LastName = g.titleCase(q.LastName)
		if variant == VariantSwapped {
			q.FirstName = g.titleCase(q.FirstName)
		}
	}
	var dob time.Time
	switch {
	case c.hasDOB:
		dob = g.queryDOB(c.dob)
	default:
		dob = g.dobBetween(g.day, 24, 65)
	}
	q.DateOfBirth = dob.Format(time.DateOnly)
	q.Zip = c.zip
	if reg == registry.SAM && g.r.Float64() < 0.3 {
		pl := c.e.states
		if len(pl) > 0 {
			for _, x := range places {
				if x.state == pl[0] && !strings.HasPrefix(c.zip, x.zip3) {
					q.Zip = g.zipIn(x)
					break
				}
			}
		}
	}
	nq := g.normQuery(q, c.state)
	if !g.m.plausibleAny(nq.name, c.e) {
		return false, fmt.Errorf("registrysamples: %s %s query %+v does not reach its own listing %s", reg, variant, q, c.listing)
	}
	if len(g.ix[reg].conflicting(reg, nq, false)) > 0 || g.breaksCases(reg, c.e) {
		return false, nil
	}
	e := c.commit()
	g.addCase(Case{Registry: reg, Query: q, Listed: true, SourceID: e.sourceID, Variant: variant, Detail: detail, Listing: c.listing}, nq)
	return true, nil
}

// compoundForm writes a compound surname another way: one of its parts,
// hyphenated instead of spaced (or the reverse), or joined.
func (g *generator) compoundForm(last string, i int) (string, string) {
	words := strings.FieldsFunc(last, func(r rune) bool { return r == ' ' || r == '-' })
	var core []string
	for _, w := range words {
		if f := g.m.form(w); len(f.squash) > 2 && !particles[f.squash] {
			core = append(core, w)
		}
	}
	title := g.titleCase
	switch i % 3 {
	case 0:
		if len(core) > 0 {
			return title(core[g.r.IntN(len(core))]), "one_part"
		}
	case 1:
		if strings.Contains(last, "-") {
			return title(strings.ReplaceAll(last, "-", " ")), "spaced"
		}
		return title(strings.Join(words, "-")), "hyphenated"
	}
	joined := strings.Join(words, "")
	rs := []rune(strings.ToLower(joined))
	return strings.ToUpper(string(rs[:1])) + string(rs[1:]), "joined"
}

func (g *generator) normQuery(q Query, state string) query {
	nq := query{name: g.m.name(q.FirstName, q.MiddleName, q.LastName), state: state}
	if q.DateOfBirth != "" {
		nq.dob, _ = time.Parse(time.DateOnly, q.DateOfBirth)
	}
	if q.Zip != "" && len(q.Zip) >= 3 {
		for _, p := range places {
			if p.zip3 == q.Zip[:3] {
				nq.state = p.state
				break
			}
		}
	}
	return nq
}

func (g *generator) addCase(c Case, q query) {
	n := 1
	for _, x := range g.cases {
		if x.Registry == c.Registry && x.Variant == c.Variant {
			n++
		}
	}
	c.ID = fmt.Sprintf("%s/%s/%03d", c.Registry, c.Variant, n)
	g.cases = append(g.cases, c)
	g.caseQs = append(g.caseQs, q)
}

// breaksCases reports whether listing e on reg would change the answer of
// a case already labelled there.
func (g *generator) breaksCases(reg string, e *listed) bool {
	for k, c := range g.cases {
		if c.Registry != reg || c.Variant == VariantUnlisted {
			continue
		}
		if g.m.conflicts(reg, g.caseQs[k], e) {
			return true
		}
	}
	return false
}

// commonPerson draws a frequent name: the people a different-DOB or
// different-state negative is about.
func (g *generator) commonPerson(reg string) person {
	m := g.mixCommon
	if reg == registry.OFAC {
		m = newMix(0.1, 0.0, &arabic, 0.6, &hispanic, 0.4)
	}
	return g.newCommonPerson(m, 12, 30)
}

// newCommonPerson draws a person of m with one of the firsts most frequent
// given names and the lasts most frequent surnames of their origin, and
// neither middle name nor suffix.
func (g *generator) newCommonPerson(m mix, firsts, lasts int) person {
	p := g.newPerson(m, personOptions{})
	op := m.origins[0]
	for _, o := range m.origins {
		if o.name == p.origin {
			op = o
		}
	}
	given := op.originData.male
	if p.female {
		given = op.originData.female
	}
	p.first = given[g.r.IntN(min(firsts, len(given)))]
	p.last = op.originData.surnames[g.r.IntN(min(lasts, len(op.originData.surnames)))]
	p.middle, p.suffix = "", ""
	return p
}

func (g *generator) plantNegative(reg, variant string, i int) (bool, error) {
	p := g.commonPerson(reg)
	if g.blocked(p.first, p.middle, p.last) {
		return false, nil
	}
	q := Query{FirstName: g.f.fold(p.first), LastName: g.f.fold(p.last)}
	nq := g.normQuery(q, "")
	existing := g.ix[reg].conflicting(reg, nq, true)
	for _, e := range existing {
		if reg == registry.SAM && len(e.states) == 0 || reg != registry.SAM && len(e.dobs) == 0 {
			return false, nil
		}
	}
	// The same name listed several times, each with its own date of birth
	// and place.
	k := 2 + g.r.IntN(3)
	var members []candidate
	usedYears := map[int]bool{}
	for range k {
		mp := p
		g.placePerson(&mp)
		if g.r.Float64() < 0.5 {
			mp.middle = g.newPerson(g.mixCommon, personOptions{}).middle
		}
		ro := renderOptions{noAlts: true}
		year := 1945 + 5*g.r.IntN(11)
		for usedYears[year] {
			year = 1945 + 5*g.r.IntN(11)
		}
		usedYears[year] = true
		born := time.Date(year+g.r.IntN(2), 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, g.r.IntN(365))
		switch reg {
		case registry.OIGExclusion:
			mp.dob = born
		case registry.OFAC:
			ro.dobs = []registry.PartialDate{g.pdOf(born, pickWeighted(g, dobPrecisions))}
		}
		c, ok := g.render(reg, mp, ro)
		if !ok || g.breaksCases(reg, c.e) {
			return false, nil
		}
		members = append(members, c)
	}
	all := append([]*listed(nil), existing...)
	var listing []string
	for _, m := range members {
		all = append(all, m.e)
		listing = append(listing, m.listing)
	}
	switch reg {
	case registry.SAM:
		states := map[string]bool{}
		for _, e := range all {
			for _, s := range e.states {
				states[s] = true
			}
		}
		pl, ok := g.placeOutside(states)
		if !ok {
			return false, nil
		}
		q.Zip = g.zipIn(pl)
		q.DateOfBirth = g.dobBetween(g.day, 24, 65).Format(time.DateOnly)
	default:
		var dob time.Time
		for range 200 {
			d := time.Date(1942+g.r.IntN(63), 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, g.r.IntN(365))
			clear := true
			for _, e := range all {
				if dobCompatible(e.dobs, d, CompatibleYears+1) {
					clear = false
					break
				}
			}
			if clear {
				dob = d
				break
			}
		}
		if dob.IsZero() {
			return false, nil
		}
		q.DateOfBirth = dob.Format(time.DateOnly)
		if reg == registry.OIGExclusion {
			q.Zip = members[0].zip
		} else {
			q.Zip = g.zipIn(places[g.placePick.pick(g.r)])
		}
	}
	nq = g.normQuery(q, "")
	for _, m := range members {
		m.commit()
	}
	if len(g.ix[reg].conflicting(reg, nq, false)) > 0 {
		return false, fmt.Errorf("registrysamples: %s negative %+v conflicts after planting", reg, q)
	}
	if len(existing) > 0 {
		listing = append(listing, fmt.Sprintf("and %d more individuals with a similar name", len(existing)))
	}
	g.addCase(Case{Registry: reg, Query: q, Listed: false, Variant: variant, Listing: strings.Join(listing, " | ")}, nq)
	return true, nil
}

// pickReserved draws the common names kept off every list: the unlisted
// negatives. Every listed name and alias is checked against them as it is
// generated.
func (g *generator) pickReserved(n int) {
	m := newMix(0.55, 0, &anglo, 0.6, &hispanic, 0.25, &filipino, 0.05, &vietnamese, 0.05, &indian, 0.05)
	g.resIx = newIndex(g.m)
	seen := map[string]bool{}
	for len(g.reserved) < n {
		p := g.newCommonPerson(m, 25, 60)
		n := g.m.name(p.first, "", p.last)
		key := n.first.s + "|" + n.last.s
		if seen[key] {
			continue
		}
		// Reserved names must not come close to one another either, so that
		// each one blocks a small, distinct part of the name space.
		clash := false
		g.resIx.near(n.last, map[int32]bool{}, func(e *listed) {
			idx, _ := strconv.Atoi(e.sourceID)
			if g.m.plausible(g.reserved[idx], n) || g.m.plausible(n, g.reserved[idx]) {
				clash = true
			}
		})
		if clash {
			continue
		}
		seen[key] = true
		id := strconv.Itoa(len(g.reserved))
		g.reserved = append(g.reserved, n)
		g.reservedRaw = append(g.reservedRaw, p)
		// Indexed under the first name too, for queries that swap the two.
		g.resIx.add(&listed{sourceID: id, names: []lname{n, {first: n.last, last: n.first}}})
	}
}

// blocked reports whether a name could be one of the reserved ones.
func (g *generator) blocked(first, middle, last string) bool {
	key := first + "|" + middle + "|" + last
	if v, ok := g.blockedCache[key]; ok {
		return v
	}
	n := g.m.name(first, middle, last)
	hit := false
	g.resIx.near(n.last, map[int32]bool{}, func(e *listed) {
		idx, _ := strconv.Atoi(e.sourceID)
		if g.m.plausible(g.reserved[idx], n) {
			hit = true
		}
	})
	g.blockedCache[key] = hit
	return hit
}

func (g *generator) addUnlisted(n int) {
	regs := []string{registry.OIGExclusion, registry.SAM, registry.OFAC}
	for i, p := range g.reservedRaw {
		if n == 0 {
			return
		}
		q := Query{FirstName: g.f.fold(p.first), LastName: g.f.fold(p.last),
			DateOfBirth: g.dobBetween(g.day, 22, 66).Format(time.DateOnly), Zip: g.zipIn(places[g.placePick.pick(g.r)])}
		if i%4 == 0 {
			q.FirstName, q.LastName = p.first, p.last
		}
		nq := g.normQuery(q, "")
		free := true
		for _, reg := range regs {
			if len(g.ix[reg].conflicting(reg, nq, true)) > 0 {
				free = false
			}
		}
		if !free {
			continue
		}
		reg := regs[len(g.cases)%3]
		g.addCase(Case{Registry: reg, Query: q, Listed: false, Variant: VariantUnlisted,
			Listing: "no individual on any of the three lists has this name or a near one"}, nq)
		n--
	}
}

// verifyCases checks every case against everything listed: a positive
// reaches its own record and no other, a negative none.
func (g *generator) verifyCases() error {
	for k, c := range g.cases {
		if err := verifyCase(g.m, g.ix, c, g.caseQs[k]); err != nil {
			return err
		}
	}
	return nil
}

func verifyCase(m *matcher, ix map[string]*index, c Case, q query) error {
	if c.Variant == VariantUnlisted {
		for reg, x := range ix {
			if hits := x.conflicting(reg, q, true); len(hits) > 0 {
				return fmt.Errorf("registrysamples: case %s: %s lists %s", c.ID, reg, hits[0].sourceID)
			}
		}
		return nil
	}
	hits := ix[c.Registry].conflicting(c.Registry, q, false)
	switch {
	case c.Listed && (len(hits) != 1 || hits[0].sourceID != c.SourceID):
		ids := []string{}
		for _, h := range hits {
			ids = append(ids, h.sourceID)
		}
		return fmt.Errorf("registrysamples: case %s wants only %s, query reaches %v", c.ID, c.SourceID, ids)
	case !c.Listed && len(hits) > 0:
		return fmt.Errorf("registrysamples: negative case %s reaches %s", c.ID, hits[0].sourceID)
	}
	return nil
}
