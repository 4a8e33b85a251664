package extract

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// sureField is a field as a judge sees it: its value when read at least as
// surely as the catalog's threshold, else nil (left out, or uncertain).
func sureField(c *catalog.Catalog, res Result, field string) any {
	v, ok := res.Fields[field]
	if !ok || res.Confidence[field] < c.ConfidenceThreshold(field) {
		return nil
	}
	return v
}

// TestTiterFailsSafe: a titer that does not show immunity is never read
// as immune, whatever the wording, the legend beside it or the line OCR
// broke it over; a reading that contradicts itself is no reading.
func TestTiterFailsSafe(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, typ, text string
		want            any // the sure reading, nil for none
	}{
		{"non-reactive", "mmr_record", "Measles IgG: Non-reactive\nMumps IgG: Non-reactive\nRubella IgG: Non-reactive", "non_immune"},
		{"en dash non-reactive", "mmr_record", "MMR titer\nRubella IgG Antibody: Non–Reactive", "non_immune"},
		{"em dash non-immune", "varicella_record", "Varicella IgG titer: Non—Immune", "non_immune"},
		{"OCR zero for o", "varicella_record", "Varicella Zoster IgG Antibody    N0n-Reactive", "non_immune"},
		{"OCR broke non- over two lines", "varicella_record", "Varicella IgG Antibody Result: Non-\nReactive", "non_immune"},
		{"OCR broke not over two lines", "mmr_record", "MMR titer\nMeasles IgG Antibody   NOT\nIMMUNE", "non_immune"},
		{"negative", "varicella_record", "Varicella IgG antibody: Negative", "non_immune"},
		{"equivocal", "mmr_record", "MMR titer\nMeasles IgG: Equivocal\nMumps IgG: Immune\nRubella IgG: Immune", "non_immune"},
		{"indeterminate", "hepatitis_b_record", "Hepatitis B Surface Antibody: Indeterminate", "non_immune"},
		{"below protective level", "hepatitis_b_record", "Anti-HBs titer: Below protective level", "non_immune"},
		{"not protective", "hepatitis_b_record", "Hepatitis B surface antibody titer: Not protective", "non_immune"},
		{"less than ten", "hepatitis_b_record", "Hepatitis B Surface Antibody (Anti-HBs)  <10 mIU/mL", "non_immune"},
		{"less than ten spaced", "hepatitis_b_record", "Anti-HBs Quant: < 10.0 mIU/mL", "non_immune"},
		{"under ten", "hepatitis_b_record", "Hepatitis B Surface Antibody: 4.2 mIU/mL", "non_immune"},
		{"IU/L", "hepatitis_b_record", "Anti-HBs titer  6 IU/L", "non_immune"},
		{"immune by value", "hepatitis_b_record", "Hepatitis B Surface Antibody: 245 mIU/mL", "immune"},
		{"over a thousand", "hepatitis_b_record", "Anti-HBs titer: >1000 mIU/mL", "immune"},
		{"legend after the value", "hepatitis_b_record",
			"Hepatitis B Surface Ab   <3.0   mIU/mL   Immune >=10.0", "non_immune"},
		{"legend with a colon", "hepatitis_b_record",
			"Anti-HBs titer   8 mIU/mL   Immune: >= 10 mIU/mL", "non_immune"},
		{"legend row under the result", "mmr_record",
			"MMR titer\nRubella IgG Antibody   0.6 index\nImmune: >= 1.0  Non-immune: < 0.9", nil},
		{"legend lines only", "mmr_record",
			"Measles, Mumps, Rubella IgG titer\nInterpretation guide:\nImmune: > 1.10 AI\nEquivocal: 0.90 - 1.09 AI\nNon-immune: < 0.90 AI", nil},
		// The amount is the lab's measurement: under 10 is not immune
		// whatever word stands beside it.
		{"word says immune, value does not", "hepatitis_b_record",
			"Hepatitis B Surface Antibody   5 mIU/mL   Immune", "non_immune"},
		{"a lab's row: result, interpretation, range", "mmr_record",
			"Measles (Rubeola) Antibody, IgG   221.9   Immune   >16.4 Immune   AU/mL\n" +
				"Mumps Antibody, IgG   147.4   IMMUNE   >10.9 Immune   AU/mL\n" +
				"Rubella Antibody, IgG   0.7   Non-Immune   >=1.0 Immune   Index", "non_immune"},
		{"a lab's row with both answers in its range", "varicella_record",
			"Varicella-Zoster Virus Antibody (IgG)   4.73   POSITIVE   <0.90 Negative; >1.09 Positive   Index", "immune"},
		{"a lab's row, negative with both answers in its range", "varicella_record",
			"Varicella-Zoster Virus Antibody (IgG)   0.41   NEGATIVE   <0.90 Negative; >1.09 Positive   Index", "non_immune"},
		{"a test named immune status, no interpretation", "mmr_record",
			"Measles Immune Status   0.4 AI\nMumps Immune Status   0.3 AI\nRubella Immune Status   8.0 IU/mL", nil},
		{"a test named immune status, interpreted", "varicella_record",
			"Varicella Immune Status titer   Non-Immune", "non_immune"},
		{"a title naming immune status", "hepatitis_b_record",
			"Hepatitis B Immune Status Report\nAnti-HBs: see attached", nil},
		{"immune: no", "varicella_record", "Varicella titer\nImmune: No", "non_immune"},
		{"immune: yes", "varicella_record", "Varicella titer\nImmune: Yes", "immune"},
		{"an index that denies the word", "varicella_record", "Varicella IgG titer   0.42 index   IMMUNE", nil},
		{"a rubella amount that denies the word", "mmr_record",
			"Measles IgG: 2.1 AI Immune\nMumps IgG: 1.8 AI Immune\nRubella IgG: 6.2 IU/mL Immune", nil},
		{"amounts that agree", "mmr_record",
			"Measles IgG: 2.1 AI Immune\nMumps IgG: 1.8 AI Immune\nRubella IgG: 36.2 IU/mL Immune", "immune"},
		{"a titer and its word agree", "hepatitis_b_record",
			"Anti-HBs titer: 245 mIU/mL\nInterpretation: Immune", "immune"},
		{"two amounts disagree", "hepatitis_b_record",
			"Anti-HBs titer (2019): <3 mIU/mL\nAnti-HBs titer (2024): 245 mIU/mL", nil},
		{"surface antigen positive is infection", "hepatitis_b_record",
			"Hepatitis B Surface Antigen (HBsAg) titer: Positive", nil},
		{"core antibody positive is no vaccine immunity", "hepatitis_b_record",
			"Hepatitis B Core Antibody, Total titer: Reactive", nil},
		{"only measles reported", "mmr_record", "MMR titer\nMeasles (Rubeola) IgG Antibody: Immune", nil},
		{"all three immune", "mmr_record",
			"Measles IgG Antibody: Immune\nMumps IgG Antibody: Immune\nRubella IgG Antibody: Immune", "immune"},
		{"combined titer immune", "mmr_record", "MMR titer: Positive (immune)", "immune"},
		{"contradiction on one line", "varicella_record", "Varicella IgG titer: Positive - Not immune", nil},
		{"interpretation denies immunity", "mmr_record",
			"Measles IgG: Positive\nMumps IgG: Positive\nRubella IgG: Positive\nOverall interpretation: Not immune", "non_immune"},
		{"badge in a sentence", "varicella_record", "Varicella titer\nYour varicella antibody result is NEGATIVE, you are not immune.", "non_immune"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Extract(c, tt.typ, tt.text, testAsOf)
			if got := sureField(c, res, "titer_result"); got != tt.want {
				t.Fatalf("titer_result = %#v (conf %.2f), want %#v", res.Fields["titer_result"], res.Confidence["titer_result"], tt.want)
			}
		})
	}
}

