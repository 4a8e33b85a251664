package requirements_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/internal/golden"
	"github.com/clearedtostart/compliance/lifecycle"
	"github.com/clearedtostart/compliance/mapping"
	"github.com/clearedtostart/compliance/requirements"
)

const (
	vms       = requirements.SourceVMS
	placement = requirements.SourcePlacementVMS
	email     = requirements.SourceEmail
	jobMx     = requirements.SourceJobMatrix
	clientMx  = requirements.SourceClientMatrix
	facMx     = requirements.SourceFacilityMatrix
)

// testTable is an integration's mapping table as a file would hold it, in
// the wordings facilities use. The last entries name no packet or order:
// their rows go to the packet of what fulfils them.
func testTable(t testing.TB) *mapping.Table {
	t.Helper()
	tab, err := mapping.NewTable([]mapping.Entry{
		{Label: "{state} RN license or compact license", Target: mapping.Target{Key: "nursing_license", PacketGroup: "Licensure/Credentials", SortOrder: 10}},
		{Label: "Photo ID (driver's license or passport)", Target: mapping.Target{Key: "government_id", PacketGroup: "Licensure/Credentials", SortOrder: 20}},
		{Label: "Skills checklist – {dept}", Target: mapping.Target{Key: "skills_checklist", PacketGroup: "Licensure/Credentials", SortOrder: 50}},
		{Label: "BLS - AHA only", Target: mapping.Target{Key: "bls", PacketGroup: "Certifications", SortOrder: 60}},
		{Label: "ACLS - AHA", Target: mapping.Target{Key: "acls", PacketGroup: "Certifications", SortOrder: 70}},
		{Label: "Current PPD or QuantiFERON within 1 yr", Target: mapping.Target{Key: "tb_screening", PacketGroup: "Health Screening", SortOrder: 100}},
		{Label: "Hep B titer or declination", Target: mapping.Target{Key: "hepatitis_b", PacketGroup: "Health Screening", SortOrder: 110}},
		{Label: "10 panel drug screen", Target: mapping.Target{Key: "drug_screen", PacketGroup: "Health Screening", SortOrder: 120}},
		{Label: "OIG/SAM exclusion search", Target: mapping.Target{Key: "oig_exclusion_check", Also: []string{"sam_exclusion_check"}, PacketGroup: "Background & Compliance", SortOrder: 200}},
		{Label: "Annual physical", Target: mapping.Target{Key: "physical_exam"}},
		{Label: "MMR titer", Target: mapping.Target{Key: "mmr_immunity"}},
		{Label: "Criminal background check (7 yr)", Target: mapping.Target{Key: "background_check"}},
		{Label: "Sex offender registry search", Target: mapping.Target{Key: "sex_offender_check"}},
		{Label: "Signed attestation of health", Target: mapping.Target{Key: "attestation_statement"}},
		{Label: "Unit orientation", Target: mapping.Target{Key: "orientation"}},
		{Label: "Resume", Target: mapping.Target{Key: "resume"}},
		{Label: "Government photo ID", Target: mapping.Target{Key: "government_id"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func reconciler(t testing.TB) requirements.Reconciler {
	return requirements.Reconciler{Catalog: cat, Table: testTable(t)}
}

func items(labels ...string) []requirements.Item {
	out := make([]requirements.Item, len(labels))
	for i, l := range labels {
		out[i] = requirements.Item{Label: l, Ref: fmt.Sprintf("item-%d", i+1)}
	}
	return out
}

// Rows as the tests write them: what a row says, without its order (the
// place in the want list is the order).
type row struct {
	key, label, group string
	sources           []string
}

// checkRows holds for every reconciliation: one row per row key, the key
// said by the requirement or the normalised label, catalog fields from the
// catalog, orders 1..n, every row in a packet.
func checkRows(t *testing.T, rows []requirements.Row) {
	t.Helper()
	seen := map[string]bool{}
	for i, r := range rows {
		if seen[r.RowKey] {
			t.Errorf("row key %s twice", r.RowKey)
		}
		seen[r.RowKey] = true
		if r.SortOrder != i+1 {
			t.Errorf("%s: sortOrder %d at position %d", r.RowKey, r.SortOrder, i+1)
		}
		if r.NormalizedLabel != mapping.Normalize(r.Label) || r.Label != strings.TrimSpace(r.Label) {
			t.Errorf("%s: label %q normalised %q", r.RowKey, r.Label, r.NormalizedLabel)
		}
		if r.PacketGroup == "" || len(r.Sources) == 0 {
			t.Errorf("%s: packet %q, sources %v", r.RowKey, r.PacketGroup, r.Sources)
		}
		if !r.Mapped() {
			if r.RowKey != "label:"+r.NormalizedLabel || r.FulfillmentType != "" || r.DocumentCategory != "" || r.DocumentType != "" {
				t.Errorf("unmapped row %+v", r)
			}
			continue
		}
		d, err := mapping.Describe(cat, r.RequirementKey)
		if err != nil {
			t.Errorf("%s: %v", r.RowKey, err)
			continue
		}
		if r.RowKey != "key:"+r.RequirementKey || r.FulfillmentType != d.FulfillmentType ||
			r.DocumentCategory != d.DocumentCategory || r.DocumentType != d.DocumentType {
			t.Errorf("mapped row %+v, catalog says %+v", r, d)
		}
	}
}

func compareRows(t *testing.T, got []requirements.Row, want []row) {
	t.Helper()
	checkRows(t, got)
	var g, w []string
	for _, r := range got {
		g = append(g, fmt.Sprintf("%s %q in %q from %v", r.RowKey, r.Label, r.PacketGroup, r.Sources))
	}
	for _, r := range want {
		w = append(w, fmt.Sprintf("%s %q in %q from %v", r.key, r.label, r.group, r.sources))
	}
	if !slices.Equal(g, w) {
		t.Errorf("rows differ:\n%s", golden.LineDiff(strings.Join(w, "\n"), strings.Join(g, "\n")))
	}
}

func compareConflicts(t *testing.T, got, want []requirements.Conflict) {
	t.Helper()
	if got == nil {
		got = []requirements.Conflict{}
	}
	if want == nil {
		want = []requirements.Conflict{}
	}
	g, _ := json.MarshalIndent(got, "", "  ")
	w, _ := json.MarshalIndent(want, "", "  ")
	if string(g) != string(w) {
		t.Errorf("conflicts differ:\n%s", golden.LineDiff(string(w), string(g)))
	}
}

func TestReconcileRows(t *testing.T) {
	tests := []struct {
		name    string
		rc      func(t *testing.T) requirements.Reconciler
		sources []requirements.Source
		want    []row
	}{
		{
			name: "one VMS list: mapped rows by requirement key, an unmapped one by its label, in the table's order",
			sources: []requirements.Source{{Kind: vms, Ref: "ICU-2231", Items: []requirements.Item{
				{Label: "ACLS - AHA", PacketGroup: "Certifications", Ref: "req-2"},
				{Label: "Pyxis access request", Ref: "req-3"},
				{Label: "BLS - AHA only", PacketGroup: "Certifications", Ref: "req-1"},
				{Label: "Texas RN license or compact license", PacketGroup: "Licensure/Credentials", Ref: "req-4"},
			}}},
			want: []row{
				// Unmapped rows have no order in the table: they come first,
				// where a person looks.
				{"label:pyxis access request", "Pyxis access request", requirements.GroupOther, []string{vms}},
				{"key:nursing_license", "Texas RN license or compact license", "Licensure/Credentials", []string{vms}},
				{"key:bls", "BLS - AHA only", "Certifications", []string{vms}},
				{"key:acls", "ACLS - AHA", "Certifications", []string{vms}},
			},
		},
		{
			name: "the same requirement from every source is one row, worded by the first source",
			sources: []requirements.Source{
				{Kind: email, Ref: "<checklist-0142@mercyregional.org>", Items: items("BLS – AHA only", "PYXIS access-request")},
				{Kind: vms, Ref: "ICU-2231", Items: []requirements.Item{
					{Label: "BLS - AHA only", PacketGroup: "Certifications"},
					{Label: "Pyxis access request"},
					{Label: "bls - aha ONLY", PacketGroup: "Certifications"},
				}},
				{Kind: jobMx, Ref: "matrix-1", Items: []requirements.Item{{Key: "bls", Label: "BLS (American Heart Association)"}}},
			},
			want: []row{
				{"key:bls", "BLS (American Heart Association)", "Certifications", []string{jobMx, vms, email}},
				{"label:pyxis access request", "Pyxis access request", requirements.GroupOther, []string{vms, email}},
			},
		},
		{
			name: "a label asking for two searches is two rows, listed once each",
			sources: []requirements.Source{
				{Kind: vms, Items: items("OIG/SAM exclusion search")},
				{Kind: email, Items: items("OIG / SAM Exclusion Search")},
			},
			want: []row{
				{"key:oig_exclusion_check", "OIG/SAM exclusion search", "Background & Compliance", []string{vms, email}},
				{"key:sam_exclusion_check", "OIG/SAM exclusion search", "Background & Compliance", []string{vms, email}},
			},
		},
		{
			name: "rows whose sources name no packet go to the packet of what fulfils them",
			sources: []requirements.Source{
				{Kind: email, Items: items("Annual physical", "MMR titer", "Criminal background check (7 yr)", "Sex offender registry search",
					"Signed attestation of health", "Unit orientation", "Resume", "Government photo ID", "I-9 employment eligibility")},
				{Kind: facMx, Items: []requirements.Item{{Key: "tb_screening"}}},
			},
			want: []row{
				{"key:tb_screening", "TB screening", requirements.GroupHealth, []string{facMx}},
				{"key:physical_exam", "Annual physical", requirements.GroupHealth, []string{email}},
				{"key:mmr_immunity", "MMR titer", requirements.GroupHealth, []string{email}},
				{"key:background_check", "Criminal background check (7 yr)", requirements.GroupBackground, []string{email}},
				{"key:sex_offender_check", "Sex offender registry search", requirements.GroupBackground, []string{email}},
				{"key:attestation_statement", "Signed attestation of health", requirements.GroupStatements, []string{email}},
				{"key:orientation", "Unit orientation", requirements.GroupOther, []string{email}},
				{"key:resume", "Resume", requirements.GroupCredentials, []string{email}},
				{"key:government_id", "Government photo ID", requirements.GroupCredentials, []string{email}},
				{"label:i 9 employment eligibility", "I-9 employment eligibility", requirements.GroupOther, []string{email}},
			},
		},
		{
			name: "blank items are passed over, labels are trimmed",
			sources: []requirements.Source{{Kind: vms, Items: []requirements.Item{
				{Label: "   "}, {Label: "", Notes: "see attached"}, {Label: "  BLS - AHA only \t", PacketGroup: " Certifications "},
			}}},
			want: []row{{"key:bls", "BLS - AHA only", "Certifications", []string{vms}}},
		},
		{
			name: "without a table every label waits for a mapping; a matrix's key needs none",
			rc:   func(t *testing.T) requirements.Reconciler { return requirements.Reconciler{Catalog: cat} },
			sources: []requirements.Source{
				{Kind: vms, Items: items("BLS - AHA only")},
				{Kind: jobMx, Items: []requirements.Item{{Key: "bls"}}},
			},
			want: []row{
				{"key:bls", "Basic Life Support (BLS) card", requirements.GroupCredentials, []string{jobMx}},
				{"label:bls aha only", "BLS - AHA only", requirements.GroupOther, []string{vms}},
			},
		},
		{
			name: "a matrix key the catalog does not know is read by its label, or waits under the key's words",
			sources: []requirements.Source{{Kind: jobMx, Items: []requirements.Item{
				{Key: "bls_v2", Label: "BLS - AHA only"},
				{Key: "covid_booster"},
				{Key: "flu_2019"},
			}}},
			want: []row{
				{"label:covid booster", "covid_booster", requirements.GroupOther, []string{jobMx}},
				{"label:flu 2019", "flu_2019", requirements.GroupOther, []string{jobMx}},
				{"key:bls", "BLS - AHA only", "Certifications", []string{jobMx}},
			},
		},
		{
			name: "a placement's own VMS list joins the job's",
			sources: []requirements.Source{
				{Kind: vms, Items: items("BLS - AHA only", "Skills checklist – Med/Surg")},
				{Kind: placement, Ref: "PL-88123", Items: items("Unit orientation", "Skills checklist – Med/Surg")},
			},
			want: []row{
				{"key:orientation", "Unit orientation", requirements.GroupOther, []string{placement}},
				{"key:skills_checklist", "Skills checklist – Med/Surg", "Licensure/Credentials", []string{placement, vms}},
				{"key:bls", "BLS - AHA only", "Certifications", []string{vms}},
			},
		},
		{
			name: "an integration's own precedence decides the wording and the packet; kinds it does not name come last",
			rc: func(t *testing.T) requirements.Reconciler {
				rc := reconciler(t)
				rc.Precedence = []string{email, vms}
				return rc
			},
			sources: []requirements.Source{
				{Kind: jobMx, Items: []requirements.Item{{Key: "bls", Label: "BLS card", PacketGroup: "Onboarding"}}},
				{Kind: vms, Items: []requirements.Item{{Label: "BLS - AHA only", PacketGroup: "Certifications"}}},
				{Kind: email, Items: []requirements.Item{{Label: "bls – AHA only", PacketGroup: "Credentials"}}},
			},
			want: []row{{"key:bls", "bls – AHA only", "Credentials", []string{email, vms, jobMx}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rc := reconciler(t)
			if tt.rc != nil {
				rc = tt.rc(t)
			}
			rows, _ := rc.Reconcile(tt.sources)
			compareRows(t, rows, tt.want)
		})
	}
}

func TestReconcileConflicts(t *testing.T) {
	tests := []struct {
		name    string
		sources []requirements.Source
		rows    []row
		want    []requirements.Conflict
	}{
		{
			name: "two sources put a requirement in different packets: the first source's packet is kept",
			sources: []requirements.Source{
				{Kind: email, Items: []requirements.Item{{Label: "BLS - AHA only", PacketGroup: "Credentials"}}},
				{Kind: vms, Items: []requirements.Item{{Label: "BLS - AHA only", PacketGroup: "Certifications"}}},
			},
			rows: []row{{"key:bls", "BLS - AHA only", "Certifications", []string{vms, email}}},
			want: []requirements.Conflict{{RowKey: "key:bls", Label: "BLS - AHA only", Kind: "packet_group",
				Detail:  "sources put it in different packets: Certifications (vms); Credentials (email); kept Certifications",
				Sources: []string{vms, email}}},
		},
		{
			name: "three packets: every one is named once with its sources, the sources in precedence order",
			sources: []requirements.Source{
				{Kind: email, Ref: "<a@mercy.org>", Items: []requirements.Item{{Label: "BLS - AHA only", PacketGroup: "Credentials"}}},
				{Kind: email, Ref: "<b@mercy.org>", Items: []requirements.Item{{Label: "BLS - AHA only", PacketGroup: "Credentials"}}},
				{Kind: vms, Items: []requirements.Item{{Label: "BLS - AHA only", PacketGroup: "Certifications"}}},
				{Kind: clientMx, Items: []requirements.Item{{Key: "bls", Label: "BLS (AHA)", PacketGroup: "Onboarding"}}},
			},
			rows: []row{{"key:bls", "BLS (AHA)", "Onboarding", []string{clientMx, vms, email}}},
			want: []requirements.Conflict{{RowKey: "key:bls", Label: "BLS (AHA)", Kind: "packet_group",
				Detail:  "sources put it in different packets: Certifications (vms); Credentials (email); Onboarding (matrix:client); kept Onboarding",
				Sources: []string{clientMx, vms, email}}},
		},
		{
			name: "a source naming no packet takes the table's, which agrees",
			sources: []requirements.Source{
				{Kind: vms, Items: []requirements.Item{{Label: "BLS - AHA only", PacketGroup: "Certifications"}}},
				{Kind: email, Items: items("BLS - AHA only")},
			},
			rows: []row{{"key:bls", "BLS - AHA only", "Certifications", []string{vms, email}}},
		},
		{
			name: "a source naming no packet where the table names none either is no conflict",
			sources: []requirements.Source{
				{Kind: vms, Items: []requirements.Item{{Label: "Annual physical", PacketGroup: "Health Screening"}}},
				{Kind: email, Items: items("Annual physical")},
			},
			rows: []row{{"key:physical_exam", "Annual physical", "Health Screening", []string{vms, email}}},
		},
		{
			name: "an email says a listed requirement is not needed: the row stays, the conflict is reported",
			sources: []requirements.Source{
				{Kind: vms, Items: items("10 panel drug screen", "BLS - AHA only")},
				{Kind: email, Items: items("BLS - AHA only"),
					Exclusions: []requirements.Item{{Label: "10 panel drug screen", Notes: "waived for float pool"}}},
			},
			rows: []row{
				{"key:bls", "BLS - AHA only", "Certifications", []string{vms, email}},
				{"key:drug_screen", "10 panel drug screen", "Health Screening", []string{vms}},
			},
			want: []requirements.Conflict{{RowKey: "key:drug_screen", Label: "10 panel drug screen", Kind: "excluded",
				Detail:  `email says it is not needed ("10 panel drug screen"); vms list it; kept`,
				Sources: []string{email, vms}}},
		},
		{
			name: "excluding what nobody lists is no conflict and adds no row",
			sources: []requirements.Source{
				{Kind: vms, Items: items("BLS - AHA only")},
				{Kind: email, Exclusions: items("10 panel drug screen", "Pyxis access request")},
			},
			rows: []row{{"key:bls", "BLS - AHA only", "Certifications", []string{vms}}},
		},
		{
			name: "excluding an unmapped label another source lists",
			sources: []requirements.Source{
				{Kind: vms, Items: items("Pyxis access request")},
				{Kind: email, Exclusions: items("PYXIS access-request")},
			},
			rows: []row{{"label:pyxis access request", "Pyxis access request", requirements.GroupOther, []string{vms}}},
			want: []requirements.Conflict{{RowKey: "label:pyxis access request", Label: "Pyxis access request", Kind: "excluded",
				Detail:  `email says it is not needed ("PYXIS access-request"); vms list it; kept`,
				Sources: []string{email, vms}}},
		},
		{
			name: "excluding a label of two searches is two conflicts",
			sources: []requirements.Source{
				{Kind: jobMx, Items: []requirements.Item{{Key: "oig_exclusion_check"}, {Key: "sam_exclusion_check"}}},
				{Kind: email, Exclusions: items("OIG/SAM exclusion search")},
			},
			rows: []row{
				{"key:oig_exclusion_check", "OIG exclusion check (LEIE)", requirements.GroupBackground, []string{jobMx}},
				{"key:sam_exclusion_check", "SAM.gov exclusion check", requirements.GroupBackground, []string{jobMx}},
			},
			want: []requirements.Conflict{
				{RowKey: "key:oig_exclusion_check", Label: "OIG exclusion check (LEIE)", Kind: "excluded",
					Detail: `email says it is not needed ("OIG/SAM exclusion search"); matrix:job list it; kept`, Sources: []string{email, jobMx}},
				{RowKey: "key:sam_exclusion_check", Label: "SAM.gov exclusion check", Kind: "excluded",
					Detail: `email says it is not needed ("OIG/SAM exclusion search"); matrix:job list it; kept`, Sources: []string{email, jobMx}},
			},
		},
		{
			name: "a source that lists and waives the same item does not disagree with itself",
			sources: []requirements.Source{
				{Kind: email, Ref: "<checklist-0142@mercyregional.org>", Items: items("10 panel drug screen"),
					Exclusions: items("10 panel drug screen")},
			},
			rows: []row{{"key:drug_screen", "10 panel drug screen", "Health Screening", []string{email}}},
		},
		{
			name: "a later email waiving what an earlier one listed is a conflict",
			sources: []requirements.Source{
				{Kind: email, Ref: "<checklist-0142@mercyregional.org>", Items: items("10 panel drug screen")},
				{Kind: email, Ref: "<checklist-0143@mercyregional.org>", Exclusions: items("10 panel drug screen")},
			},
			rows: []row{{"key:drug_screen", "10 panel drug screen", "Health Screening", []string{email}}},
			want: []requirements.Conflict{{RowKey: "key:drug_screen", Label: "10 panel drug screen", Kind: "excluded",
				Detail:  `email says it is not needed ("10 panel drug screen"); email list it; kept`,
				Sources: []string{email}}},
		},
		{
			name: "a replacing matrix: what the email waives is not read",
			sources: []requirements.Source{
				{Kind: facMx, Replace: true, Items: []requirements.Item{{Key: "drug_screen", Label: "10 panel drug screen"}}},
				{Kind: email, Items: items("BLS - AHA only"), Exclusions: items("10 panel drug screen")},
			},
			rows: []row{{"key:drug_screen", "10 panel drug screen", requirements.GroupHealth, []string{facMx}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, conflicts := reconciler(t).Reconcile(tt.sources)
			compareRows(t, rows, tt.rows)
			compareConflicts(t, conflicts, tt.want)
		})
	}
}

func TestReconcileMatrixModes(t *testing.T) {
	external := []requirements.Source{
		{Kind: vms, Ref: "ICU-2231", Items: []requirements.Item{
			{Label: "BLS - AHA only", PacketGroup: "Certifications"}, {Label: "ACLS - AHA", PacketGroup: "Certifications"}, {Label: "Pyxis access request"}}},
		{Kind: placement, Ref: "PL-88123", Items: items("Unit orientation")},
		{Kind: email, Ref: "<checklist-0142@mercyregional.org>", Items: items("Hep B titer or declination")},
	}
	tests := []struct {
		name     string
		matrices []requirements.Source
		want     []row
	}{
		{
			name:     "no matrix: the external sources",
			matrices: nil,
			want: []row{
				{"key:orientation", "Unit orientation", requirements.GroupOther, []string{placement}},
				{"label:pyxis access request", "Pyxis access request", requirements.GroupOther, []string{vms}},
				{"key:bls", "BLS - AHA only", "Certifications", []string{vms}},
				{"key:acls", "ACLS - AHA", "Certifications", []string{vms}},
				{"key:hepatitis_b", "Hep B titer or declination", "Health Screening", []string{email}},
			},
		},
		{
			name: "a matrix in add mode joins them",
			matrices: []requirements.Source{{Kind: clientMx, Ref: "matrix-7", Items: []requirements.Item{
				{Key: "fit_test", Label: "N95 fit test", PacketGroup: "Health Screening"}, {Key: "bls"}}}},
			want: []row{
				{"key:fit_test", "N95 fit test", "Health Screening", []string{clientMx}},
				{"key:bls", "Basic Life Support (BLS) card", "Certifications", []string{clientMx, vms}},
				{"key:orientation", "Unit orientation", requirements.GroupOther, []string{placement}},
				{"label:pyxis access request", "Pyxis access request", requirements.GroupOther, []string{vms}},
				{"key:acls", "ACLS - AHA", "Certifications", []string{vms}},
				{"key:hepatitis_b", "Hep B titer or declination", "Health Screening", []string{email}},
			},
		},
		{
			name: "a matrix in replace mode stands instead of the VMS (job and placement) and the email",
			matrices: []requirements.Source{{Kind: facMx, Ref: "matrix-3", Replace: true, Items: []requirements.Item{
				{Key: "bls", PacketGroup: "Certifications"}, {Key: "tb_screening"}, {Label: "Hep B titer or declination"}}}},
			want: []row{
				{"key:bls", "Basic Life Support (BLS) card", "Certifications", []string{facMx}},
				{"key:tb_screening", "TB screening", requirements.GroupHealth, []string{facMx}},
				{"key:hepatitis_b", "Hep B titer or declination", "Health Screening", []string{facMx}},
			},
		},
		{
			name: "one replacing matrix keeps the other matrices, added or not",
			matrices: []requirements.Source{
				{Kind: jobMx, Ref: "matrix-9", Items: []requirements.Item{{Key: "acls"}}},
				{Kind: facMx, Ref: "matrix-3", Replace: true, Items: []requirements.Item{{Key: "bls"}}},
			},
			want: []row{
				{"key:acls", "Advanced Cardiovascular Life Support (ACLS) card", requirements.GroupCredentials, []string{jobMx}},
				{"key:bls", "Basic Life Support (BLS) card", requirements.GroupCredentials, []string{facMx}},
			},
		},
		{
			name:     "only a matrix replaces: a VMS list marked so is read beside the others",
			matrices: []requirements.Source{{Kind: vms, Ref: "ICU-2231-b", Replace: true, Items: items("Resume")}},
			want: []row{
				{"key:orientation", "Unit orientation", requirements.GroupOther, []string{placement}},
				{"label:pyxis access request", "Pyxis access request", requirements.GroupOther, []string{vms}},
				{"key:resume", "Resume", requirements.GroupCredentials, []string{vms}},
				{"key:bls", "BLS - AHA only", "Certifications", []string{vms}},
				{"key:acls", "ACLS - AHA", "Certifications", []string{vms}},
				{"key:hepatitis_b", "Hep B titer or declination", "Health Screening", []string{email}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, conflicts := reconciler(t).Reconcile(append(slices.Clone(external), tt.matrices...))
			compareRows(t, rows, tt.want)
			compareConflicts(t, conflicts, nil)
		})
	}
}

// A label nobody mapped waits; once someone maps it, the same source gives
// a mapped row whose work can start.
func TestReconcileOnceMapped(t *testing.T) {
	src := []requirements.Source{{Kind: vms, Ref: "ICU-2231", Items: items("BLS - AHA only", "N95 respirator fit test (annual)")}}
	rc := reconciler(t)
	before, _ := rc.Reconcile(src)
	compareRows(t, before, []row{
		{"label:n95 respirator fit test annual", "N95 respirator fit test (annual)", requirements.GroupOther, []string{vms}},
		{"key:bls", "BLS - AHA only", "Certifications", []string{vms}},
	})
	if st, _ := requirements.Initial(before[0]); st != requirements.StatusAwaitingConfig {
		t.Fatalf("unmapped row ingested %s", st)
	}

	learned, conflicts := rc.Table.Merge([]mapping.Entry{{Label: "N95 Respirator Fit Test (Annual)", Target: mapping.Target{Key: "fit_test"}}})
	if len(conflicts) != 0 {
		t.Fatalf("merge conflicts: %+v", conflicts)
	}
	rc.Table = learned
	after, _ := rc.Reconcile(src)
	compareRows(t, after, []row{
		{"key:fit_test", "N95 respirator fit test (annual)", requirements.GroupHealth, []string{vms}},
		{"key:bls", "BLS - AHA only", "Certifications", []string{vms}},
	})
	st, _ := requirements.Initial(after[0])
	if st != requirements.StatusPending {
		t.Fatalf("mapped row ingested %s", st)
	}
	open, _ := requirements.Open(after[0].FulfillmentType)
	for _, step := range [][2]string{{requirements.StatusAwaitingConfig, st}, {requirements.StatusAwaitingConfig, open}, {st, open}} {
		if err := lifecycle.Requirement.Check(step[0], step[1]); err != nil {
			t.Errorf("%s -> %s refused: %v", step[0], step[1], err)
		}
	}
}

// icuJob is a realistic ICU job: the VMS's list, the placement's own items,
// the client's emailed checklist (waiving the drug screen) and the client's
// matrix.
func icuJob(matrixReplace bool) []requirements.Source {
	return []requirements.Source{
		{Kind: email, Ref: "<checklist-0142@mercyregional.org>", Items: []requirements.Item{
			{Label: "BLS – AHA only", Ref: "body:3"},
			{Label: "Current PPD or QuantiFERON within 1 yr", PacketGroup: "Health", Ref: "body:4"},
			{Label: "Annual physical", Ref: "body:5"},
			{Label: "MMR titer", Ref: "body:6"},
			{Label: "Signed attestation of health", Ref: "body:7"},
			{Label: "Sex offender registry search", Ref: "body:8"},
		}, Exclusions: []requirements.Item{{Label: "10 panel drug screen", Notes: "waived for float pool", Ref: "body:9"}}},
		{Kind: vms, Ref: "ICU-2231", Items: []requirements.Item{
			{Label: "Texas RN license or compact license", PacketGroup: "Licensure/Credentials", Ref: "r1"},
			{Label: "Photo ID (driver's license or passport)", PacketGroup: "Licensure/Credentials", Ref: "r2"},
			{Label: "Skills checklist – ICU", PacketGroup: "Licensure/Credentials", Ref: "r3"},
			{Label: "BLS - AHA only", PacketGroup: "Certifications", Ref: "r4"},
			{Label: "ACLS - AHA", PacketGroup: "Certifications", Ref: "r5"},
			{Label: "Current PPD or QuantiFERON within 1 yr", PacketGroup: "Health Screening", Ref: "r6"},
			{Label: "Hep B titer or declination", PacketGroup: "Health Screening", Ref: "r7"},
			{Label: "10 panel drug screen", PacketGroup: "Health Screening", Ref: "r8"},
			{Label: "OIG/SAM exclusion search", PacketGroup: "Background & Compliance", Ref: "r9"},
			{Label: "Pyxis access request", PacketGroup: "Facility Forms", Ref: "r10"},
			{Label: "I-9 employment eligibility", PacketGroup: "Facility Forms", Ref: "r11"},
		}},
		{Kind: placement, Ref: "PL-88123", Items: []requirements.Item{{Label: "Unit orientation", PacketGroup: "Facility Forms", Ref: "p1"}}},
		{Kind: clientMx, Ref: "matrix-mercy", Replace: matrixReplace, Items: []requirements.Item{
			{Key: "fit_test", Label: "N95 fit test", PacketGroup: "Health Screening"},
			{Key: "covid19_vaccine", Label: "COVID-19 vaccination or exemption"},
			{Key: "bls", Label: "BLS (AHA)", PacketGroup: "Credentials"},
			{Key: "drug_screen", Label: "10 panel drug screen"},
		}},
	}
}

func TestReconcileGolden(t *testing.T) {
	for _, tt := range []struct {
		name    string
		replace bool
	}{{"icu_job_matrix_add", false}, {"icu_job_matrix_replace", true}} {
		t.Run(tt.name, func(t *testing.T) {
			rows, conflicts := reconciler(t).Reconcile(icuJob(tt.replace))
			checkRows(t, rows)
			type statused struct {
				requirements.Row
				Status string `json:"status"`
				Reason string `json:"statusReason"`
			}
			out := struct {
				Rows      []statused              `json:"rows"`
				Conflicts []requirements.Conflict `json:"conflicts"`
			}{Rows: []statused{}, Conflicts: conflicts}
			for _, r := range rows {
				st, reason := requirements.Initial(r)
				out.Rows = append(out.Rows, statused{Row: r, Status: st, Reason: reason})
			}
			b, err := json.MarshalIndent(out, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, "testdata/reconcile_"+tt.name+".json", append(b, '\n'))
		})
	}
}

// The same sources give the same rows and conflicts, byte for byte, on
// every run: a sync that reports a changed conflict each time would bury
// the real ones.
func TestReconcileDeterministic(t *testing.T) {
	rc := reconciler(t)
	first, _ := json.Marshal(reconcileAll(rc, icuJob(false)))
	for range 50 {
		again, _ := json.Marshal(reconcileAll(rc, icuJob(false)))
		if string(again) != string(first) {
			t.Fatalf("reconciliation changed between runs:\n%s", golden.LineDiff(string(first), string(again)))
		}
	}
}

func reconcileAll(rc requirements.Reconciler, sources []requirements.Source) any {
	rows, conflicts := rc.Reconcile(sources)
	return []any{rows, conflicts}
}

// The reconciler does not change its callers' sources.
func TestReconcileLeavesSourcesAlone(t *testing.T) {
	sources := icuJob(false)
	before, _ := json.Marshal(sources)
	reconciler(t).Reconcile(sources)
	after, _ := json.Marshal(sources)
	if string(before) != string(after) {
		t.Errorf("sources changed:\n%s", golden.LineDiff(string(before), string(after)))
	}
}
