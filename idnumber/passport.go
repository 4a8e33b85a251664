package idnumber

// PassportNumberDoubt says why a passport number as read (capitals and
// digits, the zone's fillers trimmed) looks like OCR's damage rather than
// a number an issuer gives, or "" where it may be one. Issuers number
// passports with digits, a letter or two before them and perhaps one
// after: a reading with fewer than five digits, or with two or more
// letters that look like digits standing inside it beside a digit
// (VS0S811SB for V5058118B), is a misread whose check digit may pass by
// chance, one time in ten.
func PassportNumberDoubt(num string) string {
	digits := 0
	for i := 0; i < len(num); i++ {
		if num[i] >= '0' && num[i] <= '9' {
			digits++
		}
	}
	if digits < 5 {
		return "it has fewer than five digits"
	}
	isDigit := func(i int) bool { return num[i] >= '0' && num[i] <= '9' }
	inside := 0
	for i := 1; i+1 < len(num); i++ {
		if _, ok := printToDigit[num[i]]; ok && !isDigit(i) && (isDigit(i-1) || isDigit(i+1)) {
			inside++
		}
	}
	if inside >= 2 {
		return "letters that look like digits stand among its digits"
	}
	return ""
}

// USPassportNumber reports that a number is in a form the United States
// gives its passports: nine digits (books), or a letter and eight digits
// (newer books, and cards, which open with C).
func USPassportNumber(num string) bool {
	return formMatches("999999999", num) || formMatches("A99999999", num)
}