// TestDosesAreGiven: only doses given count; a date of birth, a print
// date, a dose due or scheduled, a refused dose or a titer's date is none.
func TestDosesAreGiven(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, typ, text string
		want            []string
	}{
		{"dose table", "hepatitis_b_record",
			"Hepatitis B Vaccine Series\nDose 1: 01/10/2024\nDose 2: 02/12/2024\nDose 3: 07/15/2024",
			[]string{"2024-01-10", "2024-02-12", "2024-07-15"}},
		{"third dose scheduled", "hepatitis_b_record",
			"Hepatitis B Vaccine Series\nDose 1: 01/10/2020\nDose 2: 02/12/2020\nDose 3: scheduled 07/15/2020",
			[]string{"2020-01-10", "2020-02-12"}},
		{"third dose not given", "hepatitis_b_record",
			"Hepatitis B Vaccine Series\nDose 1: 01/10/2020\nDose 2: 02/12/2020\nDose 3: Not given - appointment 07/15/2020",
			[]string{"2020-01-10", "2020-02-12"}},
		{"third dose refused", "hepatitis_b_record",
			"Hepatitis B Vaccine Series\nDose 1: 01/10/2020\nDose 2: 02/12/2020\nDose 3: Refused 07/15/2020",
			[]string{"2020-01-10", "2020-02-12"}},
		{"date of birth on the vaccine line", "mmr_record",
			"MMR Immunization Record for Jane Doe, born 03/04/1990\nMMR dose 1: 03/10/1991",
			[]string{"1991-03-10"}},
		{"record date on the title line", "hepatitis_b_record",
			"Hepatitis B Vaccination Record      Date: 03/10/2026\nHep B dose 1  01/10/2024\nHep B dose 2  02/12/2024",
			[]string{"2024-01-10", "2024-02-12"}},
		{"titer date is no dose", "mmr_record",
			"MMR\nMMR dose 1: 03/10/1991\nMMR titer drawn 05/01/2025: Immune",
			[]string{"1991-03-10"}},
		{"a date run into the next column", "covid19_vaccine",
			"COVID-19 Vaccination Record Card\n1st Dose COVID-19      Moderna 3R1647      04/20/2021Kroger Pharmacy\n" +
				"2nd Dose COVID-19      Moderna SS9426      05/20/2021Rite Aid Pharmacy",
			[]string{"2021-04-20", "2021-05-20"}},
		{"a row's second date is another column's", "mmr_record",
			"MMR Vaccine Administration\nMMR II   Merck   L123   01/05/1991   04/20/2012",
			[]string{"1991-01-05"}},
		{"a list of doses on one line", "hepatitis_b_record",
			"Hepatitis B vaccine given 01/10/2020, 02/12/2020 and 07/15/2020",
			[]string{"2020-01-10", "2020-02-12", "2020-07-15"}},
		{"doses named on one line", "hepatitis_b_record",
			"Hep B   Dose 1 01/10/2020   Dose 2 02/12/2020   Dose 3 07/15/2020",
			[]string{"2020-01-10", "2020-02-12", "2020-07-15"}},
		{"a dose's number is no day", "varicella_record",
			"Varicella Vaccine Record\nDose 1 Mar 13, 1996\nDose 2 Jun 12, 1997\n3rd Jul 15, 1998",
			[]string{"1996-03-13", "1997-06-12", "1998-07-15"}},
		{"a date wrapped in its cell", "varicella_record",
			"Varicella Vaccine Record\nVaricella dose 1   Mar 3,      Merck\n                   1996\nVaricella dose 2   Jun 12,     Merck\n                   1997",
			[]string{"1996-03-03", "1997-06-12"}},
		{"one dose read two ways", "mmr_record",
			"MMR Vaccine Record\nMMR dose 1: 01/05/1991\nSummary: MMR last given 01/06/1991",
			[]string{"1991-01-05"}},
		{"a date before birth is no dose", "varicella_record",
			"Date of Birth: 05/05/1995\nVaricella vaccine 01/02/1994\nVaricella vaccine 06/01/1996",
			[]string{"1996-06-01"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Extract(c, tt.typ, tt.text, testAsOf)
			got, _ := sureField(c, res, "dose_dates").([]string)
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("dose_dates = %#v (conf %.2f), want %#v", res.Fields["dose_dates"], res.Confidence["dose_dates"], tt.want)
			}
		})
	}
}

