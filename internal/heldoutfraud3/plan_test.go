package heldoutfraud3

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/internal/golden"
)

// catalogTypes are the document types of ../shared/catalog/document-types.yaml.
var catalogTypes = []string{
	"bls", "acls", "pals", "nrp", "tncc", "nursing_license", "drivers_license", "passport",
	"social_security_card", "tb_skin_test", "tb_blood_test", "chest_xray", "mmr_record", "varicella_record",
	"hepatitis_b_record", "tdap_record", "influenza_vaccine", "covid19_vaccine", "physical_exam",
	"drug_screen", "fit_test", "background_check", "skills_checklist", "resume", "hipaa_training",
	"osha_training",
}

// TestPlanShape checks what issue #18 and the brief ask of the set, on the
// plan alone: every manipulation at least 5 times, at least 50 clean
// controls, at least 8 catalog types, history cases wired to the right
// candidates.
func TestPlanShape(t *testing.T) {
	for _, seed := range []uint64{1, 3, 1 << 40} {
		plan := Plan(seed)
		perManip := map[string]int{}
		types := map[string]bool{}
		names := map[string]bool{}
		controls := 0
		for _, s := range plan {
			if names[s.Name] {
				t.Errorf("seed %d: name %s twice", seed, s.Name)
			}
			names[s.Name] = true
			if !slices.Contains(catalogTypes, s.Type) {
				t.Errorf("%s: type %q is not in the catalog", s.Name, s.Type)
			}
			types[s.Type] = true
			if !slices.Contains([]string{PDF, JPEG, PNG}, s.MIME) {
				t.Errorf("%s: MIME %q", s.Name, s.MIME)
			}
			if (s.Manipulation == "") == (s.Control == "") {
				t.Errorf("%s: exactly one of manipulation (%q) and control (%q) must be set", s.Name, s.Manipulation, s.Control)
			}
			if s.Seed >= 1<<53 {
				t.Errorf("%s: seed %d does not survive JSON's float64", s.Name, s.Seed)
			}
			switch {
			case s.Forged():
				if !slices.Contains(Manipulations, s.Manipulation) {
					t.Errorf("%s: unknown manipulation %q", s.Name, s.Manipulation)
				}
				perManip[s.Manipulation]++
				if historyManipulations[s.Manipulation] {
					if len(s.Earlier) != 1 || s.Earlier[0].CandidateID == s.CandidateID {
						t.Errorf("%s: a reuse case needs one earlier upload for another candidate, got %+v (candidate %s)", s.Name, s.Earlier, s.CandidateID)
					}
				} else if len(s.Earlier) != 0 {
					t.Errorf("%s: earlier uploads on a single-document forgery", s.Name)
				}
				if s.Manipulation == "reused_file" && s.Earlier[0].MIME != s.MIME {
					t.Errorf("%s: the same file must keep its MIME", s.Name)
				}
			default:
				controls++
				switch {
				case s.Control == "same_class":
					if len(s.Earlier) != 1 || s.Earlier[0].CandidateID == s.CandidateID {
						t.Errorf("%s: a classmate's card belongs to another candidate: %+v", s.Name, s.Earlier)
					}
				case historyControls[s.Control]:
					if len(s.Earlier) != 1 || s.Earlier[0].CandidateID != s.CandidateID {
						t.Errorf("%s: a clean twin follows an upload of the same candidate: %+v", s.Name, s.Earlier)
					}
				case len(s.Earlier) != 0:
					t.Errorf("%s: earlier uploads on a single-document control", s.Name)
				}
			}
		}
		for _, m := range Manipulations {
			if perManip[m] < 5 {
				t.Errorf("seed %d: %s has %d forged cases, want at least 5", seed, m, perManip[m])
			}
		}
		if len(perManip) != len(Manipulations) {
			t.Errorf("seed %d: manipulations %v, want exactly %v", seed, perManip, Manipulations)
		}
		if controls < 50 {
			t.Errorf("seed %d: %d clean controls, want at least 50", seed, controls)
		}
		if len(types) < 8 {
			t.Errorf("seed %d: %d types, want at least 8", seed, len(types))
		}
	}
}

// TestPlanSeeds: a seed fixes the plan; another seed changes the people and
// numbers (the case seeds and candidates), never the labels.
func TestPlanSeeds(t *testing.T) {
	a, b, c := Plan(3), Plan(3), Plan(4)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("Plan(3) differs between two calls")
	}
	if labels(a) != labels(c) {
		t.Error("labels depend on the seed")
	}
	for i := range a {
		if a[i].Seed == c[i].Seed || a[i].CandidateID == c[i].CandidateID {
			t.Errorf("%s: seed 3 and 4 give the same case seed or candidate", a[i].Name)
		}
	}
}

// TestPlanGolden keeps the labels (names, types, manipulations, controls,
// formats) under review: run with -update after a deliberate change.
func TestPlanGolden(t *testing.T) {
	golden.Check(t, "testdata/plan.golden", []byte(labels(Plan(3))))
}

func labels(plan []Spec) string {
	var b strings.Builder
	b.WriteString("# name\ttype\tmanipulation\tcontrol\tvariant\tmime\tearlier mimes\n")
	for _, s := range plan {
		var em []string
		for _, e := range s.Earlier {
			em = append(em, e.MIME)
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", s.Name, s.Type, dash(s.Manipulation), dash(s.Control), dash(s.Variant), s.MIME, dash(strings.Join(em, ",")))
	}
	return b.String()
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
