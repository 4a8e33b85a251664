package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/internal/registrysamples"
)

// runFails runs a subcommand that must fail and returns what it said.
func (c *cluster) runFails(args ...string) string {
	c.t.Helper()
	cmd := exec.Command(c.bin, args...)
	cmd.Env = c.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() == 0 {
		c.t.Fatalf("compliance %s succeeded, want a failure: %s", strings.Join(args, " "), out.String())
	}
	return out.String()
}

// oigSearch runs a registry check of one person in the OIG list through
// the API and returns the edition searched and the matches' record ids.
func (c *cluster) oigSearch(first, last string) (listID string, matches []string) {
	c.t.Helper()
	body := `{"external_id":"7b0f3c1e-2f1a-4c55-9a51-2d4c0f1e8b21","context":{"first_name":"` + first + `","last_name":"` + last + `"},"registries":["oig-exclusion"]}`
	req, _ := http.NewRequest(http.MethodPost, c.base+"/registry-check", strings.NewReader(body))
	req.Header.Set("x-api-key", c.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	var res []struct {
		Metadata struct {
			ListID *string `json:"list_id"`
		} `json:"metadata"`
		Matches []struct {
			SourceID string `json:"sourceId"`
		} `json:"matches"`
	}
	if resp.StatusCode != 200 {
		c.t.Fatalf("registry check: %d", resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(&res); err != nil || len(res) != 1 {
		c.t.Fatalf("registry check answer: %+v %v", res, err)
	}
	// Before the API has the list it answers it unavailable: no edition.
	if res[0].Metadata.ListID == nil {
		return "", nil
	}
	for _, m := range res[0].Matches {
		matches = append(matches, m.SourceID)
	}
	return *res[0].Metadata.ListID, matches
}

// TestRegistryImportCommand imports a list with `compliance registry
// import` while the API runs: the API searches it within seconds; a
// truncated file is refused with its reason and the list searched stays.
func TestRegistryImportCommand(t *testing.T) {
	c := newCluster(t)
	f, err := registrysamples.Generate(filepath.Join(c.dir, "lists"), registrysamples.Options{Scale: 0.02})
	if err != nil {
		t.Fatal(err)
	}
	out := c.run("registry", "import", "--registry", "oig-exclusion", "--file", f.LEIE)
	if !strings.Contains(out, "oig-exclusion: imported") {
		t.Fatalf("import said: %s", out)
	}
	var listed registrysamples.Case
	for _, cs := range f.Cases {
		if cs.Listed && cs.Registry == "oig-exclusion" && cs.Variant == "exact" {
			listed = cs
			break
		}
	}
	var listID string
	var matches []string
	waitFor(t, "the API to search the imported list", func() bool {
		listID, matches = c.oigSearch(listed.Query.FirstName, listed.Query.LastName)
		return len(matches) > 0
	})
	if !contains(matches, listed.SourceID) {
		t.Fatalf("listed person %s not among %v", listed.SourceID, matches)
	}

	full, err := os.ReadFile(f.LEIE)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(c.dir, "UPDATED-truncated.csv")
	if err := os.WriteFile(cut, full[:len(full)*2/3+3], 0o644); err != nil {
		t.Fatal(err)
	}
	said := c.runFails("registry", "import", "--registry", "oig-exclusion", "--file", cut)
	if !strings.Contains(said, "import refused, the current list stays") {
		t.Fatalf("truncated import said: %s", said)
	}
	if again, m := c.oigSearch(listed.Query.FirstName, listed.Query.LastName); again != listID || !contains(m, listed.SourceID) {
		t.Fatalf("after a refused import the API searched %s (%v), want %s", again, m, listID)
	}
	if out := c.run("registry", "list"); !strings.Contains(out, "oig-exclusion") || !strings.Contains(out, "UPDATED.csv") {
		t.Fatalf("registry list: %s", out)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// waitFor polls cond for up to a minute.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
