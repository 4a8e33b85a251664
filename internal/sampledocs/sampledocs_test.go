package sampledocs

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	_ "golang.org/x/image/tiff"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/internal/pdftext"
)

func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		// A missing tool fails the test: make test installs it (scripts/deps.sh).
		t.Fatalf("%s not installed (scripts/deps.sh installs it)", name)
	}
}

func pageCount(t *testing.T, pdf []byte) int {
	t.Helper()
	n, err := api.PageCount(bytes.NewReader(pdf), model.NewDefaultConfiguration())
	if err != nil {
		t.Fatalf("pdfcpu page count: %v", err)
	}
	return n
}

func norm(s string) string { return strings.ToLower(asciiFold(s)) }

// printedDate reports whether the text shows the ISO date in any layout an
// issuer uses.
func printedDate(text, iso string) bool {
	d, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		return false
	}
	for _, l := range allDateLayouts {
		if strings.Contains(text, formatDate(d, l)) {
			return true
		}
	}
	return false
}

func truthDates(fields map[string]any) []string {
	var out []string
	for k, v := range fields {
		switch x := v.(type) {
		case string:
			if strings.HasSuffix(k, "_date") || k == "date_of_birth" {
				out = append(out, x)
			}
		case []string:
			out = append(out, x...)
		}
	}
	return out
}

var isoDate = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// checkTruthShape enforces the catalog's value formats.
func checkTruthShape(t *testing.T, d Doc) {
	t.Helper()
	ct, ok := catalog.MustLoad().Type(d.Type)
	if !ok {
		t.Fatalf("type %q not in catalog", d.Type)
	}
	for k, v := range d.Fields {
		if !ct.HasField(k) {
			t.Errorf("%s/%s: field %q is not a catalog field of the type", d.Type, d.Variant, k)
		}
		switch k {
		case "dose_dates":
			ds, ok := v.([]string)
			if !ok || len(ds) == 0 {
				t.Errorf("%s: dose_dates = %#v, want non-empty []string", d.Type, v)
			}
			for _, s := range ds {
				if !isoDate.MatchString(s) {
					t.Errorf("%s: dose date %q", d.Type, s)
				}
			}
		case "declined", "cleared":
			if _, ok := v.(bool); !ok {
				t.Errorf("%s: %s = %#v, want bool", d.Type, k, v)
			}
		case "induration_mm":
			if _, ok := v.(int); !ok {
				t.Errorf("%s: induration_mm = %#v, want int", d.Type, v)
			}
		case "result", "titer_result":
			allowed := map[string][]string{
				"tb_skin_test": {"negative", "positive"}, "tb_blood_test": {"negative", "positive", "indeterminate"},
				"chest_xray": {"negative", "positive"}, "drug_screen": {"negative", "positive"}, "fit_test": {"pass", "fail"},
				"background_check": {"clear", "consider"},
			}[d.Type]
			if k == "titer_result" {
				allowed = []string{"immune", "non_immune"}
			}
			if !slices.Contains(allowed, v.(string)) {
				t.Errorf("%s: %s = %q, want one of %v", d.Type, k, v, allowed)
			}
		case "license_type":
			if !slices.Contains([]string{"RN", "LPN", "LVN", "APRN"}, v.(string)) {
				t.Errorf("license_type %q", v)
			}
		case "state":
			if s := v.(string); len(s) != 2 || strings.ToUpper(s) != s {
				t.Errorf("state %q", s)
			}
		case "ssn_last4":
			if !regexp.MustCompile(`^\d{4}$`).MatchString(v.(string)) {
				t.Errorf("ssn_last4 %q", v)
			}
		default:
			if strings.HasSuffix(k, "_date") || k == "date_of_birth" {
				if s, _ := v.(string); !isoDate.MatchString(s) {
					t.Errorf("%s: %s = %#v, want YYYY-MM-DD", d.Type, k, v)
				}
			} else if _, ok := v.(string); !ok {
				t.Errorf("%s: %s = %#v, want string", d.Type, k, v)
			}
		}
	}
}

