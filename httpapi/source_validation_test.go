package httpapi_test

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/activities"
	"github.com/clearedtostart/compliance/ahaecard"
	ecardsandbox "github.com/clearedtostart/compliance/ahaecard/sandbox"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/nursys"
	nursyssandbox "github.com/clearedtostart/compliance/nursys/sandbox"
	"github.com/clearedtostart/compliance/rules"
)

// startPrimarySources starts the sandboxes of the Nursys license lookup
// and the AHA eCard verification, as compliance dev does, and the
// workers' connectors to them, with bounds short enough for tests (a slow
// sandbox answers after 3 s; the connectors give up after 1 s).
func startPrimarySources(ctx context.Context, log *slog.Logger) (activities.PrimarySources, *nursyssandbox.Server, *ecardsandbox.Server, error) {
	var ps activities.PrimarySources
	lsb, err := nursyssandbox.New(nursyssandbox.Config{Logger: log, SlowDelay: 3 * time.Second, ProcessingTime: 100 * time.Millisecond}).Start(ctx, "127.0.0.1:0")
	if err != nil {
		return ps, nil, nil, err
	}
	esb, err := ecardsandbox.New(ecardsandbox.Config{Logger: log, SlowDelay: 3 * time.Second}).Start(ctx, "127.0.0.1:0")
	if err != nil {
		lsb.Close()
		return ps, nil, nil, err
	}
	if ps.Licenses, err = nursys.New(nursys.Config{BaseURL: lsb.URL(), Username: nursyssandbox.DefaultUsername, Password: nursyssandbox.DefaultPassword,
		Timeout: time.Second, PollInterval: 50 * time.Millisecond, Backoff: 50 * time.Millisecond}); err != nil {
		return ps, nil, nil, err
	}
	if ps.ECards, err = ahaecard.New(ahaecard.Config{BaseURL: esb.URL(), APIKey: ecardsandbox.DefaultAPIKey,
		Timeout: time.Second, Backoff: 50 * time.Millisecond}); err != nil {
		return ps, nil, nil, err
	}
	return ps, lsb, esb, nil
}

// sourceSettings is the switch as GET and PUT answer it.
type sourceSettings struct {
	Enabled   bool    `json:"enabled"`
	ChangedAt *string `json:"changed_at"`
	ChangedBy *string `json:"changed_by"`
}

// sourceIntake is the part of an intake the source validation tests read.
type sourceIntake struct {
	ID         string `json:"id"`
	ScanStatus string `json:"scan_status"`
	Validation *struct {
		Result      *string     `json:"result"`
		DocumentID  *string     `json:"document_id"`
		Validations *rules.Tree `json:"validations"`
	} `json:"validation"`
	Segments []struct {
		ID               string      `json:"id"`
		DocumentType     string      `json:"document_type"`
		ValidationResult *string     `json:"validation_result"`
		Validations      *rules.Tree `json:"validations"`
	} `json:"segments"`
}

// sourceScan is the part of a document scan the source validation test
// reads.
type sourceScan struct {
	ID               string      `json:"id"`
	ScanStatus       string      `json:"scanStatus"`
	ValidationResult *string     `json:"validationResult"`
	Validations      *rules.Tree `json:"validations"`
}

// sourceDocs are documents of one nurse, generated to be current today,
// and known to the sandboxes as their documents print them.
type sourceDocs struct {
	person          sampledocs.Person
	license, card   []byte
	licenseNumber   string
	eCardCode       string
	licenseRegister nursyssandbox.Licensee
}

func newSourceDocs(t *testing.T, hh *harness) sourceDocs {
	t.Helper()
	today := time.Now().UTC().Truncate(24 * time.Hour)
	r := sampledocs.Seeded(9090)
	d := sourceDocs{person: sampledocs.NewPerson(r)}
	lic := sampledocs.Generate(r, "nursing_license", d.person, sampledocs.Options{Variant: "board_verification", AsOf: today})
	lic.Fields["license_type"] = "RN"
	card := sampledocs.Generate(r, "bls", d.person, sampledocs.Options{Variant: "aha_ecard", AsOf: today})
	// A code of this year, as a card issued now has.
	card.Fields["certificate_id"] = fmt.Sprintf("%02d512%07d", today.Year()%100, binary.BigEndian.Uint32(randomBytes(4))%10000000)
	var err error
	if d.license, err = sampledocs.RenderPDF(lic); err != nil {
		t.Fatal(err)
	}
	if d.card, err = sampledocs.RenderPDF(card); err != nil {
		t.Fatal(err)
	}
	d.licenseNumber, d.eCardCode = lic.Fields["license_number"].(string), card.Fields["certificate_id"].(string)
	d.licenseRegister = nursyssandbox.Licensee{State: lic.Fields["state"].(string), LicenseNumber: d.licenseNumber, LicenseType: "RN",
		FirstName: d.person.FirstName, MiddleName: d.person.MiddleName, LastName: d.person.LastName, Status: "Active",
		OriginalIssueDate: lic.Fields["issue_date"].(string), ExpirationDate: lic.Fields["expiration_date"].(string)}
	if err := hh.licenses.Sandbox().AddLicensee(d.licenseRegister); err != nil {
		t.Fatal(err)
	}
	exp, err := time.Parse(time.DateOnly, card.Fields["expiration_date"].(string))
	if err != nil {
		t.Fatal(err)
	}
	if err := hh.ecards.Sandbox().AddCard(ecardsandbox.Card{Code: d.eCardCode, FirstName: d.person.FirstName, LastName: d.person.LastName,
		Course: "BLS Provider", IssueDate: card.Fields["issue_date"].(string), RenewalMonth: exp.Format("2006-01"),
		TrainingCenter: fmt.Sprint(card.Fields["training_center"])}); err != nil {
		t.Fatal(err)
	}
	return d
}

