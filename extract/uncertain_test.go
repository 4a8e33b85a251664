package extract

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestUnreadFields: on a page read by OCR, a field whose label (or
// column) the page prints with something beside it that could not be
// read is reported with an Unread value at confidence 0, with the reason;
// a blank, a value read, and text pages are left as they are.
func TestUnreadFields(t *testing.T) {
	c := catalog.MustLoad()
	title := ocrRow(0, 1, 40, 60, "Basic Life Support Provider", 95)
	holder := ocrRow(1, 2, 40, 80, "Name: Maria Alvarez", 95)
	tests := []struct {
		name   string
		typ    string
		page   pagetext.Page
		field  string
		reason string // "" where the field must not be Unread
	}{
		{
			name:   "an expiry beside its label OCR could not read",
			typ:    "bls",
			page:   ocrPage(ocrWords(title, holder, ocrRow(2, 3, 40, 100, "Expiration Date: ~~ !l/?", 40))...),
			field:  "expiration_date",
			reason: `the page prints "Expiration Date" but its value could not be read`,
		},
		{
			name:   "an expiry under its caption OCR could not read",
			typ:    "bls",
			page:   ocrPage(ocrWords(title, holder, ocrRow(2, 3, 40, 100, "Issue Date", 95), ocrRow(2, 3, 200, 100, "Expiration Date", 95), ocrRow(3, 3, 40, 114, "03/01/2025", 95), ocrRow(3, 3, 200, 114, "~~ ?l", 30))...),
			field:  "expiration_date",
			reason: `the page prints "Expiration Date" but its value could not be read`,
		},
		{
			// An eCard: the dates over their captions, though the card's
			// other labels stand over their values; the renewal's
			// month and year OCR made nothing of.
			name:   "a renewal over its caption OCR could not read",
			typ:    "bls",
			page:   eCardPage("0812028"),
			field:  "expiration_date",
			reason: `the page prints "Renew By" but its value could not be read`,
		},
		{
			// An eCard whose holder's name a scan broke into fragments
			// over the certificate's sentence, the instructor's caption
			// cut: the name is printed, not absent.
			name:   "a certificate's holder broken into fragments",
			typ:    "bls",
			page:   fragmentedCard(),
			field:  "full_name",
			reason: "the page prints the sentence under its holder's name, but the name could not be read",
		},
		{
			// A lab report's caption of the patient's name with nothing
			// read under it: a report about a person prints the name.
			name: "a holder's caption over a column OCR read nothing in",
			typ:  "tb_blood_test",
			page: ocrPage(ocrWords(ocrRow(0, 1, 40, 60, "QuantiFERON-TB Gold Plus", 95), ocrRow(1, 2, 40, 80, "Collected", 95), ocrRow(1, 2, 300, 80, "Patient Name", 95),
				ocrRow(2, 2, 40, 92, "03/02/2026", 95), ocrRow(3, 3, 40, 130, "Result: Negative", 95))...),
			field:  "full_name",
			reason: `the page prints "Patient Name" but its value could not be read`,
		},
		{
			// A transcript's row of the course whose dates OCR lost: a
			// training record always prints its completion.
			name: "a transcript's course row whose dates were lost",
			typ:  "hipaa_training",
			page: ocrPage(ocrWords(ocrRow(0, 1, 40, 60, "NetCE Learning Center", 95), ocrRow(1, 1, 40, 74, "Learner Transcript", 95),
				ocrRow(2, 2, 40, 90, "Learner: RIVERA, GUADALUPE", 95), ocrRow(3, 3, 40, 110, "| HIPAA Privacy and Security Training", 90))...),
			field:  "completion_date",
			reason: "the page names the course, but its completion date could not be read",
		},
		{
			name:  "a form's blank",
			typ:   "bls",
			page:  ocrPage(ocrWords(title, holder, ocrRow(2, 3, 40, 100, "Expiration Date: ________", 95))...),
			field: "expiration_date",
		},
		{
			name:  "a caption over an empty column",
			typ:   "bls",
			page:  ocrPage(ocrWords(title, holder, ocrRow(2, 3, 40, 100, "Issue Date", 95), ocrRow(2, 3, 200, 100, "Expiration Date", 95), ocrRow(3, 3, 40, 114, "03/01/2025", 95))...),
			field: "expiration_date",
		},
		{
			name:  "an expiry read is a value",
			typ:   "bls",
			page:  ocrPage(ocrWords(title, holder, ocrRow(2, 3, 40, 100, "Expiration Date: 03/31/2027", 95))...),
			field: "expiration_date",
		},
		{
			name:   "a holder's name lost under its label",
			typ:    "physical_exam",
			page:   ocrPage(ocrWords(ocrRow(0, 1, 40, 60, "Pre-Placement Physical Examination", 95), ocrRow(1, 2, 40, 80, "Patient Name: ~ ,' ~", 30))...),
			field:  "full_name",
			reason: `the page prints "Patient Name" but its value could not be read`,
		},
		{
			// The name is unread because the scan gave none, not by the
			// title's "Employee" taken for a label.
			name:   "a title's word is no label",
			typ:    "tb_skin_test",
			page:   ocrPage(ocrWords(ocrRow(0, 1, 40, 60, "Tuberculin Skin Test", 95), ocrRow(1, 2, 40, 80, "Employee Health Services Clinic", 95))...),
			field:  "full_name",
			reason: "no name of the document's holder could be read on the scan",
		},
		{
			name:   "a clearance heading whose answer was lost",
			typ:    "physical_exam",
			page:   ocrPage(ocrWords(ocrRow(0, 1, 40, 60, "Pre-Placement Physical Examination", 95), ocrRow(1, 2, 40, 80, "Name: Maria Alvarez", 95), ocrRow(2, 3, 40, 100, "Clearance: ~~ ;,~ l!", 30))...),
			field:  "cleared",
			reason: `the page prints "Clearance" but its value could not be read`,
		},
		{
			name:   "a license verification's status OCR garbled",
			typ:    "nursing_license",
			page:   ocrPage(ocrWords(ocrRow(0, 1, 40, 60, "License Verification", 95), ocrRow(1, 2, 40, 80, "Name: Maria Alvarez", 95), ocrRow(2, 3, 40, 100, "License Status: ~;,~ .!", 30))...),
			field:  "license_status",
			reason: `the page prints "License Status" but its value could not be read`,
		},
		{
			name:   "a dose table whose dates were lost",
			typ:    "mmr_record",
			page:   ocrPage(ocrWords(ocrRow(0, 1, 40, 60, "Certificate of Immunization", 95), ocrRow(1, 2, 40, 80, "Name: Maria Alvarez", 95), ocrRow(2, 3, 40, 100, "MMR Dose 1  ~~/;;", 40), ocrRow(3, 3, 40, 114, "MMR Dose 2  ?l/", 40))...),
			field:  "dose_dates",
			reason: `the page prints "Dose 1" but its dose dates could not be read`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Read(c, tt.typ, Document{Text: tt.page.Text(), Pages: []pagetext.Page{tt.page}, AsOf: testAsOf})
			checkKinds(t, c, tt.typ, got)
			u, unread := got.Fields[tt.field].(Unread)
			switch {
			case tt.reason == "" && unread:
				t.Errorf("%s = %#v, want no Unread (all: %v)", tt.field, u, got.Fields)
			case tt.reason != "" && (!unread || u.Reason != tt.reason):
				t.Errorf("%s = %#v, want Unread{%q} (all: %v)", tt.field, got.Fields[tt.field], tt.reason, got.Fields)
			}
			// The same words as a text layer: nothing is reported unread.
			text := Read(c, tt.typ, Document{Text: tt.page.Text(), AsOf: testAsOf})
			if v, ok := text.Fields[tt.field].(Unread); ok {
				t.Errorf("text: %s = %#v, want no Unread", tt.field, v)
			}
		})
	}
}

