package fraud

import (
	"fmt"
	"os"
	"slices"
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

// visual is a passport's visual zone as printed above ICAO's specimen
// zone: its birth date, an expiry and a number.
func visual(expiry, number string) []string {
	return []string{"PASSPORT UTOPIA", "Passport No. " + number, "Date of birth 12 AUG 1974", "Date of issue 16 APR 2007", "Date of expiry " + expiry}
}

func TestFacts(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	ecard := []pagetext.Page{linesPage("Helvetica", "American Heart Association eCard", "eCard Code")}
	siteCard := []pagetext.Page{linesPage("Helvetica", "American Heart Association", "Card #")}
	// The same pages read by OCR off a scan or a photo.
	scanned := []pagetext.Page{ocrPage("American Heart Association eCard", "eCard Code", "Expires 09/2028")}
	license := []pagetext.Page{ocrPage("Board of Nursing", "License No.")}
	// A card scanned whose dates OCR read surely (digits at 90 and more),
	// and the same card read unsurely.
	sureCard := []pagetext.Page{ocrWords("American|96 Heart|96 Association|96", "Issued|89 14|95 March|93 2025|96", "Expires:|90 03/2028|94")}
	unsureCard := []pagetext.Page{ocrWords("American|96 Heart|96 Association|96", "Issued|89 14|95 March|93 2025|96", "Expires:|90 03/2028|81")}
	tbScan := []pagetext.Page{ocrWords("Tuberculin|95 Skin|95 Test|95", "Date|95 Read:|95 01/05/2027|93")}
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
		{"eCard code of 11 digits", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "25512100010", "issue_date": "2025-06-01"}, ecard, CodeIDFormat, 0.55, "not 12 digits", "certificate_id"},
		{"eCard code of a future year", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "285121000101", "issue_date": "2026-06-01"}, ecard, CodeIDFormat, 0.55, "names the year 2028", "certificate_id"},
		{"eCard code from before eCards", "acls", map[string]any{"issuer": "American Heart Association", "certificate_id": "092011000102", "issue_date": "2026-06-01"}, ecard, CodeIDFormat, 0.55, "before the AHA issued eCards", "certificate_id"},
		{"eCard code of another year than the card", "pals", map[string]any{"issuer": "American Heart Association", "certificate_id": "233011000103", "issue_date": "2026-06-01"}, ecard, CodeIDFormat, 0.55, "names the year 2023, but the card was issued on 2026-06-01", "certificate_id"},
		{"eCard code of the card's year", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "25 512 1000 101", "issue_date": "2025-06-01"}, ecard, "", 0, "", ""},
		{"eCard code grouped by dots after a '#'", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "#25.512.1000101", "issue_date": "2025-06-01"}, ecard, "", 0, "", ""},
		{"eCard code claimed in the new year", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "265121000101", "issue_date": "2025-12-30"}, ecard, "", 0, "", ""},
		{"a training site's own card number", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "69245472", "issue_date": "2025-06-01"}, siteCard, "", 0, "", ""},
		{"a Red Cross certificate id", "bls", map[string]any{"issuer": "American Red Cross", "certificate_id": "19HY9NA", "issue_date": "2025-06-01"}, ecard, "", 0, "", ""},
		{"California RN", "nursing_license", map[string]any{"state": "CA", "license_number": "95123456"}, nil, "", 0, "", ""},
		{"California LVN", "nursing_license", map[string]any{"state": "CA", "license_number": "VN 123456"}, nil, "", 0, "", ""},
		{"California number with letters", "nursing_license", map[string]any{"state": "CA", "license_number": "RNX12345"}, nil, CodeIDFormat, 0.55, "not in the form the CA board uses", "license_number"},
		{"California number too long", "nursing_license", map[string]any{"state": "CA", "license_number": "951234567"}, nil, CodeIDFormat, 0.55, "CA", "license_number"},
		{"Texas RN", "nursing_license", map[string]any{"state": "TX", "license_number": "845120"}, nil, "", 0, "", ""},
		{"Texas RN after a '#'", "nursing_license", map[string]any{"state": "TX", "license_number": "RN# 845120"}, nil, "", 0, "", ""},
		{"Texas number of 9 digits", "nursing_license", map[string]any{"state": "TX", "license_number": "845120999"}, nil, CodeIDFormat, 0.55, "5 to 7 digits", "license_number"},
		{"Florida RN", "nursing_license", map[string]any{"state": "FL", "license_number": "RN9876543"}, nil, "", 0, "", ""},
		{"Florida APRN", "nursing_license", map[string]any{"state": "fl", "license_number": "APRN 1234567"}, nil, "", 0, "", ""},
		{"Florida number in another state's form", "nursing_license", map[string]any{"state": "FL", "license_number": "RN.123"}, nil, CodeIDFormat, 0.55, "FL", "license_number"},
		{"New York RN", "nursing_license", map[string]any{"state": "NY", "license_number": "712345"}, nil, "", 0, "", ""},
		{"New York number with a prefix of letters", "nursing_license", map[string]any{"state": "NY", "license_number": "NYRN712345"}, nil, CodeIDFormat, 0.55, "NY", "license_number"},
		{"a state whose numbering is not known", "nursing_license", map[string]any{"state": "OH", "license_number": "RN.123456"}, nil, "", 0, "", ""},
		{"Illinois' board code", "nursing_license", map[string]any{"state": "IL", "license_number": "041.123456"}, nil, "", 0, "", ""},
		{"New Jersey's board and type code", "nursing_license", map[string]any{"state": "NJ", "license_number": "26NR12345600"}, nil, "", 0, "", ""},
		{"Pennsylvania's letter after the digits", "nursing_license", map[string]any{"state": "PA", "license_number": "RN-123456-L"}, nil, "", 0, "", ""},
		{"letters among the digits of another state's", "nursing_license", map[string]any{"state": "OH", "license_number": "RN-12AB-3456"}, nil, CodeIDFormat, 0.55, "any board of nursing", "license_number"},
		{"more digits than any board's", "nursing_license", map[string]any{"state": "GA", "license_number": "RN123456789012"}, nil, CodeIDFormat, 0.55, "any board of nursing", "license_number"},
		{"a driver's license of letters, digits and letters", "drivers_license", map[string]any{"state": "OH", "license_number": "AB1234CD"}, nil, CodeIDFormat, 0.55, "mixes a letter prefix", "license_number"},
		{"an Ohio driver's license", "drivers_license", map[string]any{"state": "OH", "license_number": "AB123456"}, nil, "", 0, "", ""},
		{"eCard code read by OCR with an O for a 0", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "2551210O0101", "issue_date": "2025-06-01"}, scanned, "", 0, "", ""},
		{"eCard code of 11 digits read by OCR, the page not printing it surely", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "25512100010", "issue_date": "2025-06-01"}, scanned, "", 0, "", ""},
		{"Texas number read by OCR with an O for a 0", "nursing_license", map[string]any{"state": "TX", "license_number": "8451O2"}, license, "", 0, "", ""},
		{"Texas number of 9 digits read by OCR, the page not printing it surely", "nursing_license", map[string]any{"state": "TX", "license_number": "845120999"}, license, "", 0, "", ""},
		{"future test date read by OCR", "tb_skin_test", map[string]any{"read_date": "2027-01-05"}, license, CodeDateInFuture, 0.35, "(read by OCR)", "read_date"},
		{"a card's expiry read as its issue date too", "bls", map[string]any{"issue_date": "2028-09-22", "expiration_date": "2028-09-22"}, scanned, CodeDateInFuture, 0.15, "the same date as the expiration date", "issue_date"},
		{"issued after it expires, read by OCR", "bls", map[string]any{"issue_date": "2026-03-01", "expiration_date": "2025-03-31"}, scanned, CodeExpiresBeforeIssue, 0.50, "(read by OCR)", "issue_date"},
		{"AHA card valid 3 years, read by OCR", "bls", map[string]any{"issuer": "American Heart Association", "issue_date": "2026-03-01", "expiration_date": "2029-03-31"}, scanned, CodeValidityTooLong, 0.35, "longer than", "expiration_date"},
		{"AHA card valid 3 years, its dates read surely by OCR", "bls", map[string]any{"issuer": "American Heart Association", "issue_date": "2025-03-14", "expiration_date": "2028-03-31"}, sureCard, CodeValidityTooLong, 0.50, "read surely", "expiration_date"},
		{"the same with the expiry read unsurely", "bls", map[string]any{"issuer": "American Heart Association", "issue_date": "2025-03-14", "expiration_date": "2028-03-31"}, unsureCard, CodeValidityTooLong, 0.35, "(read by OCR)", "expiration_date"},
		{"the same valid 2 years, read surely", "bls", map[string]any{"issuer": "American Heart Association", "issue_date": "2025-03-14", "expiration_date": "2027-03-31"}, sureCard, "", 0, "", ""},
		{"future test date read surely by OCR", "tb_skin_test", map[string]any{"read_date": "2027-01-05"}, tbScan, CodeDateInFuture, 0.50, "printed and read surely", "read_date"},
		{"a skin test read three years after its placement off a dim photo: a 5 read as an 8, surely", "tb_skin_test", map[string]any{"administered_date": "2025-10-07", "read_date": "2028-10-09"}, []pagetext.Page{ocrWords("Date|95 Placed:|95 10/07/2025|92", "Date|95 Read:|95 10/09/2028|94")}, CodeDateInFuture, 0.15, "one look-alike digit from the administered date 2025-10-07", "read_date"},
		{"the same in a text layer", "tb_skin_test", map[string]any{"administered_date": "2025-10-07", "read_date": "2028-10-09"}, nil, CodeDateInFuture, 0.50, "is in the future", "read_date"},
		{"a future reading no look-alike year brings near its placement", "tb_skin_test", map[string]any{"administered_date": "2026-11-20", "read_date": "2027-01-05"}, tbScan, CodeDateInFuture, 0.50, "printed and read surely", "read_date"},
		{"born after the as-of day", "drivers_license", map[string]any{"date_of_birth": "2029-04-02"}, nil, CodeImplausibleBirth, 0.50, "after the as-of day", "date_of_birth"},
		{"born years after the skin test was placed", "tb_skin_test", map[string]any{"date_of_birth": "2024-04-02", "administered_date": "2019-05-06"}, nil, CodeImplausibleBirth, 0.50, "after administered date 2019-05-06", "date_of_birth"},
		{"a birth dose on the day of birth", "tdap_record", map[string]any{"date_of_birth": "1994-04-02", "administered_date": "1994-04-02"}, nil, "", 0, "", ""},
		{"born after the skin test, read by OCR", "tb_skin_test", map[string]any{"date_of_birth": "2024-04-02", "administered_date": "2019-05-06"}, license, CodeImplausibleBirth, 0.35, "(read by OCR)", "date_of_birth"},
		{"a birth date the reading withheld, printed after the placement", "tb_skin_test", map[string]any{"administered_date": "2026-06-21"}, []pagetext.Page{ocrWords("Date|95 of|95 Birth|94 05/21/2030|95", "Date|95 Placed|95 06/21/2026|96")}, CodeImplausibleBirth, 0.50, "printed and read surely", "date_of_birth"},
		{"the same read unsurely", "tb_skin_test", map[string]any{"administered_date": "2026-06-21"}, []pagetext.Page{ocrWords("Date|95 of|95 Birth|94 05/21/2030|71", "Date|95 Placed|95 06/21/2026|96")}, "", 0, "", ""},
		{"a birth date the reading withheld, printed under its caption", "tb_skin_test", map[string]any{"administered_date": "2026-06-21"}, []pagetext.Page{ocrWords("DOB|95", "05/21/1990|95")}, "", 0, "", ""},
		{"the same born after the as-of day", "tb_skin_test", map[string]any{"administered_date": "2026-06-21"}, []pagetext.Page{ocrWords("DOB|95", "05/21/2030|95")}, CodeImplausibleBirth, 0.50, "after the as-of day", "date_of_birth"},
		{"young holder read by OCR", "drivers_license", map[string]any{"date_of_birth": "2015-01-01"}, license, CodeImplausibleBirth, 0.28, "read by OCR", "date_of_birth"},
		{"a holder of 13, the birth date printed after its caption", "drivers_license", map[string]any{"date_of_birth": "2014-05-01"}, []pagetext.Page{linesPage("Helvetica", "DRIVER LICENSE", "DOB: 05/01/2014")}, CodeImplausibleBirth, 0.50, "age of 13, printed after its caption", "date_of_birth"},
		{"a holder of 110, printed surely by OCR", "tb_skin_test", map[string]any{"date_of_birth": "1916-05-01"}, []pagetext.Page{ocrWords("Date|95 of|95 Birth:|95 05/01/1916|94")}, CodeImplausibleBirth, 0.50, "age of 111, printed after its caption", "date_of_birth"},
		{"the same printed unsurely", "tb_skin_test", map[string]any{"date_of_birth": "1916-05-01"}, []pagetext.Page{ocrWords("Date|95 of|95 Birth:|95 05/01/1916|74")}, CodeImplausibleBirth, 0.28, "read by OCR", "date_of_birth"},
		{"a holder of 13 whose page prints another birth date", "drivers_license", map[string]any{"date_of_birth": "2014-05-01"}, []pagetext.Page{linesPage("Helvetica", "DOB: 05/01/1984", "ISS: 05/01/2014")}, CodeImplausibleBirth, 0.40, "age of 13", "date_of_birth"},
		{"a birth date of a holder of 12 the reading withheld, in a text layer", "tb_skin_test", map[string]any{"administered_date": "2026-09-02"}, []pagetext.Page{linesPage("Helvetica", "Date of Birth: 04/17/2014", "Date Placed: 09/02/2026")}, CodeImplausibleBirth, 0.50, "age of 13, printed after its caption", "date_of_birth"},
		{"a birth date left blank, another caption's date after it", "tb_skin_test", map[string]any{"administered_date": "2026-09-02"}, []pagetext.Page{linesPage("Helvetica", "Date of Birth: ________ Date: 09/02/2026")}, "", 0, "", ""},
		{"a passport issued months before the birth date it prints", "passport", map[string]any{"date_of_birth": "1990-06-01", "issue_date": "1990-03-01"}, []pagetext.Page{linesPage("Helvetica", "Date of birth 01 JUN 1990", "Date of issue 01 MAR 1990")}, CodeImplausibleBirth, 0.50, "after issue date 1990-03-01", "date_of_birth"},
		{"the same, the birth date not printed after its caption", "passport", map[string]any{"date_of_birth": "1990-06-01", "issue_date": "1990-03-01"}, nil, "", 0, "", ""},
		{"a birth dose before the birth date printed", "hepatitis_b_record", map[string]any{"date_of_birth": "1990-06-01", "administered_date": "1990-03-01"}, []pagetext.Page{linesPage("Helvetica", "Date of birth 06/01/1990")}, "", 0, "", ""},
		{"a titer drawn in the future", "mmr_record", map[string]any{"titer_date": "2027-02-01"}, nil, CodeDateInFuture, 0.50, "titer_date 2027-02-01", "titer_date"},
		{"an eCard whose issuer was not read", "bls", map[string]any{"certificate_id": "233011000103", "issue_date": "2026-06-01"}, []pagetext.Page{linesPage("Helvetica", "American Heart Association eCard", "eCard Code 233011000103")}, CodeIDFormat, 0.55, "names the year 2023", "certificate_id"},
		{"an eCard naming the AHA by its initials, its issuer not read", "bls", map[string]any{"certificate_id": "233011000103", "issue_date": "2026-06-01"}, []pagetext.Page{linesPage("Helvetica", "AHA BLS Provider eCard", "eCard Code 233011000103")}, CodeIDFormat, 0.55, "names the year 2023", "certificate_id"},
		{"a Red Cross certificate mentioning eCards", "bls", map[string]any{"issuer": "American Red Cross", "certificate_id": "233011000103", "issue_date": "2026-06-01"}, []pagetext.Page{linesPage("Helvetica", "Red Cross eCard", "eCard Code 233011000103")}, "", 0, "", ""},
		{"eCard code of another year, the issue date the reading left out printed surely", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "213011000103"}, []pagetext.Page{ocrWords("American|96 Heart|96 Association|96 eCard|95", "Issue|95 Date|95 14|95 March|95 2025|96", "Renewal|95 Date|95 03/2027|96", "eCard|95 Code|95 213011000103|95")}, CodeIDFormat, 0.50, "both read surely", "certificate_id"},
		{"eCard code of another year, code and issue read surely by OCR", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "213011000103", "issue_date": "2025-03-14"}, []pagetext.Page{ocrWords("American|96 Heart|96 Association|96 eCard|95", "Issue|95 Date|95 14|95 March|95 2025|96", "eCard|95 Code|95 213011000103|95")}, CodeIDFormat, 0.50, "both read surely", "certificate_id"},
		{"a code of another year fitting neither", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "213011000103", "issue_date": "2025-03-14", "expiration_date": "2027-03-31"}, []pagetext.Page{ocrWords("American|96 Heart|96 Association|96 eCard|95", "Issue|95 Date|95 03/14/2025|95", "Renew|95 By|95 03/2027|95", "eCard|95 Code|95 213011000103|95")}, CodeIDFormat, 0.50, "both read surely", "certificate_id"},
		{"the same, the code read unsurely", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "213011000103", "issue_date": "2025-03-14"}, []pagetext.Page{ocrWords("American|96 Heart|96 Association|96 eCard|95", "Issue|95 Date|95 14|95 March|95 2025|96", "eCard|95 Code|95 213011000103|84")}, "", 0, "", ""},
		{"the same, the issue date read unsurely", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "213011000103", "issue_date": "2025-03-14"}, []pagetext.Page{ocrWords("American|96 Heart|96 Association|96 eCard|95", "Issue|95 Date|95 14|95 March|95 2025|82", "eCard|95 Code|95 213011000103|95")}, "", 0, "", ""},
		{"passport zone as ICAO prints it", "passport", nil, []pagetext.Page{linesPage("Courier", specimen...)}, "", 0, "", ""},
		{"passport zone with an altered expiry", "passport", nil, []pagetext.Page{linesPage("Courier", alteredExpiry...)}, CodeMRZCheckFailed, 0.50, "the expiration date, the whole zone", "mrz"},
		{"passport zone whose composite digit alone fails", "passport", nil, []pagetext.Page{linesPage("Courier", badComposite...)}, CodeMRZCheckFailed, 0.50, "the whole zone", "mrz"},
		// Every field's digit passing as read, a 7 where the fields make a
		// 0 is no misreading of the composite digit; an 8 may be.
		{"the same read by OCR", "passport", nil, []pagetext.Page{ocrPage(badComposite...)}, CodeMRZCheckFailed, 0.50, "the whole zone", "mrz"},
		{"read by OCR, a composite digit OCR may have made of the right one", "passport", nil, []pagetext.Page{ocrPage(specimen[0], strings.TrimSuffix(specimen[1], "0")+"8")}, CodeMRZCheckFailed, 0.30, "the whole zone", "mrz"},
		{"read by OCR, a look-alike repaired in a field", "passport", nil, []pagetext.Page{ocrPage(specimen[0], "L898902C36UTO74O8122F1204159ZE184226B<<<<<17")}, CodeMRZCheckFailed, 0.30, "the whole zone", "mrz"},
		{"expires before its holder was born", "drivers_license", map[string]any{"date_of_birth": "1996-02-03", "expiration_date": "1994-02-03"}, nil, CodeImplausibleBirth, 0.50, "after the expiration date 1994-02-03", "date_of_birth"},
		{"the same read by OCR", "drivers_license", map[string]any{"date_of_birth": "1996-02-03", "expiration_date": "1994-02-03"}, license, CodeImplausibleBirth, 0.35, "after the expiration date 1994-02-03", "date_of_birth"},
		{"expired within a year of the birth date as read", "drivers_license", map[string]any{"date_of_birth": "1994-05-03", "expiration_date": "1994-02-03"}, nil, "", 0, "", ""},
		{"passport zone read by OCR with look-alikes", "passport", nil, []pagetext.Page{ocrPage(ocrLookalike...)}, "", 0, "", ""},
		{"the same look-alikes in a text layer", "passport", nil, []pagetext.Page{linesPage("Courier", ocrLookalike...)}, CodeMRZCheckFailed, 0.50, "the date of birth", "mrz"},
		{"passport whose printed expiry the zone agrees with", "passport", map[string]any{"passport_number": "L898902C3"}, []pagetext.Page{linesPage("Courier", append(visual("15 APR 2012", "L898902C3"), specimen...)...)}, "", 0, "", ""},
		{"passport whose printed expiry was changed, the zone left", "passport", nil, []pagetext.Page{linesPage("Courier", append(visual("15 APR 2014", "L898902C3"), specimen...)...)}, CodeMRZCheckFailed, 0.50, "a date the page does not print", "expiration_date"},
		{"passport whose printed number was changed, the zone left", "passport", map[string]any{"passport_number": "L898902C9"}, []pagetext.Page{linesPage("Courier", append(visual("15 APR 2012", "L898902C9"), specimen...)...)}, CodeMRZCheckFailed, 0.50, "not the one in the machine-readable zone", "passport_number"},
		{"passport whose printed number was changed, the reading taking the zone's", "passport", map[string]any{"passport_number": "L898902C3"}, []pagetext.Page{linesPage("Courier", append(visual("15 APR 2012", "L898902C9"), specimen...)...)}, CodeMRZCheckFailed, 0.50, "printed (L898902C9) is not the one in the machine-readable zone", "passport_number"},
		{"the same, its number printed under its caption", "passport", map[string]any{"passport_number": "L898902C3"}, []pagetext.Page{linesPage("Courier", append([]string{"PASSPORT UTOPIA", "Type Code Passport No.", "P UTO Utopian L898902C9", "Date of birth 12 AUG 1974", "Date of issue 16 APR 2007", "Date of expiry 15 APR 2012"}, specimen...)...)}, CodeMRZCheckFailed, 0.50, "printed (L898902C9)", "passport_number"},
		{"passport number a misread character off, by OCR", "passport", map[string]any{"passport_number": "L898902C9"}, []pagetext.Page{ocrPage(append(visual("15 APR 2012", "L898902C9"), specimen...)...)}, "", 0, "", ""},
		{"passport whose visual dates were not read", "passport", nil, []pagetext.Page{linesPage("Courier", append([]string{"Passport", "Date of expiry 2014"}, specimen...)...)}, "", 0, "", ""},
		{"U.S. passport printing a number of 10 digits, the reading taking the zone's", "passport", map[string]any{"nationality": "USA", "passport_number": "574219386"}, []pagetext.Page{linesPage("Helvetica", "PASSPORT UNITED STATES OF AMERICA", "Passport No. / No. du Passeport", "5742193864")}, CodeIDFormat, 0.55, "passport number 5742193864 is not", "passport_number"},
		{"California driver's license", "drivers_license", map[string]any{"state": "CA", "license_number": "D1234567"}, nil, "", 0, "", ""},
		{"California driver's license of 9 digits", "drivers_license", map[string]any{"state": "CA", "license_number": "123456789"}, nil, CodeIDFormat, 0.55, "a letter and 7 digits", "license_number"},
		{"Florida driver's license as printed", "drivers_license", map[string]any{"state": "FL", "license_number": "S530-460-56-812-0"}, nil, "", 0, "", ""},
		{"Florida driver's license short", "drivers_license", map[string]any{"state": "FL", "license_number": "S530-460-56"}, nil, CodeIDFormat, 0.55, "FL", "license_number"},
		{"New York driver's license", "drivers_license", map[string]any{"state": "NY", "license_number": "123 456 789"}, nil, "", 0, "", ""},
		{"Texas driver's license read by OCR with an O", "drivers_license", map[string]any{"state": "TX", "license_number": "1234567O"}, license, "", 0, "", ""},
		{"a state whose driver's license numbers vary", "drivers_license", map[string]any{"state": "OH", "license_number": "X12345678"}, nil, "", 0, "", ""},
		{"U.S. passport book", "passport", map[string]any{"issuer": "U.S. Department of State", "passport_number": "A12345678"}, nil, "", 0, "", ""},
		{"U.S. passport of 8 digits", "passport", map[string]any{"issuer": "U.S. Department of State", "passport_number": "12345678"}, nil, CodeIDFormat, 0.55, "9 digits", "passport_number"},
		{"a foreign passport's number", "passport", map[string]any{"issuer": "Republic of Utopia", "passport_number": "X1234567Y"}, nil, "", 0, "", ""},
		{"Social Security card as masked", "social_security_card", map[string]any{"ssn_last4": "6789"}, []pagetext.Page{linesPage("Helvetica", "SOCIAL SECURITY", "XXX-XX-6789")}, "", 0, "", ""},
		{"Social Security card in full", "social_security_card", nil, []pagetext.Page{linesPage("Helvetica", "SOCIAL SECURITY", "123-45-6789")}, "", 0, "", ""},
		{"Social Security number of area 666", "social_security_card", nil, []pagetext.Page{linesPage("Helvetica", "SOCIAL SECURITY", "666-45-6789")}, CodeIDFormat, 0.55, "area 666", "ssn"},
		{"Social Security number of area 9xx", "social_security_card", nil, []pagetext.Page{linesPage("Helvetica", "SOCIAL SECURITY", "912 45 6789")}, CodeIDFormat, 0.55, "900-999", "ssn"},
		{"Social Security number of group 00", "social_security_card", nil, []pagetext.Page{linesPage("Helvetica", "SOCIAL SECURITY", "123-00-6789")}, CodeIDFormat, 0.55, "group 00", "ssn"},
		{"Social Security number ending 0000", "social_security_card", map[string]any{"ssn_last4": "0000"}, nil, CodeIDFormat, 0.55, "0000", "ssn_last4"},
		{"a valid NPI", "physical_exam", nil, []pagetext.Page{linesPage("Helvetica", "Examiner: Dana Ruiz, MD NPI: 1234567893")}, "", 0, "", ""},
		{"an NPI whose check digit fails", "physical_exam", nil, []pagetext.Page{linesPage("Helvetica", "Examiner: Dana Ruiz, MD NPI: 1234567890")}, CodeIDFormat, 0.55, "check digit", "npi"},
		{"an NPI starting 3", "tb_skin_test", nil, []pagetext.Page{linesPage("Helvetica", "NPI # 3234567893")}, CodeIDFormat, 0.55, "start with 1 or 2", "npi"},
		{"an Oregon number with its type code after the digits", "nursing_license", map[string]any{"state": "OR", "license_number": "201512345RN"}, nil, "", 0, "", ""},
		{"a Utah number with its classification", "nursing_license", map[string]any{"state": "UT", "license_number": "1234567-3102"}, nil, "", 0, "", ""},
		{"a type code among the digits", "nursing_license", map[string]any{"state": "OR", "license_number": "2015RN12345"}, nil, CodeIDFormat, 0.55, "any board of nursing", "license_number"},
		{"a registered nurse's license numbered as a practical nurse's", "nursing_license", map[string]any{"state": "OH", "license_type": "RN", "license_number": "PN.456789"}, []pagetext.Page{linesPage("Helvetica", "Ohio Board of Nursing", "License Type: Registered Nurse", "License Number: PN.456789")}, CodeIDFormat, 0.55, "numbered as a PN license", "license_number"},
		{"a practical nurse's license numbered as a registered nurse's", "nursing_license", map[string]any{"state": "AZ", "license_type": "LPN", "license_number": "RN212345"}, nil, CodeIDFormat, 0.55, "but the license is a LPN license", "license_number"},
		{"a practical nurse's license numbered RN, read by OCR, its kind read surely", "nursing_license", map[string]any{"state": "AZ", "license_type": "LPN", "license_number": "RN212345"}, []pagetext.Page{ocrWords("Arizona|95 Board|95 of|95 Nursing|95", "Licensed|93 Practical|94 Nurse|95", "License|95 No.|95 RN212345|95")}, CodeIDFormat, 0.35, "numbered as a RN license", "license_number"},
		{"the same, its kind read unsurely", "nursing_license", map[string]any{"state": "AZ", "license_type": "LPN", "license_number": "RN212345"}, []pagetext.Page{ocrWords("Arizona|95 Board|95 of|95 Nursing|95", "Licensed|93 Practical|64 Nurse|95", "License|95 No.|95 RN212345|95")}, "", 0, "", ""},
		{"a registered nurse's license numbered as one", "nursing_license", map[string]any{"state": "OH", "license_type": "RN", "license_number": "RN.456789"}, nil, "", 0, "", ""},
		{"a verification listing a practical and a registered nurse's license", "nursing_license", map[string]any{"state": "OH", "license_type": "RN", "license_number": "PN.456789"}, []pagetext.Page{linesPage("Helvetica", "Licensed Practical Nurse PN.456789 Inactive", "Registered Nurse RN.512345 Active")}, "", 0, "", ""},
		{"eCard code of another year than its renewal's, the issue date not read", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "215761234567", "expiration_date": "2027-03-31"}, ecard, CodeIDFormat, 0.55, "falls two years after an issue in 2025", "certificate_id"},
		{"eCard code of the year two before its renewal", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "255761234567", "expiration_date": "2027-03-31"}, ecard, "", 0, "", ""},
		{"eCard code claimed in the January after its issue", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "265761234567", "expiration_date": "2027-12-31"}, ecard, "", 0, "", ""},
		{"a skin test read before it was placed", "tb_skin_test", map[string]any{"administered_date": "2026-11-02", "read_date": "2026-10-31"}, nil, CodeExpiresBeforeIssue, 0.50, "read on 2026-10-31, before it was placed on 2026-11-02", "read_date"},
		{"the same read by OCR, its dates printed surely", "tb_skin_test", map[string]any{"administered_date": "2026-11-02", "read_date": "2026-10-31"}, []pagetext.Page{ocrWords("Date|95 Placed:|95 11/02/2026|95", "Date|95 Read:|95 10/31/2026|94")}, CodeExpiresBeforeIssue, 0.50, "both dates printed and read surely", "read_date"},
		{"the same read unsurely: a 6 OCR may have made of an 8", "tb_skin_test", map[string]any{"administered_date": "2026-11-02", "read_date": "2026-10-31"}, []pagetext.Page{ocrWords("Date|95 Placed:|95 11/02/2026|95", "Date|95 Read:|95 10/31/2026|72")}, "", 0, "", ""},
		{"a two-step test's readings", "tb_skin_test", map[string]any{"administered_date": "2026-11-02", "read_date": "2026-10-31"}, []pagetext.Page{linesPage("Helvetica", "Two-Step TST", "Step 1 placed 10/29/2026 read 10/31/2026", "Step 2 placed 11/02/2026 read 11/04/2026")}, "", 0, "", ""},
		{"a yearly history's rows paired across years", "tb_skin_test", map[string]any{"administered_date": "2026-11-02", "read_date": "2025-11-04"}, nil, "", 0, "", ""},
		{"a dose given after the as-of day", "varicella_record", map[string]any{"dose_dates": []string{"2026-03-02", "2027-02-06"}}, nil, CodeDateInFuture, 0.50, "a dose given on 2027-02-06 is in the future", "dose_dates"},
		{"the same read by OCR unsurely (a 2017 read 2027?)", "varicella_record", map[string]any{"dose_dates": []string{"2026-03-02", "2027-02-06"}}, []pagetext.Page{ocrWords("Varicella|95", "Dose|95 1|95 03/02/2026|95", "Dose|95 2|95 02/06/2027|72")}, "", 0, "", ""},
		{"a series' third dose read surely three years on off a soft photo (a 5 read as an 8)", "hepatitis_b_record", map[string]any{"dose_dates": []string{"2025-01-14", "2025-02-13", "2028-07-16"}}, []pagetext.Page{ocrWords("Hepatitis|95 B|95", "Dose|95 1|95 01/14/2025|95", "Dose|95 2|95 02/13/2025|95", "Dose|95 3|95 07/16/2028|94")}, "", 0, "", ""},
		{"the same read surely", "varicella_record", map[string]any{"dose_dates": []string{"2026-03-02", "2027-02-06"}}, []pagetext.Page{ocrWords("Varicella|95", "Dose|95 1|95 03/02/2026|95", "Dose|95 2|95 02/06/2027|95")}, CodeDateInFuture, 0.50, "printed and read surely", "dose_dates"},
		{"a record scheduling its next dose", "hepatitis_b_record", map[string]any{"dose_dates": []string{"2026-10-02", "2026-12-02"}}, []pagetext.Page{linesPage("Helvetica", "Dose 2: 11/02/2026", "Next dose due: 12/02/2026")}, "", 0, "", ""},
		{"doses given before the as-of day", "varicella_record", map[string]any{"dose_dates": []any{"2019-03-02", "2019-04-06"}}, nil, "", 0, "", ""},
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

