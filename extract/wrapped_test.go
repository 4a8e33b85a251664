package extract

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
)

// TestWrappedValues: a value a narrow column wrapped onto the next line
// ("Delgado-" / "Reyes", "RN-" / "0451289") is read whole, and a name cut
// at a hyphen with nothing to continue it is not reported as read.
func TestWrappedValues(t *testing.T) {
	c := catalog.MustLoad()
	board := "STATE OF OREGON\nBoard of Nursing - License Verification\n"
	tests := []struct {
		name, typ, text string
		want            map[string]string
	}{
		{"surname wrapped after its hyphen", "nursing_license",
			board + "Licensee Name: Priya Delgado-\nReyes\nLicense Type: Registered Nurse\nExpiration Date: 06/30/2027\n",
			map[string]string{"full_name": "Priya Delgado-Reyes", "last_name": "Delgado-Reyes", "first_name": "Priya"}},
		{"surname in capitals wrapped", "nursing_license",
			board + "NAME: AMARA OKONJO-\nBELLAMY\nLICENSE TYPE: RN\n",
			map[string]string{"full_name": "AMARA OKONJO-BELLAMY", "last_name": "OKONJO-BELLAMY"}},
		{"a label after the hyphen continues nothing", "nursing_license",
			board + "Licensee Name: Priya Delgado-\nLicense Type: Registered Nurse\n",
			map[string]string{"full_name": "", "last_name": ""}},
		{"number wrapped after its type's hyphen", "nursing_license",
			board + "Licensee Name: Priya Delgado\nLicense Number: RN-\n0451289\nStatus: Active\n",
			map[string]string{"license_number": "RN-0451289"}},
		{"number wrapped inside its digits", "nursing_license",
			board + "Licensee Name: Priya Delgado\nLicense No.: 0451-\n289117\nStatus: Active\n",
			map[string]string{"license_number": "0451-289117"}},
		{"a date on the next line continues no number", "nursing_license",
			board + "Licensee Name: Priya Delgado\nLicense Number: RN-\n06/30/2027\nStatus: Active\n",
			map[string]string{"license_number": ""}},
		{"a number on one line is read as before", "nursing_license",
			board + "Licensee Name: Priya Delgado\nLicense Number: RN-0451289\n771234\n",
			map[string]string{"license_number": "RN-0451289"}},
	}
	for _, tt := range tests {
		res := Read(c, tt.typ, Document{Text: tt.text})
		for f, want := range tt.want {
			got, _ := res.Fields[f].(string)
			if res.Confidence[f] < 0.5 {
				// Below the catalog's default threshold: reported uncertain.
				got = ""
			}
			if got != want {
				t.Errorf("%s: %s = %q, want %q", tt.name, f, got, want)
			}
		}
	}
}
