package fraud

import (
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/pagetext"
)

// linesPage is a page of text-layer words, one line per string, words
// split at spaces (the MRZ check reads lines).
func linesPage(font string, lines ...string) pagetext.Page {
	var p pagetext.Page
	for i, l := range lines {
		x := 20.0
		for _, w := range strings.Fields(l) {
			wd := float64(len(w)) * 6
			p.Words = append(p.Words, pagetext.Word{Text: w, Font: font, Size: 10, Confidence: 100, Line: i,
				Box: pagetext.Box{X0: x, Y0: 20 + 14*float64(i), X1: x + wd, Y1: 30 + 14*float64(i)}})
			x += wd + 3
		}
	}
	return p
}

// ocrPage is the same with OCR's words: no font, a confidence below 100.
func ocrPage(lines ...string) pagetext.Page {
	p := linesPage("", lines...)
	for i := range p.Words {
		p.Words[i].Confidence = 88
	}
	return p
}

func TestFacts(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	ecard := []pagetext.Page{linesPage("Helvetica", "American Heart Association eCard", "eCard Code")}
	siteCard := []pagetext.Page{linesPage("Helvetica", "American Heart Association", "Card #")}
	// ICAO 9303's specimen passport zone, and the same with the expiry
	// moved two years on (its check digit left as it was).
	specimen := []string{"P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"}
	alteredExpiry := []string{specimen[0], "L898902C36UTO7408122F1404159ZE184226B<<<<<10"}
	badComposite := []string{specimen[0], "L898902C36UTO7408122F1204159ZE184226B<<<<<17"}
	ocrLookalike := []string{specimen[0], "L898902C36UTO74O8122F12O4159ZE184226B<<<<<1O"}
	td1 := []string{"I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"}
	td1Altered := []string{"I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1504159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"}
	tests := []struct {
		name     string
		typ      string
		fields   map[string]any
		pages    []pagetext.Page
		code     string // "" for no fact signal
		weight   float64
		contains string // in the detail
		field    string // evidence field
	}{
		{"issued after it expires", "bls", map[string]any{"issue_date": "2026-03-01", "expiration_date": "2025-03-31"}, nil, CodeExpiresBeforeIssue, 0.60, "before issue date 2026-03-01", "issue_date"},
		{"completed after it expires", "hipaa_training", map[string]any{"completion_date": "2026-05-05", "expiration_date": "2026-05-04"}, nil, CodeExpiresBeforeIssue, 0.60, "before completion date 2026-05-05", "completion_date"},
		{"skills checklist completed after its expiry", "osha_training", map[string]any{"completion_date": "2026-06-01", "expiration_date": "2025-06-01"}, nil, CodeExpiresBeforeIssue, 0.60, "completion date", "completion_date"},
		{"completed the day it expires", "hipaa_training", map[string]any{"completion_date": "2026-05-05", "expiration_date": "2026-05-05"}, nil, "", 0, "", ""},
		{"future test date", "tb_skin_test", map[string]any{"read_date": "2027-01-05"}, nil, CodeDateInFuture, 0.50, "read_date 2027-01-05 is in the future", "read_date"},
		{"young holder", "drivers_license", map[string]any{"date_of_birth": "2015-01-01"}, nil, CodeImplausibleBirth, 0.40, "age of 12", "date_of_birth"},
		{"induration out of range", "tb_skin_test", map[string]any{"induration_mm": 75}, nil, CodeImplausibleValue, 0.40, "75 mm", "induration_mm"},
		{"induration of 0", "tb_skin_test", map[string]any{"induration_mm": 0}, nil, "", 0, "", ""},
		{"AHA card valid 3 years", "bls", map[string]any{"issuer": "American Heart Association", "issue_date": "2026-03-01", "expiration_date": "2029-03-31"}, nil, CodeValidityTooLong, 0.50, "longer than the 2 years American Heart Association grants", "expiration_date"},
		{"AHA card to the end of the month", "bls", map[string]any{"issuer": "American Heart Association", "issue_date": "2026-03-01", "expiration_date": "2028-03-31"}, nil, "", 0, "", ""},
		{"Red Cross certificate from its completion", "acls", map[string]any{"issuer": "American Red Cross", "completion_date": "2026-01-28", "expiration_date": "2031-01-28"}, nil, CodeValidityTooLong, 0.50, "2 years American Red Cross", "expiration_date"},
		{"TNCC valid 4 years", "tncc", map[string]any{"issuer": "Emergency Nurses Association", "issue_date": "2025-02-10", "expiration_date": "2029-02-10"}, nil, "", 0, "", ""},
		{"TNCC valid 5 years", "tncc", map[string]any{"issuer": "Emergency Nurses Association", "issue_date": "2025-02-10", "expiration_date": "2030-02-10"}, nil, CodeValidityTooLong, 0.50, "4 years Emergency Nurses Association", "expiration_date"},
		{"NRP valid 3 years", "nrp", map[string]any{"issuer": "American Academy of Pediatrics", "issue_date": "2025-02-10", "expiration_date": "2028-02-10"}, nil, CodeValidityTooLong, 0.50, "2 years", "expiration_date"},
		{"passport valid 12 years", "passport", map[string]any{"issue_date": "2020-02-10", "expiration_date": "2032-02-09"}, nil, CodeValidityTooLong, 0.50, "10 years", "expiration_date"},
		{"a license has no catalog limit", "nursing_license", map[string]any{"issue_date": "2020-02-10", "expiration_date": "2032-02-09"}, nil, "", 0, "", ""},
		{"eCard code of 11 digits", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "25512100010", "issue_date": "2025-06-01"}, ecard, CodeIDFormat, 0.40, "not 12 digits", "certificate_id"},
		{"eCard code of a future year", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "285121000101", "issue_date": "2026-06-01"}, ecard, CodeIDFormat, 0.40, "names the year 2028", "certificate_id"},
		{"eCard code from before eCards", "acls", map[string]any{"issuer": "American Heart Association", "certificate_id": "092011000102", "issue_date": "2026-06-01"}, ecard, CodeIDFormat, 0.40, "before the AHA issued eCards", "certificate_id"},
		{"eCard code of another year than the card", "pals", map[string]any{"issuer": "American Heart Association", "certificate_id": "233011000103", "issue_date": "2026-06-01"}, ecard, CodeIDFormat, 0.40, "names the year 2023, but the card was issued on 2026-06-01", "certificate_id"},
		{"eCard code of the card's year", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "25 512 1000 101", "issue_date": "2025-06-01"}, ecard, "", 0, "", ""},
		{"eCard code claimed in the new year", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "265121000101", "issue_date": "2025-12-30"}, ecard, "", 0, "", ""},
		{"a training site's own card number", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "69245472", "issue_date": "2025-06-01"}, siteCard, "", 0, "", ""},
		{"a Red Cross certificate id", "bls", map[string]any{"issuer": "American Red Cross", "certificate_id": "19HY9NA", "issue_date": "2025-06-01"}, ecard, "", 0, "", ""},
		{"California RN", "nursing_license", map[string]any{"state": "CA", "license_number": "95123456"}, nil, "", 0, "", ""},
		{"California LVN", "nursing_license", map[string]any{"state": "CA", "license_number": "VN 123456"}, nil, "", 0, "", ""},
		{"California number with letters", "nursing_license", map[string]any{"state": "CA", "license_number": "RNX12345"}, nil, CodeIDFormat, 0.40, "not in the form the CA board uses", "license_number"},
		{"California number too long", "nursing_license", map[string]any{"state": "CA", "license_number": "951234567"}, nil, CodeIDFormat, 0.40, "CA", "license_number"},
		{"Texas RN", "nursing_license", map[string]any{"state": "TX", "license_number": "845120"}, nil, "", 0, "", ""},
		{"Texas number of 9 digits", "nursing_license", map[string]any{"state": "TX", "license_number": "845120999"}, nil, CodeIDFormat, 0.40, "5 to 7 digits", "license_number"},
		{"Florida RN", "nursing_license", map[string]any{"state": "FL", "license_number": "RN9876543"}, nil, "", 0, "", ""},
		{"Florida APRN", "nursing_license", map[string]any{"state": "fl", "license_number": "APRN 1234567"}, nil, "", 0, "", ""},
		{"Florida number in another state's form", "nursing_license", map[string]any{"state": "FL", "license_number": "RN.123"}, nil, CodeIDFormat, 0.40, "FL", "license_number"},
		{"New York RN", "nursing_license", map[string]any{"state": "NY", "license_number": "712345"}, nil, "", 0, "", ""},
		{"New York number with a prefix of letters", "nursing_license", map[string]any{"state": "NY", "license_number": "NYRN712345"}, nil, CodeIDFormat, 0.40, "NY", "license_number"},
		{"a state whose numbering is not known", "nursing_license", map[string]any{"state": "OH", "license_number": "RN.123456"}, nil, "", 0, "", ""},
		{"passport zone as ICAO prints it", "passport", nil, []pagetext.Page{linesPage("Courier", specimen...)}, "", 0, "", ""},
		{"passport zone with an altered expiry", "passport", nil, []pagetext.Page{linesPage("Courier", alteredExpiry...)}, CodeMRZCheckFailed, 0.50, "the expiration date, the whole zone", "mrz"},
		{"passport zone whose composite digit alone fails", "passport", nil, []pagetext.Page{linesPage("Courier", badComposite...)}, CodeMRZCheckFailed, 0.30, "the whole zone", "mrz"},
		{"passport zone read by OCR with look-alikes", "passport", nil, []pagetext.Page{ocrPage(ocrLookalike...)}, "", 0, "", ""},
		{"the same look-alikes in a text layer", "passport", nil, []pagetext.Page{linesPage("Courier", ocrLookalike...)}, CodeMRZCheckFailed, 0.50, "the date of birth", "mrz"},
		{"ID card zone (TD1)", "drivers_license", nil, []pagetext.Page{linesPage("OCRB", td1...)}, "", 0, "", ""},
		{"ID card zone with an altered expiry", "drivers_license", nil, []pagetext.Page{linesPage("OCRB", td1Altered...)}, CodeMRZCheckFailed, 0.50, "the expiration date", "mrz"},
	}
	factCodes := map[string]bool{CodeExpiresBeforeIssue: true, CodeDateInFuture: true, CodeImplausibleBirth: true, CodeImplausibleValue: true,
		CodeValidityTooLong: true, CodeIDFormat: true, CodeMRZCheckFailed: true}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(Evidence{DocumentType: tt.typ, Fields: tt.fields, Pages: tt.pages, AsOf: asOf}, "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if factCodes[s.Code] {
					got = append(got, s)
				}
			}
			if tt.code == "" {
				if len(got) != 0 {
					t.Fatalf("signals %+v, want none", got)
				}
				return
			}
			if len(got) != 1 || got[0].Code != tt.code || got[0].Weight != tt.weight {
				t.Fatalf("signals %+v, want one %s of %.2f", got, tt.code, tt.weight)
			}
			if !strings.Contains(got[0].Detail, tt.contains) {
				t.Errorf("detail %q, want it to say %q", got[0].Detail, tt.contains)
			}
			if got[0].Evidence == nil || got[0].Evidence.Field != tt.field {
				t.Errorf("evidence %+v, want field %s", got[0].Evidence, tt.field)
			}
		})
	}
}
