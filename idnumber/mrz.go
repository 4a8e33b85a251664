package idnumber

import (
	"math/bits"
	"strconv"
	"time"
)

// MRZCheckDigit is the ICAO 9303 check digit of a field of a passport's
// machine-readable zone: digits count as themselves, letters A-Z as 10-35
// and the filler '<' as 0, weighted 7, 3, 1 in turn.
func MRZCheckDigit(s string) string {
	weights := []int{7, 3, 1}
	sum := 0
	for i, c := range s {
		v := 0
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'A' && c <= 'Z':
			v = int(c-'A') + 10
		}
		sum += v * weights[i%3]
	}
	return strconv.Itoa(sum % 10)
}

// RepairMRZ swaps look-alikes (O and 0, I and 1, S and 5, B and 8, Z and
// 2, G and 6; Q or D for 0) in an alphanumeric field of the zone until its
// check digit passes, fewest swaps first. It answers only when exactly
// one repair of the fewest swaps passes: a check digit passing by chance
// after a wrong swap is too likely otherwise.
func RepairMRZ(field, check string) (string, bool) {
	var at []int
	for i := 0; i < len(field); i++ {
		if _, ok := zoneSwaps[field[i]]; ok {
			at = append(at, i)
		}
	}
	if len(at) == 0 || len(at) > 10 {
		return "", false
	}
	for swaps := 1; swaps <= min(len(at), 3); swaps++ {
		found, n := "", 0
		for mask := 1; mask < 1<<len(at); mask++ {
			if bits.OnesCount(uint(mask)) != swaps {
				continue
			}
			b := []byte(field)
			for k, i := range at {
				if mask&(1<<k) != 0 {
					b[i] = zoneSwaps[b[i]]
				}
			}
			if MRZCheckDigit(string(b)) == check {
				found, n = string(b), n+1
			}
		}
		if n > 0 {
			return found, n == 1
		}
	}
	return "", false
}

// ZoneDate is a date as the machine-readable zone prints it, YYMMDD: the
// century is not printed, and which one a date is in is the reader's to
// settle (a birth date and an expiry are settled differently).
type ZoneDate struct {
	YY, Month, Day int
}

// ReadZoneDate reads six digits as a zone date: a month of 1 to 12 and a
// day of 1 to 31 (whether the day is in its month depends on the year:
// see In).
func ReadZoneDate(yymmdd string) (ZoneDate, bool) {
	if len(yymmdd) != 6 {
		return ZoneDate{}, false
	}
	for i := 0; i < 6; i++ {
		if yymmdd[i] < '0' || yymmdd[i] > '9' {
			return ZoneDate{}, false
		}
	}
	z := ZoneDate{YY: atoi2(yymmdd[0:2]), Month: atoi2(yymmdd[2:4]), Day: atoi2(yymmdd[4:6])}
	if z.Month < 1 || z.Month > 12 || z.Day < 1 || z.Day > 31 {
		return ZoneDate{}, false
	}
	return z, true
}

func atoi2(s string) int { return int(s[0]-'0')*10 + int(s[1]-'0') }

// In is the date in the century starting at the year century (1900,
// 2000), where it is a calendar date (not the 30th of February).
func (z ZoneDate) In(century int) (time.Time, bool) {
	t := time.Date(century+z.YY, time.Month(z.Month), z.Day, 0, 0, 0, 0, time.UTC)
	if t.Day() != z.Day || int(t.Month()) != z.Month {
		return time.Time{}, false
	}
	return t, true
}

// Birth is the zone's birth date as of the day asOf, for a holder at
// least minAge years old: in this century unless that makes the holder
// younger (by the year), else in the last.
func (z ZoneDate) Birth(asOf time.Time, minAge int) (time.Time, bool) {
	century := 2000
	if century+z.YY > asOf.Year()-minAge {
		century = 1900
	}
	return z.In(century)
}

// Expiry is the zone's expiry date: ICAO 9303 documents are valid for at
// most ten years and none was issued with a zone before the 1980s, so an
// expiry is never in the last century.
func (z ZoneDate) Expiry() (time.Time, bool) { return z.In(2000) }