// TestEveryTypeRenders renders every variant of every catalog type for two
// people and checks the text layer against the truth.
func TestEveryTypeRenders(t *testing.T) {
	needTool(t, "pdftotext")
	c := catalog.MustLoad()
	for _, ct := range c.Types() {
		if _, ok := specs[ct.Key]; !ok {
			t.Logf("%s has no layout of its own; the generic form is used", ct.Key)
		}
		vs := Variants(ct.Key)
		if ct.Key != "other" && len(vs) < 2 {
			t.Errorf("%s: %d layout variants, want at least 2", ct.Key, len(vs))
		}
		for _, v := range vs {
			for seed := uint64(1); seed <= 2; seed++ {
				t.Run(fmt.Sprintf("%s/%s/%d", ct.Key, v, seed), func(t *testing.T) {
					r := Seeded(seed*7919 + uint64(len(ct.Key)))
					p := NewPerson(r)
					d := Generate(r, ct.Key, p, Options{Variant: v})
					if d.Variant != v {
						t.Fatalf("variant %q, want %q", d.Variant, v)
					}
					checkTruthShape(t, d)
					pdf, err := RenderPDF(d)
					if err != nil {
						t.Fatal(err)
					}
					if n := pageCount(t, pdf); n != d.Pages {
						t.Fatalf("PDF has %d pages, Doc.Pages = %d", n, d.Pages)
					}
					text := pdftext.Folded(t, pdf)
					if _, named := d.Fields["full_name"]; named {
						last := p.LastName
						if l, ok := d.Fields["last_name"].(string); ok {
							last = l
						}
						if !strings.Contains(norm(text), norm(last)) {
							t.Errorf("text lacks last name %q:\n%s", last, text)
						}
						lastField, _ := d.Fields["last_name"].(string)
						if !strings.Contains(text, d.Fields["full_name"].(string)) && (lastField == "" || !strings.Contains(text, lastField)) {
							t.Errorf("text shows neither full_name %q nor last_name", d.Fields["full_name"])
						}
					}
					for _, iso := range truthDates(d.Fields) {
						if !printedDate(text, iso) {
							t.Errorf("date %s not printed in any form:\n%s", iso, text)
						}
					}
					for _, k := range []string{"license_number", "certificate_id", "lot_number", "respirator_model", "ssn_last4", "email", "phone", "specialty", "season", "passport_number"} {
						if v, ok := d.Fields[k].(string); ok && !strings.Contains(text, v) {
							t.Errorf("%s %q not printed", k, v)
						}
					}
				})
			}
		}
	}
}

func TestPageRanges(t *testing.T) {
	want := map[string][2]int{"background_check": {2, 3}, "skills_checklist": {2, 4}, "resume": {1, 2}, "physical_exam": {2, 2}, "bls": {1, 1}, "tb_skin_test": {1, 1}}
	for typ, rng := range want {
		seen := map[int]bool{}
		r := Seeded(42)
		for i := 0; i < 40; i++ {
			d := Generate(r, typ, NewPerson(r), Options{})
			if d.Pages < rng[0] || d.Pages > rng[1] {
				t.Errorf("%s: %d pages, want %d-%d", typ, d.Pages, rng[0], rng[1])
			}
			seen[d.Pages] = true
		}
		if len(seen) != rng[1]-rng[0]+1 {
			t.Errorf("%s: page counts seen %v, want every count in %v", typ, seen, rng)
		}
	}
	r := Seeded(3)
	d := Generate(r, "skills_checklist", NewPerson(r), Options{Pages: 4})
	if d.Pages != 4 {
		t.Errorf("Options.Pages=4 gave %d pages", d.Pages)
	}
}

