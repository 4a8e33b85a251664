// Package statements renders statements (a packet's cover sheet, a
// candidate attestation, ...) to PDF from templates an operator can change.
//
// A template directory holds templates.yaml, which lists each template's
// key, title, description and the data it reads, and per key an HTML file
// in Go's html/template syntax plus a CSS file. Text flows as HTML/CSS and
// WeasyPrint, a maintained HTML/CSS renderer run as a subprocess, lays it
// out on Letter pages; page numbers come from CSS @page counters.
//
// Rendering is deterministic: the same template and data give the same
// bytes. The date shown is Data.GeneratedAt, never the clock, and
// WeasyPrint runs with SOURCE_DATE_EPOCH fixed, because the font subsetter
// it uses (fontTools) otherwise stamps each embedded font with the current
// time. WeasyPrint 57 writes no file /ID, and no creation date unless the
// HTML carries a dcterms.created meta tag, which the templates leave out:
// WeasyPrint 57 writes that date without its "D:" prefix, a PDF that
// strict readers (pdfcpu's strict validation) reject.
package statements

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

//go:embed templates
var embedded embed.FS

// ErrUnknownTemplate is returned by Render for a key templates.yaml does
// not list (a caller's mistake: 400 at the API).
var ErrUnknownTemplate = errors.New("unknown statement template")

// ErrNoWeasyPrint is returned by New when the renderer is missing.
var ErrNoWeasyPrint = errors.New("weasyprint was not found: install it (Debian: apt-get install -y weasyprint); " +
	"`make run` and `make test` install it when apt is available")

// RenderError is a failure to produce a PDF for valid input: the template
// failed to execute on the data, or WeasyPrint failed, timed out or wrote
// something that is not a PDF. Reason says which, for the statement's
// FAILED status.
type RenderError struct {
	Key    string
	Reason string
	Err    error
}

func (e *RenderError) Error() string {
	msg := "statement " + e.Key + ": " + e.Reason
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *RenderError) Unwrap() error { return e.Err }

// Config configures New.
type Config struct {
	// Dir is a template directory replacing the embedded default set
	// (statements/templates); empty means the embedded set.
	Dir string
	// Binary is the weasyprint executable (default from PATH).
	Binary string
	// Timeout bounds one WeasyPrint run (default 60 s).
	Timeout time.Duration
	// Concurrency caps simultaneous WeasyPrint processes (default 2): each
	// takes a core for a fraction of a second.
	Concurrency int
	// Logger receives WeasyPrint's warnings (default slog.Default()).
	Logger *slog.Logger
}

// Template describes one statement template, as listed in templates.yaml.
type Template struct {
	Key         string   `yaml:"key" json:"key"`
	Title       string   `yaml:"title" json:"title"`
	Description string   `yaml:"description" json:"description"`
	Reads       []string `yaml:"reads" json:"reads"`
}

// manifest is templates.yaml.
type manifest struct {
	Templates []Template `yaml:"templates"`
}

// readable are the names templates.yaml may list under reads: the fields
// of Data.
var readable = []string{"candidate", "job", "placement", "packetGroup", "requirements", "generatedAt", "partnerId", "candidateId"}

var keyPattern = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// Renderer renders statements. It is safe for concurrent use.
type Renderer struct {
	templates []Template
	parsed    map[string]*template.Template
	bin       string
	baseURL   string
	timeout   time.Duration
	sem       chan struct{}
	log       *slog.Logger
}

// New loads and validates templates.yaml and parses and trial-runs every
// template, so that a broken template fails at start rather than on a
// candidate's statement.
func New(cfg Config) (*Renderer, error) {
	bin := cfg.Binary
	if bin == "" {
		bin = "weasyprint"
	}
	bin, err := exec.LookPath(bin)
	if err != nil {
		return nil, fmt.Errorf("%w (%v)", ErrNoWeasyPrint, err)
	}
	n := cfg.Concurrency
	if n <= 0 {
		n = 2
	}
	r := &Renderer{
		bin:     bin,
		timeout: cfg.Timeout,
		sem:     make(chan struct{}, n),
		log:     cfg.Logger,
		parsed:  map[string]*template.Template{},
	}
	if r.timeout <= 0 {
		r.timeout = 60 * time.Second
	}
	if r.log == nil {
		r.log = slog.Default()
	}

	var dir fs.FS
	if cfg.Dir != "" {
		abs, err := filepath.Abs(cfg.Dir)
		if err != nil {
			return nil, fmt.Errorf("statements: template directory: %w", err)
		}
		dir = os.DirFS(abs)
		// Relative links in an operator's templates (a logo, say) resolve
		// inside the template directory.
		r.baseURL = abs + string(filepath.Separator)
	} else if dir, err = fs.Sub(embedded, "templates"); err != nil {
		return nil, fmt.Errorf("statements: embedded templates: %w", err)
	}
	if err := r.load(dir); err != nil {
		return nil, fmt.Errorf("statements: %w", err)
	}
	return r, nil
}

func (r *Renderer) load(dir fs.FS) error {
	raw, err := fs.ReadFile(dir, "templates.yaml")
	if err != nil {
		return fmt.Errorf("reading templates.yaml: %w", err)
	}
	var m manifest
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	if err := dec.Decode(&m); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("templates.yaml: %w", err)
	}
	if len(m.Templates) == 0 {
		return errors.New("templates.yaml lists no templates")
	}
	for i, t := range m.Templates {
		switch {
		case !keyPattern.MatchString(t.Key):
			return fmt.Errorf("templates.yaml: template %d: key %q must be lower-case letters, digits and dashes", i+1, t.Key)
		case r.parsed[t.Key] != nil:
			return fmt.Errorf("templates.yaml: key %q is listed twice", t.Key)
		case strings.TrimSpace(t.Title) == "":
			return fmt.Errorf("templates.yaml: template %q has no title", t.Key)
		}
		for _, f := range t.Reads {
			if !slices.Contains(readable, f) {
				return fmt.Errorf("templates.yaml: template %q reads %q, which is not one of %s", t.Key, f, strings.Join(readable, ", "))
			}
		}
		tmpl, err := parse(dir, t.Key)
		if err != nil {
			return err
		}
		r.parsed[t.Key] = tmpl
		r.templates = append(r.templates, t)
	}
	return nil
}