// eCardPage is an eCard as OCR reads it: the holder's name over the
// sentence, the instructor's over its caption, the dates over theirs,
// the renewal as given.
func eCardPage(renewal string) pagetext.Page {
	_, pages := namesPage(
		namesLine{y: 60, size: 15, cells: []namesCell{{100, "BLS Provider", 0}}},
		namesLine{y: 80, size: 12, cells: []namesCell{{100, "Amanda Hoffmann", 0}}},
		namesLine{y: 95, size: 6, cells: []namesCell{{100, "has successfully completed the cognitive and skills", 0}}},
		namesLine{y: 150, size: 7, cells: []namesCell{{100, "Robert Pruitt", 0}}},
		namesLine{y: 160, size: 5, cells: []namesCell{{100, "Instructor Name", 0}}},
		namesLine{y: 195, size: 7, cells: []namesCell{{63, "08/15/2026", 0}, {170, renewal, 60}}},
		namesLine{y: 209, size: 5, cells: []namesCell{{63, "Issue Date", 0}, {171, "Renew By", 0}}},
	)
	return pages[0]
}

// fragmentedCard is an eCard whose holder's name OCR read as fragments
// ("M u Ri" / "aria Rivera S ets") over the sentence under it.
func fragmentedCard() pagetext.Page {
	_, pages := namesPage(
		namesLine{y: 60, size: 15, cells: []namesCell{{100, "BLS Provider", 0}}},
		namesLine{y: 80, size: 6, cells: []namesCell{{100, "M u Ri", 40}, {300, "Anchorage, AK", 0}}},
		namesLine{y: 86, size: 6, cells: []namesCell{{104, "aria Rivera S ets", 45}}},
		namesLine{y: 95, size: 6, cells: []namesCell{{100, "has successfully completed the cognitive and skills", 0}, {330, "structor Name Robert Pruitt", 0}}},
	)
	return pages[0]
}