// judge is a compact reading of catalog/requirements.yaml, enough to tell
// whether a generated document passes its requirement on AsOf.
func judge(t *testing.T, req *catalog.Requirement, d Doc) bool {
	t.Helper()
	date := func(k string) (time.Time, bool) {
		s, ok := d.Fields[k].(string)
		if !ok {
			return time.Time{}, false
		}
		v, err := time.Parse(time.DateOnly, s)
		return v, err == nil
	}
	judged := func() time.Time {
		for _, k := range []string{"read_date", "administered_date", "collection_date", "exam_date", "test_date", "completed_date", "completion_date", "issue_date"} {
			if v, ok := date(k); ok {
				return v
			}
		}
		t.Fatalf("%s: no judged date in %v", d.Type, d.Fields)
		return time.Time{}
	}
	doses := func() int {
		n := 0
		ds, _ := d.Fields["dose_dates"].([]string)
		for _, s := range ds {
			if v, err := time.Parse(time.DateOnly, s); err == nil && !v.After(d.AsOf) {
				n++
			}
		}
		return n
	}
	for _, rule := range req.Rules {
		ok := true
		switch rule.Name {
		case "not_expired":
			e, has := date("expiration_date")
			ok = has && !e.Before(d.AsOf)
		case "license_status_is", "result_is":
			f := map[string]string{"license_status_is": "license_status", "result_is": "result"}[rule.Name]
			v, _ := d.Fields[f].(string)
			ok = slices.ContainsFunc(rule.Strings, func(s string) bool { return strings.EqualFold(s, v) })
		case "within_months", "within_days":
			j := judged()
			start := d.AsOf.AddDate(0, -rule.Int, 0)
			if rule.Name == "within_days" {
				start = d.AsOf.AddDate(0, 0, -rule.Int)
			}
			ok = !j.Before(start) && !j.After(d.AsOf)
		case "not_expired_or_within_months":
			if e, has := date("expiration_date"); has {
				ok = !e.Before(d.AsOf)
			} else {
				ok = !judged().Before(d.AsOf.AddDate(0, -rule.Int, 0))
			}
		case "immune_or_doses", "immune_or_doses_or_declined":
			declined, _ := d.Fields["declined"].(bool)
			ok = d.Fields["titer_result"] == "immune" || doses() >= rule.Int || (rule.Name == "immune_or_doses_or_declined" && declined)
		case "current_season_or_declined":
			declined, _ := d.Fields["declined"].(bool)
			start := fluSeasonStart(d.AsOf)
			if a, has := date("administered_date"); has {
				ok = !a.Before(start) && !a.After(d.AsOf)
			} else {
				ok = declined || d.Fields["season"] == fmt.Sprintf("%d-%d", start.Year(), start.Year()+1)
			}
		case "doses_at_least":
			ok = doses() >= rule.Int
		case "cleared":
			c, _ := d.Fields["cleared"].(bool)
			ok = c == rule.Bool
		default:
			t.Fatalf("rule %s unknown to the test", rule.Name)
		}
		if !ok {
			return false
		}
	}
	return true
}

// TestValidity: plain documents pass their requirement on AsOf (default
// and a mid-season one), Expired and Positive ones fail where the
// requirement has a time or result rule.
func TestValidity(t *testing.T) {
	c := catalog.MustLoad()
	asOfs := []time.Time{{}, time.Date(2027, 8, 10, 0, 0, 0, 0, time.UTC), time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)}
	canExpire := map[string]bool{"bls": true, "acls": true, "pals": true, "nrp": true, "tncc": true, "nursing_license": true, "government_id": true, "drivers_license": true,
		"tb_screening": true, "tdap": true, "influenza_vaccine": true, "physical_exam": true, "drug_screen": true, "fit_test": true, "background_check": true,
		"skills_checklist": true, "hipaa_training": true, "osha_training": true}
	canFail := map[string]bool{"nursing_license": true, "tb_screening": true, "mmr_immunity": true, "varicella_immunity": true, "hepatitis_b": true,
		"physical_exam": true, "drug_screen": true, "fit_test": true, "background_check": true}
	for _, req := range c.Requirements() {
		if req.Fulfillment != catalog.FulfillDocument {
			continue
		}
		for _, typ := range req.Accepts {
			for _, asOf := range asOfs {
				r := Seeded(uint64(len(req.Key)*1000 + asOf.Day()))
				for i := 0; i < 12; i++ {
					p := NewPerson(r)
					d := Generate(r, typ, p, Options{AsOf: asOf})
					if !judge(t, req, d) {
						t.Errorf("%s: valid %s/%s fails on %s: %v", req.Key, typ, d.Variant, d.AsOf.Format(time.DateOnly), d.Fields)
					}
					for _, f := range []string{"issue_date", "administered_date", "read_date", "collection_date", "exam_date", "test_date", "completed_date", "completion_date", "titer_date"} {
						if v, ok := d.Fields[f].(string); ok && v > d.AsOf.Format(time.DateOnly) {
							t.Errorf("%s/%s: %s %s is after as-of %s", typ, d.Variant, f, v, d.AsOf.Format(time.DateOnly))
						}
					}
					if canExpire[req.Key] {
						if e := Generate(r, typ, p, Options{AsOf: asOf, Expired: true}); judge(t, req, e) {
							t.Errorf("%s: Expired %s/%s passes: %v", req.Key, typ, e.Variant, e.Fields)
						}
					}
					if canFail[req.Key] {
						if e := Generate(r, typ, p, Options{AsOf: asOf, Positive: true}); judge(t, req, e) {
							t.Errorf("%s: Positive %s/%s passes: %v", req.Key, typ, e.Variant, e.Fields)
						}
					}
				}
			}
		}
	}
}

