package sampledocs

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// Files the service must reject or flag.

// EncryptedPassword is the user (open) password of EncryptedPDF's files.
const EncryptedPassword = "Nurse2026!"

// EncryptedPDF is a real document PDF that needs a password to open (AES
// 256, user password EncryptedPassword). Its bytes differ run to run: the
// encryption salts come from crypto/rand.
func EncryptedPDF(r *rand.Rand) ([]byte, error) {
	d := Generate(r, pick(r, []string{"bls", "nursing_license", "tb_skin_test", "drivers_license"}), NewPerson(r), Options{})
	pdf, err := RenderPDF(d)
	if err != nil {
		return nil, err
	}
	conf := model.NewAESConfiguration(EncryptedPassword, "owner-"+alnum(r, 10), 256)
	var buf bytes.Buffer
	if err := api.Encrypt(bytes.NewReader(pdf), &buf, conf); err != nil {
		return nil, fmt.Errorf("sampledocs: encrypt: %w", err)
	}
	return buf.Bytes(), nil
}

// CorruptPDF is a damaged document PDF, the way an interrupted download or
// a broken e-mail gateway leaves one: the header and the first objects are
// intact, the body is cut off inside a page's content stream (so the page
// tree, fonts and catalog are gone), and a garbage cross-reference table
// and trailer with wrong offsets follow.
func CorruptPDF(r *rand.Rand) []byte {
	d := Generate(r, pick(r, []string{"background_check", "skills_checklist", "physical_exam"}), NewPerson(r), Options{})
	pdf, err := RenderPDF(d)
	if err != nil {
		// RenderPDF of a generated document cannot fail short of a bug.
		panic(err)
	}
	// fpdf writes the page tree root (object 1) after all page objects;
	// cutting before it drops everything a reader needs.
	root := bytes.Index(pdf, []byte("\n1 0 obj"))
	first := bytes.Index(pdf, []byte("stream\n"))
	if root < 0 || first < 0 || first >= root {
		root, first = len(pdf)*2/3, len(pdf)/4
	}
	cut := first + 7 + r.IntN(max(1, (root-first-7)/2))
	var b bytes.Buffer
	b.Write(pdf[:cut])
	junk := make([]byte, 200+r.IntN(600))
	for i := range junk {
		junk[i] = byte(r.IntN(256))
	}
	b.Write(junk)
	n := 9 + r.IntN(20)
	fmt.Fprintf(&b, "\nxref\n0 %d\n0000000000 65535 f \n", n)
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "%010d 00000 n \n", r.IntN(len(pdf)*2))
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", n, n-1, n-2, len(pdf)+r.IntN(5000))
	return b.Bytes()
}

