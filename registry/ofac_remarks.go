package registry

import (
	"fmt"
	"strconv"
	"strings"
)

// remarkFacts are what an individual's OFAC Remarks say about the person.
type remarkFacts struct {
	DOBs        []PartialDate
	POB         []string
	Nationality []string
	Citizen     []string
	Gender      string
	AKAs        []string
}

// parseRemarks reads the "; "-separated items of an SDN's Remarks ("DOB 12
// Jan 1965; alt. DOB 1966; POB Caracas, Venezuela; nationality Venezuela;
// Gender Male; a.k.a. 'EL GORDO'."). Items it does not know (passports,
// IDs, "Linked To:") stay in the Remarks detail only. A DOB item it cannot
// read is an error: a date of birth dropped silently could clear a
// candidate the list names.
func parseRemarks(remarks string) (remarkFacts, error) {
	var f remarkFacts
	for _, item := range strings.Split(remarks, ";") {
		item = strings.TrimSpace(item)
		key, value := remarkKey(item)
		switch key {
		case "dob":
			d, err := parseRemarkDOB(value)
			if err != nil {
				return f, err
			}
			f.DOBs = append(f.DOBs, d)
		case "pob":
			f.POB = append(f.POB, trimPeriod(value))
		case "nationality":
			f.Nationality = append(f.Nationality, trimPeriod(value))
		case "citizen":
			f.Citizen = append(f.Citizen, trimPeriod(value))
		case "gender":
			if f.Gender == "" {
				f.Gender = trimPeriod(value)
			}
		case "aka":
			if n := unquoteAKA(value); n != "" {
				f.AKAs = append(f.AKAs, n)
			}
		}
	}
	return f, nil
}

// remarkKey recognises an item's label, with or without "alt. ".
func remarkKey(item string) (key, value string) {
	rest := item
	if len(rest) > 5 && strings.EqualFold(rest[:5], "alt. ") {
		rest = strings.TrimSpace(rest[5:])
	}
	for _, k := range []struct{ label, key string }{
		{"DOB ", "dob"}, {"POB ", "pob"}, {"nationality ", "nationality"}, {"citizen ", "citizen"},
		{"Gender ", "gender"}, {"a.k.a. ", "aka"}, {"a.k.a ", "aka"},
	} {
		if len(rest) > len(k.label) && strings.EqualFold(rest[:len(k.label)], k.label) {
			return k.key, strings.TrimSpace(rest[len(k.label):])
		}
	}
	return "", ""
}

func trimPeriod(s string) string { return strings.TrimSpace(strings.TrimSuffix(s, ".")) }

// unquoteAKA strips the quotes of "'ABU HAMZA'" (single, double or curly).
func unquoteAKA(s string) string {
	s = trimPeriod(s)
	s = strings.Trim(s, `'"‘’“” `)
	return strings.TrimSpace(s)
}

var monthAbbrev = map[string]int{"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}

// parseRemarkDOB reads a DOB value at its precision: "12 Jan 1965" (day),
// "Sep 1973" (month), "1957" (year), "circa 1960" (circa; a fuller date
// after circa keeps only its year), "1960 to 1962" (range; either end may
// be a fuller date, only the years are kept; "circa 1960 to 1962" too).
func parseRemarkDOB(v string) (PartialDate, error) {
	text := trimPeriod(v)
	s := text
	circa := len(s) > 6 && strings.EqualFold(s[:6], "circa ")
	if circa && strings.Contains(strings.ToLower(s), " to ") {
		// "circa 1979 to 1981" is read as the range it names.
		s = strings.TrimSpace(s[6:])
		circa = false
	}
	if circa {
		d, err := parsePlainDOB(strings.TrimSpace(s[6:]))
		if err != nil {
			return PartialDate{}, fmt.Errorf("DOB %q: %v", text, err)
		}
		return PartialDate{Year: d.Year, Precision: PrecisionCirca, Text: text}, nil
	}
	if i := strings.Index(strings.ToLower(s), " to "); i >= 0 {
		from, err := parsePlainDOB(strings.TrimSpace(s[:i]))
		if err != nil {
			return PartialDate{}, fmt.Errorf("DOB %q: %v", text, err)
		}
		to, err := parsePlainDOB(strings.TrimSpace(s[i+4:]))
		if err != nil {
			return PartialDate{}, fmt.Errorf("DOB %q: %v", text, err)
		}
		if to.Year < from.Year {
			return PartialDate{}, fmt.Errorf("DOB %q: range ends before it starts", text)
		}
		return PartialDate{Year: from.Year, ToYear: to.Year, Precision: PrecisionRange, Text: text}, nil
	}
	d, err := parsePlainDOB(s)
	if err != nil {
		return PartialDate{}, fmt.Errorf("DOB %q: %v", text, err)
	}
	d.Text = text
	return d, nil
}

// parsePlainDOB reads "12 Jan 1965", "Sep 1973" or "1957".
func parsePlainDOB(s string) (PartialDate, error) {
	f := strings.Fields(s)
	if len(f) == 0 || len(f) > 3 {
		return PartialDate{}, fmt.Errorf("%q is not a date", s)
	}
	// The fields are [[day] month] year, read in that order.
	d := PartialDate{Precision: []string{PrecisionYear, PrecisionMonth, PrecisionDay}[len(f)-1]}
	if len(f) == 3 {
		day, err := strconv.Atoi(f[0])
		if err != nil || len(f[0]) > 2 {
			return PartialDate{}, fmt.Errorf("%q is not a day", f[0])
		}
		d.Day, f = day, f[1:]
	}
	if len(f) == 2 {
		m := 0
		if len(f[0]) >= 3 {
			m = monthAbbrev[strings.ToLower(f[0][:3])]
		}
		if m == 0 {
			return PartialDate{}, fmt.Errorf("%q is not a month", f[0])
		}
		d.Month, f = m, f[1:]
	}
	y, err := strconv.Atoi(f[0])
	if err != nil || len(f[0]) != 4 || y < 1800 || y > 2200 {
		return PartialDate{}, fmt.Errorf("%q is not a four-digit year", f[0])
	}
	d.Year = y
	if d.Precision == PrecisionDay {
		if _, ok := calendarDate(d.Year, d.Month, d.Day); !ok {
			return PartialDate{}, fmt.Errorf("%s is not a calendar date", s)
		}
	}
	return d, nil
}
