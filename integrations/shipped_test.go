package integrations

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/vms/sandbox"
)

func shipped(t *testing.T) *Integration {
	t.Helper()
	t.Setenv(EnvFile, "")
	t.Setenv("VMS_SANDBOX_URL", "")
	cfg, err := LoadDefault(catalog.MustLoad())
	if err != nil {
		t.Fatal(err)
	}
	in, ok := cfg.Integration("sandbox")
	if !ok {
		t.Fatal("no sandbox integration")
	}
	return in
}

func TestShippedSandbox(t *testing.T) {
	in := shipped(t)
	if in.DisplayName != "Sandbox VMS" || in.Connector.Kind != "sandbox" || in.Connector.BaseURL != "http://127.0.0.1:8092" ||
		in.Connector.Credentials["username"] != "VMS_SANDBOX_USERNAME" || in.Connector.Credentials["password"] != "VMS_SANDBOX_PASSWORD" {
		t.Errorf("connector %+v", in.Connector)
	}
	if !slices.Equal(in.Sources, []Source{SourceVMS, SourceEmail, SourceMatrix}) || in.Matrix.Mode != MatrixAdd ||
		!slices.Equal(in.Precedence, DefaultPrecedence()) || in.SyncEvery != 15*time.Minute || !in.PlacementSync {
		t.Errorf("settings %+v", in)
	}
	if len(in.Email.JobRefPatterns) != 1 {
		t.Fatalf("patterns %v", in.Email.JobRefPatterns)
	}
	for text, want := range map[string]string{
		"Checklist for https://vms.example/portal/jobs/ICU-2231.":  "ICU-2231",
		"see <http://127.0.0.1:8092/portal/jobs/html-slow-7>":      "html-slow-7",
		"https://vms.example/portal/jobs/P_1.2-x/requirements":     "P_1.2-x",
		"https://vms.example/portal/placements/P-ICU-2231-1 (job)": "",
	} {
		got := ""
		if m := in.Email.JobRefPatterns[0].FindStringSubmatch(text); m != nil {
			got = m[1]
		}
		if got != want {
			t.Errorf("%q: job ref %q, want %q", text, got, want)
		}
	}

	// The file's address yields to the one compliance dev sets.
	t.Setenv("VMS_SANDBOX_URL", "http://127.0.0.1:40123/")
	cfg, err := LoadDefault(catalog.MustLoad())
	if err != nil {
		t.Fatal(err)
	}
	if in, _ := cfg.Integration("sandbox"); in.Connector.BaseURL != "http://127.0.0.1:40123" {
		t.Errorf("base URL %q", in.Connector.BaseURL)
	}
}

// Sample values of the sandbox's placeholders, the longest among them.
func fills() []*strings.Replacer {
	return []*strings.Replacer{
		strings.NewReplacer("{facility}", "St. Brigid", "{dept}", "ICU", "{state}", "WA"),
		strings.NewReplacer("{facility}", "Gulf Coast Regional", "{dept}", "Med/Surg", "{state}", "TX"),
		strings.NewReplacer("{facility}", "Mercy Valley", "{dept}", "L&D", "{state}", "NE"),
		strings.NewReplacer("{facility}", "Riverbend", "{dept}", "Cath Lab", "{state}", "KY"),
	}
}

// Every label the sandbox VMS words a catalog requirement with maps to the
// keys a person would choose (the sandbox's ground truth), whatever
// facility, department and state it fills in; its facility forms stay
// unmapped, for a person.
func TestShippedMappingCoversSandboxBank(t *testing.T) {
	table := shipped(t).Mapping
	ws := sandbox.Wordings()
	if len(ws) == 0 {
		t.Fatal("the sandbox has no wordings")
	}
	mapped := 0
	for _, w := range ws {
		for _, r := range fills() {
			label := r.Replace(w.Label)
			e, ok := table.Lookup(label)
			switch {
			case len(w.Keys) == 0 && ok:
				t.Errorf("%q (a facility form) is mapped to %v", label, e.Keys())
			case len(w.Keys) > 0 && !ok:
				t.Errorf("%q is not mapped; want %v", label, w.Keys)
			case len(w.Keys) > 0 && !slices.Equal(e.Keys(), w.Keys):
				t.Errorf("%q maps to %v; want %v", label, e.Keys(), w.Keys)
			case ok && e.PacketGroup != w.PacketGroup:
				t.Errorf("%q: packet group %q; the sandbox files it under %q", label, e.PacketGroup, w.PacketGroup)
			}
		}
		if len(w.Keys) > 0 {
			mapped++
		}
	}
	t.Logf("%d sandbox wordings, %d of them mapped", len(ws), mapped)
}

// The wordings of mapping's tests map to the key a specialist chose.
func TestShippedMappingCoversTestWordings(t *testing.T) {
	table := shipped(t).Mapping
	for _, path := range []string{"../mapping/testdata/wordings.yaml", "../mapping/testdata/heldout.yaml"} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var f struct {
			Wordings []struct {
				Label string   `yaml:"label"`
				Want  string   `yaml:"want"`
				Also  []string `yaml:"also"`
			} `yaml:"wordings"`
		}
		if err := yaml.Unmarshal(data, &f); err != nil {
			t.Fatal(err)
		}
		for _, w := range f.Wordings {
			e, ok := table.Lookup(w.Label)
			if w.Want == "" {
				if ok {
					t.Errorf("%s: %q (a facility form) is mapped to %v", path, w.Label, e.Keys())
				}
				continue
			}
			if want := append([]string{w.Want}, w.Also...); !ok || !slices.Equal(e.Keys(), want) {
				t.Errorf("%s: %q maps to %v (%v); want %v", path, w.Label, e.Keys(), ok, want)
			}
		}
	}
}

// Every catalog requirement has at least one label in the shipped table.
func TestShippedMappingCoversCatalog(t *testing.T) {
	table := shipped(t).Mapping
	covered := map[string]bool{}
	for _, e := range table.Entries() {
		for _, k := range e.Keys() {
			covered[k] = true
		}
	}
	for _, r := range catalog.MustLoad().Requirements() {
		if !covered[r.Key] {
			t.Errorf("no label maps to %s", r.Key)
		}
	}
}