// TestMRZAgainstVisualZone: on the passports sampledocs prints, the zone
// agrees with the visual zone; the printed expiry changed (the zone left
// as it was) does not.
func TestMRZAgainstVisualZone(t *testing.T) {
	for _, variant := range []string{"us_passport_book", "foreign_passport"} {
		d, pdf := clean(t, "passport", variant, 11)
		ev := evidence(t, pdf, "passport", d.Fields, asOf)
		var s signals
		checkMRZ(newDoc(ev), &s)
		if len(s.list) != 0 {
			t.Fatalf("%s as printed: %+v", variant, s.list)
		}
		exp := mustISO(t, d.Fields["expiration_date"])
		changed := 0
		for i, w := range ev.Pages[0].Words {
			// The year of the printed expiry, moved on.
			if w.Text == exp.Format("2006") && w.Line < mrzStart(ev.Pages[0]) {
				ev.Pages[0].Words[i].Text = exp.AddDate(3, 0, 0).Format("2006")
				changed++
			}
		}
		if changed == 0 {
			t.Fatalf("%s: the expiry's year is not printed above the zone", variant)
		}
		s = signals{}
		checkMRZ(newDoc(ev), &s)
		if len(s.list) != 1 || s.list[0].Code != CodeMRZCheckFailed || s.list[0].Evidence.Field != "expiration_date" {
			t.Errorf("%s with its printed expiry changed: %+v, want mrz_check_failed on the expiration date", variant, s.list)
		}
	}
}

