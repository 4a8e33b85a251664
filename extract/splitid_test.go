package extract

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestSplitCertificateID: an id OCR split into digit groups on a scan
// ("266301 9841 27") is read whole where the issuer's format settles it
// (an AHA eCard code's twelve digits), and otherwise reported uncertain,
// never as its first group, nor an id of capitals and digits split
// ("MX2537 05") or its letters set apart ("MX 253705"); the training center's number after "TC ID#"
// is never the card's code.
func TestSplitCertificateID(t *testing.T) {
	c := catalog.MustLoad()
	scan := []pagetext.Page{ocrPage(word{x: 40, y: 40, text: "AMERICAN", conf: 91})}
	aha := "AMERICAN HEART ASSOCIATION\nBLS Provider\nMarisol V. Ferreira\nhas successfully completed the cognitive and skills evaluations\n" +
		"Issue Date\n03/09/2026\nRecommended Renewal Date\n03/2028\n"
	arc := "American Red Cross\nBLS\nMarisol V. Ferreira\nDate Completed 03/09/2026\nValid for 2 years\n"
	tests := []struct {
		name, text string
		pages      []pagetext.Page
		want       string
	}{
		{"eCard code in three groups under its caption", aha + "TC ID#\nWA20417\neCard Code\n266301 9841 27\n", scan, "266301984127"},
		{"eCard code in two groups after its caption", aha + "eCard Code: 266301 984127\nTC ID# WA20417\n", scan, "266301984127"},
		{"eCard code read whole", aha + "eCard Code 266301984127\n", scan, "266301984127"},
		{"groups joining to no eCard code", aha + "eCard Code: 266301 98412\n", scan, ""},
		{"another issuer's id in groups", arc + "Certificate ID: 4471 0922 18\n", scan, ""},
		{"groups a column gap apart are two values", arc + "Certificate ID: 447109  2026\n", scan, "447109"},
		{"an id of capitals and digits split", arc + "Certificate ID: MX2537 05\n", scan, ""},
		{"an id's letters set apart", arc + "Certificate ID: MX 253705\n", scan, ""},
		{"an id of capitals and digits whole", arc + "Certificate ID: MX253705\n", scan, "MX253705"},
		{"an id of digits after a caption's word", arc + "Certificate ID No 253705\n", scan, "253705"},
		{"a text layer prints its groups as they are", arc + "Certificate ID: 4471 0922 18\n", nil, "4471 0922"},
		{"the code's caption with its value lost, the TC ID beside", aha + "eCard Code\nTC ID# WA20417\n", scan, ""},
		{"the code's caption run into the TC ID's", aha + "eCard Code: TC ID# WA20417\n", scan, ""},
		{"captions in a row over the code, the TC ID after them", aha + "eCard Code TC ID# WA20417\n266301984127\n", scan, "266301984127"},
	}
	for _, tt := range tests {
		res := Read(c, "bls", Document{Text: tt.text, Pages: tt.pages})
		got, _ := res.Fields["certificate_id"].(string)
		if res.Confidence["certificate_id"] < 0.5 {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%s: certificate_id = %q (at %v), want %q", tt.name, res.Fields["certificate_id"], res.Confidence["certificate_id"], tt.want)
		}
	}
}

// TestIDOverCaption: a card printing captions under values, whose id's
// caption OCR ran into the row of dates beside it, has its id read from
// the line over the caption; not where the line holds a date or words,
// nor on a page printing captions over values.
func TestIDOverCaption(t *testing.T) {
	c := catalog.MustLoad()
	card := func(over string) string {
		return "American Heart Association\nHeartbeat CPR & First Aid\nACLS Provider TC Name\nAshley Van der Berg\n" +
			"Card Holder Susan Tamayo\nThis card certifies that the above individual has successfully completed the cognitive Instructor Name\n" +
			over + "\n05/27/2026 05/27/2028 Course Card No\nIssue Date Renewal Due\nPrint Holder's Signature\n"
	}
	tests := []struct{ name, text, want string }{
		{"the id over its caption run into the dates", card("MX253705"), "MX253705"},
		{"words over the caption", card("Heartbeat Training"), ""},
		{"another card's layout: the id over 'Certificate No.' run into its dates",
			"PALS\nPediatric Advanced Life Support\nJAMAL O. WRIGHT\nProvider\nPL88213047\n11/03/2025 11/30/2027 Certificate No.\nCompleted Expires\nLakeshore Resuscitation Center\nTraining Site\n", "PL88213047"},
		{"captions over values", "ACLS Provider\nAmerican Heart Association\nName\nAshley Van der Berg\nTC ID\nMX253705\nCard No\n\nIssue Date\n05/27/2026\n", ""},
	}
	for _, tt := range tests {
		res := Read(c, "acls", Document{Text: tt.text})
		got, _ := res.Fields["certificate_id"].(string)
		if res.Confidence["certificate_id"] < 0.5 {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%s: certificate_id = %q (at %v), want %q", tt.name, res.Fields["certificate_id"], res.Confidence["certificate_id"], tt.want)
		}
	}
}
