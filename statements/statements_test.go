package statements

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/clearedtostart/compliance/internal/golden"
	"github.com/clearedtostart/compliance/internal/pdftext"
)

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// fullData is a placement's packet with fulfilled, in-flight and pending
// rows, and characters HTML must escape.
func fullData() Data {
	return Data{
		Candidate: Candidate{FirstName: "Maria", MiddleName: "Elena", LastName: "Alvarez", DateOfBirth: day(1990, 4, 12),
			Email: "maria.alvarez@example.com", Phone: "(512) 555-0142", ExternalID: "nurse-0001"},
		Job: Job{Ref: "JR-20931", Title: "ICU Registered Nurse", Facility: "St. Luke's & Mercy",
			Location: "Austin, TX", Department: "Intensive Care <Adult>", VMSType: "sandbox"},
		Placement:   Placement{ID: "5b2f7c1e-8d1a-4e0b-9a51-2d4c0f1e8b21", ExternalRef: "PL-55120", StartDate: day(2026, 12, 7), EndDate: day(2027, 3, 6), Status: "ACTIVE"},
		PacketGroup: "onboarding",
		Requirements: []Requirement{
			{Label: "BLS certification", Key: "bls", Status: "FULFILLED",
				FulfilledBy: Document{Type: "BLS card", FileName: "bls-card.pdf", ID: "0e7d1c52-1b7a-4f7e-8c1d-3f0a9d2b6c11"}, ExpiresAt: day(2027, 8, 31)},
			{Label: "TB test", Key: "tb-test", Status: "FULFILLED",
				FulfilledBy: Document{Type: "QuantiFERON result", FileName: "tb-scan.jpg", ID: "7c4e2a90-5d3b-4c1e-a2f8-6b9d0e1f2a33"}, ExpiresAt: day(2027, 1, 15)},
			{Label: "RN license", Key: "rn-license", Status: "IN_PROGRESS"},
			{Label: "Health attestation", Key: "attestation", Status: "PENDING"},
		},
		GeneratedAt: day(2026, 11, 24),
		PartnerID:   "partner-77",
		CandidateID: "cand-4411",
	}
}

func newRenderer(t testing.TB, cfg Config) *Renderer {
	t.Helper()
	r, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// validPDF checks a PDF against pdfcpu's strict validation, so that the
// packet compiler and other readers take it as it is.
func validPDF(t testing.TB, pdf []byte) {
	t.Helper()
	api.DisableConfigDir()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	if err := api.Validate(bytes.NewReader(pdf), conf); err != nil {
		t.Errorf("strict validation: %v", err)
	}
}

// checkRender renders template key with d: a valid PDF whose text has
// every want and matches testdata/<name>.txt.
func checkRender(t *testing.T, r *Renderer, key string, d Data, name string, want []string) {
	t.Helper()
	pdf, err := r.Render(context.Background(), key, d)
	if err != nil {
		t.Fatal(err)
	}
	validPDF(t, pdf)
	text := pdftext.Layout(t, pdf)
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("text lacks %q", w)
		}
	}
	golden.Check(t, filepath.Join("testdata", name+".txt"), []byte(text))
}