func mustISO(t *testing.T, v any) time.Time {
	t.Helper()
	s, _ := v.(string)
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// mrzStart is the line the page's zone starts on.
func mrzStart(p pagetext.Page) int {
	for _, l := range p.Lines() {
		if nameLine(readZone(l).text) {
			return l[0].Line
		}
	}
	return 1 << 30
}

// ocrWords is a page of OCR words: each line its words, each word with
// its confidence after a '|' ("L898902C36UTO|62").
func ocrWords(lines ...string) pagetext.Page {
	var p pagetext.Page
	for i, l := range lines {
		x := 20.0
		for _, f := range strings.Fields(l) {
			text, conf := f, 90.0
			if k := strings.LastIndexByte(f, '|'); k > 0 {
				text = f[:k]
				fmt.Sscanf(f[k+1:], "%g", &conf)
			}
			wd := float64(len(text)) * 6
			p.Words = append(p.Words, pagetext.Word{Text: text, Confidence: conf, Size: 10, Line: i,
				Box: pagetext.Box{X0: x, Y0: 20 + 14*float64(i), X1: x + wd, Y1: 30 + 14*float64(i)}})
			x += wd + 3
		}
	}
	return p
}

// TestZoneReadByOCR: a zone OCR read from a photo or a scan of a page
// another tool drew is found and judged however OCR spaced, cut or
// padded it; its check digits are judged only on characters read surely
// and as they are.
func TestZoneReadByOCR(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	name := "P<USAHARTMAN<<REBECCA<LYNN<<<<<<<<<<<<<<<<<<|70"
	// A U.S. zone whose expiry (310522, digit 7) and composite (2) agree.
	above := []string{"PASSPORT", "Passport No. 548213796", "Date of birth 14 MAR 1985", "Date of issue 23 MAY 2021", "Date of expiration 22 MAY 2031"}
	page := func(lines ...string) []pagetext.Page {
		return []pagetext.Page{ocrWords(append(append([]string(nil), above...), lines...)...)}
	}
	numberPage := func(number string) []pagetext.Page {
		return []pagetext.Page{ocrWords("PASSPORT", "Passport No. "+number, above[2], above[3], above[4], name, "5482137967USA8503149F3105227<<<<<<<<<<<<<<<2|47")}
	}
	visualPage := func(expiry, zone string) []pagetext.Page {
		return []pagetext.Page{ocrWords(append(append([]string(nil), above[:4]...), "Date of expiration "+expiry, name, zone)...)}
	}
	tests := []struct {
		name   string
		pages  []pagetext.Page
		weight float64 // 0: no signal
		detail string
	}{
		{"as printed, in one word", page(name, "5482137967USA8503149F3105227<<<<<<<<<<<<<<<2|47"), 0, ""},
		{"a filler OCR added, and a mark", page(name, "5482137967USA8503149F3105227<<<<<<<<<<<<<<<<?2|51"), 0, ""},
		{"fillers OCR dropped", page(name, "5482137967USA8503149F3105227<<<<<<<<<<<<2|51"), 0, ""},
		{"in words, « for fillers", page(name, "5482137967USA8503149F|88 3105227|46 <<<<<<«<<<<<<<2|46"), 0, ""},
		{"cut into two lines", page(name, "5482137967USA8503149F|80", "3105227<<<<<<<<<<<<<<<2|60"), 0, ""},
		{"an O for a 0 in the birth date", page(name, "5482137967USA85O3149F3105227<<<<<<<<<<<<<<<2|47"), 0, ""},
		{"a character OCR put before the number", page(name, "Z5482137967USA8503149F3105227<<<<<<<<<<<<<<<2|47"), 0, ""},
		{"the expiry's digit misread, unsurely", page(name, "5482137967USA8503149F310522|83 1<<<<<<<<<<<<<<<2|12"), 0, ""},
		{"the expiry's digit lost to a mark", page(name, "5482137967USA8503149F310522|83 ]<<<<<<<<<<<<<<<2|50"), 0, ""},
		{"the composite lost to a mark", page(name, "5482137967USA8503149F3105227<<<<<<<<<<<<<<<?|50"), 0, ""},
		{"the empty personal number's 0 read as a 9 off a soft photo", page(name, "5482137967USA8503149F3105227<<<<<<<<<<<<<<92|70"), 0, ""},
		{"the same, the expiry moved on with its own digit, the composite left", page(name, "5482137967USA8503149F3105238<<<<<<<<<<<<<<92|70"), 0.30, "the whole zone"},
		{"fillers OCR doubled, the empty personal number's 0 read as Q", page(name, "5482137967USA8503149F3105227<<<<<<<<<<<<<<<<<<<<Q2|40"), 0, ""},
		{"the same, the expiry moved on with its own digit, the composite left", page(name, "5482137967USA8503149F3105238<<<<<<<<<<<<<<<<<<<<Q2|40"), 0.50, "the whole zone"},
		{"the expiry moved on, its digit left", page(name, "5482137967USA8503149F3405227<<<<<<<<<<<<<<<2|46"), 0.50, "the expiration date, the whole zone"},
		{"the same in words, a mark among them", page(name, "5482137967USA8503149F340522|88 7]|46 <<<<<<<<<<<<<<<?2|46"), 0.50, "the expiration date, the whole zone"},
		{"the same with a character put before the number", page(name, "Z5482137967USA8503149F3405227<<<<<<<<<<<<<<<2|60"), 0.50, "the expiration date"},
		{"the same read unsurely", page(name, "5482137967USA8503149F3405227<<<<<<<<<<<<<<<2|18"), 0, ""},
		{"the number changed, its digit left", page(name, "5482130297USA8503149F3105227<<<<<<<<<<<<<<<2|77"), 0.50, "the document number, the whole zone"},
		{"the printed expiry moved on, the zone left", visualPage("22 MAY 2034", "5482137967USA8503149F3105227<<<<<<<<<<<<<<<?2|47"), 0.50, "a date the page does not print"},
		{"the printed expiry read unsurely", visualPage("22 MAY 2O34|20", "5482137967USA8503149F3105227<<<<<<<<<<<<<<<?2|47"), 0, ""},
		{"read unsurely, the page printing the zone's new expiry", visualPage("22 NOV 2031", "5482137967USA8503149F3111227<<<<<<<<<<<<<<<2|18"), 0.50, "nor does the whole zone's"},
		// A year's last digit changed with its check digit left: the
		// composite passes once the check digit is made right (the two
		// changes cancel in its weights), as for a check digit misread.
		{"read unsurely, the year moved on", visualPage("22 MAY 2034", "5482137967USA8503149F3405227<<<<<<<<<<<<<<<2|18"), 0, ""},
		{"the expiry's digit misread unsurely, the page printing the same", visualPage("22 MAY 2031", "5482137967USA8503149F3105221<<<<<<<<<<<<<<<2|18"), 0, ""},
		{"read unsurely, the page printing the zone's new number", []pagetext.Page{ocrWords("PASSPORT", "Passport No. 548213029", "Date of birth 14 MAR 1985", "Date of issue 23 MAY 2021", "Date of expiration 22 MAY 2031", name, "5482130297USA8503149F3105227<<<<<<<<<<<<<<<2|5")}, 0.50, "the document number"},
		{"read unsurely, two checks failing", visualPage("22 MAY 2034", "5482137961USA8503149F3405227<<<<<<<<<<<<<<<2|18"), 0, ""},
		{"an ID card's zone (TD1), fillers dropped", []pagetext.Page{ocrWords("IDENTIFICATION CARD", "I<UTOD231458907<<<<<<<<<<<<|60", "7408122F1204159UTO<<<<<<<<6|60", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<|60")}, 0, ""},
		{"an ID card's expiry moved on, its digit left", []pagetext.Page{ocrWords("IDENTIFICATION CARD", "I<UTOD231458907<<<<<<<<<<<<|60", "7408122F1504159UTO<<<<<<<<6|60", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<|60")}, 0.50, "the expiration date, the whole zone"},
		{"the printed number a digit off, read surely, a digit OCR does not confuse", numberPage("548213799|96"), 0.50, "printed (548213799)"},
		{"the same, an 8 OCR may have made of the zone's 6", numberPage("548213798|96"), 0, ""},
		{"the same, an 8 a noisy scan may have made of the zone's 9", numberPage("548213786|96"), 0, ""},
		{"the same, read unsurely", numberPage("548213799|80"), 0, ""},
		{"a number's letter O read as a 0", []pagetext.Page{ocrWords("PASSPORT", "P<PHLCHAVEZ<<NATHANIEL<ALLEN<<<<<<<<<<<<<<<<|93", "U295424109PHL8802211M3303023<<<<<<<<<<<<<<<8|93")}, 0, ""},
		{"a look-alike letter in the changed expiry: not judged", page(name, "5482137967USA8503149F34O5227<<<<<<<<<<<<<<<2|60"), 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(Evidence{DocumentType: "passport", Pages: tt.pages, AsOf: asOf}, "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if s.Code == CodeMRZCheckFailed {
					got = append(got, s)
				}
			}
			if tt.weight == 0 {
				if len(got) != 0 {
					t.Fatalf("signals %+v, want none", got)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != tt.weight || !strings.Contains(got[0].Detail, tt.detail) {
				t.Fatalf("signals %+v, want mrz_check_failed of %.2f saying %q", got, tt.weight, tt.detail)
			}
		})
	}
}

// TestIDReadSurely: a number OCR read surely (its words at 90 and more)
// in a form its issuer does not give is no misreading: it flags alone at
// MEDIUM (one character off, only read as printed, no look-alike letter
// among its digits; against a state's numbering, only on a page naming
// the state); read less surely, it weighs as OCR's reading does.
func TestIDReadSurely(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	aha := func(code string) []pagetext.Page {
		return []pagetext.Page{ocrWords("American|95 Heart|95 Association|95 eCard|95", "eCard|95 Code|95 "+code)}
	}
	board := func(state, num string) []pagetext.Page {
		return []pagetext.Page{ocrWords(state+"|96 Board|96 of|96 Nursing|96", "License|96 Number|96 "+num)}
	}
	dl := func(state, num string) []pagetext.Page {
		return []pagetext.Page{ocrWords(state+"|95 DRIVER|95 LICENSE|95", "DL|95 "+num, "EXP|95 08/14/2029|95")}
	}
	tests := []struct {
		name   string
		typ    string
		fields map[string]any
		pages  []pagetext.Page
		weight float64 // 0: no signal
	}{
		{"Florida number of 4 digits, read surely", "nursing_license", map[string]any{"state": "FL", "license_number": "RN 7198"}, board("Florida", "RN|97 7198|96"), 0.50},
		{"the same read less surely: not judged", "nursing_license", map[string]any{"state": "FL", "license_number": "RN 7198"}, board("Florida", "RN|97 7198|80"), 0},
		{"Florida number of 4 digits, read surely with an O for a 0", "nursing_license", map[string]any{"state": "FL", "license_number": "RN 7108"}, board("Florida", "RN|97 71O8|96"), 0.50},
		{"Florida number as the board prints it", "nursing_license", map[string]any{"state": "FL", "license_number": "RN 9876543"}, board("Florida", "RN|97 9876543|96"), 0},
		{"Texas number two digits over, read surely", "nursing_license", map[string]any{"state": "TX", "license_number": "845120999"}, board("Texas", "845120999|95"), 0.50},
		{"Texas number a digit over, read surely", "nursing_license", map[string]any{"state": "TX", "license_number": "84512099"}, board("Texas", "84512099|95"), 0.50},
		{"the same, the page not naming Texas: the state may be another's", "nursing_license", map[string]any{"state": "TX", "license_number": "84512099"}, board("State", "84512099|95"), 0.35},
		{"the same read with an O among its digits: a look-alike repaired", "nursing_license", map[string]any{"state": "TX", "license_number": "8451O099"}, board("Texas", "8451O099|95"), 0.35},
		{"letters among another state's digits, read surely", "nursing_license", map[string]any{"state": "OH", "license_number": "RN-12AB-3456"}, board("Ohio", "RN-12AB-3456|94"), 0.50},
		{"more digits than any board's by one, read surely", "nursing_license", map[string]any{"state": "OH", "license_number": "RN.45210873316"}, board("Ohio", "RN.45210873316|94"), 0.50},
		{"California driver's license in Texas's form, read surely", "drivers_license", map[string]any{"state": "CA", "license_number": "34827193"}, dl("CALIFORNIA", "34827193|95"), 0.50},
		{"the same read unsurely", "drivers_license", map[string]any{"state": "CA", "license_number": "34827193"}, dl("CALIFORNIA", "34827193|85"), 0},
		{"the same, the card not naming California", "drivers_license", map[string]any{"state": "CA", "license_number": "34827193"}, dl("STATE", "34827193|95"), 0.35},
		{"California driver's license whose letter OCR read as the digit it looks like", "drivers_license", map[string]any{"state": "CA", "license_number": "04827193"}, dl("CALIFORNIA", "04827193|95"), 0},
		{"Texas driver's license in California's form, read surely", "drivers_license", map[string]any{"state": "TX", "license_number": "K7291046"}, dl("TEXAS", "K7291046|95"), 0.50},
		{"eCard code of 10 digits, read surely", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "25-512-10001", "issue_date": "2025-06-01"}, aha("25-512-10001|96"), 0.50},
		{"eCard code of 11 digits, read surely", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "25-512-100010", "issue_date": "2025-06-01"}, aha("25-512-100010|96"), 0.50},
		{"eCard code of 13 digits, read surely", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "2551210001017", "issue_date": "2025-06-01"}, aha("2551210001017|93"), 0.50},
		{"eCard code of 13 characters, an l among them: a rule read beside it", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "255121000101l", "issue_date": "2025-06-01"}, aha("255121000101l|93"), 0.35},
		{"eCard code in its words, read surely", "bls", map[string]any{"issuer": "American Heart Association", "certificate_id": "25 512 1000 101", "issue_date": "2025-06-01"}, aha("25|96 512|96 1000|96 101|96"), 0},
		{"U.S. passport number of 7 digits, read surely", "passport", map[string]any{"issuer": "U.S. Department of State", "passport_number": "1234567"}, []pagetext.Page{ocrWords("Passport|95 No.|95 1234567|95")}, 0.50},
		{"U.S. passport number of 8 digits, read surely", "passport", map[string]any{"issuer": "U.S. Department of State", "passport_number": "12345678"}, []pagetext.Page{ocrWords("Passport|95 No.|95 12345678|95")}, 0.50},
		{"U.S. passport printing 10 digits, the reading taking the zone's 9", "passport", map[string]any{"issuer": "U.S. Department of State", "passport_number": "574219386"}, []pagetext.Page{ocrWords("Passport|95 No.|95", "5742193864|95")}, 0.50},
		{"the same printing the zone's number", "passport", map[string]any{"issuer": "U.S. Department of State", "passport_number": "574219386"}, []pagetext.Page{ocrWords("Passport|95 No.|95", "574219386|95")}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(Evidence{DocumentType: tt.typ, Fields: tt.fields, Pages: tt.pages, AsOf: asOf}, "MEDIUM")
			wantSignal(t, v, CodeIDFormat, tt.weight)
		})
	}
}

// TestPrintedDates: a page read by OCR that prints its completion after
// its expiry flags where the reading left a date out, the dates read
// surely and each printed once.
func TestPrintedDates(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	card := func(lines ...string) []pagetext.Page {
		return []pagetext.Page{ocrWords(append([]string{"ACLS|96 Provider|96", "American|95 Heart|95 Association|95"}, lines...)...)}
	}
	tests := []struct {
		name   string
		fields map[string]any
		pages  []pagetext.Page
		weight float64
	}{
		{"completed after it expires, month names and a month", map[string]any{"issue_date": "2026-03-14"}, card("Completed|95 Mar|95 14,|95 2026|95", "Expires|94 03/2025|95"), 0.50},
		{"on one line, day first", nil, card("Issued:|95 14|95 March|95 2026|95 Valid|95 through:|95 2|95 March|95 2025|95"), 0.50},
		{"the expiry read unsurely", map[string]any{"issue_date": "2026-03-14"}, card("Completed|95 Mar|95 14,|95 2026|95", "Expires|94 03/2025|71"), 0},
		{"completed before it expires", nil, card("Completed|95 Mar|95 14,|95 2024|95", "Expires|94 03/2026|95"), 0},
		{"two expiries printed", nil, card("Completed|95 Mar|95 14,|95 2026|95", "Expires|94 03/2025|95", "Renewal|95 Date|95 03/2028|95"), 0},
		{"captions over their values", map[string]any{"issue_date": "2026-03-14"}, card("Completed|95", "Mar|95 14,|95 2026|95", "Expires|94", "03/2025|95"), 0.50},
		{"a caption over another row's caption", map[string]any{"issue_date": "2026-03-14"}, card("Completed|95", "Expires|94 03/2025|95", "Mar|95 14,|95 2026|95"), 0},
		{"in a text layer, the reading leaving the issue out", map[string]any{"expiration_date": "2025-03-31"}, []pagetext.Page{linesPage("Helvetica", "ACLS Provider", "American Heart Association", "Issue Date: 03/14/2026", "Expiration Date: 03/31/2025")}, 0.50},
		{"the same in order", nil, []pagetext.Page{linesPage("Helvetica", "ACLS Provider", "American Heart Association", "Issue Date: 03/14/2024", "Expiration Date: 03/31/2026")}, 0},
		{"a certification date after the expiry, the reading leaving both out", nil, card("Certification|95 Date:|95 01/05/2026|95", "Expiration|95 Date:|95 01/31/2025|95"), 0.50},
		{"a license whose status took effect after it expired", nil, []pagetext.Page{ocrWords("Board|96 of|96 Nursing|96", "Status:|95 Expired|95 Effective|95 07/01/2025|95", "Expiration|95 Date:|95 06/30/2025|95")}, 0},
		{"valid from a day after its end, on one line", nil, card("Valid|95 from|95 03/14/2026|95 Valid|95 until|95 03/13/2025|95"), 0.50},
		{"the same in order", nil, card("Valid|95 from|95 03/14/2025|95 Valid|95 until|95 03/13/2027|95"), 0},
		{"a driver's license's dates on one line", nil, []pagetext.Page{ocrWords("DRIVER|96 LICENSE|96", "4a|95 ISS|95 07/09/2026|95 4b|95 EXP|95 07/09/2025|95")}, 0.50},
		{"both dates read: judged on the fields", map[string]any{"issue_date": "2026-03-14", "expiration_date": "2028-03-31"}, card("Completed|95 Mar|95 14,|95 2026|95", "Expires|94 03/2025|95"), 0},
		{"a validity range ending before it starts", map[string]any{"expiration_date": "2025-09-02"}, card("Valid|95 09/03/2026|95 -|80 09/02/2025|95"), 0.50},
		{"the same in a text layer, 'through' between", map[string]any{"expiration_date": "2025-05-31"}, []pagetext.Page{linesPage("Helvetica", "BLS Provider", "Certification Period: 06/12/2026 through 05/31/2025")}, 0.50},
		{"a validity range in order", map[string]any{"expiration_date": "2026-09-02"}, card("Valid|95 09/03/2025|95 -|80 09/02/2026|95"), 0},
		{"the issue's 5 read surely as an 8 off a soft photo", map[string]any{"expiration_date": "2027-03-31"}, card("Completed|95 Mar|95 14,|95 2028|95", "Expires|94 03/2027|95"), 0},
		{"a range read unsurely", map[string]any{"expiration_date": "2025-09-02"}, card("Valid|95 09/03/2026|74 -|80 09/02/2025|95"), 0},
		{"a range naming a course's days, no validity", map[string]any{"expiration_date": "2025-09-02"}, card("Class|95 dates|95 09/03/2026|95 -|80 09/02/2025|95"), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(Evidence{DocumentType: "acls", Fields: tt.fields, Pages: tt.pages, AsOf: asOf}, "MEDIUM")
			wantSignal(t, v, CodeExpiresBeforeIssue, tt.weight)
		})
	}
}

// TestPrintedValidity: a page read by OCR whose reading left a date out is
// judged valid too long on the dates it prints under their captions, read
// surely.
func TestPrintedValidity(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	card := func(renew string) []pagetext.Page {
		return []pagetext.Page{ocrWords("PALS|96 Provider|96", "American|95 Heart|95 Association|95", "Issue|95 Date|95", "14|95 March|95 2025|95", "Renew|95 By|95", renew)}
	}
	tests := []struct {
		name   string
		pages  []pagetext.Page
		weight float64
	}{
		{"valid three years", card("03/2028|95"), 0.50},
		{"valid two years", card("03/2027|95"), 0},
		{"valid three years, read unsurely", card("03/2028|70"), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(Evidence{DocumentType: "pals", Fields: map[string]any{"issue_date": "2025-03-14"}, Pages: tt.pages, AsOf: asOf}, "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if s.Code == CodeValidityTooLong {
					got = append(got, s)
				}
			}
			if tt.weight == 0 {
				if len(got) != 0 {
					t.Fatalf("signals %+v, want none", got)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != tt.weight || got[0].Evidence.Field != "printed_dates" {
				t.Fatalf("signals %+v, want validity_too_long of %.2f on the printed dates", got, tt.weight)
			}
		})
	}
}

// TestLabelledECardCode: the eCard code judged is the value the page
// prints after or under its "eCard Code" caption. A clean eCard scanned
// whose reading took the training center's id for the certificate id
// (issue #18: scanned/acls/aha_ecard/pil_q75_pdf, 'NM25222' read at 89,
// the code at 96) is quiet; the same card whose printed code a forger
// made a digit or three short is flagged on the printed code.
func TestLabelledECardCode(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	back := func(code string) []pagetext.Page {
		return []pagetext.Page{ocrWords("American|97 Heart|97 Association|96 eCard|93 -|92 ACLS|97 Provider|97",
			"TC|67 ID#|67 NM25222|89", "TC|96 City,|96 State|97 Albuquerque,|96 NM|96",
			"Association.|97 eCard|97 Code|96 "+code, "06/|93 30/|88 2025|97 06/|88 30/|89 2027|97")}
	}
	under := func(code string) []pagetext.Page {
		return []pagetext.Page{ocrWords("American|97 Heart|97 Association|96 eCard|93", "Issue|95 Date|95 eCard|96 Code|96", "06/30/2025|95 "+code)}
	}
	tcID := map[string]any{"issuer": "American Heart Association", "certificate_id": "NM25222", "issue_date": "2025-06-30"}
	tests := []struct {
		name   string
		fields map[string]any
		pages  []pagetext.Page
		weight float64 // 0: no signal
		value  string
	}{
		{"the center's id read as the certificate id, the code printed", tcID, back("252172984024|96"), 0, ""},
		{"the same, the code a digit short", tcID, back("25217298402|96"), 0.50, "25217298402"},
		{"the same, the code three digits short", tcID, back("252172984|96"), 0.50, "252172984"},
		{"the same, the code short but read unsurely", tcID, back("252172984|71"), 0, ""},
		{"the code grouped in words", tcID, back("25|96 217|96 2984024|96"), 0, ""},
		{"the code of a year before eCards, read surely", tcID, back("092172984024|96"), 0.50, "092172984024"},
		{"the same read unsurely", tcID, back("092172984024|86"), 0, ""},
		{"the code under its caption, a date beside it", tcID, under("252172984024|95"), 0, ""},
		{"the code under its caption, short", tcID, under("2521729840|95"), 0.50, "2521729840"},
		{"no caption: the field judged as read", tcID, []pagetext.Page{ocrWords("American|97 Heart|97 Association|96 eCard|93", "TC|67 ID#|67 NM25222|96")}, 0.50, "NM25222"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(Evidence{DocumentType: "acls", Fields: tt.fields, Pages: tt.pages, AsOf: asOf}, "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if s.Code == CodeIDFormat {
					got = append(got, s)
				}
			}
			if tt.weight == 0 {
				if len(got) != 0 {
					t.Fatalf("signals %+v, want none", got)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != tt.weight || got[0].Evidence.Value != tt.value {
				t.Fatalf("signals %+v, want id_format of %.2f on %s", got, tt.weight, tt.value)
			}
		})
	}
}

// TestZoneHolder: a visual zone whose surname or birth date is not the
// zone's (another holder put on the page, the zone left) flags where the
// zone's dates pass and the page prints its expiry, on values read
// surely; the page as issued, a name read unsurely, a filler OCR lost and
// a caption in capitals do not.
func TestZoneHolder(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	name := "P<USAHARTMAN<<REBECCA<LYNN<<<<<<<<<<<<<<<<<<|70"
	zone := "5482137967USA8503149F3105227<<<<<<<<<<<<<<<2|47"
	passport := func(surname, dob, nameLine string, given ...string) []pagetext.Page {
		lines := append([]string{"PASSPORT|96", "Passport|95 No.|95 548213796|95", "Surname|94 /|90 Nom|93", surname}, given...)
		return []pagetext.Page{ocrWords(append(lines, "Date|95 of|95 birth|95 "+dob, "Date|95 of|95 issue|95 23|95 MAY|95 2021|95",
			"Date|95 of|95 expiration|95 22|95 MAY|95 2031|95", nameLine, zone)...)}
	}
	lowName := "P<USAHARTMAN<<REBECCA<LYNN<<<<<<<<<<<<<<cc<c¢|0"
	card := func(surname string) []pagetext.Page {
		return []pagetext.Page{ocrWords("IDENTIFICATION|95 CARD|95", "SURNAME|95", surname, "Date|95 of|95 Birth|95 08/12/1974|95",
			"Expires|95 04/15/2030|95 Issued|95 04/16/2022|95",
			"I<UTOD231458907<<<<<<<<<<<<<<<|60", "7408122F3004157UTO<<<<<<<<<<<2|60", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<|60")}
	}
	tests := []struct {
		name   string
		typ    string
		pages  []pagetext.Page
		weight float64 // 0: no signal
		field  string
	}{
		{"as issued", "passport", passport("HARTMAN|96", "14|95 MAR|95 1985|95", name), 0, ""},
		{"another surname printed", "passport", passport("MORGAN|96", "14|95 MAR|95 1985|95", name), 0.50, "last_name"},
		{"another surname read unsurely", "passport", passport("MORGAN|62", "14|95 MAR|95 1985|95", name), 0, ""},
		{"a surname a misread letter off", "passport", passport("HARTMAM|96", "14|95 MAR|95 1985|95", name), 0, ""},
		{"the filler after the surname lost", "passport", passport("HARTMAN|96", "14|95 MAR|95 1985|95", "P<USAHARTMANKREBECCA<LYNN<<<<<<<<<<<<<<<<<<|70"), 0, ""},
		{"a particle the reading of the visual zone left out", "passport", passport("ROSARIO|96", "14|95 MAR|95 1985|95", "P<USADEL<ROSARIO<<REBECCA<LYNN<<<<<<<<<<<<<<<<|70"), 0, ""},
		{"the zone's surname misread in two letters", "passport", passport("HARTMAN|96", "14|95 MAR|95 1985|95", "P<USAHAPTNAN<<REBECCA<LYNN<<<<<<<<<<<<<<<<<<|70"), 0, ""},
		{"the name line read unsurely", "passport", passport("MORGAN|96", "14|95 MAR|95 1985|95", "P<USAHARTMAN<<REBECCA<LYNN<<<<<<<<<<<<<<<<<<|34"), 0, ""},
		{"another surname, the name line read at 0, its given name printed", "passport", passport("MORGAN|96", "14|95 MAR|95 1985|95", lowName, "REBECCA|96 LYNN|95"), 0.50, "last_name"},
		{"the same as issued", "passport", passport("HARTMAN|96", "14|95 MAR|95 1985|95", lowName, "REBECCA|96 LYNN|95"), 0, ""},
		{"the same, its given name printed unsurely", "passport", passport("MORGAN|96", "14|95 MAR|95 1985|95", lowName, "REBECCA|71 LYNN|95"), 0, ""},
		{"another birth date printed", "passport", passport("HARTMAN|96", "14|95 MAR|95 1978|95", name), 0.50, "date_of_birth"},
		{"another birth date read unsurely", "passport", passport("HARTMAN|96", "14|95 MAR|95 1978|71", name), 0, ""},
		{"the birth date's day lost to the reading (a month and year read as its first)", "passport", passport("HARTMAN|96", "MAR|95 1985|95", name, "Endorsements|95 01|95 JAN|95 2023|95"), 0, ""},
		{"an ID card as issued, its caption in capitals", "drivers_license", card("ERIKSSON|95"), 0, ""},
		{"an ID card with another surname", "drivers_license", card("LINDQVIST|95"), 0.50, "last_name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(Evidence{DocumentType: tt.typ, Pages: tt.pages, AsOf: asOf}, "MEDIUM")
			var got []Signal
			for _, s := range v.Signals {
				if s.Code == CodeMRZCheckFailed {
					got = append(got, s)
				}
			}
			if tt.weight == 0 {
				if len(got) != 0 {
					t.Fatalf("signals %+v, want none", got)
				}
				return
			}
			if len(got) != 1 || got[0].Weight != tt.weight || got[0].Evidence.Field != tt.field {
				t.Fatalf("signals %+v, want mrz_check_failed of %.2f on %s", got, tt.weight, tt.field)
			}
		})
	}
}

// wantSignal fails t unless v holds one signal of code at weight, or
// none where weight is 0.
func wantSignal(t *testing.T, v Verdict, code string, weight float64) {
	t.Helper()
	got := signalsOf(v, code)
	if weight == 0 {
		if len(got) != 0 {
			t.Fatalf("signals %+v, want none", got)
		}
		return
	}
	if len(got) != 1 || got[0].Weight != weight {
		t.Fatalf("signals %+v, want %s of %.2f", got, code, weight)
	}
}

// TestMisreadYearOnSoftPhoto: clean cards photographed soft, a digit of
// the issue year read surely as its look-alike (Tesseract reads a soft 5
// as an 8, a 0 as a 9, at 94): the issue then lies after the expiry, in
// the future and away from the eCard code's year, and none of it flags;
// an expired card's issue moved to a recent day still does.
func TestMisreadYearOnSoftPhoto(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		typ    string
		fields map[string]any
		pages  []pagetext.Page
		want   string
	}{
		{"an eCard's 2025 read 2028, the code fitting the renewal", "bls",
			map[string]any{"issuer": "American Heart Association", "certificate_id": "253011000103", "issue_date": "2028-03-14", "expiration_date": "2027-03-31"},
			[]pagetext.Page{ocrWords("American|96 Heart|96 Association|96 eCard|95", "Issue|95 Date|95 03/14/2028|95", "Renew|95 By|95 03/2027|95", "eCard|95 Code|95 253011000103|95")}, Clean},
		{"a Texas driver's license's 2020 read 2029 (own 2016-px photo)", "drivers_license",
			map[string]any{"state": "TX", "license_number": "41877203", "date_of_birth": "1986-02-03", "issue_date": "2029-03-01", "expiration_date": "2028-02-03"},
			[]pagetext.Page{ocrWords("TEXAS|95 DRIVER|95 LICENSE|95", "DL|95 41877203|95", "ISS|95 03/01/2029|94", "EXP|95 02/03/2028|95", "DOB|95 02/03/1986|95")}, Clean},
		{"an expired card's issue year changed, a look-alike digit, to the day after the expiry (own Red Cross card)", "bls",
			map[string]any{"issuer": "American Red Cross", "issue_date": "2025-06-05", "expiration_date": "2025-06-04"},
			[]pagetext.Page{ocrWords("American|96 Red|96 Cross|96", "Issued|95 06/05/2025|95", "Valid|95 Thru|95 06/04/2025|95")}, Fraudulent},
		{"an expired card's issue moved to a recent day", "bls",
			map[string]any{"issuer": "American Heart Association", "issue_date": "2026-03-01", "expiration_date": "2025-03-31"},
			[]pagetext.Page{ocrWords("American|96 Heart|96 Association|96", "Issue|95 Date|95 03/01/2026|95", "Renew|95 By|95 03/2025|95")}, Fraudulent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(Evidence{DocumentType: tt.typ, Fields: tt.fields, Pages: tt.pages, AsOf: asOf}, "MEDIUM")
			if v.Result != tt.want {
				t.Fatalf("verdict %+v, want %s at MEDIUM", v, tt.want)
			}
			if tt.want == Clean && v.Score >= Threshold("HIGH") {
				t.Errorf("score %.3f, want under HIGH's %.2f: %+v", v.Score, Threshold("HIGH"), v.Signals)
			}
			for _, s := range v.Signals {
				if tt.want == Clean && s.Code == CodeIDFormat {
					t.Errorf("signal %+v, want no id_format", s)
				}
			}
		})
	}
}

