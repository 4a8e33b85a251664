package registrysamples

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/registry"
)

// Full-size row counts (Scale 1).
const (
	FullLEIERows    = 80000
	FullSAMRows     = 150000
	FullOFACEntries = 18000
)

// DefaultListDate is the lists' date when Options.ListDate is zero, so the
// same seed writes the same bytes on any day.
func DefaultListDate() time.Time { return time.Date(2026, 4, 23, 0, 0, 0, 0, time.UTC) }

// Options configure Generate.
type Options struct {
	// Seed makes the output deterministic: the same seed, scale and list
	// date write byte-identical files.
	Seed uint64
	// Scale is the size relative to the real lists (1 = full size, about
	// 80,000 LEIE rows, 150,000 SAM rows and 18,000 OFAC entries; 0 means 1).
	// The labelled cases scale with min(1, 5*Scale), at least one per kind.
	Scale float64
	// ListDate is the lists' date: the SAM file name's Julian date, OFAC's
	// Publish_Date, the LEIE file's modification time (its Last-Modified).
	ListDate time.Time
}

// Files are the paths Generate wrote and what it planted.
type Files struct {
	Dir string
	// LEIE is UPDATED.csv; its modification time is the list date.
	LEIE string
	// SAM is SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP.
	SAM string
	// The OFAC legacy CSV set and SDN.XML (publshInformation only).
	SDN, Alt, Add, Comments, SDNXML string
	// Labelled is labelled.json, the Cases.
	Labelled string
	ListDate time.Time
	// Row counts as written (LEIE and SAM data rows, OFAC entries).
	LEIERows, SAMRows, OFACEntries int
	Cases                          []Case
}

// Generate writes the three lists at the size Options.Scale asks for into
// dir (created if missing), and labelled.json.
func Generate(dir string, opts Options) (Files, error) {
	if opts.Scale <= 0 {
		opts.Scale = 1
	}
	if opts.ListDate.IsZero() {
		opts.ListDate = DefaultListDate()
	}
	opts.ListDate = time.Date(opts.ListDate.Year(), opts.ListDate.Month(), opts.ListDate.Day(), 0, 0, 0, 0, time.UTC)
	g := newGenerator(opts)
	if err := g.build(); err != nil {
		return Files{}, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Files{}, err
	}
	files := Files{
		Dir:      dir,
		LEIE:     filepath.Join(dir, registry.LEIEFileName),
		SAM:      filepath.Join(dir, registry.SAMExtractFileName(opts.ListDate)),
		SDN:      filepath.Join(dir, registry.OFACSDNFile),
		Alt:      filepath.Join(dir, registry.OFACAltFile),
		Add:      filepath.Join(dir, registry.OFACAddFile),
		Comments: filepath.Join(dir, registry.OFACCommentsFile),
		SDNXML:   filepath.Join(dir, registry.OFACXMLFile),
		Labelled: filepath.Join(dir, "labelled.json"),
		ListDate: opts.ListDate,
		LEIERows: len(g.leie.rows), SAMRows: len(g.sam.rows), OFACEntries: len(g.ofac.entries),
		Cases: g.cases,
	}
	if err := g.writeLEIE(files.LEIE); err != nil {
		return Files{}, err
	}
	if err := g.writeSAM(files.SAM); err != nil {
		return Files{}, err
	}
	if err := g.writeOFAC(files); err != nil {
		return Files{}, err
	}
	b, err := json.MarshalIndent(g.cases, "", "  ")
	if err != nil {
		return Files{}, err
	}
	if err := os.WriteFile(files.Labelled, append(b, '\n'), 0o644); err != nil {
		return Files{}, err
	}
	return files, nil
}

// LoadCases reads a labelled.json written by Generate.
func LoadCases(path string) ([]Case, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cases []Case
	if err := json.Unmarshal(b, &cases); err != nil {
		return nil, fmt.Errorf("registrysamples: %s: %w", path, err)
	}
	return cases, nil
}

// Parsed are the three lists read back with the registry parsers.
type Parsed struct {
	LEIE, SAM, OFAC *registry.List
}