func TestOtherPersonAndOmit(t *testing.T) {
	needTool(t, "pdftotext")
	r := Seeded(11)
	p := NewPerson(r)
	d := Generate(r, "tb_skin_test", p, Options{OtherPerson: true})
	if norm(d.Person.LastName) == norm(p.LastName) {
		t.Fatalf("OtherPerson kept the surname %q", p.LastName)
	}
	if text := pdftext.Folded(t, mustPDF(t, d)); strings.Contains(norm(text), norm(p.LastName)) {
		t.Errorf("OtherPerson document names %s", p.LastName)
	}

	d = Generate(r, "bls", p, Options{Omit: []string{"expiration_date", "full_name"}, Variant: "redcross_certificate"})
	for _, k := range []string{"expiration_date", "full_name", "first_name", "last_name"} {
		if _, ok := d.Fields[k]; ok {
			t.Errorf("omitted %s is in the truth", k)
		}
	}
	full := Generate(Seeded(12), "bls", p, Options{Variant: "redcross_certificate"})
	text := pdftext.Folded(t, mustPDF(t, d))
	if strings.Contains(norm(text), norm(p.LastName)) {
		t.Errorf("omitted name printed: %s", text)
	}
	if exp := full.Fields["expiration_date"].(string); printedDate(text, exp) && d.Fields["issue_date"] != full.Fields["issue_date"] {
		t.Errorf("omitted expiration printed")
	}
}

func mustPDF(t *testing.T, docs ...Doc) []byte {
	t.Helper()
	b, err := RenderPDF(docs...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPacketSegmentsTile(t *testing.T) {
	cases := []struct {
		name  string
		pages int
		opt   PacketOptions
	}{
		{"thirty", 30, PacketOptions{}},
		{"fax cover", 12, PacketOptions{FaxCover: true}},
		{"one page", 1, PacketOptions{}},
		{"only multi-page types", 7, PacketOptions{OnlyTypes: []string{"background_check", "skills_checklist"}, NoSeparators: true}},
		{"only cards", 5, PacketOptions{OnlyTypes: []string{"bls", "acls"}, NoSeparators: true}},
		{"sixty", 60, PacketOptions{Doc: Options{AsOf: time.Date(2027, 2, 1, 0, 0, 0, 0, time.UTC)}}},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := Seeded(uint64(100 + i))
			pk, err := NewPacket(r, NewPerson(r), tc.pages, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if n := pageCount(t, pk.PDF); n != tc.pages {
				t.Fatalf("packet has %d pages, want %d", n, tc.pages)
			}
			next := 1
			for j, s := range pk.Segments {
				if s.PageStart != next || s.PageEnd < s.PageStart {
					t.Fatalf("segment %d spans %d-%d, expected to start at %d", j, s.PageStart, s.PageEnd, next)
				}
				if s.Type != pk.Docs[j].Type || s.PageEnd-s.PageStart+1 != pk.Docs[j].Pages {
					t.Errorf("segment %d does not match its document", j)
				}
				if len(tc.opt.OnlyTypes) > 0 && !slices.Contains(tc.opt.OnlyTypes, s.Type) {
					t.Errorf("segment %d is %s, not one of %v", j, s.Type, tc.opt.OnlyTypes)
				}
				next = s.PageEnd + 1
			}
			if next != tc.pages+1 {
				t.Fatalf("segments end at page %d, want %d", next-1, tc.pages)
			}
			if tc.opt.FaxCover && pk.Segments[0].Type != "other" {
				t.Errorf("first segment is %s, want the fax cover", pk.Segments[0].Type)
			}
			if tc.pages >= 30 && len(pk.Segments) < 15 {
				t.Errorf("only %d documents in %d pages", len(pk.Segments), tc.pages)
			}
		})
	}
}

func TestScannedHasNoText(t *testing.T) {
	needTool(t, "pdftoppm")
	needTool(t, "pdftotext")
	r := Seeded(21)
	pk, err := NewPacket(r, NewPerson(r), 3, PacketOptions{Scanned: true, Scan: ScanOptions{DPI: 100}, NoSeparators: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := pageCount(t, pk.PDF); n != 3 {
		t.Fatalf("scanned packet has %d pages, want 3", n)
	}
	if text := pdftext.Folded(t, pk.PDF); text != "" {
		t.Errorf("scanned PDF has a text layer: %q", text)
	}
	if bytes.Contains(pk.PDF, []byte("/Type /Font")) {
		t.Errorf("scanned PDF carries fonts")
	}
	// Same input, same scan.
	clean := mustPDF(t, pk.Docs...)
	a, err := RenderScanned(clean, ScanOptions{DPI: 100})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, pk.PDF) {
		t.Errorf("RenderScanned is not deterministic")
	}
}

// TestOCRScannedPage reads a scanned page back with tesseract.
func TestOCRScannedPage(t *testing.T) {
	needTool(t, "pdftoppm")
	needTool(t, "pdfimages")
	needTool(t, "tesseract")
	r := Seeded(5)
	p := NewPerson(r)
	d := Generate(r, "bls", p, Options{Variant: "redcross_certificate"})
	scan, err := RenderScanned(mustPDF(t, d), ScanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "scan.pdf")
	if err := os.WriteFile(in, scan, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdfimages", "-j", in, filepath.Join(dir, "img")).CombinedOutput(); err != nil {
		t.Fatalf("pdfimages: %v %s", err, out)
	}
	cmd := exec.Command("tesseract", filepath.Join(dir, "img-000.jpg"), "stdout")
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("tesseract: %v", err)
	}
	if !strings.Contains(norm(string(out)), norm(p.LastName)) {
		t.Errorf("OCR did not find %q in:\n%s", p.LastName, out)
	}
}

func TestRenderImage(t *testing.T) {
	needTool(t, "pdftoppm")
	r := Seeded(8)
	d := Generate(r, "drivers_license", NewPerson(r), Options{})
	for _, format := range []string{"png", "jpeg", "tiff"} {
		b, err := RenderImage(d, format, 72)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		img, got, err := image.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: decode: %v", format, err)
		}
		if got != format {
			t.Errorf("decoded as %s, want %s", got, format)
		}
		if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != 612 || h != 792 {
			t.Errorf("%s: %dx%d, want 612x792 (Letter at 72 dpi)", format, w, h)
		}
	}
	if _, err := RenderImage(d, "bmp", 72); err == nil {
		t.Error("bmp accepted")
	}
}

