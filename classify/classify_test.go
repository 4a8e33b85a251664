package classify

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/clearedtostart/compliance/internal/golden"

	"github.com/clearedtostart/compliance/catalog"
)

var (
	testClassifierOnce sync.Once
	testClassifier     *Classifier
)

func classifier(t testing.TB) *Classifier {
	t.Helper()
	testClassifierOnce.Do(func() { testClassifier = New(catalog.MustLoad()) })
	return testClassifier
}

// fixture is one document text under testdata/<type>/, labelled by its
// directory.
type fixture struct {
	name, want, text string
}

func fixtures(t *testing.T) []fixture {
	t.Helper()
	var out []fixture
	for _, f := range golden.Files(t, "testdata/*/*.txt") {
		dir := filepath.Base(filepath.Dir(f.Path))
		out = append(out, fixture{name: dir + "/" + strings.TrimSuffix(filepath.Base(f.Path), ".txt"), want: dir, text: string(f.Data)})
	}
	return out
}

// TestFixtureTypesExist keeps the fixture tree in step with the catalog: a
// directory that names no type would silently test nothing.
func TestFixtureTypesExist(t *testing.T) {
	cat := catalog.MustLoad()
	seen := map[string]bool{}
	for _, f := range fixtures(t) {
		if _, ok := cat.Type(f.want); !ok {
			t.Errorf("%s: %q is not a catalog type", f.name, f.want)
		}
		seen[f.want] = true
	}
	for _, ty := range cat.Types() {
		if !seen[ty.Key] {
			t.Errorf("no fixture for type %q", ty.Key)
		}
	}
}

// TestConfusion classifies every fixture and reports the whole confusion
// at once, so a hint change that trades one error for another shows both.
func TestConfusion(t *testing.T) {
	c := classifier(t)
	var wrong []string
	for _, f := range fixtures(t) {
		got := c.Classify(f.text)
		if got.Type != f.want {
			wrong = append(wrong, fmt.Sprintf("%s: got %s (%.2f) top %v", f.name, got.Type, got.Confidence, got.Top))
		}
	}
	if len(wrong) > 0 {
		t.Errorf("%d misclassified:\n%s", len(wrong), strings.Join(wrong, "\n"))
	}
}

// TestConfidentWhenRight: a correctly classified document should be
// confident enough for the segmenter to trust (other excepted, which is
// often a default).
func TestConfidentWhenRight(t *testing.T) {
	c := classifier(t)
	for _, f := range fixtures(t) {
		got := c.Classify(f.text)
		if got.Type == f.want && f.want != catalog.OtherType && got.Confidence < 0.45 {
			t.Errorf("%s: confidence %.3f, top %v", f.name, got.Confidence, got.Top)
		}
		if got.Confidence < 0 || got.Confidence > 1 {
			t.Errorf("%s: confidence %v out of range", f.name, got.Confidence)
		}
	}
}

// ocrNoise degrades text the way Tesseract does on a poor phone scan.
func ocrNoise(text string, variant int) string {
	switch variant {
	case 0: // shouting
		return strings.ToUpper(text)
	case 1: // look-alike letters
		r := strings.NewReplacer("l", "1", "O", "0", "o", "0", "I", "l")
		return r.Replace(text)
	case 2: // m read as rn, lines re-wrapped with hyphenation
		var b strings.Builder
		for _, w := range strings.Fields(strings.ReplaceAll(text, "m", "rn")) {
			if len(w) > 9 {
				b.WriteString(w[:5] + "-\n" + w[5:] + " ")
				continue
			}
			b.WriteString(w + " ")
		}
		return b.String()
	case 3: // stray characters and collapsed spacing
		r := strings.NewReplacer("  ", " ", ":", " :", ".", " . ", "\n", " ~\n")
		return r.Replace(text)
	}
	return text
}

func TestOCRNoiseVariants(t *testing.T) {
	c := classifier(t)
	for _, f := range fixtures(t) {
		if f.want == catalog.OtherType {
			continue
		}
		for v := 0; v < 4; v++ {
			got := c.Classify(ocrNoise(f.text, v))
			if got.Type != f.want {
				t.Errorf("%s noise %d: got %s (%.2f) top %v", f.name, v, got.Type, got.Confidence, got.Top)
			}
		}
	}
}

