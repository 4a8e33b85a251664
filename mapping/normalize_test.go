package mapping

import "testing"

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"BLS - AHA only", "bls aha only"},
		{"  BLS – AHA   only ", "bls aha only"},
		{"BLS—AHA only", "bls aha only"},
		{"Hep-B Titer", "hep b titer"},
		{"Current PPD or QuantiFERON within 1 yr", "current ppd or quantiferon within 1 year"},
		{"PPD within 1 year", "ppd within 1 year"},
		{"PPD within 1 years", "ppd within 1 year"},
		{"PPD within 1 year(s)", "ppd within 1 year"},
		{"PPD within 1yr", "ppd within 1 year"},
		{"PPD w/in 12 mos", "ppd within 12 month"},
		{"PPD w/ in 12 mo", "ppd within 12 month"},
		{"Physical exam w/in 12 months", "physical exam within 12 month"},
		{"Mask w/ declination", "mask with declination"},
		{"Flu shot w/o exemption", "flu shot without exemption"},
		{"UDS within 72hrs", "uds within 72 hour"},
		{"UDS within 72 hrs", "uds within 72 hour"},
		{"Drug screen w/in 30 days", "drug screen within 30 day"},
		{"H&P", "h and p"},
		{"History and Physical", "history and physical"},
		{"Tetanus + Pertussis", "tetanus and pertussis"},
		{"HBsAb+", "hbsab"},
		{"Driver's License", "drivers license"},
		{"Driver\u2019s License", "drivers license"},
		{"M.M.R. titer(s)", "mmr titer"},
		{"MMR titres", "mmr titer"},
		{"Chest X-ray", "chest xray"},
		{"Chest Xray", "chest xray"},
		{"T-SPOT.TB", "tspot tb"},
		{"N-95 fit test", "n95 fit test"},
		{"Chicken pox", "chickenpox"},
		{"OIG/SAM exclusion search", "oig sam exclusion search"},
		{"Valid thru assignment end", "valid through assignment end"},
		{"Govt-issued ID", "government issued id"},
		{"Résumé", "resume"},
		{"0.5 mL dose", "0.5 ml dose"},
		{"Annually", "annual"},
		{"Yearly physical", "annual physical"},
		{"", ""},
		{" -- / () ", ""},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Labels that ask for different things stay different.
func TestNormalizeKeepsMeaning(t *testing.T) {
	pairs := [][2]string{
		{"Hep B titer", "Hep B declination"},
		{"Hep B titer or declination", "Hep B titer"},
		{"BLS - AHA only", "BLS"},
		{"Hep A", "Hep B"},
		{"5-panel drug screen", "10-panel drug screen"},
		{"TB within 1 year", "TB within 1 month"},
		{"MO RN license", "Month RN license"},
	}
	for _, p := range pairs {
		if Normalize(p[0]) == Normalize(p[1]) {
			t.Errorf("%q and %q both normalise to %q", p[0], p[1], Normalize(p[0]))
		}
	}
	// "mo" and "hr" are units only after a number: Missouri and human
	// resources are not months and hours.
	for in, want := range map[string]string{"MO RN license": "mo rn license", "HR form": "hr form", "24 hr": "24 hour"} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}
