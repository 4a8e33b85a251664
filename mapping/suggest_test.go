package mapping

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/internal/golden"
	"github.com/clearedtostart/compliance/vms/sandbox"
)

// wording is one facility label and the key a specialist maps it to.
type wording struct {
	Label string   `yaml:"label"`
	Want  string   `yaml:"want"`
	Also  []string `yaml:"also"`
}

func loadWordings(t *testing.T, path string) []wording {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Wordings []wording `yaml:"wordings"`
	}
	if err := yaml.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f.Wordings
}

// minTop1 is the accuracy below which the suggester has regressed; the
// figure measured is logged (go test -v -run TestSuggestWordings).
const minTop1 = 0.95

// The suggester's top suggestion against a specialist's mapping of
// realistic facility wordings, and every suggestion in a golden file.
func TestSuggestWordings(t *testing.T) {
	cat := catalog.MustLoad()
	s := MustNewSuggester(cat)
	ws := loadWordings(t, "testdata/wordings.yaml")
	if len(ws) < 60 {
		t.Fatalf("only %d wordings", len(ws))
	}
	var golden_ strings.Builder
	right, withKey, rightKey, without, rightNone := 0, 0, 0, 0, 0
	for _, w := range ws {
		if w.Want != "" {
			if _, ok := cat.Requirement(w.Want); !ok {
				t.Fatalf("%q: want %q is not a catalog key", w.Label, w.Want)
			}
		}
		got := s.Suggest(w.Label, 3)
		top := ""
		if len(got) > 0 {
			top = got[0].Key
		}
		ok := top == w.Want
		if ok {
			right++
		} else {
			t.Logf("miss: %q: top %q, want %q (%+v)", w.Label, top, w.Want, got)
		}
		if w.Want == "" {
			without++
			if ok {
				rightNone++
			}
		} else {
			withKey++
			if ok {
				rightKey++
			}
		}
		fmt.Fprintf(&golden_, "%s\n", w.Label)
		for _, g := range got {
			if g.Score < MinScore || g.Score > 1 {
				t.Errorf("%q: score %v out of [%v, 1]", w.Label, g.Score, MinScore)
			}
			fmt.Fprintf(&golden_, "  %.3f %-22s %s\n", g.Score, g.Key, g.Why)
		}
	}
	acc := float64(right) / float64(len(ws))
	t.Logf("top-1 accuracy %d/%d = %.1f%% (labels with a key %d/%d, facility forms with none %d/%d)",
		right, len(ws), 100*acc, rightKey, withKey, rightNone, without)
	if acc < minTop1 {
		t.Errorf("top-1 accuracy %.3f below %.2f", acc, minTop1)
	}
	golden.Check(t, "testdata/suggestions.golden", []byte(golden_.String()))
}

// minHeldOutTop1 was set before the held-out wordings were first run.
const minHeldOutTop1 = 0.8

// Top-1 accuracy on wordings the lexicon was not tuned on.
func TestSuggestHeldOut(t *testing.T) {
	s := MustNewSuggester(catalog.MustLoad())
	ws := loadWordings(t, "testdata/heldout.yaml")
	right := 0
	for _, w := range ws {
		got := s.Suggest(w.Label, 3)
		top := ""
		if len(got) > 0 {
			top = got[0].Key
		}
		if top == w.Want {
			right++
		} else {
			t.Logf("miss: %q: top %q, want %q (%+v)", w.Label, top, w.Want, got)
		}
	}
	acc := float64(right) / float64(len(ws))
	t.Logf("held-out top-1 accuracy %d/%d = %.1f%%", right, len(ws), 100*acc)
	if acc < minHeldOutTop1 {
		t.Errorf("held-out top-1 accuracy %.3f below %.2f", acc, minHeldOutTop1)
	}
}

// minSandboxTop1 is the floor of the top-1 accuracy on the sandbox VMS's
// label bank, which another engineer wrote with its ground truth: the
// lexicon's first measure on wordings its author did not write (162 of 168
// right before three fixes it prompted: "respiratory" is no misspelt
// "respirator", an RT license no nursing license, a pump competency no
// skills checklist).
const minSandboxTop1 = 0.95

func TestSuggestSandboxBank(t *testing.T) {
	s := MustNewSuggester(catalog.MustLoad())
	fill := strings.NewReplacer("{facility}", "Gulf Coast Regional", "{dept}", "Med/Surg", "{state}", "WA")
	ws := sandbox.Wordings()
	right := 0
	for _, w := range ws {
		label := fill.Replace(w.Label)
		got := s.Suggest(label, 3)
		top, want := "", ""
		if len(got) > 0 {
			top = got[0].Key
		}
		if len(w.Keys) > 0 {
			want = w.Keys[0]
		}
		if top == want {
			right++
		} else {
			t.Logf("miss: %q: top %q, want %v (%+v)", label, top, w.Keys, got)
		}
	}
	acc := float64(right) / float64(len(ws))
	t.Logf("sandbox bank top-1 accuracy %d/%d = %.1f%%", right, len(ws), 100*acc)
	if acc < minSandboxTop1 {
		t.Errorf("sandbox bank top-1 accuracy %.3f below %.2f", acc, minSandboxTop1)
	}
}