// TestDatesOutOfOrder: a skin test read more than a week after it was
// placed (one date's year or month changed, the other left), a
// laboratory's report printed before its specimen's collection, and their
// honest twins: a reading at 72 hours, a history whose rows the reading
// paired across tests, a report after the collection, a misreading one
// look-alike digit explains, a caption with no date of its own.
func TestDatesOutOfOrder(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	tb := func(placed, read string) map[string]any {
		return map[string]any{"administered_date": placed, "read_date": read}
	}
	tests := []struct {
		name     string
		typ      string
		fields   map[string]any
		pages    []pagetext.Page
		weight   float64
		contains string
	}{
		{"read a year after placement", "tb_skin_test", tb("2025-10-06", "2026-10-08"),
			[]pagetext.Page{linesPage("Helvetica", "Tuberculin Skin Test Record", "Date Placed: 10/06/2025", "Date Read: 10/08/2026")}, 0.50, "367 days after it was placed"},
		{"read at 72 hours", "tb_skin_test", tb("2026-08-11", "2026-08-14"),
			[]pagetext.Page{linesPage("Helvetica", "PPD Skin Test", "Placed on: 08/11/2026", "Read on: 08/14/2026")}, 0, ""},
		{"a history's rows paired across tests", "tb_skin_test", tb("2025-10-07", "2026-10-08"),
			[]pagetext.Page{linesPage("Helvetica", "Annual TB Screening", "Placed Read mm", "10/06/2026 10/08/2026 0", "10/07/2025 10/09/2025 0")}, 0, ""},
		{"read by OCR five weeks on, no look-alike digit explaining it", "tb_skin_test", tb("2026-08-11", "2026-10-24"),
			[]pagetext.Page{ocrWords("PPD|95 Skin|95 Test|95", "Placed|95 on:|95 08/11/2026|95", "Read|95 on:|95 10/24/2026|95")}, 0.50, "(read by OCR"},
		{"read by OCR a month on, an 8 read as a 9", "tb_skin_test", tb("2026-08-11", "2026-09-13"),
			[]pagetext.Page{ocrWords("PPD|95 Skin|95 Test|95", "Placed|95 on:|95 08/11/2026|95", "Read|95 on:|95 09/13/2026|95")}, 0, ""},
		{"a drug screen reported before its collection", "drug_screen", map[string]any{"collection_date": "2026-09-12"},
			[]pagetext.Page{linesPage("Helvetica", "Drug Screen Result", "Collection Date: 09/12/2026", "Date Reported: 09/03/2026")}, 0.50, "before the specimen's collection on 2026-09-12"},
		{"reported after it", "drug_screen", map[string]any{"collection_date": "2026-09-12"},
			[]pagetext.Page{linesPage("Helvetica", "Drug Screen Result", "Collection Date: 09/12/2026", "Date Reported: 09/15/2026")}, 0, ""},
		{"a blood test read by OCR reported ten days before", "tb_blood_test", map[string]any{"collection_date": "2026-10-24"},
			[]pagetext.Page{ocrWords("QuantiFERON|95 Result|95", "Collection|95 Date:|95 10/24/2026|95", "Report|95 Date:|95 10/14/2026|95")}, 0.50, "(read by OCR"},
		{"a report a look-alike digit off (a 9 read as a 0)", "tb_blood_test", map[string]any{"collection_date": "2026-08-27"},
			[]pagetext.Page{ocrWords("QuantiFERON|95 Result|95", "Collection|95 Date:|95 08/27/2026|95", "Report|95 Date:|95 08/20/2026|95")}, 0, ""},
		{"a collector's name, a birth date under it", "drug_screen", map[string]any{"collection_date": "2026-09-12"},
			[]pagetext.Page{linesPage("Helvetica", "Collected by: J Ortiz", "Date of Birth: 01/17/1990", "Reported: 09/14/2026", "Collection Date: 09/12/2026")}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(Evidence{DocumentType: tt.typ, Fields: tt.fields, Pages: tt.pages, AsOf: asOf}, "MEDIUM")
			wantSignal(t, v, CodeExpiresBeforeIssue, tt.weight)
			if tt.weight > 0 && !strings.Contains(signalsOf(v, CodeExpiresBeforeIssue)[0].Detail, tt.contains) {
				t.Errorf("detail %q, want %q in it", signalsOf(v, CodeExpiresBeforeIssue)[0].Detail, tt.contains)
			}
		})
	}
}

