package integrations

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/clearedtostart/compliance/catalog"
)

// doc joins lines into a YAML document, so that a case's line numbers can
// be read off its position in the list.
func doc(lines ...string) []byte { return []byte(strings.Join(lines, "\n") + "\n") }

// minimal is the smallest valid integration, lines 1 to 6.
func minimal(extra ...string) []byte {
	return doc(append([]string{
		"integrations:",
		"  acme:",
		"    displayName: Acme VMS",
		"    connector: {kind: sandbox, baseUrl: 'http://vms.test'}",
		"    sources: [vms, email, matrix]",
		"    syncEvery: 1h",
	}, extra...)...)
}

func TestParseMinimal(t *testing.T) {
	cfg, err := Parse(minimal(), catalog.MustLoad())
	if err != nil {
		t.Fatal(err)
	}
	in, ok := cfg.Integration("acme")
	if !ok {
		t.Fatal("no acme")
	}
	if in.DisplayName != "Acme VMS" || in.Connector.Kind != "sandbox" || in.Connector.BaseURL != "http://vms.test" ||
		in.Connector.Timeout != DefaultTimeout || len(in.Connector.Credentials) != 0 {
		t.Errorf("defaults: %+v", in)
	}
	if !slices.Equal(in.Sources, []Source{SourceVMS, SourceEmail, SourceMatrix}) || in.Matrix.Mode != MatrixAdd ||
		in.SyncEvery != time.Hour || in.PlacementSync || in.Mapping.Len() != 0 {
		t.Errorf("settings: %+v", in)
	}
	// The default precedence: matrices, narrowest first, then the VMS, then email.
	if !slices.Equal(in.Precedence, DefaultPrecedence()) {
		t.Errorf("precedence %v", in.Precedence)
	}
	if in.Rank(LevelJobMatrix) != 0 || in.Rank(LevelEmail) != 4 || !in.Uses(SourceEmail) {
		t.Errorf("rank/uses")
	}
	if _, ok := cfg.Integration("other"); ok {
		t.Error("other found")
	}
}

func TestParseSettings(t *testing.T) {
	t.Setenv("ACME_URL", "https://acme.example/api/")
	cfg, err := Parse(doc(
		"integrations:",
		"  acme:",
		"    displayName: '  Acme VMS  '",
		"    connector:",
		"      kind: sandbox",
		"      baseUrl: ${ACME_URL}",
		"      timeout: 5s",
		"      credentials: {username: ACME_USER, password: ACME_PASSWORD}",
		"    sources: [email, vms]",
		"    email:",
		`      jobRefPatterns: ['(?i)acme job (\d+)', 'ACME-\d+']`,
		"    precedence: [email, vms]",
		"    syncEvery: 90m",
		"    placementSync: true",
		"    mapping: &labels",
		"      - {label: 'BLS - AHA only', key: bls, packetGroup: Certifications}",
		"      - {label: 'OIG/SAM exclusion search', key: oig_exclusion_check, also: [sam_exclusion_check], sortOrder: 5}",
		"      - label: 'Skills checklist – {dept}'",
		"        key: skills_checklist",
		"  acme-portal:",
		"    displayName: Acme portal",
		"    connector: {kind: sandbox, baseUrl: '${ACME_PORTAL_URL:-http://127.0.0.1:9000}'}",
		"    sources: [matrix]",
		"    matrix: {mode: replace}",
		"    mapping: *labels",
	), catalog.MustLoad())
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, in := range cfg.Integrations() {
		types = append(types, in.VMSType)
	}
	if !slices.Equal(types, []string{"acme", "acme-portal"}) {
		t.Fatalf("integrations %v", types)
	}
	in, _ := cfg.Integration("acme")
	c := in.Connector
	if in.DisplayName != "Acme VMS" || c.BaseURL != "https://acme.example/api" || c.Timeout != 5*time.Second ||
		c.Credentials["username"] != "ACME_USER" || c.Credentials["password"] != "ACME_PASSWORD" {
		t.Errorf("connector %+v", in)
	}
	if !slices.Equal(in.Precedence, []Level{LevelEmail, LevelVMS}) || in.Rank(LevelJobMatrix) != -1 || in.SyncEvery != 90*time.Minute || !in.PlacementSync {
		t.Errorf("settings %+v", in)
	}
	if len(in.Email.JobRefPatterns) != 2 || in.Email.JobRefPatterns[0].FindStringSubmatch("re: Acme job 4411")[1] != "4411" {
		t.Errorf("patterns %v", in.Email.JobRefPatterns)
	}
	e, ok := in.Mapping.Lookup("bls aha ONLY")
	if !ok || e.Key != "bls" || e.PacketGroup != "Certifications" || e.SortOrder != 10 {
		t.Errorf("bls entry %+v", e)
	}
	e, _ = in.Mapping.Lookup("OIG / SAM exclusion search")
	if !slices.Equal(e.Keys(), []string{"oig_exclusion_check", "sam_exclusion_check"}) || e.SortOrder != 5 {
		t.Errorf("oig entry %+v", e)
	}
	if e, _ := in.Mapping.Lookup("Skills checklist - Cath Lab"); e.Key != "skills_checklist" || e.SortOrder != 30 {
		t.Errorf("pattern entry %+v", e)
	}
	portal, _ := cfg.Integration("acme-portal")
	if portal.Connector.BaseURL != "http://127.0.0.1:9000" || portal.Matrix.Mode != MatrixReplace || portal.SyncEvery != DefaultSyncEvery ||
		portal.Mapping.Len() != 3 || !slices.Equal(portal.Precedence, []Level{LevelJobMatrix, LevelClientMatrix, LevelFacilityMatrix}) {
		t.Errorf("portal %+v", portal)
	}
}

