package sampledocs

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/clearedtostart/compliance/idnumber"
)

// The facts forged by other tools: every forgery has a clean twin made
// by the same tools. (The step's files are read by the tests of every
// step's cases; its ways of making them are made twice by
// TestLaterStepsAreDeterministic.)
func TestFactsByOtherTools(t *testing.T) {
	if _, err := os.Stat(pilScanPython); err != nil {
		t.Fatal("no", pilScanPython, "(scripts/deps.sh installs python3 with Pillow):", err)
	}
	if _, err := exec.LookPath("weasyprint"); err != nil {
		t.Fatal("no weasyprint (scripts/deps.sh installs it):", err)
	}
	a := laterStep(t, "factsByOtherTools")
	if len(a) < 10 {
		t.Fatalf("%d cases, want at least 10", len(a))
	}
	twins := map[string]int{}
	for _, c := range a {
		if len(c.Upload) == 0 || c.Forged != (c.Manipulation != "") || c.Forged == (c.Control != "") {
			t.Errorf("%s: empty, or forged %v with manipulation %q and control %q", c.Name, c.Forged, c.Manipulation, c.Control)
		}
		parts := strings.Split(c.Name, "/")
		// Cases made the same way share their type and how they were made.
		twins[parts[1]+"/"+parts[2]]++
	}
	for _, c := range a {
		parts := strings.Split(c.Name, "/")
		if c.Forged && c.Manipulation == MRZCheckDigits && twins[parts[1]+"/"+parts[2]] < 2 && !strings.Contains(parts[3], "visual") && !strings.Contains(parts[2], "text_layer") {
			t.Errorf("%s: no clean twin made the same way", c.Name)
		}
	}
}

// A zone left stale fails the check digits the forger left and only
// those; the clean zone passes them all.
func TestStaleZones(t *testing.T) {
	f := &forger{r: Seeded(9), asOf: DefaultAsOf()}
	z := f.zoneFacts(false)
	_, l2 := z.td3()
	moved := z
	moved.exp = z.exp.AddDate(3, 0, 0)
	_, m2 := moved.td3()
	stale := staleDigits(m2, l2, 27, 43)
	tests := []struct {
		name, line     string
		expOK, wholeOK bool
	}{
		{"clean", l2, true, true},
		{"expiry moved, digits recomputed", m2, true, true},
		{"expiry moved, digits left", stale, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expOK := idnumber.MRZCheckDigit(tt.line[21:27]) == tt.line[27:28]
			wholeOK := idnumber.MRZCheckDigit(tt.line[0:10]+tt.line[13:20]+tt.line[21:43]) == tt.line[43:44]
			if expOK != tt.expOK || wholeOK != tt.wholeOK || len(tt.line) != 44 {
				t.Errorf("%s: expiry digit passes %v, composite %v (length %d), want %v, %v", tt.line, expOK, wholeOK, len(tt.line), tt.expOK, tt.wholeOK)
			}
		})
	}
	_, t2, _ := z.td1()
	_, tm2, _ := moved.td1()
	if st := staleDigits(tm2, t2, 14, 29); idnumber.MRZCheckDigit(st[8:14]) == st[14:15] || len(st) != 30 {
		t.Errorf("TD1 %s: the stale expiry digit passes", st)
	}
}