// parse reads <key>.html and <key>.css and checks the template executes on
// both empty and complete data: html/template reports a misspelt field
// only when it runs.
func parse(dir fs.FS, key string) (*template.Template, error) {
	css, err := fs.ReadFile(dir, key+".css")
	if err != nil {
		return nil, fmt.Errorf("template %q: %w", key, err)
	}
	src, err := fs.ReadFile(dir, key+".html")
	if err != nil {
		return nil, fmt.Errorf("template %q: %w", key, err)
	}
	funcs := template.FuncMap{
		"field":      field,
		"inc":        func(i int) int { return i + 1 },
		"stylesheet": func() template.CSS { return template.CSS(css) },
	}
	tmpl, err := template.New(key + ".html").Option("missingkey=error").Funcs(funcs).Parse(string(src))
	if err != nil {
		return nil, fmt.Errorf("template %q: %w", key, err)
	}
	for _, d := range []Data{{}, sampleData()} {
		if err := tmpl.Execute(io.Discard, d); err != nil {
			return nil, fmt.Errorf("template %q: %w", key, err)
		}
	}
	return tmpl, nil
}

// sampleData fills every field, so a trial run reaches every branch that
// reads one.
func sampleData() Data {
	day := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	return Data{
		Candidate:   Candidate{FirstName: "a", MiddleName: "b", LastName: "c", DateOfBirth: day, Email: "d", Phone: "e", ExternalID: "f"},
		Job:         Job{Ref: "a", Title: "b", Facility: "c", Location: "d", Department: "e", VMSType: "f"},
		Placement:   Placement{ID: "a", ExternalRef: "b", StartDate: day, EndDate: day, Status: "c"},
		PacketGroup: "a",
		Requirements: []Requirement{
			{Label: "a", Key: "b", Status: "FULFILLED", FulfilledBy: Document{Type: "c", FileName: "d", ID: "e"}, ExpiresAt: day},
			{Label: "a", Key: "b", Status: "PENDING"},
		},
		GeneratedAt: day,
		PartnerID:   "a",
		CandidateID: "b",
	}
}

// Templates lists the templates in templates.yaml order.
func (r *Renderer) Templates() []Template {
	out := make([]Template, len(r.templates))
	for i, t := range r.templates {
		t.Reads = slices.Clone(t.Reads)
		out[i] = t
	}
	return out
}

// Render renders the template key on d to a PDF.
func (r *Renderer) Render(ctx context.Context, key string, d Data) ([]byte, error) {
	html, err := r.html(key, d)
	if err != nil {
		return nil, err
	}
	select {
	case r.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-r.sem }()

	runCtx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	args := []string{"--encoding", "utf-8"}
	if r.baseURL != "" {
		args = append(args, "--base-url", r.baseURL)
	}
	cmd := exec.CommandContext(runCtx, r.bin, append(args, "-", "-")...)
	cmd.Env = append(os.Environ(), "SOURCE_DATE_EPOCH=0")
	// A killed renderer's children could hold its stdout open; stop
	// waiting for them shortly after the kill.
	cmd.WaitDelay = time.Second
	cmd.Stdin = bytes.NewReader(html)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pdf, err := cmd.Output()
	msg := strings.TrimSpace(stderr.String())
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case runCtx.Err() != nil:
		return nil, &RenderError{Key: key, Reason: fmt.Sprintf("weasyprint did not finish within %s", r.timeout)}
	case err != nil:
		return nil, &RenderError{Key: key, Reason: "weasyprint failed: " + lastLines(msg, 5), Err: err}
	case !bytes.HasPrefix(pdf, []byte("%PDF-")):
		return nil, &RenderError{Key: key, Reason: fmt.Sprintf("weasyprint wrote %d bytes that are not a PDF", len(pdf))}
	}
	if msg != "" {
		r.log.Warn("statement template rendered with warnings", "template", key, "weasyprint", lastLines(msg, 10))
	}
	return pdf, nil
}

// html executes template key on d.
func (r *Renderer) html(key string, d Data) ([]byte, error) {
	tmpl := r.parsed[key]
	if tmpl == nil {
		return nil, fmt.Errorf("%w %q", ErrUnknownTemplate, key)
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, d); err != nil {
		return nil, &RenderError{Key: key, Reason: "template failed on the data", Err: err}
	}
	return buf.Bytes(), nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(len(lines)-n, 0):], "\n")
}

// blank is an empty underlined field. Its style is inline so that a blank
// stays visible whatever an operator's stylesheet says.
const blank = template.HTML(`<span class="blank" style="display:inline-block;min-width:9em;height:1em;border-bottom:1px solid #000"></span>`)

// field prints a value, or a visible blank when the value is missing.
func field(v any) template.HTML {
	var s string
	switch x := v.(type) {
	case nil:
	case string:
		s = strings.TrimSpace(x)
	case time.Time:
		if !x.IsZero() {
			s = x.Format("January 2, 2006")
		}
	case fmt.Stringer:
		s = strings.TrimSpace(x.String())
	default:
		s = fmt.Sprint(x)
	}
	if s == "" {
		return blank
	}
	return template.HTML(template.HTMLEscapeString(s))
}