func TestSnippets(t *testing.T) {
	c := classifier(t)
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "other"},
		{"whitespace", " \n\t\n ", "other"},
		{"blank notice", "This page intentionally left blank.", "other"},
		{"bls one line", "American Heart Association BLS Provider card\nRecommended Renewal Date 05/2027", "bls"},
		{"acls mentions bls", "ACLS Provider\nAdvanced Cardiovascular Life Support\nPrerequisite: BLS Provider, Basic Life Support", "acls"},
		{"pals mentions life support", "Pediatric Advanced Life Support\nPALS Provider\nIssue Date 01/2025", "pals"},
		{"nrp", "Neonatal Resuscitation Program\nProvider: A. Morgan\nAmerican Academy of Pediatrics", "nrp"},
		{"tncc", "TNCC - Trauma Nursing Core Course\nEmergency Nurses Association\nVerification", "tncc"},
		{"hyphenated title", "Tuberculin Skin Te-\nst\nInduration 0 mm\nDate read 01/02/2025", "tb_skin_test"},
		{"merged words", "BasicLifeSupport\nCPR and AED Program\nAmerican Heart Association", "bls"},
		{"misspelled title", "QuantiFERON-TB Gokd Plus\nNil 0.02 IU/mL\nMitogen >10", "tb_blood_test"},
		{"varicella titer", "Varicella Zoster Virus Antibody IgG\nResult: Immune\nCollected 01/02/2025", "varicella_record"},
		{"mmr titer", "Rubeola Antibody IgG: Immune\nMumps Antibody IgG: Immune\nRubella Antibody IgG: Immune", "mmr_record"},
		{"hep b titer", "Hepatitis B Surface Antibody\nAnti-HBs 120 mIU/mL\nImmune", "hepatitis_b_record"},
		{"osha not hep b", "Certificate of Completion\nBloodborne Pathogens Training\nIncludes hepatitis B vaccine information", "osha_training"},
		{"hipaa vs osha", "HIPAA Privacy Training\nCertificate of Completion\nProtected health information", "hipaa_training"},
		{"ssn on a background report", "Background Check Report\nSSN Trace: 123-45-6789\nCounty Criminal: Clear\nSocial Security", "background_check"},
		{"dl", "DRIVER LICENSE\nDL 12345678\nDOB 01/01/1990\nEXP 01/01/2030\nHGT 5-08 EYES BRN", "drivers_license"},
		// Tesseract reads a capital LI as one U at low resolution.
		{"dl title with LI read as U", "wee ee\nDRIVER UCENSE\n9S078748\nMARIA ALVAREZ\n", "drivers_license"},
		{"U for LI is no free letter elsewhere", "Volunteer skuls\nMARIA ALVAREZ\n", "other"},
		// Words every training certificate or every course card prints,
		// and none of one type's own: which type it is the page does not
		// say (a wrong type judges it against the wrong requirement).
		{"certificate whose title OCR lost", "Certificate of Completion\nThis certifies that\nJane Doe\nhas successfully completed\nEa ee oe ee\nCompletion Date: 01/01/2026\n", "other"},
		{"course card whose title OCR lost", "Course Completion\nJane Doe\nProvider\nInstructor: Bob Lee\nTraining Center: Acme\nIssue Date 01/01/2026\nExpiration Date 01/01/2028\n", "other"},
		// Words every life-support card may print (a training center's
		// name, the RQI program) are no NRP card's: a course card whose
		// title OCR lost is other, not NRP (own BLS eCard design, red
		// title band, scanned at 120 dpi; typed nrp before).
		{"course card of a resuscitation training center", "S Pr\nBL\na\n\ufffd\novider\nEZEKIEL R. NAKAMURA\nNas \ufffd compieiad tha cognilive and chills evaluations in \ufffd \ufffd wih he\ncumcutum o/ ine \ufffd can Heal Assocation\nissue Date\n\ufffd\nRecommended Renewal Date\n0772028\nTraining Center\nDasart Valley Resuscitation \ufffd\neCaid Code\n267140955184", "other"},
		{"rqi card whose title OCR lost", "Resuscitation Quality Improvement (RQI) Program\nJane Doe\nProvider\nIssue Date 04/2026\nRQI Partners - HealthStream\n", "other"},
		{"rqi card of the nrp", "NRP Provider\nResuscitation Quality Improvement (RQI) Program\nJane Doe\nIssue Date 04/2026\nRQI Partners - HealthStream\n", "nrp"},
		{"passport", "PASSPORT\nSurname\nDOE\nGiven Names\nJANE\nNationality\nUNITED STATES OF AMERICA", "passport"},
		{"fit test", "Fit Test Record\nRespirator: 3M 1860 N95\nResult: Pass", "fit_test"},
		{"drug screen", "Urine Drug Screen\n10 Panel\nSpecimen ID 0012\nResult: Negative", "drug_screen"},
		{"physical", "Physical Examination\nCleared for duty without restrictions\nBP 120/80", "physical_exam"},
		// A travel-clinic chain whose name is a passport's title.
		{"passport health clinic", "Passport Health\nEmployee Health Record\nTuberculin skin test\nInduration 0 mm\nDate read 01/02/2026", "tb_skin_test"},
		{"fax cover mentioning documents", "FAX COVER SHEET\nTo: Credentialing\nRE: BLS card, PPD, MMR titer\nPages: 6", "other"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := c.Classify(tt.text)
			if got.Type != tt.want {
				t.Fatalf("got %s (%.2f) top %v, want %s", got.Type, got.Confidence, got.Top, tt.want)
			}
			if cat, _ := catalog.MustLoad().Type(got.Type); cat.Category != got.Category {
				t.Fatalf("category %q, want %q", got.Category, cat.Category)
			}
		})
	}
}

