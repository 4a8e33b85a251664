package sandbox_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/nursys/sandbox"
	"github.com/clearedtostart/compliance/nursys/wire"
)

func start(t *testing.T) *sandbox.Server {
	t.Helper()
	srv, err := sandbox.New(sandbox.Config{ProcessingTime: 200 * time.Millisecond}).Start(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

func send(t *testing.T, method, url, body string, creds bool) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if creds {
		req.Header.Set(wire.HeaderUsername, sandbox.DefaultUsername)
		req.Header.Set(wire.HeaderPassword, sandbox.DefaultPassword)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// TestLookupIsAsynchronous: a submit answers a transaction; its results
// are incomplete until the processing time has passed, then complete.
func TestLookupIsAsynchronous(t *testing.T) {
	srv := start(t)
	st, b := send(t, http.MethodPost, srv.URL()+wire.LookupPath,
		`{"NurseLookupRequests":[{"JurisdictionAbbreviation":"CA","LicenseType":"RN","LicenseNumber":"95123456","RecordId":"7"}]}`, true)
	var sub wire.SubmitResponse
	if st != 200 || json.Unmarshal(b, &sub) != nil || !sub.Transaction.TransactionSuccessFlag || sub.Transaction.TransactionID == "" {
		t.Fatalf("submit: %d %s", st, b)
	}
	results := srv.URL() + wire.LookupPath + "?transactionId=" + sub.Transaction.TransactionID
	var got wire.RetrieveResponse
	if st, b = send(t, http.MethodGet, results, "", true); st != 200 || json.Unmarshal(b, &got) != nil || got.ProcessingCompleteFlag {
		t.Fatalf("results at once: %d %s, want still processing", st, b)
	}
	time.Sleep(250 * time.Millisecond)
	if st, b = send(t, http.MethodGet, results, "", true); st != 200 || json.Unmarshal(b, &got) != nil || !got.ProcessingCompleteFlag {
		t.Fatalf("results later: %d %s", st, b)
	}
	r := got.NurseLookupResponses[0]
	l := r.NurseLookupLicenses[0]
	if !r.SuccessFlag || r.NurseLookupRequest.RecordID != "7" || l.LicenseStatus != "Expired" || l.Active != "No" ||
		l.LicenseExpirationDate != "2025-08-31T00:00:00" || l.Jurisdiction != "California-RN" {
		t.Fatalf("result %s", b)
	}
	if st, b = send(t, http.MethodGet, srv.URL()+wire.LookupPath+"?transactionId=nope", "", true); !strings.Contains(string(b), "Invalid or missing TransactionId") {
		t.Fatalf("unknown transaction: %d %s", st, b)
	}
	if st, _ = send(t, http.MethodGet, results, "", false); st != http.StatusUnauthorized {
		t.Fatalf("without credentials: %d", st)
	}
}

func TestAdmin(t *testing.T) {
	srv := start(t)
	for body, want := range map[string]int{
		`{"mode":"down","count":2}`: 200, `{"mode":"sideways"}`: 400, `{"mode":"down","count":-1}`: 400,
		`{"mode":"down","status":99}`: 400, `{"mode":"normal","extra":1}`: 400,
	} {
		if st, b := send(t, http.MethodPost, srv.URL()+"/_sandbox/behaviour", body, false); st != want {
			t.Errorf("behaviour %s: %d %s, want %d", body, st, b, want)
		}
	}
	if st, b := send(t, http.MethodPost, srv.URL()+"/_sandbox/licensees", `{"state":"ZZ","licenseNumber":"1","licenseType":"RN","firstName":"A","lastName":"B","status":"Active"}`, false); st != 400 ||
		!strings.Contains(string(b), "unknown state") {
		t.Errorf("a licensee of no state: %d %s", st, b)
	}
	_, help := send(t, http.MethodGet, srv.URL()+"/", "", false)
	for _, want := range []string{sandbox.NumberSlow, sandbox.NumberDown, sandbox.NumberMalformed, sandbox.NumberPending,
		"OK RN965991   RN   MARIA LUISA ALVAREZ", "status mismatch: encumbered", "expired", "/_sandbox/licensees"} {
		if !strings.Contains(string(help), want) {
			t.Errorf("the help page does not say %q:\n%s", want, help)
		}
	}
	_, known := send(t, http.MethodGet, srv.URL()+"/_sandbox/known", "", false)
	var ls []sandbox.Licensee
	if err := json.Unmarshal(known, &ls); err != nil || len(ls) != len(sandbox.KnownLicensees()) {
		t.Fatalf("known: %s", known)
	}
	send(t, http.MethodPost, srv.URL()+wire.LookupPath, `{}`, true)
	var reqs []sandbox.Request
	_, b := send(t, http.MethodGet, srv.URL()+"/_sandbox/requests", "", false)
	if err := json.Unmarshal(b, &reqs); err != nil || len(reqs) != 1 || reqs[0].Behaviour != sandbox.ModeDown || reqs[0].Status != 503 ||
		reqs[0].Headers["password"] != "(set)" {
		t.Fatalf("requests: %s", b)
	}
	if st, _ := send(t, http.MethodDelete, srv.URL()+"/_sandbox/requests", "", false); st != http.StatusNoContent || len(srv.Sandbox().Requests()) != 0 {
		t.Fatal("requests not cleared")
	}
}