// TestIDsAsPrinted: an eCard code of a year to come read surely, no
// look-alike digit of its year giving the card's (a 27 on a card of
// 2025), flags alone at MEDIUM; one a look-alike off the card's year
// stays weak. A driver's license number a text layer prints in another
// form than the state's is judged as printed, not as the reading fitted
// it (a 6 read as California's leading G).
func TestIDsAsPrinted(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	card := func(code string) []pagetext.Page {
		return []pagetext.Page{ocrWords("American|96 Heart|96 Association|96 eCard|95", "Issue|95 Date|95 03/14/2025|95", "eCard|95 Code|95 "+code)}
	}
	aha := func(code string) map[string]any {
		return map[string]any{"issuer": "American Heart Association", "certificate_id": code, "issue_date": "2025-03-14"}
	}
	dl := func(num string) []pagetext.Page {
		return []pagetext.Page{linesPage("Helvetica", "CALIFORNIA DRIVER LICENSE", "DL "+num+" CLASS C", "EXP 08/14/2027")}
	}
	ca := map[string]any{"state": "CA", "license_number": "G6192041"}
	tests := []struct {
		name   string
		typ    string
		fields map[string]any
		pages  []pagetext.Page
		weight float64
	}{
		{"an eCard code of 2027 read surely", "bls", aha("275409871234"), card("275409871234|95"), 0.50},
		{"the same read unsurely", "bls", aha("275409871234"), card("275409871234|80"), 0},
		{"an eCard code of 2028 on a card of 2025 (a 5 read as an 8)", "bls", aha("285409871234"), card("285409871234|95"), 0.35},
		{"a number printed with a 6 where the state prints a letter", "drivers_license", ca, dl("66192041"), 0.55},
		{"the number printed as read", "drivers_license", ca, dl("G6192041"), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Assess(Evidence{DocumentType: tt.typ, Fields: tt.fields, Pages: tt.pages, AsOf: asOf}, "MEDIUM")
			wantSignal(t, v, CodeIDFormat, tt.weight)
		})
	}
}