func TestParseRejects(t *testing.T) {
	t.Setenv("ACME_SET", "http://set.test")
	tests := []struct {
		name string
		doc  []byte
		want []string // every error, in order
	}{
		{"not YAML", doc("integrations:", "  acme: [", ""),
			[]string{"line 3: not YAML: did not find expected node content"}},
		{"empty", doc(""), []string{"empty file: it must list `integrations`"}},
		{"no integrations", doc("vms: {}"),
			[]string{"line 1: vms: unknown setting \"vms\" (known: integrations)"}},
		{"no integrations at all", doc("{}"), []string{"line 1: no `integrations`"}},
		{"integrations a list", doc("integrations: [acme]"),
			[]string{"line 1: integrations: must be a mapping of vmsType to its settings"}},
		{"integrations empty", doc("integrations: {}"),
			[]string{"line 1: integrations: lists no integration"}},
		{"vmsType twice", append(minimal(), minimal()[len("integrations:\n"):]...),
			[]string{"line 7: integrations.acme: vmsType \"acme\" defined twice (first at line 2)"}},
		{"bad vmsType", doc("integrations:", "  Acme_VMS:", "    displayName: A", "    connector: {kind: sandbox, baseUrl: 'http://a.test'}", "    sources: [vms]"),
			[]string{"line 2: integrations.Acme_VMS: vmsType \"Acme_VMS\" must be lower-case letters and digits, words joined by dashes"}},
		{"unknown setting", minimal("    polling: 5m"),
			[]string{"line 7: integrations.acme.polling: unknown setting \"polling\" (known: displayName, connector, sources, email, matrix, precedence, syncEvery, placementSync, mapping)"}},
		{"setting twice", minimal("    syncEvery: 2h"),
			[]string{"line 7: integrations.acme.syncEvery: \"syncEvery\" given twice"}},
		{"merge key", doc("base: &b {displayName: A}", "integrations:", "  acme:", "    <<: *b", "    connector: {kind: sandbox, baseUrl: 'http://a.test'}", "    sources: [vms]"),
			[]string{
				"line 1: base: unknown setting \"base\" (known: integrations)",
				"line 4: integrations.acme.<<: merge keys are not supported: share a value with an anchor (&name) and an alias (*name)",
				"line 4: integrations.acme: no displayName",
			}},
		{"missing essentials", doc("integrations:", "  acme: {syncEvery: 1h}"),
			[]string{
				"line 2: integrations.acme: no displayName",
				"line 2: integrations.acme: no connector",
				"line 2: integrations.acme: no sources (at least one of matrix, vms, email)",
			}},
		{"empty displayName", doc("integrations:", "  acme:", "    displayName: ' '", "    connector: {kind: sandbox, baseUrl: 'http://a.test'}", "    sources: [vms]"),
			[]string{"line 3: integrations.acme.displayName: is empty"}},
		{"unknown connector kind", doc("integrations:", "  acme:", "    displayName: A", "    connector: {kind: fieldglass, baseUrl: 'http://a.test', credentials: {user: X}}", "    sources: [vms]"),
			[]string{"line 4: integrations.acme.connector.kind: unknown connector kind \"fieldglass\" (known: sandbox)"}},
		{"connector without kind or address", doc("integrations:", "  acme:", "    displayName: A", "    connector: {timeout: 5s}", "    sources: [vms]"),
			[]string{
				"line 4: integrations.acme.connector: no kind (known: sandbox)",
				"line 4: integrations.acme.connector: no baseUrl",
			}},
		{"connector settings", doc("integrations:", "  acme:", "    displayName: A", "    connector:",
			"      kind: sandbox",
			"      baseUrl: ${ACME_UNSET}/api",
			"      timeout: 30",
			"      region: us",
			"      credentials: {username: ACME_USER, apiKey: ACME_KEY, password: hunter2}",
			"    sources: [vms]"),
			[]string{
				"line 8: integrations.acme.connector.region: unknown setting \"region\" (known: kind, baseUrl, timeout, credentials)",
				"line 6: integrations.acme.connector.baseUrl: environment variable ACME_UNSET is not set (write ${ACME_UNSET:-default} for a default)",
				"line 7: integrations.acme.connector.timeout: \"30\" is not a duration (like 30s, 15m or 6h)",
				"line 9: integrations.acme.connector.credentials.apiKey: the sandbox connector takes no \"apiKey\" credential (known: username, password)",
				"line 9: integrations.acme.connector.credentials.password: \"hunter2\" is not an environment variable name (A-Z, 0-9, _): credentials are named, never written in the file",
			}},
		{"integration and connector not mappings", doc("integrations:",
			"  a: sandbox",
			"  b: {displayName: B, connector: sandbox, sources: [vms]}",
		),
			[]string{
				"line 2: integrations.a: must be a mapping (displayName, connector, sources, email, matrix, precedence, syncEvery, placementSync, mapping)",
				"line 3: integrations.b.connector: must be a mapping (kind, baseUrl, timeout, credentials)",
			}},
		{"base URLs", doc("integrations:",
			"  a: {displayName: A, sources: [vms], connector: {kind: sandbox, baseUrl: 'ftp://a.test'}}",
			"  b: {displayName: B, sources: [vms], connector: {kind: sandbox, baseUrl: '${ACME_SET}x:y'}}",
			"  c: {displayName: C, sources: [vms], connector: {kind: sandbox, baseUrl: '${acme_url}'}}",
			"  d: {displayName: D, sources: [vms], connector: {kind: sandbox, baseUrl: '${ACME_SET'}}",
			"  e: {displayName: E, sources: [vms], connector: {kind: sandbox, baseUrl: '${ACME_SET}/v1', timeout: 10ms}}",
		),
			[]string{
				"line 2: integrations.a.connector.baseUrl: \"ftp://a.test\" is not an http(s) URL",
				"line 3: integrations.b.connector.baseUrl: \"http://set.testx:y\" (from \"${ACME_SET}x:y\") is not an http(s) URL",
				"line 4: integrations.c.connector.baseUrl: \"acme_url\" is not an environment variable name",
				"line 5: integrations.d.connector.baseUrl: \"${ACME_SET\": unclosed ${",
				"line 6: integrations.e.connector.timeout: 10ms is shorter than 1s",
			}},
		{"sources", doc("integrations:",
			"  a: {displayName: A, connector: {kind: sandbox, baseUrl: 'http://a.test'}, sources: vms}",
			"  b: {displayName: B, connector: {kind: sandbox, baseUrl: 'http://a.test'}, sources: []}",
			"  c: {displayName: C, connector: {kind: sandbox, baseUrl: 'http://a.test'}, sources: [vms, fax, vms, [email]]}",
		),
			[]string{
				"line 2: integrations.a.sources: must be a list",
				"line 3: integrations.b.sources: no sources (at least one of matrix, vms, email)",
				"line 4: integrations.c.sources[1]: unknown source \"fax\" (known: matrix, vms, email)",
				"line 4: integrations.c.sources[2]: source \"vms\" listed twice",
				"line 4: integrations.c.sources[3]: must be a single value",
			}},
		{"settings of absent sources", doc("integrations:", "  acme:", "    displayName: A", "    connector: {kind: sandbox, baseUrl: 'http://a.test'}", "    sources: [matrix]",
			"    email: {jobRefPatterns: ['JOB-(\\d+)']}",
			"    matrix: {mode: add}",
			"    placementSync: true"),
			[]string{
				"line 6: integrations.acme.email: email settings, but email is not one of the sources",
				"line 8: integrations.acme.placementSync: placement sync reads the VMS, but vms is not one of the sources",
			}},
		{"email patterns", minimal("    email:", "      jobRefPatterns:", "        - 'JOB-(\\d+'", "        - 'x*'", "        - '(?i)job\\s*#\\s*(\\w+)'", "      from: [a@b.test]"),
			[]string{
				"line 12: integrations.acme.email.from: unknown setting \"from\" (known: jobRefPatterns)",
				"line 9: integrations.acme.email.jobRefPatterns[0]: bad regexp \"JOB-(\\\\d+\": missing closing ): `JOB-(\\d+`",
				"line 10: integrations.acme.email.jobRefPatterns[1]: regexp \"x*\" matches empty text: it would find a job reference in every email",
			}},
		{"matrix mode", minimal("    matrix: {mode: merge}"),
			[]string{"line 7: integrations.acme.matrix.mode: unknown matrix mode \"merge\" (known: add, replace)"}},
		{"precedence", minimal("    precedence: [vms, job_matrix, vms, client, facility_matrix]"),
			[]string{
				"line 7: integrations.acme.precedence[2]: vms listed twice",
				"line 7: integrations.acme.precedence[3]: unknown level \"client\" (known: job_matrix, client_matrix, facility_matrix, vms, email)",
				"line 7: integrations.acme.precedence: leaves out client_matrix, email: order every level of the sources",
			}},
		{"precedence of an absent source", doc("integrations:", "  acme:", "    displayName: A", "    connector: {kind: sandbox, baseUrl: 'http://a.test'}", "    sources: [vms]", "    precedence: [email, vms]"),
			[]string{"line 6: integrations.acme.precedence[0]: email is not a level of this integration's sources (vms)"}},
		{"sync durations", doc("integrations:",
			"  a: {displayName: A, connector: {kind: sandbox, baseUrl: 'http://a.test'}, sources: [vms], syncEvery: 6}",
			"  b: {displayName: B, connector: {kind: sandbox, baseUrl: 'http://a.test'}, sources: [vms], syncEvery: 10s}",
			"  c: {displayName: C, connector: {kind: sandbox, baseUrl: 'http://a.test'}, sources: [vms], syncEvery: [1h]}",
			"  d: {displayName: D, connector: {kind: sandbox, baseUrl: 'http://a.test'}, sources: [vms], placementSync: yes}",
		),
			[]string{
				"line 2: integrations.a.syncEvery: \"6\" is not a duration (like 30s, 15m or 6h)",
				"line 3: integrations.b.syncEvery: 10s is shorter than 1m0s",
				"line 4: integrations.c.syncEvery: must be a single value",
				"line 5: integrations.d.placementSync: must be true or false",
			}},
		{"mapping shape", minimal("    mapping: {label: BLS, key: bls}"),
			[]string{"line 7: integrations.acme.mapping: must be a list"}},
		{"mapping entries", minimal("    mapping:",
			"      - {label: 'BLS - AHA only', key: bls}",            // 8
			"      - {label: 'Hep B titer', key: hepatitis_b_titer}", // 9
			"      - {key: acls}",                                    // 10
			"      - {label: ACLS}",                                  // 11
			"      - {label: 'bls – AHA  ONLY', key: bls}",           // 12
			"      - {label: 'BLS - AHA only', key: bls}",            // 13
			"      - {label: ' -- ', key: bls}",                      // 14
			"      - {label: '{facility} {dept}', key: orientation}", // 15
			"      - {label: OIG/SAM, key: oig_exclusion_check, also: [sam_exclusion_check, sam, oig_exclusion_check]}", // 16
			"      - {label: PALS, key: pals, sortOrder: -1, packetGroup: Certs}",                                       // 17
			"      - {label: NRP, key: nrp, sortOrder: first}",                                                          // 18
			"      - {label: TNCC, key: tncc, group: Certs}",                                                            // 19
			"      - TNCC",                       // 20
			"      - {label: [TNCC], key: tncc}", // 21
		),
			[]string{
				"line 9: integrations.acme.mapping[1].key: unknown requirement key \"hepatitis_b_titer\" (not in the catalog)",
				"line 10: integrations.acme.mapping[2]: no label",
				"line 11: integrations.acme.mapping[3]: no key (a catalog requirement key)",
				"line 12: integrations.acme.mapping[4].label: label \"bls – AHA  ONLY\" is the same as \"BLS - AHA only\" (line 8) once normalised (\"bls aha only\")",
				"line 13: integrations.acme.mapping[5].label: label \"BLS - AHA only\" is mapped twice (first at line 8)",
				"line 14: integrations.acme.mapping[6].label: label \" -- \" has no words",
				"line 15: integrations.acme.mapping[7].label: label \"{facility} {dept}\" is only placeholders: it would match any short label",
				"line 16: integrations.acme.mapping[8].also[1]: unknown requirement key \"sam\" (not in the catalog)",
				"line 16: integrations.acme.mapping[8].also[2]: requirement key \"oig_exclusion_check\" named twice",
				"line 17: integrations.acme.mapping[9].sortOrder: must be a whole number, 0 or more",
				"line 18: integrations.acme.mapping[10].sortOrder: must be a whole number, 0 or more",
				"line 19: integrations.acme.mapping[11].group: unknown setting \"group\" (known: label, key, also, packetGroup, sortOrder)",
				"line 20: integrations.acme.mapping[12]: must be a mapping (label, key, also, packetGroup, sortOrder)",
				"line 21: integrations.acme.mapping[13].label: must be a single value",
			}},
	}
	cat := catalog.MustLoad()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Parse(tt.doc, cat)
			if cfg != nil {
				t.Error("a config despite errors")
			}
			var got []string
			for _, e := range AsErrors(err) {
				got = append(got, e.Error())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("errors:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
			}
		})
	}
}

