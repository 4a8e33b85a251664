package pipeline

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/ocr"
	"github.com/clearedtostart/compliance/pdfdoc"
	"github.com/clearedtostart/compliance/rules"
)

func engine(t *testing.T) *Engine {
	t.Helper()
	o, err := ocr.New(ocr.Config{Concurrency: 2})
	if err != nil {
		t.Fatalf("tesseract is required: %v", err)
	}
	e, err := New(Config{Catalog: catalog.MustLoad(), OCR: o, TempDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

var asOf = time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)

func TestProcessPacket(t *testing.T) {
	e := engine(t)
	r := sampledocs.Seeded(21)
	p := sampledocs.NewPerson(r)
	pk, err := sampledocs.NewPacket(r, p, 8, sampledocs.PacketOptions{OnlyTypes: []string{"bls", "tb_skin_test", "nursing_license", "background_check"}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.Process(context.Background(), pk.PDF, "application/pdf", ProcessOptions{
		Requirement: "bls", AsOf: asOf, Fraud: FraudSettings{Enabled: true, Sensitivity: "MEDIUM"},
		Candidate: rules.Candidate{FirstName: p.FirstName, LastName: p.LastName},
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.PageCount != 8 || len(res.Segments) != len(pk.Segments) {
		t.Fatalf("got %d pages, %d segments; want 8 and %d", res.PageCount, len(res.Segments), len(pk.Segments))
	}
	for i, s := range res.Segments {
		want := pk.Segments[i]
		if s.PageStart != want.PageStart || s.PageEnd != want.PageEnd || s.Judgement.DocumentType != want.Type {
			t.Errorf("segment %d: pages %d-%d %s, want %d-%d %s", i, s.PageStart, s.PageEnd, s.Judgement.DocumentType, want.PageStart, want.PageEnd, want.Type)
		}
	}
	if res.Validation == nil || *res.Validation.Result != "VALID" {
		t.Fatalf("validation = %+v", res.Validation)
	}
	if res.Fraud == nil || res.Fraud.Result != "clean" {
		t.Fatalf("fraud = %+v", res.Fraud)
	}
}

func TestProcessScannedSingleDocument(t *testing.T) {
	e := engine(t)
	r := sampledocs.Seeded(22)
	p := sampledocs.NewPerson(r)
	pdf, err := sampledocs.RenderPDF(sampledocs.Generate(r, "acls", p, sampledocs.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	scanned, err := sampledocs.RenderScanned(pdf, sampledocs.ScanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.Process(context.Background(), scanned, "application/pdf", ProcessOptions{Requirement: "acls", SingleDocument: true, AsOf: asOf})
	if err != nil {
		t.Fatal(err)
	}
	if res.OCRPages != 1 || len(res.Segments) != 1 || res.Segments[0].Judgement.DocumentType != "acls" {
		t.Fatalf("scanned ACLS: ocr pages %d, segments %+v", res.OCRPages, res.Segments)
	}
	if got := res.Segments[0].Judgement.DerivedFields["text_source"]; got != SourceOCR {
		t.Fatalf("text_source = %v", got)
	}
}

func TestProcessRejectsBadFiles(t *testing.T) {
	e := engine(t)
	r := sampledocs.Seeded(23)
	enc, _ := sampledocs.EncryptedPDF(r)
	for name, data := range map[string][]byte{"encrypted": enc, "corrupt": sampledocs.CorruptPDF(r), "zero": sampledocs.ZeroPagePDF()} {
		_, err := e.Process(context.Background(), data, "application/pdf", ProcessOptions{AsOf: asOf})
		var fe *pdfdoc.FileError
		if !errors.As(err, &fe) {
			t.Errorf("%s: err = %v, want a file error", name, err)
		}
	}
	if _, err := e.Process(context.Background(), []byte("x"), "text/plain", ProcessOptions{AsOf: asOf}); err == nil {
		t.Error("a text file was processed")
	}
}

// TestAsOfIsRequired: the engine reads no clock, so a run without the
// caller's day is refused, even on a good file, rather than judged on a
// guessed (or year-1) date.
func TestAsOfIsRequired(t *testing.T) {
	e := engine(t)
	r := sampledocs.Seeded(24)
	pdf, err := sampledocs.RenderPDF(sampledocs.Generate(r, "bls", sampledocs.NewPerson(r), sampledocs.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.Process(context.Background(), pdf, "application/pdf", ProcessOptions{Requirement: "bls", SingleDocument: true})
	var fe *pdfdoc.FileError
	if err == nil || errors.As(err, &fe) || !strings.Contains(err.Error(), "AsOf is required") {
		t.Errorf("Process without AsOf: result %+v, err %v; want a refusal naming AsOf", res, err)
	}

	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "as-of date") {
			t.Errorf("Judge without AsOf: panic %q, want one naming the as-of date", msg)
		}
	}()
	j := e.Judge(JudgeInput{Pages: []Page{{Number: 1, Source: SourceTextLayer, Text: "Basic Life Support Provider\nExpiration Date 01/31/2027"}}})
	t.Errorf("Judge without AsOf gave %+v", j)
}

func TestJudgeBlankAndUnreadable(t *testing.T) {
	e := engine(t)
	blank := e.Judge(JudgeInput{Pages: []Page{{Number: 1, Source: SourceBlank}}, Requirement: "bls", AsOf: asOf})
	if blank.DocumentType != "other" || blank.Validations != nil {
		t.Fatalf("a blank page was validated: %+v", blank)
	}
	unreadable := e.Judge(JudgeInput{Pages: []Page{{Number: 1, Source: SourceOCR, Text: "~~"}}, Requirement: "bls", AsOf: asOf})
	if unreadable.ValidationResult != "NOT_SUPPORTED" {
		t.Fatalf("an unreadable page: %+v", unreadable)
	}
}

func TestRollupValidation(t *testing.T) {
	cat := catalog.MustLoad()
	d1 := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	d2 := time.Date(2028, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		segs   []SegmentOutcome
		result string
		doc    string
	}{
		{"valid wins, longest valid", []SegmentOutcome{{ID: "a", ValidationResult: "INVALID"}, {ID: "b", ValidationResult: "VALID", ExpiresAt: &d1}, {ID: "c", ValidationResult: "VALID", ExpiresAt: &d2}}, "VALID", "c"},
		{"invalid candidate", []SegmentOutcome{{ID: "a", ValidationResult: "NOT_SUPPORTED"}, {ID: "b", ValidationResult: "INVALID"}}, "INVALID", "b"},
		{"unreadable", []SegmentOutcome{{ID: "a", ValidationResult: "NOT_SUPPORTED"}, {ID: "b", DocumentType: "resume"}}, "NOT_SUPPORTED", "a"},
		{"no candidate", []SegmentOutcome{{ID: "a", DocumentType: "resume"}}, "INVALID", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := RollupValidation(cat, "bls", tt.segs, asOf)
			if v.Result == nil || *v.Result != tt.result {
				t.Fatalf("result = %v", v.Result)
			}
			if tt.doc == "" {
				if v.DocumentID != nil || v.Validations == nil || v.Validations.Rules[0].Reason != "no_matching_document" {
					t.Fatalf("no-candidate rollup = %+v", v)
				}
				return
			}
			if v.DocumentID == nil || *v.DocumentID != tt.doc {
				t.Fatalf("document = %v, want %s", v.DocumentID, tt.doc)
			}
		})
	}
}

func TestRequirementFor(t *testing.T) {
	cat := catalog.MustLoad()
	for typ, want := range map[string]string{"bls": "bls", "passport": "government_id", "chest_xray": "tb_screening", "other": ""} {
		if got := RequirementFor(cat, typ); got != want {
			t.Errorf("RequirementFor(%s) = %q, want %q", typ, got, want)
		}
	}
}