func TestRejectedFiles(t *testing.T) {
	conf := model.NewDefaultConfiguration()
	t.Run("encrypted", func(t *testing.T) {
		b, err := EncryptedPDF(Seeded(1))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := api.ReadContext(bytes.NewReader(b), model.NewDefaultConfiguration()); err == nil {
			t.Fatal("opens without a password")
		}
		withPW := model.NewDefaultConfiguration()
		withPW.UserPW = EncryptedPassword
		if n, err := api.PageCount(bytes.NewReader(b), withPW); err != nil || n < 1 {
			t.Fatalf("with the password: %d pages, %v", n, err)
		}
		if _, err := exec.LookPath("pdftotext"); err == nil {
			cmd := exec.Command("pdftotext", "-q", "-", "-")
			cmd.Stdin = bytes.NewReader(b)
			if cmd.Run() == nil {
				t.Error("pdftotext reads it without a password")
			}
		}
	})
	t.Run("corrupt", func(t *testing.T) {
		for seed := uint64(1); seed <= 5; seed++ {
			b := CorruptPDF(Seeded(seed))
			if !bytes.HasPrefix(b, []byte("%PDF-1.")) || !bytes.Contains(b, []byte("xref")) {
				t.Fatal("not shaped like a PDF")
			}
			if _, err := api.ReadContext(bytes.NewReader(b), conf); err == nil {
				if n, err := api.PageCount(bytes.NewReader(b), conf); err == nil && n > 0 {
					t.Errorf("seed %d: pdfcpu reads %d pages", seed, n)
				}
			}
			if _, err := exec.LookPath("pdftotext"); err == nil {
				cmd := exec.Command("pdftotext", "-q", "-", "-")
				cmd.Stdin = bytes.NewReader(b)
				if out, err := cmd.Output(); err == nil && strings.TrimSpace(string(out)) != "" {
					t.Errorf("seed %d: pdftotext reads text from it", seed)
				}
			}
		}
	})
	t.Run("zero pages", func(t *testing.T) {
		b := ZeroPagePDF()
		ctx, err := api.ReadContext(bytes.NewReader(b), conf)
		if err != nil {
			t.Fatalf("not valid: %v", err)
		}
		if err := ctx.EnsurePageCount(); err != nil || ctx.PageCount != 0 {
			t.Fatalf("page count %d, %v", ctx.PageCount, err)
		}
		if _, err := exec.LookPath("qpdf"); err == nil {
			f := filepath.Join(t.TempDir(), "zero.pdf")
			os.WriteFile(f, b, 0o600)
			if out, err := exec.Command("qpdf", "--check", f).CombinedOutput(); err != nil && !strings.Contains(string(out), "no syntax or stream encoding errors") {
				t.Errorf("qpdf --check: %v\n%s", err, out)
			}
		}
	})
}