// TestNegativeVetoes: a title that a negative phrase contradicts does not
// win, however strong.
func TestNegativeVetoes(t *testing.T) {
	c := classifier(t)
	got := c.Classify("Basic Life Support\nBLS Provider\nAdvanced Cardiovascular Life Support\nACLS")
	if got.Type == "bls" {
		t.Fatalf("bls despite its negative: %+v", got)
	}
	for _, s := range got.Top {
		if s.Type == "bls" {
			t.Fatalf("vetoed type in top: %+v", got.Top)
		}
	}
}

func TestTitled(t *testing.T) {
	c := classifier(t)
	if got := c.Classify("Tuberculin Skin Test Record\nName: A B\nInduration 0 mm\nDate read 01/02/2025"); !got.Titled {
		t.Fatalf("title at top not reported: %+v", got)
	}
	body := strings.Repeat("Induration 0 mm read on the left forearm by the nurse\n", 30) + "tuberculin skin test\n"
	if got := c.Classify(body); got.Type != "tb_skin_test" || got.Titled {
		t.Fatalf("title at the bottom reported as titled: %+v", got)
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Basic  Life\tSupport", "basic life support"},
		{"B1ood-borne Pathogens", "blood borne pathogens"},
		{"certi-\nfication", "certlflcatlon"},
		{"2O26", "2026"},
		{"Recornrnended", "recommended"},
		{"Driver's License", "drlvers llcense"},
		{"CPR & AED", "cpr and aed"},
		{"Crème brûlée", "creme brulee"},
		{"B|ood", "blood"},
	}
	for _, tt := range tests {
		want := strings.Join(Tokens(tt.want), " ")
		if got := Normalize(tt.in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, want)
		}
	}
}

// TestEveryTypeHasHints: a type without hints can never be recognised.
func TestEveryTypeHasHints(t *testing.T) {
	for _, ty := range catalog.MustLoad().Types() {
		if len(ty.Classify.Titles) == 0 {
			t.Errorf("type %q has no classify titles", ty.Key)
		}
	}
}

// TestConcurrentUse classifies every fixture from several goroutines at
// once (the worker judges a batch's segments in parallel on one
// classifier) and requires exactly the answers of a sequential run; under
// -race it also catches shared state written during classification.
func TestConcurrentUse(t *testing.T) {
	c := classifier(t)
	fs := fixtures(t)
	want := make([]string, len(fs))
	for i, f := range fs {
		js, err := json.Marshal(c.Classify(f.text))
		if err != nil {
			t.Fatal(err)
		}
		want[i] = string(js)
	}
	// Four goroutines already interleave every text with others; more only
	// lengthen the test under -race.
	const workers = 4
	got := make([][]string, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[w] = make([]string, len(fs))
			// Each goroutine walks the fixtures from its own offset, so
			// different texts are classified at the same moment.
			for k := range fs {
				i := (k + w*len(fs)/workers) % len(fs)
				js, _ := json.Marshal(c.Classify(fs[i].text))
				got[w][i] = string(js)
			}
		}()
	}
	wg.Wait()
	for w := range workers {
		for i, f := range fs {
			if got[w][i] != want[i] {
				t.Errorf("goroutine %d, %s: %s, sequentially %s", w, f.name, got[w][i], want[i])
			}
		}
	}
}

// TestGolden records every fixture's full result, so that a change of
// scores shows up in review even when the winning type does not change.
func TestGolden(t *testing.T) {
	c := classifier(t)
	var b strings.Builder
	for _, f := range fixtures(t) {
		js, err := json.Marshal(c.Classify(f.text))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s\t%s\n", f.name, js)
	}
	golden.Check(t, filepath.Join("testdata", "classify.golden"), []byte(b.String()))
}

func BenchmarkClassify(b *testing.B) {
	c := classifier(b)
	text, err := os.ReadFile("testdata/tb_blood_test/quest_qft.txt")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Classify(string(text))
	}
}
