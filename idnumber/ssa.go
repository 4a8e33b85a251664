package idnumber

// SSNNeverAssigned says why a Social Security number (its area, group
// and serial, as digits) was never assigned, or "" where it may have
// been: area 000, 666 or 900-999, group 00, serial 0000 (the SSA's rules,
// unchanged by the 2011 randomisation).
func SSNNeverAssigned(area, group, serial string) string {
	switch {
	case area == "000", area == "666":
		return "area " + area + " is never assigned"
	case area != "" && area[0] == '9':
		return "areas 900-999 are never assigned"
	case group == "00":
		return "group 00 is never assigned"
	case serial == "0000":
		return "serial 0000 is never assigned"
	}
	return ""
}

// NPIProblem says why ten digits are no National Provider Identifier CMS
// issues, or "" where they may be one: an NPI starts with 1 or 2, and its
// last digit is a Luhn check digit over the prefix 80840 and its first
// nine.
func NPIProblem(npi string) string {
	switch {
	case len(npi) != 10:
		return "it is not ten digits"
	case npi[0] != '1' && npi[0] != '2':
		return "it does not start with 1 or 2"
	case !luhnValid("80840" + npi):
		return "its check digit does not match"
	}
	return ""
}

// luhnValid checks a digit string's Luhn check digit (its last).
func luhnValid(digits string) bool {
	sum := 0
	double := false
	for i := len(digits) - 1; i >= 0; i-- {
		c := digits[i]
		if c < '0' || c > '9' {
			return false
		}
		v := int(c - '0')
		if double {
			v *= 2
			if v > 9 {
				v -= 9
			}
		}
		sum += v
		double = !double
	}
	return sum%10 == 0
}