func TestEditedPDF(t *testing.T) {
	needTool(t, "pdftotext")
	cases := []struct {
		typ, variant, field, value string
	}{
		{"bls", "aha_ecard", "expiration_date", "2029-12-31"},
		{"bls", "redcross_certificate", "issue_date", "2026-10-01"},
		{"nursing_license", "board_verification", "license_status", "Active"},
		{"nursing_license", "wallet_card", "expiration_date", "2030-01-31"},
		{"tb_skin_test", "clinic_form", "read_date", "2026-11-02"},
		{"drug_screen", "lab_result_report", "collection_date", "2026-11-20"},
		{"background_check", "screening_report", "completed_date", "2026-11-15"},
		{"drivers_license", "labeled_card", "last_name", "SMITHERS"},
	}
	for i, tc := range cases {
		t.Run(tc.typ+"/"+tc.field, func(t *testing.T) {
			r := Seeded(uint64(300 + i))
			d := Generate(r, tc.typ, NewPerson(r), Options{Variant: tc.variant, Expired: tc.field != "license_status", Positive: tc.field == "license_status"})
			orig := mustPDF(t, d)
			ed, err := EditedPDF(r, d, tc.field, tc.value)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(ed, orig) {
				t.Fatal("the original revision is not kept intact")
			}
			if n := bytes.Count(ed, []byte("%%EOF")); n != 2 {
				t.Errorf("%d %%%%EOF markers, want 2", n)
			}
			if !bytes.Contains(ed[len(orig):], []byte("/Prev ")) {
				t.Error("the update's trailer has no /Prev")
			}
			ctx, err := api.ReadContext(bytes.NewReader(ed), model.NewDefaultConfiguration())
			if err != nil {
				t.Fatalf("pdfcpu cannot read the edited file: %v", err)
			}
			if err := api.ValidateContext(ctx); err != nil {
				t.Errorf("pdfcpu validation: %v", err)
			}
			prod := strings.ToLower(ctx.XRefTable.Producer)
			if !slices.ContainsFunc(editors, func(m meta) bool { return strings.EqualFold(m.producer, ctx.XRefTable.Producer) }) {
				t.Errorf("Producer %q is not an editing tool", prod)
			}
			created, _ := time.Parse("20060102150405", strings.TrimPrefix(ctx.XRefTable.CreationDate, "D:")[:14])
			mod, _ := time.Parse("20060102150405", strings.TrimPrefix(ctx.XRefTable.ModDate, "D:")[:14])
			if mod.Sub(created) < 50*24*time.Hour {
				t.Errorf("ModDate %s is not months after CreationDate %s", ctx.XRefTable.ModDate, ctx.XRefTable.CreationDate)
			}
			text := pdftext.Folded(t, ed)
			oldText := pdftext.Folded(t, orig)
			if isoDate.MatchString(tc.value) {
				if !printedDate(text, tc.value) {
					t.Errorf("new %s %s not printed:\n%s", tc.field, tc.value, text)
				}
				if old := d.Fields[tc.field].(string); printedDate(text, old) && !printedDate(oldText, tc.value) {
					t.Errorf("old %s %s still printed", tc.field, old)
				}
			} else if !strings.Contains(text, tc.value) {
				t.Errorf("new %s %q not printed:\n%s", tc.field, tc.value, text)
			}
			if _, err := exec.LookPath("qpdf"); err == nil {
				f := filepath.Join(t.TempDir(), "edited.pdf")
				os.WriteFile(f, ed, 0o600)
				if out, err := exec.Command("qpdf", "--check", f).CombinedOutput(); err != nil {
					t.Errorf("qpdf --check: %v\n%s", err, out)
				}
			}
		})
	}
	r := Seeded(1)
	d := Generate(r, "bls", NewPerson(r), Options{})
	if _, err := EditedPDF(r, d, "date_of_birth", "1990-01-01"); err == nil {
		t.Error("editing a field the card does not print succeeded")
	}
}