// TestDroppedSlashUnread: a date whose slash OCR dropped on a soft scan
// ("0312/2026", "0314/2026") is no date to complete or guess: the
// labelled field is reported unread, and no other date stands in for it.
func TestDroppedSlashUnread(t *testing.T) {
	c := catalog.MustLoad()
	page := ocrPage(ocrWords(
		ocrRow(0, 1, 40, 40, "Tuberculin Skin Test", 95),
		ocrRow(1, 2, 40, 60, "Patient: Maria Alvarez", 95),
		ocrRow(2, 3, 40, 80, "Date placed: 0312/2026", 70),
		ocrRow(3, 4, 40, 100, "Date read: 0314/2026", 70),
		ocrRow(4, 5, 40, 120, "Induration: 0 mm", 95),
		ocrRow(5, 6, 40, 140, "Result: Negative", 95),
	)...)
	res := Read(c, "tb_skin_test", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
	for _, f := range []string{"administered_date", "read_date"} {
		if _, ok := res.Fields[f].(Unread); !ok {
			t.Errorf("%s = %#v, want Unread", f, res.Fields[f])
		}
	}
}

// TestSplitYearUnread: a year OCR broke in two ("03/12/20 26") is no
// two-digit year 2020: the labelled date is reported unread; a two-digit
// year before a measure ("03/12/20 26 mm") or alone still reads.
func TestSplitYearUnread(t *testing.T) {
	c := catalog.MustLoad()
	page := ocrPage(ocrWords(
		ocrRow(0, 1, 40, 40, "Tuberculin Skin Test", 95),
		ocrRow(1, 2, 40, 60, "Patient: Maria Alvarez", 95),
		ocrRow(2, 3, 40, 80, "Date placed: 03/12/20 26", 80),
		ocrRow(3, 4, 40, 100, "Date read: 03/14/20 26", 80),
		ocrRow(4, 5, 40, 120, "Induration: 0 mm", 95),
		ocrRow(5, 6, 40, 140, "Result: Negative", 95),
	)...)
	res := Read(c, "tb_skin_test", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
	for _, f := range []string{"administered_date", "read_date"} {
		if _, ok := res.Fields[f].(Unread); !ok {
			t.Errorf("%s = %#v, want Unread", f, res.Fields[f])
		}
	}
	for _, tt := range []struct{ s, want string }{{"03/12/20 26 mm", "2020-03-12"}, {"03/12/20", "2020-03-12"}, {"03/12/20 10:30", "2020-03-12"}} {
		hs := dateFinder(roleDate)(tt.s)
		if len(hs) != 1 || hs[0].value != tt.want {
			t.Errorf("%q: %v, want %s", tt.s, hs, tt.want)
		}
	}
}

// TestNoHolderNameOnScanUnread: a scan from which no holder's name could
// be read, not even under a label the reader knows, lost it: the name is
// reported unread (the name rule skipped), not missing (failed). A text
// layer's words are all the page prints: there it stays missing.
func TestNoHolderNameOnScanUnread(t *testing.T) {
	c := catalog.MustLoad()
	rows := [][]word{
		ocrRow(0, 1, 40, 40, "Influenza Vaccine Administration Record", 95),
		ocrRow(1, 2, 40, 60, "Ernplcyee Narne: ~~ .", 40),
		ocrRow(2, 3, 40, 80, "Vaccine: Fluzone Quadrivalent", 95),
		ocrRow(3, 4, 40, 100, "Date given: 10/02/2026", 95),
	}
	page := ocrPage(ocrWords(rows...)...)
	res := Read(c, "influenza_vaccine", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
	if _, ok := res.Fields["full_name"].(Unread); !ok {
		t.Errorf("scan: full_name = %#v, want Unread", res.Fields["full_name"])
	}
	text := textPage([]cellAt{{40, "Influenza Vaccine Administration Record"}}, []cellAt{{40, "Vaccine: Fluzone Quadrivalent"}}, []cellAt{{40, "Date given: 10/02/2026"}})
	res = Read(c, "influenza_vaccine", Document{Text: text.Text(), Pages: []pagetext.Page{text}, AsOf: testAsOf})
	if v, ok := res.Fields["full_name"]; ok {
		t.Errorf("text: full_name = %#v, want none", v)
	}
}

// TestNoResultOnScanUnread: a test's record prints its result; a scan
// that gave none, under no label the reader knows, lost it: the result is
// unread (its rule skipped), not missing (failed).
func TestNoResultOnScanUnread(t *testing.T) {
	c := catalog.MustLoad()
	page := ocrPage(ocrWords(
		ocrRow(0, 1, 40, 40, "Medical Review Officer Verification", 95),
		ocrRow(1, 2, 40, 60, "Donor: Maria Alvarez", 95),
		ocrRow(2, 3, 40, 80, "Collected: 10/02/2026", 95),
		ocrRow(3, 4, 40, 100, "~~ ;l1 ,,", 30),
	)...)
	res := Read(c, "drug_screen", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
	if _, ok := res.Fields["result"].(Unread); !ok {
		t.Errorf("result = %#v, want Unread", res.Fields["result"])
	}
}