// TestAdministeredIsNoBirthDate: a single vaccine's date is never the
// holder's date of birth, however the cells wrapped.
func TestAdministeredIsNoBirthDate(t *testing.T) {
	c := catalog.MustLoad()
	text := "Tdap Vaccination Record\nName: Jane Doe\nDate of Birth: 04/12/1990\nVaccine        Date Administered     Lot\nBoostrix       Mar 3,                AC52B\n               2019"
	res := Extract(c, "tdap_record", text, testAsOf)
	if got := sureField(c, res, "administered_date"); got == "1990-04-12" {
		t.Fatalf("administered_date = %v, the date of birth", got)
	}
}

// TestDeclinationFailsSafe: a form is a declination only where the
// candidate declined; a consent form's conditional wording or a form
// whose boxes OCR lost is not.
func TestDeclinationFailsSafe(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name, text string
		want       any
	}{
		{"signed declination", "Hepatitis B Vaccine Declination\nI understand that due to my occupational exposure to blood I may be at risk. " +
			"I decline hepatitis B vaccination at this time.\nSignature: Jane Doe  Date: 01/02/2026", true},
		{"ticked consent", "Hepatitis B Vaccine Consent / Declination\n[X] I consent to receive the hepatitis B vaccine series\n[ ] I decline", false},
		{"ticked declination", "Hepatitis B Vaccine Consent / Declination\n[ ] I consent to receive the hepatitis B vaccine series\n[X] I decline", true},
		{"boxes lost", "Hepatitis B Vaccine Consent or Declination Form\nI consent to receive the hepatitis B vaccine series\nI decline the hepatitis B vaccine", nil},
		{"conditional wording", "Hepatitis B Vaccine Information\nIf I decline the vaccine now, I may request it later at no cost.\nHep B dose 1: 01/10/2024", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Extract(c, "hepatitis_b_record", tt.text, testAsOf)
			if got := sureField(c, res, "declined"); got != tt.want {
				t.Fatalf("declined = %#v (conf %.2f), want %#v", res.Fields["declined"], res.Confidence["declined"], tt.want)
			}
		})
	}
}

// TestUnsureOCRIsNoImmunity: a titer read as immune from words OCR was
// unsure of is reported uncertain; read as not immune it stands.
func TestUnsureOCRIsNoImmunity(t *testing.T) {
	c := catalog.MustLoad()
	page := func(conf float64, result string) (string, []pagetext.Page) {
		rows := ocrWords(ocrRow(0, 0, 40, 60, "Varicella IgG Antibody Titer", 95), ocrRow(1, 0, 40, 90, "Result:", 95),
			ocrRow(1, 0, 120, 90, result, conf))
		p := ocrPage(rows...)
		return p.Text(), []pagetext.Page{p}
	}
	tests := []struct {
		name   string
		conf   float64
		result string
		want   any
	}{
		{"sure immune", 93, "Immune", "immune"},
		{"unsure immune", 55, "Immune", nil},
		{"unsure negative", 55, "Negative", "non_immune"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, pages := page(tt.conf, tt.result)
			res := Read(c, "varicella_record", Document{Text: text, Pages: pages, AsOf: testAsOf})
			if got := sureField(c, res, "titer_result"); got != tt.want {
				t.Fatalf("titer_result = %#v (conf %.2f), want %#v\n%s", res.Fields["titer_result"], res.Confidence["titer_result"], tt.want, text)
			}
		})
	}
}

func TestImmunizationTextHelpers(t *testing.T) {
	for in, want := range map[string]string{
		"Dose 2 Jun 12, 1997": "Dose   Jun 12, 1997",
		"#3 12/01/2020":       "#  12/01/2020",
		"2nd Jun 12, 1997":    "    Jun 12, 1997",
		"dose 10: 01/02/2020": "dose   : 01/02/2020",
	} {
		if got := doseNumbers(in); got != want {
			t.Errorf("doseNumbers(%q) = %q, want %q", in, got, want)
		}
	}
	in := "Non–Reactive  N0n-Immune Non—immune NOM-REACTIVE"
	if got := resultText(in); len(got) != len(in) || strings.Count(got, "Non-") != 3 || !strings.Contains(got, "NON-REACTIVE") {
		t.Fatalf("resultText = %q", got)
	}
}

