package heldoutfraud

import "strings"

// mrzCheck is ICAO 9303's check digit: weights 7, 3, 1 over the values of
// digits, letters (A=10) and the filler (0).
func mrzCheck(s string) byte {
	w := [3]int{7, 3, 1}
	sum := 0
	for i, c := range s {
		v := 0
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'A' && c <= 'Z':
			v = int(c-'A') + 10
		}
		sum += v * w[i%3]
	}
	return byte('0' + sum%10)
}

func mrzPad(s string, n int) string {
	s = strings.ToUpper(strings.NewReplacer(" ", "<", "-", "<", "'", "", ".", "").Replace(s))
	if n <= 0 {
		return s
	}
	if len(s) > n {
		return s[:n]
	}
	return s + strings.Repeat("<", n-len(s))
}

// mrzLines prints the two TD3 lines of a passport. A forger who edits the
// number or the expiry in both zones but cannot recompute the digits
// leaves the check digits of the values printed before; Extra's
// "check_id" and "check_exp" hold those older values.
func mrzLines(d doc) (string, string) {
	given := strings.TrimSpace(d.P.First + " " + d.P.Middle)
	l1 := mrzPad("P<USA"+mrzPad(d.P.Last, 0)+"<<"+mrzPad(given, 0), 44)
	num := mrzPad(d.ID, 9)
	dob := d.P.DOB.Format("060102")
	exp := d.Expiry.Format("060102")
	checkNum, checkExp := num, exp
	if v := d.extra("check_id", ""); v != "" {
		checkNum = mrzPad(v, 9)
	}
	if v := d.extra("check_exp", ""); v != "" {
		checkExp = v
	}
	personal := strings.Repeat("<", 14)
	// The composite digit covers the fields as the issuer wrote them.
	comp := checkNum + string(mrzCheck(checkNum)) + dob + string(mrzCheck(dob)) + checkExp + string(mrzCheck(checkExp)) + personal + "0"
	l2 := num + string(mrzCheck(checkNum)) + "USA" + dob + string(mrzCheck(dob)) + d.P.Sex + exp + string(mrzCheck(checkExp)) + personal + "0" + string(mrzCheck(comp))
	return l1, l2
}

// mrzValid reports whether a TD3 second line's check digits all hold.
func mrzValid(l2 string) bool {
	if len(l2) != 44 {
		return false
	}
	ok := mrzCheck(l2[0:9]) == l2[9] && mrzCheck(l2[13:19]) == l2[19] && mrzCheck(l2[21:27]) == l2[27]
	comp := l2[0:10] + l2[13:20] + l2[21:43]
	return ok && mrzCheck(comp) == l2[43]
}
