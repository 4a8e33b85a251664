package sandbox_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/ahaecard/sandbox"
	"github.com/clearedtostart/compliance/ahaecard/wire"
)

func start(t *testing.T, now time.Time) *sandbox.Server {
	t.Helper()
	srv, err := sandbox.New(sandbox.Config{Now: func() time.Time { return now }}).Start(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

func send(t *testing.T, method, url, body string, key string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set(wire.HeaderAPIKey, key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// TestBanner: a card is Active through the last day of its renewal month.
func TestBanner(t *testing.T) {
	for now, want := range map[string]string{"2027-01-31": "Active", "2027-02-01": "Expired"} {
		day, _ := time.Parse(time.DateOnly, now)
		srv := start(t, day.Add(23*time.Hour))
		st, b := send(t, http.MethodPost, srv.URL()+wire.VerifyPath, `{"eCardCode":"244766174046"}`, sandbox.DefaultAPIKey)
		var v wire.VerifyResponse
		if st != 200 || json.Unmarshal(b, &v) != nil || v.ECard == nil || v.ECard.Status != want || v.ECard.Course.Code != "476" {
			t.Errorf("on %s: %d %s, want %s", now, st, b, want)
		}
	}
}

func TestAnswers(t *testing.T) {
	srv := start(t, time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC))
	for body, want := range map[string]int{
		`{"eCardCode":"244766174046"}`: 200, `{"eCardCode":"244766174047"}`: 404, `{"eCardCode":"2447661740"}`: 400, `not json`: 400,
	} {
		if st, b := send(t, http.MethodPost, srv.URL()+wire.VerifyPath, body, sandbox.DefaultAPIKey); st != want {
			t.Errorf("%s: %d %s, want %d", body, st, b, want)
		}
	}
	if st, _ := send(t, http.MethodPost, srv.URL()+wire.VerifyPath, `{"eCardCode":"244766174046"}`, "wrong"); st != http.StatusUnauthorized {
		t.Errorf("a wrong key: %d", st)
	}
}

func TestAdmin(t *testing.T) {
	srv := start(t, time.Now())
	for body, want := range map[string]int{
		`{"mode":"flaky"}`: 200, `{"mode":"sideways"}`: 400, `{"mode":"down","count":-1}`: 400, `{"mode":"down","status":700}`: 400,
	} {
		if st, b := send(t, http.MethodPost, srv.URL()+"/_sandbox/behaviour", body, ""); st != want {
			t.Errorf("behaviour %s: %d %s, want %d", body, st, b, want)
		}
	}
	if b := srv.Sandbox().CurrentBehaviour(); b.Mode != sandbox.ModeFlaky || b.Count != 1 {
		t.Fatalf("flaky without a count fails once: %+v", b)
	}
	_, help := send(t, http.MethodGet, srv.URL()+"/", "", "")
	for _, want := range []string{sandbox.CodeSlow, sandbox.CodeDown, sandbox.CodeMalformed, "244766174046", "Heartsaver", "expired", "/_sandbox/cards"} {
		if !strings.Contains(string(help), want) {
			t.Errorf("the help page does not say %q:\n%s", want, help)
		}
	}
	if st, b := send(t, http.MethodPost, srv.URL()+"/_sandbox/cards", `{"code":"245121000199","firstName":"A","lastName":"B","course":"BLS Provider","issueDate":"2026-01-01","renewalMonth":"2028"}`, ""); st != 400 ||
		!strings.Contains(string(b), "renewalMonth") {
		t.Errorf("a card without its renewal month: %d %s", st, b)
	}
	_, known := send(t, http.MethodGet, srv.URL()+"/_sandbox/known", "", "")
	var cards []sandbox.Card
	if err := json.Unmarshal(known, &cards); err != nil || len(cards) != len(sandbox.KnownCards()) {
		t.Fatalf("known: %s", known)
	}
}