// TestDoseColumns: where the page's layout is known, a row's dates count
// as doses only under dose headings; under a heading OCR damaged, or none,
// a row gives one dose.
func TestDoseColumns(t *testing.T) {
	c := catalog.MustLoad()
	tests := []struct {
		name string
		page pagetext.Page
		want []string
	}{
		{"dose columns", textPage(
			[]cellAt{{40, "Hepatitis B Vaccine Record"}},
			[]cellAt{{40, "Vaccine"}, {160, "Dose 1"}, {260, "Dose 2"}, {360, "Dose 3"}},
			[]cellAt{{40, "Engerix-B"}, {160, "01/10/2020"}, {260, "02/12/2020"}, {360, "07/15/2020"}},
		), []string{"2020-01-10", "2020-02-12", "2020-07-15"}},
		{"a VIS column OCR spelt V1S", textPage(
			[]cellAt{{40, "Hepatitis B Vaccine Record"}},
			[]cellAt{{40, "Vaccine"}, {160, "Date Given"}, {260, "Lot"}, {360, "|V1S Date"}},
			[]cellAt{{40, "Hep B"}, {160, "01/10/2020"}, {260, "AB12"}, {360, "08/15/2019"}},
			[]cellAt{{40, "Hep B"}, {160, "02/12/2020"}, {260, "AB13"}, {360, "08/15/2019"}},
		), []string{"2020-01-10", "2020-02-12"}},
		{"a second date column with no heading read", textPage(
			[]cellAt{{40, "Hepatitis B Vaccine Record"}},
			[]cellAt{{40, "Vaccine"}, {160, "Date Given"}, {260, "Lot"}},
			[]cellAt{{40, "Hep B"}, {160, "01/10/2020"}, {260, "AB12"}, {360, "08/15/2019"}},
			[]cellAt{{40, "Hep B"}, {160, "02/12/2020"}, {260, "AB13"}, {360, "08/15/2019"}},
		), []string{"2020-01-10", "2020-02-12"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Read(c, "hepatitis_b_record", Document{Text: tt.page.Text(), Pages: []pagetext.Page{tt.page}, AsOf: testAsOf})
			got, _ := sureField(c, res, "dose_dates").([]string)
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("dose_dates = %#v (conf %.2f), want %#v\n%s", res.Fields["dose_dates"], res.Confidence["dose_dates"], tt.want, tt.page.Text())
			}
		})
	}
}