// TestOneMisreadingOneSignal: a soft photo's issue year misread one
// look-alike digit on (2021 read 2027), after the expiry and in the
// future, is one weak signal, not one for each fact it upsets.
func TestOneMisreadingOneSignal(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	v := Assess(Evidence{DocumentType: "nursing_license", AsOf: asOf,
		Fields: map[string]any{"state": "FL", "license_number": "RN9518823", "issue_date": "2027-03-11", "expiration_date": "2026-07-31"},
		Pages:  []pagetext.Page{ocrWords("Florida|95 Board|95 of|95 Nursing|95", "Original|95 Issue|95 Date:|95 03/11/2027|95", "Expiration|95 Date:|95 07/31/2026|95")}}, "HIGH")
	wantSignal(t, v, CodeExpiresBeforeIssue, echoedWeight)
	wantSignal(t, v, CodeDateInFuture, 0)
	if v.Score > echoedWeight {
		t.Errorf("score %.3f, want %.2f: %+v", v.Score, echoedWeight, v.Signals)
	}
}

// TestHolderNamedTwice: a document naming its holder in two places names
// one person however it writes the name; a name retyped in one place and
// left in the other names two, judged only where both are read surely.
func TestHolderNamedTwice(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	cert := func(top, card string) []pagetext.Page {
		return []pagetext.Page{linesPage("Helvetica", "Certificate of Completion", "This is to certify that", top,
			"has successfully completed Pediatric Advanced Life Support", "Instructor: Marcus T. Bell",
			"Name: "+card, "Issued: 03/02/2026")}
	}
	lab := func(p1, p2 string) []pagetext.Page {
		return []pagetext.Page{
			linesPage("Arial", "NORTHWIND DIAGNOSTICS", "Patient Name: "+p1, "Ordering Provider Name: Marcus Bell", "Collected: 09/08/2026"),
			linesPage("Arial", "Patient: "+p2+"   Page 2 of 2", "Hepatitis B Surface Antibody: Reactive"),
		}
	}
	ocr := func(top, card string) []pagetext.Page {
		return []pagetext.Page{ocrWords("Certificate|95 of|95 Completion|95", "This|95 certifies|93 that|95", top,
			"has|95 completed|95 BLS|95", "Name:|95 "+card)}
	}
	tests := []struct {
		name   string
		typ    string
		pages  []pagetext.Page
		weight float64
	}{
		{"a certificate as issued, its card without the middle name", "pals", cert("Jonathan Adebayo Reyes", "Jonathan Reyes"), 0},
		{"a certificate's name retyped, its card left", "pals", cert("Priya Natarajan", "Jonathan Reyes"), 0.50},
		{"the card's name in capitals, a nickname", "pals", cert("Katherine Lowe-Dunn", "KATIE DUNN"), 0},
		{"a lab report naming LAST, FIRST and First Last", "hepatitis_b_record", lab("REYES, JONATHAN A", "Jonathan A. Reyes"), 0},
		{"a lab report's first page retyped", "hepatitis_b_record", lab("PATEL, NAVEEN", "Jonathan A. Reyes"), 0.50},
		{"a résumé names other people", "resume", cert("Priya Natarajan", "Jonathan Reyes"), 0},
		{"read by OCR surely", "bls", ocr("Priya|94 Natarajan|96", "Jonathan|95 Reyes|92"), 0.40},
		{"read by OCR surely, the name left in two places", "bls", append(ocr("Priya|94 Natarajan|96", "Jonathan|95 Reyes|92"), ocrWords("Participant:|95 Jonathan|93 Reyes|95")), 0.50},
		{"read by OCR, a name unsurely", "bls", ocr("Priya|94 Natarajan|71", "Jonathan|95 Reyes|92"), 0},
		{"read by OCR, a letter misread surely", "bls", ocr("Jonathan|94 Reyes|96", "Jonathan|95 Reves|92"), 0},
		{"a form's sections, each captioned Name", "tb_skin_test", []pagetext.Page{linesPage("Arial", "Name: Jonathan Reyes", "Emergency contact", "Name: Priya Natarajan")}, 0},
		{"the holder's e-mail naming another", "tb_skin_test", []pagetext.Page{linesPage("Arial", "Employee Name: Jonathan Reyes", "Employee E-mail: priya.natarajan@northwind.org")}, 0.30},
		{"the holder's e-mail naming the holder", "tb_skin_test", []pagetext.Page{linesPage("Arial", "Employee Name: Jonathan Reyes", "Employee E-mail: jon.reyes2@northwind.org")}, 0},
		{"a licence mailed to another holder", "nursing_license", []pagetext.Page{linesPage("Times", "Licensee: Jonathan Reyes", "License Number: 2201457", "Mail to:", "Priya Natarajan", "2210 Alder Creek Rd", "Eugene, OR 97401")}, 0.50},
		{"a licence mailed to its holder", "nursing_license", []pagetext.Page{linesPage("Times", "Licensee: REYES, JONATHAN", "License Number: 2201457", "Jonathan A Reyes", "2210 Alder Creek Rd", "Eugene, OR 97401")}, 0},
		{"an issuer's own address", "nursing_license", []pagetext.Page{linesPage("Times", "Kaiser Permanente", "2210 Alder Creek Rd", "Eugene, OR 97401", "Employee Name: Jonathan Reyes")}, 0},
		{"a licensee's typed signature naming another", "nursing_license", []pagetext.Page{linesPage("Times", "Licensee: Jonathan Reyes", "Signature of Licensee: Priya Natarajan")}, 0.50},
		{"three people named", "pals", append(cert("Priya Natarajan", "Jonathan Reyes"), linesPage("Helvetica", "Participant: Laura Kim")), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantSignal(t, Assess(Evidence{DocumentType: tt.typ, Pages: tt.pages, AsOf: asOf}, "MEDIUM"), CodeHolderMismatch, tt.weight)
		})
	}
}

