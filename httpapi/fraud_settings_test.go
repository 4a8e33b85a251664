package httpapi_test

import (
	"context"
	"encoding/hex"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/workflows"
)

// fraudSettingsBody is the settings as GET and PUT answer them.
type fraudSettingsBody struct {
	Enabled     bool    `json:"enabled"`
	Sensitivity string  `json:"sensitivity"`
	ChangedAt   *string `json:"changed_at"`
	ChangedBy   *string `json:"changed_by"`
}

// fraudAccount is an account of the test's own (its fraud settings change)
// and its key.
func fraudAccount(t *testing.T, hh *harness, prefix string) (key, keyID string) {
	t.Helper()
	key, row, err := hh.st.CreateAPIKey(context.Background(), prefix+"-"+hex.EncodeToString(randomBytes(3)), "fraud tests")
	if err != nil {
		t.Fatal(err)
	}
	return key, row.ID
}

func putFraud(t *testing.T, hh *harness, key, body string) (response, fraudSettingsBody) {
	t.Helper()
	r := hh.do(t, http.MethodPut, "/fraud-detection/settings", key, strings.NewReader(body), "application/json")
	var s fraudSettingsBody
	if r.status == http.StatusOK {
		r.json(t, &s)
	}
	return r, s
}

func TestPutFraudSettings(t *testing.T) {
	hh := stack(t)
	key, keyID := fraudAccount(t, hh, "acct-fraudset")

	for _, tc := range []struct {
		body, message, field string
	}{
		{`{}`, "enabled is required (true or false)", "enabled"},
		{`{"sensitivity":"LOW"}`, "enabled is required (true or false)", "enabled"},
		{`{"enabled":true}`, "sensitivity is required (LOW, MEDIUM or HIGH)", "sensitivity"},
		{`{"enabled":true,"sensitivity":"low"}`, "sensitivity must be LOW, MEDIUM or HIGH", "sensitivity"},
		{`{"enabled":true,"sensitivity":"EXTREME"}`, "sensitivity must be LOW, MEDIUM or HIGH", "sensitivity"},
		{`{"enabled":true,"sensitivity":""}`, "sensitivity must be LOW, MEDIUM or HIGH", "sensitivity"},
		{`{"enabled":"yes","sensitivity":"LOW"}`, "enabled", ""},
		{`{"enabled":true,"sensitivity":3}`, "sensitivity", ""},
		{`{"enabled":true,"sensitivity":"LOW","threshold":0.2}`, "unknown field", ""},
		{`{"enabled":true,"sensitivity":"LOW"}{}`, "exactly one JSON value", ""},
		{`not json`, "", ""},
	} {
		t.Run(tc.body, func(t *testing.T) {
			r, _ := putFraud(t, hh, key, tc.body)
			e := r.errorBody(t)
			if r.status != http.StatusBadRequest || e.Code != "invalid_request" || !strings.Contains(e.Message, tc.message) {
				t.Fatalf("%d %s, want 400 invalid_request %q", r.status, r.body, tc.message)
			}
			if tc.field != "" && (tc.message != e.Message || !strings.Contains(string(r.body), `"field":"`+tc.field+`"`)) {
				t.Fatalf("%s, want exactly %q on field %s", r.body, tc.message, tc.field)
			}
		})
	}
	if r := hh.do(t, http.MethodPut, "/fraud-detection/settings", key, strings.NewReader(`{"enabled":true,"sensitivity":"LOW"}`), "text/plain"); r.status != http.StatusUnsupportedMediaType || r.errorBody(t).Code != "unsupported_media_type" {
		t.Fatalf("PUT as text: %d %s", r.status, r.body)
	}
	if r := hh.do(t, http.MethodPut, "/fraud-detection/settings", "", strings.NewReader(`{"enabled":true,"sensitivity":"LOW"}`), "application/json"); r.status != http.StatusUnauthorized {
		t.Fatalf("PUT without a key: %d", r.status)
	}
	// Nothing changed by the refusals.
	var got fraudSettingsBody
	r := hh.do(t, http.MethodGet, "/fraud-detection/settings", key, nil, "")
	r.json(t, &got)
	if r.status != http.StatusOK || !got.Enabled || got.Sensitivity != "MEDIUM" || got.ChangedAt != nil || got.ChangedBy != nil {
		t.Fatalf("a new account's settings: %d %s", r.status, r.body)
	}

	before := time.Now().UTC().Add(-time.Second)
	r, got = putFraud(t, hh, key, `{"enabled":false,"sensitivity":"HIGH"}`)
	if r.status != http.StatusOK || got.Enabled || got.Sensitivity != "HIGH" || got.ChangedBy == nil || *got.ChangedBy != "api-key:"+keyID || got.ChangedAt == nil {
		t.Fatalf("PUT: %d %s", r.status, r.body)
	}
	if at, err := time.Parse(time.RFC3339Nano, *got.ChangedAt); err != nil || at.Before(before) {
		t.Fatalf("changed_at %s %v", *got.ChangedAt, err)
	}
	var read fraudSettingsBody
	hh.do(t, http.MethodGet, "/fraud-detection/settings", key, nil, "").json(t, &read)
	if read.Enabled != got.Enabled || read.Sensitivity != got.Sensitivity || *read.ChangedAt != *got.ChangedAt || *read.ChangedBy != *got.ChangedBy {
		t.Fatalf("read back %+v, set %+v", read, got)
	}
	// Another account's settings do not move.
	var other fraudSettingsBody
	hh.do(t, http.MethodGet, "/fraud-detection/settings", hh.keyB, nil, "").json(t, &other)
	if !other.Enabled || other.Sensitivity != "MEDIUM" {
		t.Fatalf("another account's settings: %+v", other)
	}
}