func TestSuggestExplains(t *testing.T) {
	cat := catalog.MustLoad()
	tests := []struct {
		label string
		n     int
		want  []string // keys, best first
		why   string   // the first suggestion's Why
	}{
		{"Current PPD or QuantiFERON within 1 yr", 3, []string{"tb_screening"}, `matched "PPD"; matched "QuantiFERON" → tb_screening`},
		{"QuantiFERON", 3, []string{"tb_screening"}, `matched "QuantiFERON" → tb_screening`},
		{"Quantiferron", 3, []string{"tb_screening"}, `"quantiferron" resembles "QuantiFERON" (0.98) → tb_screening`},
		{"Exclusion screening", 3, []string{"oig_exclusion_check", "sam_exclusion_check"}, `hint "exclusion" → oig_exclusion_check`},
		{"OIG/SAM exclusion search", 1, []string{"oig_exclusion_check"}, `matched "OIG"; hint "exclusion" → oig_exclusion_check`},
		{"Driver's license or passport", 2, []string{"government_id", "drivers_license"}, `matched "passport"; hint "driver's license" → government_id`},
		// "license" inside "driver's license" is no evidence of a nursing license
		{"Driver's license", 5, []string{"drivers_license", "government_id"}, `matched "driver's license" → drivers_license`},
		{"Hepatitis A vaccine", 3, nil, ""},
		{"Hepatitis", 3, []string{"hepatitis_b"}, `hint "hepatitis" → hepatitis_b`},
		{"COVID-19 PCR", 3, nil, ""},
		{"Physician's order", 3, nil, ""},
		// "respiratory" is a word, not "respirator" misspelt; an RT license is
		// no nursing license
		{"Respiratory Care Practitioner license – active", 3, nil, ""},
		{"Alaris pump competency", 3, nil, ""},
		{"", 3, nil, ""},
		{"BLS", 0, nil, ""},
	}
	for _, tt := range tests {
		got := Suggest(cat, tt.label, tt.n)
		var keys []string
		for _, g := range got {
			keys = append(keys, g.Key)
		}
		if strings.Join(keys, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%q: keys %v, want %v (%+v)", tt.label, keys, tt.want, got)
			continue
		}
		if len(got) > 0 && got[0].Why != tt.why {
			t.Errorf("%q: why %q, want %q", tt.label, got[0].Why, tt.why)
		}
	}
}

func TestScores(t *testing.T) {
	cat := catalog.MustLoad()
	for label, want := range map[string]float64{
		"PPD":                 WeightWholeLabel,                  // a name that is the whole label
		"PPD within 1 year":   WeightName,                        // a name
		"PPD or QuantiFERON":  1 - (1-WeightName)*(1-WeightName), // two names compound
		"Exclusion screening": WeightHint,                        // a hint
	} {
		got := Suggest(cat, label, 1)
		if len(got) != 1 || fmt.Sprintf("%.3f", got[0].Score) != fmt.Sprintf("%.3f", want) {
			t.Errorf("%q: %+v, want score %.3f", label, got, want)
		}
	}
}

// Every catalog requirement can be suggested, and the lexicon names no
// key the catalog lacks.
func TestLexiconCoversCatalog(t *testing.T) {
	cat := catalog.MustLoad()
	if err := CheckLexicon(cat); err != nil {
		t.Fatal(err)
	}
	s := MustNewSuggester(cat)
	for _, r := range cat.Requirements() {
		// The key read as words suggests the key first.
		label := strings.ReplaceAll(r.Key, "_", " ")
		got := s.Suggest(label, 1)
		if len(got) == 0 || got[0].Key != r.Key {
			t.Errorf("%q: %+v, want %s first", label, got, r.Key)
		}
	}
}

func TestCheckLexiconReports(t *testing.T) {
	types := "types:\n  bls: {category: certification, fields: [full_name]}\n  other: {category: other, fields: [full_name]}\n"
	reqs := "requirements:\n  bls: {accepts: [bls]}\n  made_up: {accepts: [bls]}\n"
	cat, err := catalog.Parse([]byte(types), []byte(reqs))
	if err != nil {
		t.Fatal(err)
	}
	err = CheckLexicon(cat)
	for _, want := range []string{`lexicon key "acls" is not a catalog requirement`, `catalog requirement "made_up" has no lexicon entry`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want containing %q", err, want)
		}
	}
	// Keys the catalog lacks are never suggested.
	if got := Suggest(cat, "ACLS or BLS", 3); len(got) != 1 || got[0].Key != "bls" {
		t.Errorf("suggestions from a small catalog = %+v", got)
	}
}

func TestParseLexiconRejects(t *testing.T) {
	tests := []struct{ doc, want string }{
		{"requirements: [a]", "mapping lexicon: `requirements` must be a mapping"},
		{"requirements:\n  bls: {hints: [x]}\n", `mapping lexicon: "bls" has no names`},
		{"requirements:\n  bls: {names: [BLS]}\n  bls: {names: [CPR]}\n", `mapping lexicon: "bls" listed twice`},
		{"requirements:\n  bls: {names: [\" - \"]}\n", `mapping lexicon: "bls": phrase " - " has no words`},
		{"requirements:\n  bls: {names: BLS}\n", `mapping lexicon: "bls": yaml: unmarshal errors:`},
	}
	for _, tt := range tests {
		_, err := parseLexicon([]byte(tt.doc))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%q: err = %v, want %q", tt.doc, err, tt.want)
		}
	}
}