func TestDeterministic(t *testing.T) {
	build := func() [][]byte {
		var out [][]byte
		r := Seeded(77)
		p := NewPerson(r)
		for _, typ := range Types() {
			out = append(out, mustPDF(t, Generate(r, typ, p, Options{})))
		}
		pk, err := NewPacket(r, p, 25, PacketOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, pk.PDF, CorruptPDF(r), ZeroPagePDF())
		ed, err := EditedPDF(r, Generate(r, "acls", p, Options{}), "expiration_date", "2030-01-01")
		if err != nil {
			t.Fatal(err)
		}
		return append(out, ed)
	}
	a, b := build(), build()
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Errorf("output %d differs between runs with the same seed", i)
		}
	}
	// Different seeds give different documents.
	r1, r2 := Seeded(1), Seeded(2)
	if bytes.Equal(mustPDF(t, Generate(r1, "bls", NewPerson(r1), Options{})), mustPDF(t, Generate(r2, "bls", NewPerson(r2), Options{}))) {
		t.Error("different seeds, same bytes")
	}
}

func TestMetadataVaries(t *testing.T) {
	producers := map[string]bool{}
	r := Seeded(9)
	p := NewPerson(r)
	for _, typ := range Types() {
		ctx, err := api.ReadContext(bytes.NewReader(mustPDF(t, Generate(r, typ, p, Options{}))), model.NewDefaultConfiguration())
		if err != nil {
			t.Fatal(err)
		}
		// pdfcpu fills in the Info fields while validating.
		if err := api.ValidateContext(ctx); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		producers[ctx.XRefTable.Producer] = true
		for _, e := range editors {
			if strings.EqualFold(ctx.XRefTable.Producer, e.producer) {
				t.Errorf("%s: issuer PDF written by editor %s", typ, e.producer)
			}
		}
	}
	if len(producers) < 8 {
		t.Errorf("only %d distinct producers across all types: %v", len(producers), producers)
	}
}

func TestPersonVariety(t *testing.T) {
	r := Seeded(1234)
	var hyphen, compound, accent, middleInitial, noMiddle int
	for i := 0; i < 600; i++ {
		p := NewPerson(r)
		age := DefaultAsOf().Sub(p.DOB).Hours() / 24 / 365.25
		if age < 22 || age >= 66 {
			t.Errorf("%s is %.1f", p.FullName(), age)
		}
		switch {
		case strings.Contains(p.LastName, "-"):
			hyphen++
		case strings.Contains(p.LastName, " "):
			compound++
		}
		if asciiFold(p.FullName()) != p.FullName() {
			accent++
		}
		if len(p.MiddleName) == 1 {
			middleInitial++
		}
		if p.MiddleName == "" {
			noMiddle++
		}
		if p.Street == "" || len(p.State) != 2 || len(p.Zip) != 5 || !strings.Contains(p.Email, "@") || !strings.Contains(p.Phone, "555-01") {
			t.Errorf("incomplete person %+v", p)
		}
	}
	for name, n := range map[string]int{"hyphenated": hyphen, "compound": compound, "accented": accent, "middle initial": middleInitial, "no middle": noMiddle} {
		if n < 10 {
			t.Errorf("only %d %s names in 600", n, name)
		}
	}
}

func BenchmarkGenerateAndRenderPDF(b *testing.B) {
	r := Seeded(1)
	p := NewPerson(r)
	types := Types()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		d := Generate(r, types[i%len(types)], p, Options{})
		if _, err := RenderPDF(d); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPacket30Pages(b *testing.B) {
	r := Seeded(2)
	p := NewPerson(r)
	for b.Loop() {
		if _, err := NewPacket(r, p, 30, PacketOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRenderScannedPage(b *testing.B) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		b.Skip("pdftoppm not installed")
	}
	r := Seeded(3)
	pdf, err := RenderPDF(Generate(r, "tb_blood_test", NewPerson(r), Options{}))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := RenderScanned(pdf, ScanOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