// TestOCRDoseTable: a scanned dose table whose VIS column heading OCR
// spelt with stray bars and changed case counts one dose a row.
func TestOCRDoseTable(t *testing.T) {
	c := catalog.MustLoad()
	p := ocrPage(ocrWords(
		ocrRow(0, 0, 40, 40, "MMR Immunization History", 92),
		ocrRow(1, 0, 40, 70, "Vaccine", 90), ocrRow(1, 0, 160, 70, "Date Given", 88), ocrRow(1, 0, 260, 70, "| Lot", 70), ocrRow(1, 0, 360, 70, "|V1S Date", 61),
		ocrRow(2, 0, 40, 90, "MMR II", 91), ocrRow(2, 0, 160, 90, "03/10/1991", 90), ocrRow(2, 0, 260, 90, "| L8812", 85), ocrRow(2, 0, 360, 90, "04/20/1990", 89),
	)...)
	res := Read(c, "mmr_record", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
	got, _ := res.Fields["dose_dates"].([]string)
	if len(got) != 1 || got[0] != "1991-03-10" {
		t.Fatalf("dose_dates = %#v (conf %.2f), want one dose, 1991-03-10\n%s", res.Fields["dose_dates"], res.Confidence["dose_dates"], p.Text())
	}
}

// TestWrappedCells: a date a narrow cell wrapped ("Mar 3," over "2019")
// is read with the year under its own column, not another's.
func TestWrappedCells(t *testing.T) {
	c := catalog.MustLoad()
	page := textPage(
		[]cellAt{{40, "Tdap Vaccination Record"}},
		[]cellAt{{40, "Name: Jane Doe"}, {300, "Date of Birth: 04/12/1990"}},
		[]cellAt{{40, "Vaccine"}, {160, "Date Administered"}, {300, "VIS Date"}, {420, "Lot"}},
		[]cellAt{{40, "Boostrix"}, {160, "Mar 3,"}, {300, "Aug 6,"}, {420, "AC52B"}},
		[]cellAt{{160, "2019"}, {300, "2021"}},
	)
	res := Read(c, "tdap_record", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
	if got := sureField(c, res, "administered_date"); got != "2019-03-03" {
		t.Fatalf("administered_date = %#v (conf %.2f), want 2019-03-03\n%s", res.Fields["administered_date"], res.Confidence["administered_date"], page.Text())
	}
	mmr := textPage(
		[]cellAt{{40, "MMR Vaccination Record"}},
		[]cellAt{{40, "Vaccine"}, {160, "Date Given"}, {300, "Next Due"}},
		[]cellAt{{40, "MMR dose 1"}, {160, "Mar 3,"}, {300, "Jun 5,"}},
		[]cellAt{{160, "1991"}, {300, "1995"}},
		[]cellAt{{40, "MMR dose 2"}, {160, "Jun 5,"}},
		[]cellAt{{160, "1995"}},
	)
	res = Read(c, "mmr_record", Document{Text: mmr.Text(), Pages: []pagetext.Page{mmr}, AsOf: testAsOf})
	got, _ := sureField(c, res, "dose_dates").([]string)
	if !reflect.DeepEqual(got, []string{"1991-03-03", "1995-06-05"}) {
		t.Fatalf("dose_dates = %#v (conf %.2f)\n%s", res.Fields["dose_dates"], res.Confidence["dose_dates"], mmr.Text())
	}
}

// TestEventDateReadAsBirthDate: an event date whose lookup took the date
// of birth (a label row over a value row whose columns were matched up
// wrong) is reported uncertain, not left out: the document prints the
// date, the reader did not read it.
func TestEventDateReadAsBirthDate(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct{ typ, field, text string }{
		{"physical_exam", "exam_date", "Pre-placement Physical Examination\nName: Jane Doe\nDate of Birth: 04/12/1990\nExam Date: 04/12/1990\nCleared for full duty"},
		{"tb_skin_test", "read_date", "TB Skin Test\nName: Jane Doe\nDate of Birth: 04/12/1990\nDate Read: 04/12/1990\nResult: Negative"},
		{"tdap_record", "administered_date", "Tdap Vaccination Record\nName: Jane Doe\nDate of Birth: 04/12/1990\nDate Administered: 04/12/1990"},
	} {
		res := Extract(c, tt.typ, tt.text, testAsOf)
		if _, ok := res.Fields[tt.field]; !ok {
			t.Errorf("%s: %s left out, want it reported uncertain", tt.typ, tt.field)
			continue
		}
		if got := sureField(c, res, tt.field); got != nil {
			t.Errorf("%s: %s = %v read surely, the date of birth", tt.typ, tt.field, got)
		}
	}
}

// TestTypesetSpacesInResults: a typesetter's no-break or thin space
// inside a result's words ("Non&nbsp;Reactive") keeps its meaning.
func TestTypesetSpacesInResults(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct{ text, want string }{
		{"Varicella IgG Antibody Titer\nResult: Non\u00a0Reactive", "non_immune"},
		{"Varicella IgG Antibody Titer\nResult: Not\u2009Immune", "non_immune"},
		{"Varicella IgG Antibody Titer\nResult: Reactive", "immune"},
	} {
		res := Extract(c, "varicella_record", tt.text, testAsOf)
		if got := res.Fields["titer_result"]; got != tt.want {
			t.Errorf("%q: titer_result %v, want %s", tt.text, got, tt.want)
		}
	}
}

// TestShortSeriesOnAScan: on a scanned vaccine-administration table, a
// short series stands where each row's other date (a VIS edition under a
// heading OCR garbled) was set aside, and is withheld only where a dose
// row shows a lot or status but no date read.
func TestShortSeriesOnAScan(t *testing.T) {
	c := catalog.MustLoad()
	rows := func(extra ...[]word) pagetext.Page {
		ws := ocrWords(append([][]word{ocrRow(0, 0, 40, 40, "Hepatitis B Vaccination Record", 95), ocrRow(1, 0, 40, 60, "Name: Jane Doe", 95),
			ocrRow(2, 0, 40, 80, "Vacc1ne Dte Gvn V|S", 40),
			ocrRow(3, 0, 40, 100, "Hep B 01/10/2020 05/17/2019", 95), ocrRow(4, 0, 40, 120, "Hep B 02/12/2020 05/17/2019", 95)}, extra...)...)
		return ocrPage(ws...)
	}
	for _, tt := range []struct {
		name string
		page pagetext.Page
		want any
	}{
		{"two rows, each with a VIS date", rows(), "[2020-01-10 2020-02-12]"},
		{"a third row whose date was lost", rows(ocrRow(5, 0, 40, 140, "Hep B AB1234 Administered", 95)), "<nil>"},
	} {
		res := Read(c, "hepatitis_b_record", Document{Text: tt.page.Text(), Pages: []pagetext.Page{tt.page}, AsOf: testAsOf})
		if got := fmt.Sprint(sureField(c, res, "dose_dates")); got != tt.want {
			t.Errorf("%s: dose_dates %v (conf %.2f), want %v", tt.name, res.Fields["dose_dates"], res.Confidence["dose_dates"], tt.want)
		}
	}
}

// TestPipeTableLot: a lot number under its heading in a table drawn with
// bars, in the row of the type's vaccine.
func TestPipeTableLot(t *testing.T) {
	c := catalog.MustLoad()
	head := "Vaccine Administration Record\nPatient: Maria Alvarez   DOB: 04/12/1990\n"
	tests := []struct {
		text string
		want any
	}{
		{head + "Immunization | Date | Lot | Route\nTdap | 03/02/2024 | 3CA45B1 | IM\n", "3CA45B1"},
		{head + "| Vaccine | Date Given | Lot Number | Site |\n| Influenza | 10/01/2025 | U7432AA | L deltoid |\n| Tdap (Boostrix) | 03/02/2024 | AC52B609BA | R deltoid |\n", "AC52B609BA"},
		// Two Tdap rows: whose lot is meant cannot be told.
		{head + "Vaccine | Date | Lot | Route\nTdap | 03/02/2014 | 3CA45B1 | IM\nTdap | 03/02/2024 | 4DB56C2 | IM\n", nil},
	}
	for _, tt := range tests {
		got := Extract(c, "tdap_record", tt.text, testAsOf)
		if got.Fields["lot_number"] != tt.want {
			t.Errorf("%q: lot_number = %#v, want %#v", tt.text, got.Fields["lot_number"], tt.want)
		}
	}
}

// TestContinuationDoseRows: on an adult immunization card a vaccine's
// later doses stand in rows whose vaccine cell is blank, right under its
// named row; a row naming nothing that is not a dose row ends the run.
func TestContinuationDoseRows(t *testing.T) {
	c := catalog.MustLoad()
	head := "Adult Immunization Record\nName: Maria Alvarez    Date of birth: 04/12/1990\nVaccine    Date given    Given by\n"
	tests := []struct {
		typ, body string
		want      []string
	}{
		{"varicella_record", "Varicella (chickenpox)    08/01/2010    Dr. Smith\n    09/05/2010    Dr. Smith\nMMR    06/01/2010    Dr. Smith\n    07/15/2010    Dr. Smith\n",
			[]string{"2010-08-01", "2010-09-05"}},
		{"hepatitis_b_record", "Hepatitis B    08/01/2010    Dr. Smith\n    09/05/2010    Dr. Smith\n    02/05/2011    Dr. Smith\nTdap    06/01/2020    Dr. Smith\n",
			[]string{"2010-08-01", "2010-09-05", "2011-02-05"}},
		{"hepatitis_b_record", "Hepatitis B    08/01/2010    Dr. Smith\n    09/05/2010    Dr. Smith\nNext dose due 02/05/2011\n",
			[]string{"2010-08-01", "2010-09-05"}},
		// A registry's vaccine group: rows numbered by dose.
		{"varicella_record", "Varicella (VAR)\n1    08/01/2010    Valid\n2    09/05/2010    Valid\nMMR\n1    06/01/2010    Valid\n",
			[]string{"2010-08-01", "2010-09-05"}},
		// A blank line parts the table from a later date.
		{"hepatitis_b_record", "Hepatitis B    08/01/2010    Dr. Smith\n\n02/05/2011 printed\n",
			[]string{"2010-08-01"}},
	}
	for _, tt := range tests {
		got := Extract(c, tt.typ, head+tt.body, testAsOf)
		if ds, _ := got.Fields["dose_dates"].([]string); !slices.Equal(ds, tt.want) {
			t.Errorf("%s %q: dose_dates = %v, want %v", tt.typ, tt.body, got.Fields["dose_dates"], tt.want)
		}
	}
}

// TestTiterCorroborated: a titer every reading of which says immune, one
// read surely, is immune though another was read unsurely; readings all
// unsure stay uncertain.
func TestTiterCorroborated(t *testing.T) {
	c := catalog.MustLoad()
	page := func(rowConf, commentConf float64) pagetext.Page {
		return ocrPage(ocrWords(
			ocrRow(0, 1, 40, 60, "BioReference Laboratories", 95),
			ocrRow(1, 2, 40, 80, "Patient Name: DELA CRUZ, LUCIA N", 95),
			ocrRow(2, 3, 40, 100, "VARICELLA-ZOSTER VIRUS ANTIBODY (IGG)", 95),
			ocrRow(3, 4, 40, 114, "Test Result Interpretation", 95),
			ocrRow(4, 5, 40, 128, "Varicella-Zoster Virus Antibody (IgG) 154 POSITIVE", rowConf),
			ocrRow(5, 6, 40, 142, "Interpretation: Positive for VZV IgG antibody, consistent with immunity", commentConf),
		)...)
	}
	for _, tt := range []struct {
		row, comment float64
		sure         bool
	}{{95, 40, true}, {40, 95, true}, {40, 40, false}} {
		p := page(tt.row, tt.comment)
		got := Read(c, "varicella_record", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		v, conf := got.Fields["titer_result"], got.Confidence["titer_result"]
		if v != "immune" || (conf >= c.ConfidenceThreshold("titer_result")) != tt.sure {
			t.Errorf("row %v, comment %v: titer_result %v at %v, want immune, sure %v", tt.row, tt.comment, v, conf, tt.sure)
		}
	}
}

// TestStrayDoseDates: on a scan, dates standing alone under a registry's
// immunization history that no dose row took (rows OCR broke apart, their
// vaccine's name lost) leave a short series, or none, for a person to
// count; a short series with no such date stays short.
func TestStrayDoseDates(t *testing.T) {
	c := catalog.MustLoad()
	head := []namesLine{
		{y: 40, size: 9, cells: []namesCell{{60, "Ohio Immunization Information System", 0}}},
		{y: 60, size: 9, cells: []namesCell{{60, "Client Name: Ramirez, Ebony L.", 0}}},
		{y: 72, size: 9, cells: []namesCell{{60, "Date of Birth: 02/24/1968", 0}}},
		{y: 90, size: 9, cells: []namesCell{{60, "Immunization History", 0}}},
	}
	for _, tt := range []struct {
		name, typ string
		rows      []namesLine
		want      any     // dose_dates reported sure
		unread    bool    // dose_dates reported Unread
		maxConf   float64 // where want is nil and not unread
	}{
		{"dates alone, their vaccine lost", "varicella_record", []namesLine{
			{y: 104, size: 9, cells: []namesCell{{60, "06/24/1991", 0}}},
			{y: 116, size: 9, cells: []namesCell{{60, "08/17/1991", 0}}},
		}, nil, true, 0},
		{"one row read, another's date alone", "mmr_record", []namesLine{
			{y: 104, size: 9, cells: []namesCell{{60, "-M-R It (Merck) ministered", 0}}},
			{y: 116, size: 9, cells: []namesCell{{60, "1989-02-18", 0}}},
			{y: 128, size: 9, cells: []namesCell{{60, "| Historical", 0}}},
			{y: 140, size: 9, cells: []namesCell{{60, "1992-11-23 | 2 of 2 | Priorix (GSK)", 0}}},
		}, nil, false, 0.49},
		{"a short series with nothing lost", "mmr_record", []namesLine{
			{y: 104, size: 9, cells: []namesCell{{60, "1992-11-23 | 1 of 2 | Priorix (GSK)", 0}}},
		}, []string{"1992-11-23"}, false, 0},
	} {
		text, pages := namesPage(append(slices.Clone(head), tt.rows...)...)
		res := Read(c, tt.typ, Document{Text: text, Pages: pages, AsOf: testAsOf})
		got := sureField(c, res, "dose_dates")
		_, unread := res.Fields["dose_dates"].(Unread)
		switch {
		case tt.want != nil && fmt.Sprint(got) != fmt.Sprint(tt.want):
			t.Errorf("%s: dose_dates = %v (conf %.2f), want %v", tt.name, res.Fields["dose_dates"], res.Confidence["dose_dates"], tt.want)
		case tt.want == nil && got != nil:
			t.Errorf("%s: dose_dates = %v surely, want none sure", tt.name, got)
		case unread != tt.unread:
			t.Errorf("%s: dose_dates = %#v, unread %v, want unread %v", tt.name, res.Fields["dose_dates"], unread, tt.unread)
		case tt.maxConf > 0 && (res.Fields["dose_dates"] == nil || res.Confidence["dose_dates"] > tt.maxConf):
			t.Errorf("%s: dose_dates = %v (conf %.2f), want read unsurely", tt.name, res.Fields["dose_dates"], res.Confidence["dose_dates"])
		}
	}
}

// TestSharedLotHeading: a lot's column whose heading it shares with the
// lot's expiry or the vaccine's maker ("Lot/Exp", "Manufacturer & Lot")
// gives the id among its words.
func TestSharedLotHeading(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct{ heading, cell string }{
		{"Lot/Exp", "AC52B609BA / 12-2027"},
		{"Manufacturer & Lot", "GSK AC52B609BA"},
	} {
		p := textPage([]cellAt{{40, "Vaccine Administration Record"}}, []cellAt{{40, "Patient: Maria Alvarez"}, {300, "DOB: 04/12/1990"}},
			[]cellAt{{40, "Date"}, {110, "Vaccine"}, {220, tt.heading}, {400, "Site"}},
			[]cellAt{{40, "03/02/2026"}, {110, "Tdap (Boostrix)"}, {220, tt.cell}, {400, "L deltoid"}})
		res := Read(c, "tdap_record", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: testAsOf})
		if got := sureField(c, res, "lot_number"); got != "AC52B609BA" {
			t.Errorf("%q over %q: lot_number = %#v (conf %.2f), want AC52B609BA", tt.heading, tt.cell, res.Fields["lot_number"], res.Confidence["lot_number"])
		}
	}
}

// TestTiterFootnoteIsNoResult: a footnote's sentence under a titer's row
// ("Results of equivocal or negative indicate lack of ... immunity") is
// no result of its own; a wrapped result that opens with its answer is.
func TestTiterFootnoteIsNoResult(t *testing.T) {
	c := catalog.MustLoad()
	head := "Labcorp\nPatient Name: NAKAMURA, RHEA REYES Date Collected: 07/05/2023\nVARICELLA-ZOSTER VIRUS ANTIBODY (IGG)\n" +
		"Interpretation: Positive for VZV IgG antibody, consistent with immunity\nVaricella-Zoster Virus Antibody (IgG)\n"
	for _, tt := range []struct {
		next string
		want any
	}{
		{"Antibody testing for immunity documentation of health care personnel. Results of equivocal or negative indicate lack of presumptive evidence of immunity per\n", "immune"},
		{"Negative - no detectable antibody; the patient is not immune and should be vaccinated per ACIP guidance\n", "non_immune"},
	} {
		res := Extract(c, "varicella_record", head+tt.next, testAsOf)
		if got := sureField(c, res, "titer_result"); got != tt.want {
			t.Errorf("%q: titer_result = %#v (conf %.2f), want %#v", tt.next, res.Fields["titer_result"], res.Confidence["titer_result"], tt.want)
		}
	}
}

// TestRowCellsReadAsLines: OCR may read a vaccine-admin table's row cell
// by cell, each cell a line of its own ("Tdap" / "2020-11-17" /
// "U7886A"), its heading row lost: the row's other cells still give the
// dose's date and lot. A date on another row stays no dose of it.
func TestRowCellsReadAsLines(t *testing.T) {
	c := catalog.MustLoad()
	rows := ocrWords(
		ocrRow(0, 1, 44, 40, "Passport Health", 95),
		ocrRow(1, 2, 44, 56, "Immunization Administration Record", 95),
		ocrRow(2, 3, 44, 97, "Patient: MACKENZIE, RACHEL", 95),
		ocrRow(3, 4, 44, 117, "DOB: 1987-08-18", 95),
		ocrRow(4, 5, 46, 187, "Tdap", 92),
		ocrRow(5, 6, 171, 188, "2020-11-17", 96),
		ocrRow(6, 7, 256, 189, "U7886A", 92),
		ocrRow(7, 8, 348, 190, "0.5 mL IM", 60),
		ocrRow(8, 9, 40, 300, "Reviewed 2026-03-02", 95),
	)
	page := ocrPage(rows...)
	res := Read(c, "tdap_record", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
	if got := sureField(c, res, "administered_date"); got != "2020-11-17" {
		t.Errorf("administered_date = %#v (conf %.2f), want 2020-11-17", res.Fields["administered_date"], res.Confidence["administered_date"])
	}
	if got := sureField(c, res, "lot_number"); got != "U7886A" {
		t.Errorf("lot_number = %#v (conf %.2f), want U7886A", res.Fields["lot_number"], res.Confidence["lot_number"])
	}
}

// TestRowCellsShortSeriesUncertain: a dose a series' table gave only
// through a row OCR read cell by cell leaves the list uncertain while it
// is shorter than the series: the table's other rows may have been lost
// the same way (a one-dose list read surely failed a good record).
func TestRowCellsShortSeriesUncertain(t *testing.T) {
	c := catalog.MustLoad()
	rows := ocrWords(
		ocrRow(0, 1, 44, 40, "Adult Immunization Card", 95),
		ocrRow(1, 2, 44, 97, "Name: MACKENZIE, RACHEL", 95),
		ocrRow(2, 3, 44, 117, "DOB: 1987-08-18", 95),
		ocrRow(3, 4, 46, 187, "Hepatitis B", 92),
		ocrRow(4, 5, 171, 188, "2019-02-11", 96),
		ocrRow(5, 6, 256, 189, "AB12C", 92),
		ocrRow(6, 7, 40, 300, "Reviewed 2026-03-02", 95),
	)
	page := ocrPage(rows...)
	res := Read(c, "hepatitis_b_record", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
	if got := sureField(c, res, "dose_dates"); got != nil {
		t.Errorf("dose_dates = %#v read surely (conf %.2f), want uncertain", got, res.Confidence["dose_dates"])
	}
}

// TestVISGivenIsNoDose: the day a Vaccine Information Statement was
// handed over, or its edition, is no dose, though its caption ends in
// "given" or "date".
func TestVISGivenIsNoDose(t *testing.T) {
	c := catalog.MustLoad()
	head := "Vaccine Administration Record\nPatient: Dana K. Oyelaran    DOB: 07-04-1993\n"
	for _, tt := range []struct {
		body string
		want any
	}{
		{"Tdap (Adacel)    09-18-2024    C5981AA\nVIS given: Tdap 08/06/2021; Influenza 08/06/2024\n", "2024-09-18"},
		{"VIS given: 08/06/2021\n", nil},
		{"Vaccine: Tdap\nVIS Date Given: 08/06/2021\n", nil},
		{"Tdap    Date given: 09/18/2024\nVIS edition date: 08/06/2021\n", "2024-09-18"},
	} {
		got := Extract(c, "tdap_record", head+tt.body, testAsOf)
		v, ok := got.Fields["administered_date"]
		sure := ok && got.Confidence["administered_date"] >= c.ConfidenceThreshold("administered_date")
		if tt.want == nil && sure || tt.want != nil && (!sure || v != tt.want) {
			t.Errorf("%q: administered_date = %#v (%.2f), want %#v", tt.body, v, got.Confidence["administered_date"], tt.want)
		}
	}
}

// TestBrokenDateLosesDose: a registry's row of the record's vaccine whose
// date OCR broke ("08/0 1/2008") is a dose the reader lost: the doses
// read are not the whole series, and are not reported surely.
func TestBrokenDateLosesDose(t *testing.T) {
	c := catalog.MustLoad()
	for _, tt := range []struct {
		second string
		want   any
	}{
		{"Varicella Varivax 08/01/2008 2 V2804 Merck", []string{"2008-06-20", "2008-08-01"}},
		{"Varicella Varivax 08/0 1/2008 2 V 2804 Merck", nil},
		{"Varicella Varivax 08/01/20 08 2 V 2804 Merck", nil},
	} {
		d := ocrDocument(
			ocrRow(0, 1, 40, 40, "Nevada WebIZ - Official Immunization Record", 95),
			ocrRow(1, 1, 40, 60, "Client: TRAN, MINH ANH Birth Date: 03/17/1991", 95),
			ocrRow(2, 2, 40, 90, "Vaccine Group Vaccine Date Given Dose Lot Number Manufacturer", 95),
			ocrRow(3, 2, 40, 110, "MMR MMR II 05/02/1992 1 M0331 Merck", 95),
			ocrRow(4, 2, 40, 130, "Varicella Varivax 06/20/2008 1 V2219 Merck", 95),
			ocrRow(5, 2, 40, 150, tt.second, 95),
			ocrRow(6, 2, 40, 170, "Influenza Fluzone Quad 10/12/2025 UT7741 Sanofi", 95),
		)
		d.AsOf = testAsOf
		res := Read(c, "varicella_record", d)
		if got := sureField(c, res, "dose_dates"); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%q: dose_dates = %v (%.2f), want %v", tt.second, res.Fields["dose_dates"], res.Confidence["dose_dates"], tt.want)
		}
	}
}

// TestTdOrDTaPRowIsNotTdap: a Td booster's or a child's DTaP row over the
// Tdap's row is another vaccine's: neither its date nor its lot is the
// Tdap's.
func TestTdOrDTaPRowIsNotTdap(t *testing.T) {
	c := catalog.MustLoad()
	head := "Vaccine Administration Record\nPatient: Maria Alvarez   DOB: 04/12/1990\nVaccine    Date Given    Lot Number    Site\n"
	for _, first := range []string{
		"Td (Tenivac)    05/01/2014    U4471AA    L deltoid",
		"Td, adult    05/01/2014    U4471AA    L deltoid",
		"DTaP    05/01/1991    U4471AA    L thigh",
	} {
		res := Extract(c, "tdap_record", head+first+"\nTdap (Boostrix)    03/02/2024    AC52B609BA    R deltoid\n", testAsOf)
		if got := sureField(c, res, "administered_date"); got != "2024-03-02" {
			t.Errorf("%q: administered_date = %v (%.2f), want 2024-03-02", first, res.Fields["administered_date"], res.Confidence["administered_date"])
		}
		if got := sureField(c, res, "lot_number"); got != nil && got != "AC52B609BA" {
			t.Errorf("%q: lot_number = %v surely, want the Tdap's or none", first, got)
		}
	}
	// Tdap named beside Td ("Td/Tdap") is Tdap's row.
	res := Extract(c, "tdap_record", head+"Td/Tdap (Boostrix)    03/02/2024    AC52B609BA    R deltoid\n", testAsOf)
	if got := sureField(c, res, "administered_date"); got != "2024-03-02" {
		t.Errorf("Td/Tdap: administered_date = %v (%.2f), want 2024-03-02", res.Fields["administered_date"], res.Confidence["administered_date"])
	}
}

// TestLatestOwnRow: a registry's history lists the vaccine's doses
// oldest first under one "Date Given" heading; the record proves the
// latest, and the lot is that row's, not the first dose's (whose lot
// alone may be lot-shaped), whether OCR read the table a row or a column
// at a time.
func TestLatestOwnRow(t *testing.T) {
	c := catalog.MustLoad()
	table := [][]string{
		{"Date Given", "Vaccine", "Trade Name", "Lot Number", "Dose"},
		{"10/27/1996", "HepB-Peds", "Engerix-B", "EB221", "1"},
		{"02/03/2008", "Tdap", "Adacel", "C2911AA", "1"},
		{"08/12/2025", "Tdap", "Boostrix", "PL93K2", "2"},
		{"10/01/2025", "Influenza", "Fluzone", "UT771", "1"},
	}
	for _, byColumn := range []bool{false, true} {
		ws := ocrWords(
			ocrRow(0, 100, 40, 40, "Immunization History Report", 95),
			ocrRow(1, 101, 40, 60, "ETXEBERRIA, MARISOL Birth Date: 10/27/1996", 95),
		)
		line := 2
		for k := range table[0] {
			for j, row := range table {
				if byColumn {
					line = 2 + k*len(table) + j
				} else {
					line = 2 + j
				}
				ws = append(ws, ocrRow(line, line+1, 40+90*float64(k), 90+18*float64(j), row[k], 93)...)
			}
		}
		page := ocrPage(ws...)
		res := Read(c, "tdap_record", Document{Text: page.Text(), Pages: []pagetext.Page{page}, AsOf: testAsOf})
		if got := sureField(c, res, "administered_date"); got != "2025-08-12" {
			t.Errorf("by column %v: administered_date = %v (%.2f), want 2025-08-12", byColumn, res.Fields["administered_date"], res.Confidence["administered_date"])
		}
		if got := sureField(c, res, "lot_number"); got != nil && got != "PL93K2" {
			t.Errorf("by column %v: lot_number = %v surely, want the latest dose's or none", byColumn, got)
		}
	}
}