func TestLoadNamesTheFile(t *testing.T) {
	cat := catalog.MustLoad()
	path := filepath.Join(t.TempDir(), "integrations.yaml")
	if err := os.WriteFile(path, minimal("    sources: [vms]", "    precedence: [vms]"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path, cat)
	want := "integrations: 2 problems:\n" +
		"  " + path + ":7: integrations.acme.sources: \"sources\" given twice\n" +
		"  " + path + ":8: integrations.acme.precedence: leaves out job_matrix, client_matrix, facility_matrix, email: order every level of the sources"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.yaml"), cat); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Fatalf("missing file: %v", err)
	}
	_, err = Parse(doc("integrations: {}"), cat)
	if err == nil || err.Error() != "integrations: line 1: integrations: lists no integration" {
		t.Fatalf("one problem: %v", err)
	}
}

func TestLoadDefault(t *testing.T) {
	cat := catalog.MustLoad()
	t.Setenv(EnvFile, "")
	cfg, err := LoadDefault(cat)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := cfg.Integration("sandbox"); !ok {
		t.Fatal("the embedded file has no sandbox")
	}

	path := filepath.Join(t.TempDir(), "mine.yaml")
	if err := os.WriteFile(path, minimal(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvFile, path)
	cfg, err = LoadDefault(cat)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := cfg.Integration("sandbox"); ok {
		t.Fatal("INTEGRATIONS_FILE did not replace the embedded file")
	}
	if _, ok := cfg.Integration("acme"); !ok {
		t.Fatal("INTEGRATIONS_FILE not read")
	}
	t.Setenv(EnvFile, filepath.Join(t.TempDir(), "nope.yaml"))
	if _, err := LoadDefault(cat); err == nil {
		t.Fatal("a missing INTEGRATIONS_FILE is an error, not the embedded file")
	}
}

func TestResolveCredentials(t *testing.T) {
	c := Connector{Kind: "sandbox", Credentials: map[string]string{"username": "VMS_USER", "password": "VMS_PASSWORD"}}
	env := map[string]string{"VMS_USER": "supplier"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	if _, err := c.ResolveCredentials(lookup); err == nil || err.Error() != "connector sandbox: environment variables not set: VMS_PASSWORD (password)" {
		t.Fatalf("err = %v", err)
	}
	env["VMS_PASSWORD"] = "secret"
	got, err := c.ResolveCredentials(lookup)
	if err != nil || got["username"] != "supplier" || got["password"] != "secret" {
		t.Fatalf("got %v, %v", got, err)
	}
}

func TestErrorFormat(t *testing.T) {
	for _, tt := range []struct {
		e    Error
		want string
	}{
		{Error{File: "f.yaml", Line: 3, Path: "a.b", Msg: "bad"}, "f.yaml:3: a.b: bad"},
		{Error{Line: 3, Path: "a.b", Msg: "bad"}, "line 3: a.b: bad"},
		{Error{File: "f.yaml", Msg: "bad"}, "f.yaml: bad"},
		{Error{Msg: "bad"}, "bad"},
	} {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.e, got, tt.want)
		}
	}
}