// ParseAll reads the generated files with the registry package's parsers,
// the way an import would.
func ParseAll(files Files) (Parsed, error) {
	var p Parsed
	f, err := os.Open(files.LEIE)
	if err != nil {
		return p, err
	}
	st, err := f.Stat()
	if err == nil {
		p.LEIE, err = registry.ParseLEIE(f, st.ModTime().UTC())
	}
	f.Close()
	if err != nil {
		return p, err
	}
	z, err := os.Open(files.SAM)
	if err != nil {
		return p, err
	}
	defer z.Close()
	zst, err := z.Stat()
	if err != nil {
		return p, err
	}
	if p.SAM, err = registry.ParseSAM(z, zst.Size(), filepath.Base(files.SAM)); err != nil {
		return p, err
	}
	x, err := os.Open(files.SDNXML)
	if err != nil {
		return p, err
	}
	day, err := registry.ReadOFACPublishDate(x)
	x.Close()
	if err != nil {
		return p, err
	}
	var readers []io.Reader
	for _, path := range []string{files.SDN, files.Alt, files.Add, files.Comments} {
		b, err := os.ReadFile(path)
		if err != nil {
			return p, err
		}
		readers = append(readers, bytes.NewReader(b))
	}
	p.OFAC, err = registry.ParseOFAC(registry.OFACFiles{SDN: readers[0], Alt: readers[1], Add: readers[2], Comments: readers[3]}, day)
	return p, err
}

type generator struct {
	r         *rand.Rand
	opts      Options
	day       time.Time
	f         *folder
	m         *matcher
	placePick picker
	// leieCatPick draws LEIE's GENERAL/SPECIALTY categories.
	leieCatPick picker
	mixLEIE     mix
	mixSAM      mix
	mixOFAC     mix
	mixCommon   mix

	reserved     []lname
	reservedRaw  []person
	resIx        *index
	blockedCache map[string]bool

	leie leieList
	sam  samList
	ofac ofacList
	ix   map[string]*index

	cases  []Case
	caseQs []query
}

func newGenerator(opts Options) *generator {
	f := newFolder()
	g := &generator{
		r:            rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x5eed5a11)),
		opts:         opts,
		day:          opts.ListDate,
		f:            f,
		m:            newMatcher(f),
		blockedCache: map[string]bool{},
		ix:           map[string]*index{},
	}
	w := make([]float64, len(places))
	for i, p := range places {
		w[i] = p.weight
	}
	g.placePick = newWeightedPicker(w)
	cw := make([]float64, len(leieCategories))
	for i, c := range leieCategories {
		cw[i] = c.weight
	}
	g.leieCatPick = newWeightedPicker(cw)
	// Nursing-heavy LEIE: mostly women, the workforce's origins.
	g.mixLEIE = newMix(0.68, 0.72, &anglo, 0.56, &hispanic, 0.17, &filipino, 0.05, &nigerian, 0.05, &indian, 0.05,
		&vietnamese, 0.03, &slavic, 0.03, &chinese, 0.015, &korean, 0.015, &arabic, 0.02, &francophone, 0.01)
	g.mixSAM = newMix(0.38, 0.5, &anglo, 0.58, &hispanic, 0.2, &filipino, 0.02, &nigerian, 0.04, &indian, 0.05,
		&vietnamese, 0.03, &slavic, 0.03, &chinese, 0.015, &korean, 0.015, &arabic, 0.02)
	g.mixOFAC = newMix(0.14, 0.75, &arabic, 0.38, &hispanic, 0.24, &slavic, 0.22, &chinese, 0.04, &korean, 0.03, &anglo, 0.03,
		&nigerian, 0.02, &indian, 0.02, &vietnamese, 0.01, &francophone, 0.01)
	g.mixCommon = newMix(0.6, 0.6, &anglo, 0.7, &hispanic, 0.3)
	for _, reg := range []string{registry.OIGExclusion, registry.SAM, registry.OFAC} {
		g.ix[reg] = newIndex(g.m)
	}
	return g
}

func (g *generator) scaled(full int) int {
	return max(1, int(math.Round(float64(full)*g.opts.Scale)))
}

// caseCount scales a full-size number of labelled cases.
func (g *generator) caseCount(full int) int {
	return max(1, int(math.Round(float64(full)*min(1, 5*g.opts.Scale))))
}

func (g *generator) build() error {
	g.pickReserved(g.caseCount(unlistedCases) * 3 / 2)
	plan := g.casePlan()
	planted := map[string]int{}
	for _, p := range plan {
		planted[p.reg] += p.n * p.persons
	}
	if err := g.fillLEIE(planted[registry.OIGExclusion]); err != nil {
		return err
	}
	g.fillSAM(planted[registry.SAM])
	g.fillOFAC(planted[registry.OFAC])
	for _, p := range plan {
		for i := range p.n {
			if err := g.plant(p.reg, p.variant, i); err != nil {
				return err
			}
		}
	}
	g.addUnlisted(g.caseCount(unlistedCases))
	return g.verifyCases()
}