func (d sourceDocs) context() string {
	return jsonString(map[string]any{"first_name": d.person.FirstName, "last_name": d.person.LastName})
}

// sourceRuleOf is the source_validation rule of a tree, failing the test
// when there is none.
func sourceRuleOf(t *testing.T, tree *rules.Tree) rules.RuleResult {
	t.Helper()
	if tree == nil {
		t.Fatal("no validations tree")
	}
	for _, r := range tree.Rules {
		if r.Rule == rules.RuleSourceValidation {
			return r
		}
	}
	t.Fatalf("no source_validation rule in %+v", tree.Rules)
	return rules.RuleResult{}
}

func putSourceValidation(t *testing.T, hh *harness, key, body string) (response, sourceSettings) {
	t.Helper()
	r := hh.do(t, http.MethodPut, "/source-validation/settings", key, strings.NewReader(body), "application/json")
	var s sourceSettings
	if r.status == http.StatusOK {
		r.json(t, &s)
	}
	return r, s
}

// TestSourceValidationEndToEnd turns an account's switch on and off and
// sends a nursing license and a BLS card to be checked at their sources:
// refused while off; on, confirmed at the source (with when it was
// asked), and with the board down, skipped and never VALID.
func TestSourceValidationEndToEnd(t *testing.T) {
	hh := stack(t)
	ctx := context.Background()
	account := "acct-src-" + hex.EncodeToString(randomBytes(3))
	key, keyRow, err := hh.st.CreateAPIKey(ctx, account, "source validation tests")
	if err != nil {
		t.Fatal(err)
	}
	docs := newSourceDocs(t, hh)
	nurse := "nurse-" + account

	// Off, as every account starts.
	r := hh.do(t, http.MethodGet, "/source-validation/settings", key, nil, "")
	var got sourceSettings
	r.json(t, &got)
	if r.status != http.StatusOK || got.Enabled || got.ChangedAt != nil || got.ChangedBy != nil {
		t.Fatalf("a new account's switch: %d %s", r.status, r.body)
	}
	asked := func() response {
		return hh.upload(t, "/v2/intakes/scan/async", key, field("external_id", nurse), field("context", docs.context()),
			field("validate", `{"requirement":"nursing_license","source":true}`), filePart("license.pdf", docs.license))
	}
	for name, r := range map[string]response{
		"intake": asked(),
		"document scan": hh.upload(t, "/document/scan/async", key, field("external_id", ownerID), field("validation", "true"),
			field("context", `{"source_validation":true}`), filePart("card.pdf", docs.card)),
	} {
		if e := r.errorBody(t); r.status != http.StatusBadRequest || e.Code != "source_validation_disabled" {
			t.Fatalf("%s with the switch off: %d %s", name, r.status, r.body)
		}
	}

	// Bad switches.
	for body, want := range map[string]string{`{}`: "enabled is required", `{"enabled":"yes"}`: "enabled", `{"enabled":true,"x":1}`: "unknown field"} {
		r, _ := putSourceValidation(t, hh, key, body)
		if e := r.errorBody(t); r.status != http.StatusBadRequest || e.Code != "invalid_request" || !strings.Contains(e.Message, want) {
			t.Fatalf("PUT %s: %d %s", body, r.status, r.body)
		}
	}
	if r := hh.do(t, http.MethodPut, "/source-validation/settings", key, strings.NewReader(`{"enabled":true}`), "text/plain"); r.status != http.StatusUnsupportedMediaType {
		t.Fatalf("PUT as text: %d", r.status)
	}

	// On.
	r, got = putSourceValidation(t, hh, key, `{"enabled":true}`)
	if r.status != http.StatusOK || !got.Enabled || got.ChangedAt == nil || got.ChangedBy == nil || *got.ChangedBy != "api-key:"+keyRow.ID {
		t.Fatalf("switched on: %d %s", r.status, r.body)
	}
	if r := hh.do(t, http.MethodGet, "/source-validation/settings", hh.keyB, nil, ""); !strings.Contains(string(r.body), `"enabled":false`) {
		t.Fatalf("another account's switch moved: %s", r.body)
	}

	// A license the board holds: confirmed, with when it was asked.
	before := time.Now().UTC().Add(-time.Second)
	created := asked()
	if created.status != http.StatusCreated {
		t.Fatalf("create: %d %s", created.status, created.body)
	}
	in := hh.waitSourceIntake(t, created, key)
	seg := in.Segments[0]
	rr := sourceRuleOf(t, seg.Validations)
	if seg.DocumentType != "nursing_license" || rr.Result != rules.Pass || rr.Reason != rules.ReasonConfirmedAtSource ||
		rr.CheckedAt == nil || rr.CheckedAt.Before(before) || rr.CheckedAt.After(time.Now().Add(time.Second)) ||
		rr.Source == nil || rr.Source.Source != rules.SourceNursys || rr.Source.Outcome != rules.OutcomeFound || rr.Source.Status != "active" ||
		rr.Source.ExpirationDate != docs.licenseRegister.ExpirationDate || rr.Source.Holder == nil || rr.Source.Holder.Last != docs.person.LastName {
		t.Fatalf("license checked at the board: %s %+v %+v", seg.DocumentType, rr, rr.Source)
	}
	if seg.ValidationResult == nil || *seg.ValidationResult != rules.Valid || in.Validation == nil || *in.Validation.Result != rules.Valid ||
		sourceRuleOf(t, in.Validation.Validations).Result != rules.Pass {
		t.Fatalf("segment %v, intake %+v: VALID with the source's confirmation", seg.ValidationResult, in.Validation)
	}

	// The board down: the rule is skipped with the reason, the license is
	// not VALID, and the intake says so.
	if err := hh.licenses.Sandbox().SetBehaviour(nursyssandbox.Behaviour{Mode: nursyssandbox.ModeDown}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = hh.licenses.Sandbox().SetBehaviour(nursyssandbox.Behaviour{Mode: nursyssandbox.ModeNormal})
	})
	in = hh.waitSourceIntake(t, asked(), key)
	seg = in.Segments[0]
	rr = sourceRuleOf(t, seg.Validations)
	if rr.Result != rules.Skipped || rr.Reason != rules.ReasonSourceUnavailable || !strings.Contains(rr.Message, "Nursys answered 503") ||
		rr.CheckedAt == nil || rr.Source == nil || rr.Source.Outcome != rules.OutcomeUnavailable {
		t.Fatalf("board down: %+v %+v", rr, rr.Source)
	}
	if seg.ValidationResult == nil || *seg.ValidationResult == rules.Valid || *seg.ValidationResult != rules.NotSupported ||
		in.Validation == nil || *in.Validation.Result == rules.Valid {
		t.Fatalf("board down: segment %v, intake %+v: never VALID", seg.ValidationResult, in.Validation)
	}
	if err := hh.licenses.Sandbox().SetBehaviour(nursyssandbox.Behaviour{Mode: nursyssandbox.ModeNormal}); err != nil {
		t.Fatal(err)
	}

	// A BLS card as a document scan, at the AHA.
	r = hh.upload(t, "/document/scan/async", key, field("external_id", ownerID), field("validation", "true"),
		field("context", jsonString(map[string]any{"first_name": docs.person.FirstName, "last_name": docs.person.LastName, "source_validation": true})),
		filePart("card.pdf", docs.card))
	if r.status != http.StatusCreated {
		t.Fatalf("scan: %d %s", r.status, r.body)
	}
	var scan sourceScan
	r.json(t, &scan)
	scan = poll(hh, t, key, "/document/"+scan.ID, 2*time.Minute,
		func(s sourceScan) bool { return s.ScanStatus == "SUCCESS" || s.ScanStatus == "FAILED" },
		func(_ sourceScan, r response) string { return "scan still processing: " + string(r.body) })
	rr = sourceRuleOf(t, scan.Validations)
	if scan.ValidationResult == nil || *scan.ValidationResult != rules.Valid || rr.Result != rules.Pass || rr.Source.Source != rules.SourceAHAECard ||
		rr.Source.Course != "BLS" || rr.CheckedAt == nil {
		t.Fatalf("card checked at the AHA: %v %+v %+v", scan.ValidationResult, rr, rr.Source)
	}

	// Off again: refused again.
	if r, got := putSourceValidation(t, hh, key, `{"enabled":false}`); r.status != http.StatusOK || got.Enabled {
		t.Fatalf("switched off: %d %s", r.status, r.body)
	}
	if r := asked(); r.status != http.StatusBadRequest || r.errorBody(t).Code != "source_validation_disabled" {
		t.Fatalf("switched off, asked again: %d %s", r.status, r.body)
	}
}

// waitSourceIntake waits for the intake created answers and returns it
// with its segments.
func (hh *harness) waitSourceIntake(t *testing.T, created response, key string) sourceIntake {
	t.Helper()
	if created.status != http.StatusCreated {
		t.Fatalf("create: %d %s", created.status, created.body)
	}
	var in sourceIntake
	created.json(t, &in)
	in = poll(hh, t, key, "/v2/intakes/"+in.ID, 3*time.Minute,
		func(in sourceIntake) bool { return in.ScanStatus != "PENDING" },
		func(sourceIntake, response) string { return "intake still PENDING after 3 minutes" })
	if in.ScanStatus != "SUCCESS" || len(in.Segments) != 1 {
		t.Fatalf("intake %s: %s with %d segments", in.ID, in.ScanStatus, len(in.Segments))
	}
	return in
}