// lineWith is the first line of text containing s.
func lineWith(text, s string) string {
	for l := range strings.SplitSeq(text, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

func TestTemplates(t *testing.T) {
	got := newRenderer(t, Config{}).Templates()
	want := []string{"coversheet", "attestation"}
	if len(got) != len(want) {
		t.Fatalf("Templates() = %+v, want keys %v", got, want)
	}
	for i, tm := range got {
		if tm.Key != want[i] || tm.Title == "" || tm.Description == "" || len(tm.Reads) == 0 {
			t.Errorf("template %d = %+v, want key %q with a title, description and reads", i, tm, want[i])
		}
	}
	got[0].Reads[0] = "changed"
	if newRenderer(t, Config{}).Templates()[0].Reads[0] == "changed" {
		t.Error("Templates() shares its slices with the renderer")
	}
}

func TestRenderContent(t *testing.T) {
	r := newRenderer(t, Config{})
	tests := []struct {
		key  string
		want []string
	}{
		{"coversheet", []string{
			"Packet cover sheet", "Packet onboarding",
			"Maria Elena Alvarez", "April 12, 1990", "maria.alvarez@example.com", "(512) 555-0142", "nurse-0001", "cand-4411",
			"ICU Registered Nurse", "JR-20931", "St. Luke's & Mercy", "Austin, TX", "Intensive Care <Adult>", "sandbox",
			"December 7, 2026", "March 6, 2027", "PL-55120", "ACTIVE", "5b2f7c1e-8d1a-4e0b-9a51-2d4c0f1e8b21",
			"bls-card.pdf", "0e7d1c52-1b7a-4f7e-8c1d-3f0a9d2b6c11", "tb-scan.jpg", "August 31, 2027",
			"Generated November 24, 2026 for partner partner-77", "Page 1 of 1",
		}},
		{"attestation", []string{
			"Candidate attestation of health and background",
			"Maria Elena Alvarez", "April 12, 1990", "cand-4411", "ICU Registered Nurse", "St. Luke's & Mercy",
			"December 7, 2026 to March 6, 2027", "Candidate signature", "Date signed", "Printed name",
			"Prepared November 24, 2026", "Page 1 of 1",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			checkRender(t, r, tt.key, fullData(), tt.key, tt.want)
		})
	}
}

// Each requirement is one table row: its label, status and fulfilling
// document's type read on one line, and the row is flagged unless it is
// FULFILLED.
func TestCoversheetRequirementRows(t *testing.T) {
	r := newRenderer(t, Config{})
	d := fullData()
	pdf, err := r.Render(context.Background(), "coversheet", d)
	if err != nil {
		t.Fatal(err)
	}
	text := pdftext.Layout(t, pdf)
	for i, req := range d.Requirements {
		line := lineWith(text, req.Label)
		if line == "" {
			t.Errorf("requirement %q missing", req.Label)
			continue
		}
		for _, w := range []string{req.Status, req.FulfilledBy.Type} {
			if !strings.Contains(line, w) {
				t.Errorf("row of %q = %q, lacks %q", req.Label, line, w)
			}
		}
		if strings.Contains(line, "FULFILLED") != d.Requirements[i].Fulfilled() {
			t.Errorf("row of %q = %q, wrong status", req.Label, line)
		}
	}
	html, err := r.html("coversheet", d)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(html), `class="attention"`); n != 2 {
		t.Errorf("%d rows flagged for attention, want 2 (IN_PROGRESS and PENDING)", n)
	}
}

// A missing value is an underlined blank, never an error, for every
// template; an empty packet says so instead of showing an empty table.
func TestMissingDataRendersBlanks(t *testing.T) {
	r := newRenderer(t, Config{})
	partial := fullData()
	partial.Candidate = Candidate{LastName: "Alvarez"}
	partial.Placement.EndDate = time.Time{}
	partial.Requirements = []Requirement{{Label: "Drug screen"}}
	tests := []struct {
		key, name  string
		data       Data
		wantBlanks int
		want       []string
	}{
		{"coversheet", "empty", Data{}, 19, []string{"No requirements were listed for this packet.", "Page 1 of 1"}},
		{"coversheet", "partial", partial, 9, []string{"Alvarez", "Drug screen", "December 7, 2026"}},
		{"attestation", "empty", Data{}, 11, []string{"Candidate signature", "Page 1 of 1"}},
		{"attestation", "partial", partial, 2, []string{"Alvarez", "December 7, 2026 to"}},
	}
	for _, tt := range tests {
		t.Run(tt.key+"-"+tt.name, func(t *testing.T) {
			html, err := r.html(tt.key, tt.data)
			if err != nil {
				t.Fatal(err)
			}
			if n := bytes.Count(html, []byte(`class="blank"`)); n != tt.wantBlanks {
				t.Errorf("%d blanks, want %d", n, tt.wantBlanks)
			}
			checkRender(t, r, tt.key, tt.data, tt.key+"-"+tt.name, tt.want)
		})
	}
}

func TestFieldBlank(t *testing.T) {
	tests := []struct {
		in   any
		want string
	}{
		{"", string(blank)},
		{"   ", string(blank)},
		{nil, string(blank)},
		{time.Time{}, string(blank)},
		{day(2026, 2, 3), "February 3, 2026"},
		{"A & <B>", "A &amp; &lt;B&gt;"},
		{7, "7"},
	}
	for _, tt := range tests {
		if got := string(field(tt.in)); got != tt.want {
			t.Errorf("field(%#v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// The same template and data give the same bytes, from another renderer
// and in a later second: the font subsetter stamps fonts with the clock
// unless SOURCE_DATE_EPOCH is fixed. The generated date is the data's.
func TestRenderDeterministic(t *testing.T) {
	d := fullData()
	for _, key := range []string{"coversheet", "attestation"} {
		first, err := newRenderer(t, Config{}).Render(context.Background(), key, d)
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(1100 * time.Millisecond)
		second, err := newRenderer(t, Config{}).Render(context.Background(), key, d)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, second) {
			t.Errorf("%s: two renders of the same data differ (%d and %d bytes)", key, len(first), len(second))
		}
		later := d
		later.GeneratedAt = day(2027, 1, 5)
		third, err := newRenderer(t, Config{}).Render(context.Background(), key, later)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(first, third) || !strings.Contains(pdftext.Layout(t, third), "January 5, 2027") {
			t.Errorf("%s: the generated date is not the data's", key)
		}
	}
}

// A long packet flows onto further pages, each numbered.
func TestLongPacketFlows(t *testing.T) {
	d := fullData()
	d.Requirements = nil
	for i := range 60 {
		d.Requirements = append(d.Requirements, Requirement{Label: fmt.Sprintf("Requirement %02d", i+1),
			Status: "FULFILLED", FulfilledBy: Document{Type: "Certificate", FileName: "cert.pdf"}})
	}
	pdf, err := newRenderer(t, Config{}).Render(context.Background(), "coversheet", d)
	if err != nil {
		t.Fatal(err)
	}
	text := pdftext.Layout(t, pdf)
	pages := strings.Count(text, "\f")
	if pages < 2 {
		t.Fatalf("%d pages, want the table to flow onto a second", pages)
	}
	for p := 1; p <= pages; p++ {
		if want := fmt.Sprintf("Page %d of %d", p, pages); !strings.Contains(text, want) {
			t.Errorf("text lacks %q", want)
		}
	}
	if !strings.Contains(text, "Requirement 60") {
		t.Error("last requirement missing")
	}
}

// A cover sheet rendered for a compiled packet leaves the page numbers to
// the packet's own footer; the rest of its content is unchanged.
func TestCoversheetInPacket(t *testing.T) {
	d := fullData()
	d.InPacket = true
	pdf, err := newRenderer(t, Config{}).Render(context.Background(), "coversheet", d)
	if err != nil {
		t.Fatal(err)
	}
	text := pdftext.Folded(t, pdf)
	for _, unwanted := range []string{"Page 1 of", "Packet cover sheet Page"} {
		if strings.Contains(text, unwanted) {
			t.Errorf("cover sheet in a packet shows %q: %s", unwanted, text)
		}
	}
	if !strings.Contains(text, "Packet cover sheet") || !strings.Contains(text, d.Candidate.LastName) {
		t.Errorf("cover sheet in a packet lost its content: %s", text)
	}
}

func TestUnknownTemplate(t *testing.T) {
	_, err := newRenderer(t, Config{}).Render(context.Background(), "resume", fullData())
	if !errors.Is(err, ErrUnknownTemplate) || !strings.Contains(err.Error(), `"resume"`) {
		t.Fatalf("err = %v, want ErrUnknownTemplate naming the key", err)
	}
}

// writeDir writes a template directory.
func writeDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const helloYAML = "templates:\n  - key: hello\n    title: Hello\n    description: A greeting.\n    reads: [candidate]\n"

func TestTemplateDirOverride(t *testing.T) {
	dir := writeDir(t, map[string]string{
		"templates.yaml": helloYAML,
		"hello.html":     `<html><head><style>{{stylesheet}}</style></head><body><p>Hello {{field .Candidate.FirstName}}, of {{field .Job.Facility}}</p></body></html>`,
		"hello.css":      "@page { size: Letter; @bottom-center { content: \"Sheet \" counter(page); } }",
	})
	r := newRenderer(t, Config{Dir: dir})
	if got := r.Templates(); len(got) != 1 || got[0].Key != "hello" || got[0].Title != "Hello" {
		t.Fatalf("Templates() = %+v, want only hello", got)
	}
	pdf, err := r.Render(context.Background(), "hello", fullData())
	if err != nil {
		t.Fatal(err)
	}
	text := pdftext.Layout(t, pdf)
	for _, w := range []string{"Hello Maria, of St. Luke's & Mercy", "Sheet 1"} {
		if !strings.Contains(text, w) {
			t.Errorf("text %q lacks %q", text, w)
		}
	}
	if _, err := r.Render(context.Background(), "coversheet", fullData()); !errors.Is(err, ErrUnknownTemplate) {
		t.Errorf("coversheet with an override directory: err = %v, want ErrUnknownTemplate", err)
	}
}

// A broken template set fails at New, naming what is wrong.
func TestNewRejectsBrokenTemplates(t *testing.T) {
	okHTML := `<html><body>{{field .Candidate.LastName}}</body></html>`
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no manifest", map[string]string{"hello.html": okHTML, "hello.css": ""}, "reading templates.yaml"},
		{"bad yaml", map[string]string{"templates.yaml": "templates: [", "hello.html": okHTML, "hello.css": ""}, "templates.yaml: yaml"},
		{"unknown manifest field", map[string]string{"templates.yaml": helloYAML + "    file: x.html\n", "hello.html": okHTML, "hello.css": ""}, "field file not found"},
		{"empty manifest", map[string]string{"templates.yaml": "", "hello.html": okHTML, "hello.css": ""}, "lists no templates"},
		{"bad key", map[string]string{"templates.yaml": "templates:\n  - key: Hello World\n    title: x\n"}, `key "Hello World" must be`},
		{"duplicate key", map[string]string{"templates.yaml": helloYAML + "  - key: hello\n    title: Again\n", "hello.html": okHTML, "hello.css": ""}, `key "hello" is listed twice`},
		{"no title", map[string]string{"templates.yaml": "templates:\n  - key: hello\n", "hello.html": okHTML, "hello.css": ""}, `"hello" has no title`},
		{"unknown reads", map[string]string{"templates.yaml": "templates:\n  - key: hello\n    title: x\n    reads: [salary]\n", "hello.html": okHTML, "hello.css": ""}, `reads "salary"`},
		{"missing html", map[string]string{"templates.yaml": helloYAML, "hello.css": ""}, "hello.html"},
		{"missing css", map[string]string{"templates.yaml": helloYAML, "hello.html": okHTML}, "hello.css"},
		{"syntax error", map[string]string{"templates.yaml": helloYAML, "hello.html": `<p>{{field .Candidate.LastName</p>`, "hello.css": ""}, `template "hello"`},
		{"unknown field", map[string]string{"templates.yaml": helloYAML, "hello.html": `<p>{{field .Candidate.Surname}}</p>`, "hello.css": ""}, "can't evaluate field Surname"},
		{"unknown function", map[string]string{"templates.yaml": helloYAML, "hello.html": `<p>{{upper .Candidate.LastName}}</p>`, "hello.css": ""}, `function "upper" not defined`},
		{"field only in a requirement", map[string]string{"templates.yaml": helloYAML, "hello.html": `{{range .Requirements}}{{.Name}}{{end}}`, "hello.css": ""}, "can't evaluate field Name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(Config{Dir: writeDir(t, tt.files)})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("New: err = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// fakeRenderer is an executable standing in for WeasyPrint.
func fakeRenderer(t *testing.T, script string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "weasyprint")
	if err := os.WriteFile(p, []byte("#!/bin/sh\ncat >/dev/null\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// A renderer failure is a RenderError whose reason says what happened.
func TestRendererFailures(t *testing.T) {
	tests := []struct {
		name   string
		script string
		want   string
	}{
		{"exit status", "echo 'Traceback: cairo is broken' >&2; exit 3", "weasyprint failed: Traceback: cairo is broken"},
		{"timeout", "sleep 5", "weasyprint did not finish within 200ms"},
		{"not a pdf", "echo '<html>'", "weasyprint wrote 7 bytes that are not a PDF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRenderer(t, Config{Binary: fakeRenderer(t, tt.script), Timeout: 200 * time.Millisecond})
			_, err := r.Render(context.Background(), "coversheet", fullData())
			var re *RenderError
			if !errors.As(err, &re) || re.Key != "coversheet" || !strings.Contains(re.Reason, tt.want) {
				t.Fatalf("err = %v, want a RenderError with reason %q", err, tt.want)
			}
		})
	}
	t.Run("caller cancelled", func(t *testing.T) {
		r := newRenderer(t, Config{Binary: fakeRenderer(t, "sleep 5")})
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		if _, err := r.Render(ctx, "coversheet", fullData()); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v, want the caller's context error", err)
		}
	})
	t.Run("missing binary", func(t *testing.T) {
		if _, err := New(Config{Binary: filepath.Join(t.TempDir(), "weasyprint")}); !errors.Is(err, ErrNoWeasyPrint) {
			t.Fatalf("err = %v, want ErrNoWeasyPrint", err)
		}
	})
}

func BenchmarkRenderCoversheet(b *testing.B) {
	r := newRenderer(b, Config{})
	d := fullData()
	for b.Loop() {
		if _, err := r.Render(context.Background(), "coversheet", d); err != nil {
			b.Fatal(err)
		}
	}
}
