package checklist

import (
	"fmt"
	"strings"
	"testing"
)

// show lists items one a line: "label [group] {notes} @line".
func show(list Checklist) (items, exclusions []string) {
	f := func(it Item) string {
		s := it.Label
		if it.PacketGroup != "" {
			s += " [" + it.PacketGroup + "]"
		}
		if it.Notes != "" {
			s += " {" + it.Notes + "}"
		}
		return fmt.Sprintf("%s @%d", s, it.Line)
	}
	for _, it := range list.Items {
		items = append(items, f(it))
	}
	for _, ex := range list.Exclusions {
		exclusions = append(exclusions, f(ex.Item)+" <- "+ex.Reason)
	}
	return items, exclusions
}

func TestBodyText(t *testing.T) {
	tests := []struct {
		name       string
		subject    string
		body       string
		items      []string
		exclusions []string
		notes      []string
	}{
		{
			name:  "lines under a heading, until a blank line",
			body:  "Hi,\n\nRequired documents:\nBLS\nACLS\nPhysical within 1 year\n\nWe can start her on the 3rd.\nSee you then",
			items: []string{"BLS @4", "ACLS @5", "Physical within 1 year @6"},
		},
		{
			name: "bullet kinds and headings that name groups",
			body: "CREDENTIALS\n- RN license\n* BLS\n• ACLS\n\nHealth Records\n1) TB test\n2. MMR titer\n(c) Varicella titer\n[ ] Flu vaccine\n☐ Physical",
			items: []string{"RN license [CREDENTIALS] @2", "BLS [CREDENTIALS] @3", "ACLS [CREDENTIALS] @4",
				"TB test [Health Records] @7", "MMR titer [Health Records] @8", "Varicella titer [Health Records] @9",
				"Flu vaccine [Health Records] @10", "Physical [Health Records] @11"},
		},
		{
			name: "a bullet ending in a colon groups the deeper ones; qualifiers are notes",
			body: "- Immunizations:\n  - MMR titer\n  - Hep B titer or declination\n- BLS\n  - must be AHA\n  - e.g. AHA eCard",
			items: []string{"MMR titer [Immunizations] @2", "Hep B titer or declination [Immunizations] @3",
				"BLS [Immunizations] {must be AHA; e.g. AHA eCard} @4"},
		},
		{
			name:  "job details are not requirements",
			body:  "Assignment details:\n- Start date: 3/17\n- Shift: 3x12 nights\n\nRequirements:\n- Start Date: ASAP\n- BLS",
			items: []string{"BLS @7"},
		},
		{
			name:  "an intro sentence names no group",
			body:  "Please send the following for Job #4412 by Friday:\n- BLS\n- ACLS",
			items: []string{"BLS @2", "ACLS @3"},
		},
		{
			name:  "inline list",
			body:  "Hi team,\nDocuments needed: BLS, ACLS, and two references\nThanks",
			items: []string{"BLS @2", "ACLS @2", "two references @2"},
		},
		{
			name:  "inline list under a named group",
			body:  "Health requirements: TB test; MMR titer",
			items: []string{"TB test [Health requirements] @1", "MMR titer [Health requirements] @1"},
		},
		{
			name:       "a table pasted from Excel, with its header",
			body:       "Checklist below.\n\nItem\tCategory\tRequired\nBLS\tCerts\tY\nDrug screen\tHealth\tN\n\nThanks",
			items:      []string{"BLS [Certs] @4"},
			exclusions: []string{"Drug screen [Health] @5 <- Required: N"},
		},
		{
			name:  "a markdown table under a checklist heading, without a header",
			body:  "Required:\n| BLS | AHA only |\n|---|---|\n| ACLS | AHA |",
			items: []string{"BLS {AHA only} @2", "ACLS {AHA} @4"},
		},
		{
			name:  "Outlook's plain-text rendering of Word lists",
			body:  "Credentials:\n·         BLS\no   AHA only\n·         ACLS\n§   expires after the assignment ends",
			items: []string{"BLS [Credentials] {AHA only} @2", "ACLS [Credentials] {expires after the assignment ends} @4"},
		},
		{
			name: "a VMS notification's HTML table",
			body: htmlToText(`<p>Requirements for Job ID: 70021</p><table><tr><th>Requirement</th><th>Status</th><th>Due Date</th></tr>` +
				`<tr><td>BLS</td><td>Pending</td><td>03/14/2025</td></tr><tr><td>Drug Screen</td><td>Not required</td><td></td></tr></table>`),
			items:      []string{"BLS {Due Date: 03/14/2025} @3"},
			exclusions: []string{"Drug Screen @4 <- Status: Not required"},
		},
		{
			name:  "sign-off ends the list, a name after it is the signature",
			body:  "- BLS\n\nThanks!\nAmy\n- this line is the signature's",
			items: []string{"BLS @1"},
		},
		{
			name:  "a thank-you that is not a sign-off",
			body:  "Thank you!\n\nHere is what we need:\n- BLS",
			items: []string{"BLS @4"},
		},
		{
			name:  "signature delimiter, mobile signature, disclaimer",
			body:  "- BLS\n-- \n- not an item\n",
			items: []string{"BLS @1"},
		},
		{
			name:  "disclaimer",
			body:  "- BLS\nCONFIDENTIALITY NOTICE: this message is for the intended recipient only.\n- not an item",
			items: []string{"BLS @1"},
		},
		{
			name:  "external-sender banner does not end the message",
			body:  "[EXTERNAL] This email originated from outside the organization.\n\nRequired:\n- BLS",
			items: []string{"BLS @4"},
		},
		{
			name:  "quoted reply ends the message",
			body:  "- BLS\n\nOn Tue, Mar 4, 2025 at 9:14 AM Dana <d@example.com> wrote:\n> - Drug screen",
			items: []string{"BLS @1"},
		},
		{
			name:  "quoted lines without attribution end the message",
			body:  "- BLS\n> - Drug screen",
			items: []string{"BLS @1"},
		},
		{
			name:    "outlook reply header ends a reply",
			subject: "RE: Job 55120",
			body:    "- BLS\n\n________________________________\nFrom: Tom <t@example.com>\nSent: Monday, March 3, 2025 4:02 PM\nTo: Desk\nSubject: Job 55120\n\n- Drug screen",
			items:   []string{"BLS @1"},
		},
		{
			name:    "outlook forward header opens the forwarded message",
			subject: "FW: Job 55120",
			body:    "See below.\n\nRegards,\nKim\n\nFrom: Tom <t@example.com>\nSent: Monday, March 3, 2025 4:02 PM\nTo: Kim\nSubject: Job 55120\n\nRequired:\n- Drug screen\n- BLS",
			items:   []string{"Drug screen @12", "BLS @13"},
		},
		{
			name:    "original-message marker in a forward",
			subject: "Fwd: Job 55120",
			body:    "FYI\n\n-----Original Message-----\nFrom: Tom\nSent: Monday\nSubject: Job\n\n- BLS",
			items:   []string{"BLS @8"},
		},
		{
			name: "exclusions in lists and in prose",
			body: "Required:\n- BLS\n- Drug screen: N/A\n- Flu shot (waived)\n- Color vision test not required\n- N95 fit test (not required for OR)\n- Physical not required if done within 12 months\n- No gaps in employment history\n\n" +
				"Please note that no drug screen is needed for this assignment. The facility does not require a physical.\nNo worries if the references take a few days.",
			items: []string{"BLS @2", "N95 fit test (not required for OR) @6", "Physical not required if done within 12 months @7", "No gaps in employment history @8"},
			exclusions: []string{"Drug screen @3 <- Drug screen: N/A", "Flu shot @4 <- Flu shot (waived)", "Color vision test @5 <- Color vision test not required",
				"physical @10 <- Please note that no drug screen is needed for this assignment. The facility does not require a physical."},
			notes: []string{
				`body line 6 may say a requirement is not needed; read as an item: "N95 fit test (not required for OR)"`,
				`body line 7 may say a requirement is not needed; read as an item: "Physical not required if done within 12 months"`,
				`body line 8 may say a requirement is not needed; read as an item: "No gaps in employment history"`,
			},
		},
		{
			name:       "a requirement listed and excluded in one message is noted",
			body:       "- Drug screen\n- BLS\n\nNo drug screen needed.",
			items:      []string{"Drug screen @1", "BLS @2"},
			exclusions: []string{"drug screen @4 <- No drug screen needed."},
			notes:      []string{`"Drug screen" is listed (body, line 1) and also said not to be needed (body, line 4: "No drug screen needed.")`},
		},
		{
			name:  "prose that mentions a waiver it cannot read",
			body:  "- BLS\n\nThe usual titers are waived for candidates who worked here in the last year.",
			items: []string{"BLS @1"},
			notes: []string{`body line 3 may say a requirement is not needed but was not read as one: "The usual titers are waived for candidates who worked here in the last year."`},
		},
		{
			name:  "identical items once, the later copy adding its notes",
			body:  "- BLS\n- bls.\n\nHealth:\n- TB test\n- TB  test – within 12 months\n- tb test\n  - QFT accepted",
			items: []string{"BLS @1", "TB test [Health] {QFT accepted} @5", "TB test – within 12 months [Health] @6"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list, err := Extract(&Message{Subject: tt.subject, Text: tt.body})
			if err != nil && len(tt.items)+len(tt.exclusions) > 0 {
				t.Fatal(err)
			}
			items, exclusions := show(list)
			check := func(what string, got, want []string) {
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("%s:\n%s\nwant:\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			}
			check("items", items, tt.items)
			check("exclusions", exclusions, tt.exclusions)
			check("notes", list.Notes, tt.notes)
		})
	}
}

func TestExclusionReader(t *testing.T) {
	x := newExclusionReader()
	tests := []struct {
		text, label string
	}{
		{"No drug screen needed", "drug screen"},
		{"no physical is required for this assignment.", "physical"},
		{"No need for a drug screen", "drug screen"},
		{"Facility does not require a flu shot", "flu shot"},
		{"Please do not send the drug screen", "drug screen"},
		{"Drug screen - N/A", "Drug screen"},
		{"Drug screen: not required", "Drug screen"},
		{"Drug screen (N/A)", "Drug screen"},
		{"Flu vaccine is not required this season", "Flu vaccine"},
		{"Color vision test waived", "Color vision test"},
		{"Hep B titer exempt", "Hep B titer"},
		// Conditions and qualifiers keep a requirement.
		{"Physical not required if within 12 months", ""},
		{"N/A for PRN staff", ""},
		{"N95 fit test (not required for OR)", ""},
		{"Flu vaccine not required unless working in the NICU", ""},
		{"No gaps in employment history", ""},
		{"BLS", ""},
		{"Hep B titer or declination", ""},
		{"No worries, the references can come later and the titers are not needed", ""},
	}
	for _, tt := range tests {
		got, ok := x.read(tt.text)
		if got != tt.label || ok != (tt.label != "") {
			t.Errorf("%q: got %q %v, want %q", tt.text, got, ok, tt.label)
		}
	}
}