// TestWeakFactsDoNotAddUp: a soft photo's misreadings (an issue year one
// look-alike digit off, an issue date taken for the birth date) are weak
// facts each; together they stay under HIGH, the strongest reported with
// the others named in its detail.
func TestWeakFactsDoNotAddUp(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	v := Assess(Evidence{DocumentType: "nursing_license", AsOf: asOf,
		Fields: map[string]any{"state": "FL", "license_number": "RN9518823", "issue_date": "2027-03-11", "expiration_date": "2026-07-31", "date_of_birth": "2021-03-11"},
		Pages:  []pagetext.Page{ocrWords("Florida|95 Board|95 of|95 Nursing|95", "Original|95 Issue|95 Date:|95 03/11/2027|95", "Expiration|95 Date:|95 07/31/2026|95")}}, "HIGH")
	wantSignal(t, v, CodeImplausibleBirth, 0.28)
	wantSignal(t, v, CodeExpiresBeforeIssue, 0)
	if v.Result != Clean || !strings.Contains(v.Signals[0].Detail, "expires_before_issue 0.15") {
		t.Errorf("verdict %+v, want clean at HIGH, the misread issue named in the birth date's detail", v)
	}
}

// TestHolderNamedInLabels: the file's own labels (a title, keywords, a
// field named for the holder, a note) naming someone the page neither
// names as its holder nor prints anywhere are a name retyped on the page
// and left in the file; labels naming the issuer, the course, a template,
// a printed physician or the holder in another form are not.
func TestHolderNamedInLabels(t *testing.T) {
	asOf := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	page := func(holder string) []pagetext.Page {
		return []pagetext.Page{linesPage("Helvetica", "Lakeside Family Clinic", "Patient Name: "+holder, "Dose 1: 01/05/2026",
			"Provider: Dr. Owen Fairbanks")}
	}
	label := func(source, key, text string) fileLabel { return fileLabel{source: source, key: key, text: text} }
	tests := []struct {
		name   string
		pages  []pagetext.Page
		labels []fileLabel
		weight float64
		detail string
	}{
		{"a title naming another, First Last", page("Laura Bennett"), []fileLabel{label("info", "Title", "Hep B series - Nicole Garza")}, 0.50, `"Hep B series - Nicole Garza" names someone else`},
		{"a subject naming another, LAST, FIRST", page("Laura Bennett"), []fileLabel{label("info", "Subject", "Verification for GARZA, NICOLE")}, 0.50, "info Subject"},
		{"an XMP title naming another, LAST_FIRST", page("Laura Bennett"), []fileLabel{label("xmp", "dc:title", "GARZA_NICOLE_HEPB_2026")}, 0.50, "XMP dc:title"},
		{"another's given name within the holder's", page("Brianna Holt"), []fileLabel{label("info", "Subject", "Verification for KOWALCZYK, ANNA")}, 0.50, "KOWALCZYK"},
		{"a title with the holder's middle name", page("Amanda O'Connor"), []fileLabel{label("info", "Title", "Packet cover sheet: Amanda Olamide O'Connor")}, 0, ""},
		{"a holder field naming another", page("Laura Bennett"), []fileLabel{{source: "form", key: "patient_name", text: "Nicole Garza", holder: true}}, 0.50, `form field "patient_name"`},
		{"keywords naming another (a recruiter, an uploader)", page("Laura Bennett"), []fileLabel{label("info", "Keywords", "onboarding; Nicole Garza")}, 0.30, "info Keywords"},
		{"keywords and a title naming another: the title counts", page("Laura Bennett"), []fileLabel{label("xmp", "pdf:Keywords", "onboarding; Nicole Garza"), label("xmp", "dc:title", "HepB - Nicole Garza")}, 0.50, "XMP dc:title"},
		{"a note naming another", page("Laura Bennett"), []fileLabel{label("note", "page 1", "Released to Nicole Garza")}, 0.30, "a note on page 1"},
		{"read by OCR", []pagetext.Page{ocrWords("Patient|95 Name:|95 Laura|94 Bennett|96")}, []fileLabel{label("info", "Title", "Nicole Garza")}, 0.30, "read by OCR"},
		{"a title naming the holder", page("Laura Bennett"), []fileLabel{label("info", "Title", "Hep B series - Laura Bennett")}, 0, ""},
		{"a title naming the holder, another label a clerk", page("Laura Bennett"), []fileLabel{label("info", "Subject", "prepared by Nicole Garza"), label("info", "Title", "BENNETT_LAURA")}, 0, ""},
		{"a nickname and the surname", page("Robert Stone"), []fileLabel{label("info", "Title", "Bob Stone - HepB")}, 0, ""},
		{"one part of a hyphenated surname", page("Jane Smith"), []fileLabel{label("info", "Title", "Jane Carter-Smith HepB")}, 0, ""},
		{"the physician the page prints", page("Laura Bennett"), []fileLabel{label("info", "Keywords", "hepatitis; Owen Fairbanks")}, 0, ""},
		{"the issuer, a template, a tool", page("Laura Bennett"), []fileLabel{label("info", "Title", "Microsoft Word - Certificate_Template_v3.docx"), label("info", "Subject", "Lakeside Family Clinic")}, 0, ""},
		{"an organisation named for a person", page("Laura Bennett"), []fileLabel{label("info", "Title", "Florence Nightingale School of Nursing"), label("info", "Subject", "Grace Hospital, Austin Regional Clinic")}, 0, ""},
		{"another field's value", page("Laura Bennett"), nil, 0, ""},
		{"no holder printed", []pagetext.Page{linesPage("Helvetica", "Lakeside Family Clinic", "Dose 1: 01/05/2026")}, []fileLabel{label("info", "Title", "Nicole Garza")}, 0, ""},
		{"a résumé", page("Laura Bennett"), []fileLabel{label("info", "Title", "Nicole Garza")}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			typ := "hepatitis_b_record"
			if tt.name == "a résumé" {
				typ = "resume"
			}
			v := Assess(Evidence{DocumentType: typ, Pages: tt.pages, Upload: &Upload{labels: tt.labels}, AsOf: asOf}, "MEDIUM")
			wantSignal(t, v, CodeHolderMismatch, tt.weight)
			if tt.weight > 0 && !strings.Contains(signalOf(v, CodeHolderMismatch).Detail, tt.detail) {
				t.Errorf("detail %q, want it to say %q", signalOf(v, CodeHolderMismatch).Detail, tt.detail)
			}
		})
	}
}