// ZeroPagePDF is a syntactically valid PDF whose page tree has no pages.
func ZeroPagePDF() []byte {
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [] /Count 0 >>",
		"<< /Producer (PDFsharp 1.50.5147 \\(www.pdfsharp.com\\)) /CreationDate (D:20261101093000) /ModDate (D:20261101093000) >>",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R /Info 3 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// editors are the tools forged documents come out of; their names are what
// the fraud checks look for in Producer.
var editors = []meta{
	{"iLovePDF", ""}, {"PDFescape Desktop 4.3", "PDFescape"}, {"Smallpdf.com", ""}, {"Sejda PDF Editor", "Sejda"},
	{"PDF-XChange Editor 10.2.1.385", "PDF-XChange Editor 10.2.1.385"}, {"Foxit PDF Editor 12.1", "Foxit PDF Editor"},
	{"Nitro Pro 13 (13.70.5.55)", "Nitro Pro 13"}, {"Wondershare PDFelement", "PDFelement"},
}

// EditedPDF is doc's PDF with a forged change appended the way PDF editors
// save: an incremental update after the original %%EOF with a new content
// stream for each page where the printed value of field changes (newValue,
// printed in the document's own format), the page objects pointing to it,
// a new Info dictionary naming an editing tool with a ModDate months after
// the CreationDate, and a new xref section whose trailer has /Prev. The
// original revision stays intact in the file, as in real forgeries.
//
// newValue is given in truth format: "YYYY-MM-DD" for dates, "a,b" for
// dose lists, "true"/"false", digits for induration_mm.
func EditedPDF(r *rand.Rand, doc Doc, field string, newValue string) ([]byte, error) {
	old, ok := doc.Fields[field]
	if !ok {
		return nil, fmt.Errorf("sampledocs: %s/%s does not print %s", doc.Type, doc.Variant, field)
	}
	var nv any = newValue
	switch old.(type) {
	case []string:
		nv = strings.Split(newValue, ",")
	case int:
		n, err := strconv.Atoi(newValue)
		if err != nil {
			return nil, fmt.Errorf("sampledocs: %s takes a number: %w", field, err)
		}
		nv = n
	case bool:
		b, err := strconv.ParseBool(newValue)
		if err != nil {
			return nil, fmt.Errorf("sampledocs: %s takes true or false: %w", field, err)
		}
		nv = b
	}
	orig, err := RenderPDF(doc)
	if err != nil {
		return nil, err
	}
	forged := doc
	forged.Fields = cloneFields(doc.Fields)
	forged.Fields[field] = nv
	redo, err := RenderPDF(forged)
	if err != nil {
		return nil, err
	}
	a, err := parseObjects(orig)
	if err != nil {
		return nil, err
	}
	b, err := parseObjects(redo)
	if err != nil {
		return nil, err
	}
	if len(a.objs) != len(b.objs) {
		return nil, fmt.Errorf("sampledocs: re-rendering %s/%s changed its structure", doc.Type, doc.Variant)
	}
	var changed []int
	for n := 1; n < len(a.objs); n++ {
		if !bytes.Equal(a.objs[n], b.objs[n]) {
			if !bytes.Contains(b.objs[n], []byte("stream\n")) {
				return nil, fmt.Errorf("sampledocs: re-rendering %s/%s changed object %d, not only page content", doc.Type, doc.Variant, n)
			}
			changed = append(changed, n)
		}
	}
	if len(changed) == 0 {
		return nil, fmt.Errorf("sampledocs: %s/%s does not visibly print %s", doc.Type, doc.Variant, field)
	}

	var up bytes.Buffer
	up.Write(orig)
	offsets := map[int]int{}
	next := len(a.objs)
	for _, n := range changed {
		// The content's new home, then the page that shows it.
		offsets[next] = up.Len()
		up.WriteString(strconv.Itoa(next))
		up.Write(b.objs[n][bytes.IndexByte(b.objs[n], ' '):])
		page := a.pageWithContents(n)
		if page < 0 {
			return nil, fmt.Errorf("sampledocs: no page shows object %d", n)
		}
		offsets[page] = up.Len()
		up.Write(bytes.Replace(a.objs[page], []byte(fmt.Sprintf("/Contents %d 0 R", n)), []byte(fmt.Sprintf("/Contents %d 0 R", next)), 1))
		next++
	}
	ed := pick(r, editors)
	created := doc.Created
	mod := created.AddDate(0, 2+r.IntN(7), r.IntN(28)).Add(time.Duration(r.IntN(36000)) * time.Second)
	info := fmt.Sprintf("<<\n/Producer (%s)\n", ed.producer)
	if ed.creator != "" {
		info += fmt.Sprintf("/Creator (%s)\n", ed.creator)
	}
	info += fmt.Sprintf("/CreationDate (D:%s)\n/ModDate (D:%s-05'00')\n>>", created.Format("20060102150405"), mod.Format("20060102150405"))
	offsets[a.info] = up.Len()
	fmt.Fprintf(&up, "%d 0 obj\n%s\nendobj\n", a.info, info)

	xref := up.Len()
	up.WriteString("xref\n")
	nums := make([]int, 0, len(offsets))
	for n := range offsets {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	for i := 0; i < len(nums); {
		j := i
		for j+1 < len(nums) && nums[j+1] == nums[j]+1 {
			j++
		}
		fmt.Fprintf(&up, "%d %d\n", nums[i], j-i+1)
		for k := i; k <= j; k++ {
			fmt.Fprintf(&up, "%010d 00000 n \n", offsets[nums[k]])
		}
		i = j + 1
	}
	fmt.Fprintf(&up, "trailer\n<<\n/Size %d\n/Root %d 0 R\n/Info %d 0 R\n/Prev %d\n>>\nstartxref\n%d\n%%%%EOF\n", next, a.root, a.info, a.xref, xref)
	return up.Bytes(), nil
}

// pdfObjects is a single-revision PDF as fpdf writes it, split at its
// objects.
type pdfObjects struct {
	objs             [][]byte // by object number; objs[0] unused
	xref, root, info int
}

var (
	startxrefRE = regexp.MustCompile(`startxref\s+(\d+)\s+%%EOF\s*$`)
	trailerRE   = regexp.MustCompile(`/Root (\d+) 0 R\s*/Info (\d+) 0 R|/Info (\d+) 0 R\s*/Root (\d+) 0 R`)
)

func parseObjects(pdf []byte) (*pdfObjects, error) {
	m := startxrefRE.FindSubmatch(pdf)
	if m == nil {
		return nil, fmt.Errorf("sampledocs: no startxref")
	}
	x, _ := strconv.Atoi(string(m[1]))
	var first, count int
	if _, err := fmt.Sscanf(string(pdf[x:]), "xref\n%d %d\n", &first, &count); err != nil || first != 0 {
		return nil, fmt.Errorf("sampledocs: unexpected xref: %v", err)
	}
	start := x + len(fmt.Sprintf("xref\n%d %d\n", first, count))
	offs := make([]int, count)
	for i := 0; i < count; i++ {
		e := pdf[start+20*i : start+20*i+20]
		offs[i], _ = strconv.Atoi(string(e[:10]))
	}
	sorted := append([]int(nil), offs[1:]...)
	sort.Ints(sorted)
	end := func(off int) int {
		i := sort.SearchInts(sorted, off+1)
		if i < len(sorted) {
			return sorted[i]
		}
		return x
	}
	p := &pdfObjects{objs: make([][]byte, count), xref: x}
	for n := 1; n < count; n++ {
		p.objs[n] = pdf[offs[n]:end(offs[n])]
	}
	t := trailerRE.FindSubmatch(pdf[x:])
	if t == nil {
		return nil, fmt.Errorf("sampledocs: no /Root and /Info in trailer")
	}
	if len(t[1]) > 0 {
		p.root, _ = strconv.Atoi(string(t[1]))
		p.info, _ = strconv.Atoi(string(t[2]))
	} else {
		p.info, _ = strconv.Atoi(string(t[3]))
		p.root, _ = strconv.Atoi(string(t[4]))
	}
	return p, nil
}

func (p *pdfObjects) pageWithContents(n int) int {
	ref := []byte(fmt.Sprintf("/Contents %d 0 R", n))
	for i, o := range p.objs {
		if bytes.Contains(o, []byte("/Type /Page")) && bytes.Contains(o, ref) {
			return i
		}
	}
	return -1
}