// segmentFraud is a segment's fraud object as the API shows it.
type segmentFraud struct {
	Result  string         `json:"result"`
	Score   *float64       `json:"score"`
	Signals []fraud.Signal `json:"signals"`
}

type fraudIntake struct {
	ID         string `json:"id"`
	ScanStatus string `json:"scan_status"`
	Fraud      *struct {
		Result             string   `json:"result"`
		FraudulentSegments []string `json:"fraudulent_segments"`
	} `json:"fraud"`
	Segments []struct {
		ID    string        `json:"id"`
		Fraud *segmentFraud `json:"fraud"`
	} `json:"segments"`
}

// TestFraudHistoryEndToEnd uploads one nurse's BLS card, then the same file
// for other nurses of the account: the later uploads are fraudulent and
// link to the first; with fraud checks off nothing is judged; at LOW the
// byte-identical file still is.
func TestFraudHistoryEndToEnd(t *testing.T) {
	hh := stack(t)
	key, _ := fraudAccount(t, hh, "acct-history")
	r := sampledocs.Seeded(4242)
	p := sampledocs.NewPerson(r)
	pdf, err := sampledocs.RenderPDF(sampledocs.Generate(r, "bls", p, sampledocs.Options{Variant: "aha_ecard"}))
	if err != nil {
		t.Fatal(err)
	}
	send := func(external string, ctx map[string]any) fraudIntake {
		t.Helper()
		created := hh.createIntake(t, key, field("external_id", external), field("context", jsonString(ctx)), filePart("card.pdf", pdf))
		return poll(hh, t, key, "/v2/intakes/"+created.ID, 3*time.Minute,
			func(in fraudIntake) bool { return in.ScanStatus != "PENDING" },
			func(fraudIntake, response) string { return "intake still PENDING after 3 minutes" })
	}
	names := map[string]any{"first_name": p.FirstName, "last_name": p.LastName}

	first := send("nurse-a", names)
	if first.ScanStatus != "SUCCESS" || len(first.Segments) != 1 || first.Segments[0].Fraud == nil || first.Segments[0].Fraud.Result != fraud.Clean {
		t.Fatalf("the first upload: %+v", first)
	}
	// The same nurse again (named by candidateId): nothing.
	again := send("upload-2", map[string]any{"candidateId": "nurse-a", "first_name": p.FirstName, "last_name": p.LastName})
	if f := again.Segments[0].Fraud; f == nil || f.Result != fraud.Clean {
		t.Fatalf("the same nurse again: %+v", f)
	}

	second := send("nurse-b", names)
	f := second.Segments[0].Fraud
	if second.ScanStatus != "SUCCESS" || f == nil || f.Result != fraud.Fraudulent || second.Fraud == nil || second.Fraud.Result != fraud.Fraudulent ||
		len(second.Fraud.FraudulentSegments) != 1 || second.Fraud.FraudulentSegments[0] != second.Segments[0].ID {
		t.Fatalf("the same file for another nurse: %+v %+v", second, f)
	}
	var reused *fraud.Signal
	for i := range f.Signals {
		if f.Signals[i].Code == fraud.CodeReusedFile {
			reused = &f.Signals[i]
		}
	}
	if reused == nil || reused.Weight != 0.95 || reused.Evidence == nil || reused.Evidence.Earlier == nil ||
		reused.Evidence.Earlier.IntakeID != first.ID || reused.Evidence.Earlier.SegmentID != first.Segments[0].ID || reused.Evidence.Earlier.CandidateID != "nurse-a" {
		t.Fatalf("reused_file signal %+v in %+v", reused, f.Signals)
	}
	// The link leads to the earlier segment.
	if r := hh.do(t, http.MethodGet, "/v2/intakes/"+reused.Evidence.Earlier.IntakeID+"/segments/"+reused.Evidence.Earlier.SegmentID, key, nil, ""); r.status != http.StatusOK {
		t.Fatalf("the earlier segment: %d %s", r.status, r.body)
	}
	hh.recordHistory(t, workflows.IntakeWorkflowID(second.ID), "intake_fraud_history")

	// Off: no verdict at all.
	if r, _ := putFraud(t, hh, key, `{"enabled":false,"sensitivity":"MEDIUM"}`); r.status != http.StatusOK {
		t.Fatalf("off: %d %s", r.status, r.body)
	}
	off := send("nurse-c", names)
	if off.ScanStatus != "SUCCESS" || off.Segments[0].Fraud != nil || off.Fraud != nil {
		t.Fatalf("fraud checks off: %+v", off)
	}
	// LOW: the same file for another nurse is still fraudulent.
	if r, _ := putFraud(t, hh, key, `{"enabled":true,"sensitivity":"LOW"}`); r.status != http.StatusOK {
		t.Fatalf("LOW: %d %s", r.status, r.body)
	}
	low := send("nurse-d", names)
	if f := low.Segments[0].Fraud; f == nil || f.Result != fraud.Fraudulent || low.Fraud == nil || low.Fraud.Result != fraud.Fraudulent {
		t.Fatalf("LOW, the same file for another nurse: %+v", low)
	}
}