// quoteAll renders a CSV row with every field quoted.
func quoteAll(w *bufio.Writer, fields []string) {
	for i, f := range fields {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteByte('"')
		w.WriteString(strings.ReplaceAll(f, `"`, `""`))
		w.WriteByte('"')
	}
	w.WriteString("\r\n")
}

func (g *generator) writeLEIE(path string) error {
	rows := g.leie.rows
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		for _, c := range []int{0, 1, 2, 3} {
			if a[c] != b[c] {
				return a[c] < b[c]
			}
		}
		return false
	})
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	w.WriteString(strings.Join(registry.LEIEHeader(), ",") + "\r\n")
	for _, r := range rows {
		quoteAll(w, r)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return err
	}
	// The LEIE's date is the download's Last-Modified.
	return os.Chtimes(path, g.day, g.day)
}

func (g *generator) writeSAM(path string) error {
	var csv bytes.Buffer
	w := bufio.NewWriter(&csv)
	quoteAll(w, registry.SAMHeader())
	for _, r := range g.sam.rows {
		quoteAll(w, r)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestSpeed)
	})
	name := strings.TrimSuffix(filepath.Base(path), ".ZIP") + ".CSV"
	fw, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: g.day})
	if err != nil {
		return err
	}
	if _, err := fw.Write(csv.Bytes()); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, out.Bytes(), 0o644)
}

// ofacField renders one field of the legacy CSV set: numbers bare, text
// quoted, empty as the list's "-0- ".
func ofacField(w *bufio.Writer, v string, number bool) {
	switch {
	case v == "":
		w.WriteString("-0- ")
	case number:
		w.WriteString(v)
	default:
		w.WriteByte('"')
		w.WriteString(strings.ReplaceAll(v, `"`, `""`))
		w.WriteByte('"')
	}
}

func ofacRow(w *bufio.Writer, numbers int, fields ...string) {
	for i, f := range fields {
		if i > 0 {
			w.WriteByte(',')
		}
		ofacField(w, f, i < numbers)
	}
	w.WriteString("\r\n")
}

// remarksLimit is where sdn.csv cuts Remarks; the rest goes to
// sdn_comments.csv.
const remarksLimit = 1000

func (g *generator) writeOFAC(files Files) error {
	entries := g.ofac.entries
	sort.Slice(entries, func(i, j int) bool { return entries[i].num < entries[j].num })
	bufs := make([]*bytes.Buffer, 4)
	ws := make([]*bufio.Writer, 4)
	for i := range bufs {
		bufs[i] = &bytes.Buffer{}
		ws[i] = bufio.NewWriter(bufs[i])
	}
	sdn, alt, add, com := ws[0], ws[1], ws[2], ws[3]
	altNum, addNum := 0, 0
	for _, e := range entries {
		num := strconv.Itoa(e.num)
		remarks, rest := e.remarks, ""
		if rs := []rune(remarks); len(rs) > remarksLimit {
			remarks, rest = string(rs[:remarksLimit]), string(rs[remarksLimit:])
		}
		ofacRow(sdn, 1, num, e.name, e.typ, e.program, e.title, e.callSign, e.vessType, e.tonnage, e.grt, e.flag, e.owner, remarks)
		if rest != "" {
			ofacRow(com, 1, num, rest)
		}
		for _, a := range e.alts {
			altNum += 1 + g.r.IntN(3)
			ofacRow(alt, 2, num, strconv.Itoa(altNum), a.typ, a.name, "")
		}
		for _, a := range e.adds {
			addNum += 1 + g.r.IntN(3)
			ofacRow(add, 2, num, strconv.Itoa(addNum), a.address, a.cityStateZip, a.country, "")
		}
	}
	for i, path := range []string{files.SDN, files.Alt, files.Add, files.Comments} {
		ws[i].WriteByte(0x1A)
		if err := ws[i].Flush(); err != nil {
			return err
		}
		if err := os.WriteFile(path, bufs[i].Bytes(), 0o644); err != nil {
			return err
		}
	}
	xml := fmt.Sprintf(`<?xml version="1.0" standalone="yes"?>
<sdnList xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://tempuri.org/sdnList.xsd">
  <publshInformation>
    <Publish_Date>%s</Publish_Date>
    <Record_Count>%d</Record_Count>
  </publshInformation>
</sdnList>
`, g.day.Format("01/02/2006"), len(entries))
	return os.WriteFile(files.SDNXML, []byte(xml), 0o644)
}