// TestFileLabels: labelsOf reads a PDF's Info title, subject and keywords,
// the values of its fields named for the holder (not a provider's), its
// notes' text; not its Author. parseXMP reads dc:title, dc:subject and
// pdf:Keywords as labels; not dc:creator.
func TestFileLabels(t *testing.T) {
	b, err := os.ReadFile("testdata/labels.pdf")
	if err != nil {
		t.Fatal(err)
	}
	u, err := ReadUpload(b)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range u.labels {
		got = append(got, fmt.Sprintf("%s %s %s %v", l.source, l.key, l.text, l.holder))
	}
	want := []string{"info Title GARZA, NICOLE - HepB false", "info Subject Hep B series false", "info Keywords hepatitis; Owen Fairbanks false",
		"form patient_name Nicole Garza true", "note page 1 Released to Nicole Garza false"}
	if !slices.Equal(got, want) {
		t.Errorf("labels %q, want %q", got, want)
	}
	x := parseXMP([]byte(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" pdf:Keywords="BLS; Hannah Lindgren">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">ACLS card - Hannah Lindgren</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>Karen Whitmore</rdf:li></rdf:Seq></dc:creator>
<dc:subject><rdf:Bag><rdf:li>ACLS</rdf:li><rdf:li>renewal</rdf:li></rdf:Bag></dc:subject>
</rdf:Description></rdf:RDF></x:xmpmeta>`))
	got = nil
	for _, l := range x.Labels {
		got = append(got, l.Property+" "+l.Text)
	}
	want = []string{"pdf:Keywords BLS; Hannah Lindgren", "dc:title ACLS card - Hannah Lindgren", "dc:subject ACLS", "dc:subject renewal"}
	if !slices.Equal(got, want) {
		t.Errorf("XMP labels %q, want %q", got, want)
	}
}

func signalOf(v Verdict, code string) Signal {
	for _, s := range v.Signals {
		if s.Code == code {
			return s
		}
	}
	return Signal{}
}
