package idnumber

import "strings"

// OCR reads a zone's OCR-B, and a card's printed number, with letters and
// digits that look alike swapped. Which way a character is repaired
// depends on the place it stands in: a letter in a place of digits is the
// digit it looks like, and the other way round.
var (
	zoneToDigit  = strings.NewReplacer("O", "0", "Q", "0", "D", "0", "U", "0", "I", "1", "L", "1", "T", "1", "Z", "2", "S", "5", "B", "8", "G", "6")
	zoneToLetter = strings.NewReplacer("0", "O", "1", "I", "5", "S", "8", "B", "2", "Z", "6", "G", "4", "A", "7", "T")
	// zoneSwaps are the pairs swapped in an alphanumeric field, where
	// either reading may be the printed one.
	zoneSwaps = map[byte]byte{'O': '0', '0': 'O', 'I': '1', '1': 'I', 'S': '5', '5': 'S', 'B': '8', '8': 'B', 'Z': '2', '2': 'Z', 'G': '6', '6': 'G', 'Q': '0', 'D': '0'}
)

// ZoneDigits reads the letters OCR makes of digits (O, Q, D and U for 0,
// I, L and T for 1, Z, S, B, G) as those digits: a place of the zone, or
// of a number, that holds digits only.
func ZoneDigits(s string) string { return zoneToDigit.Replace(s) }

// ZoneLetters reads the digits OCR makes of letters (0 for O, 1 for I, 4
// for A, 7 for T...) as those letters: a place that holds letters only.
func ZoneLetters(s string) string { return zoneToLetter.Replace(s) }

// LookAlike reports that OCR may read the character a as b in an
// alphanumeric field (O and 0, I and 1, S and 5, B and 8, Z and 2, G and
// 6, Q or D for 0), or that they are the same.
func LookAlike(a, b byte) bool { return a == b || zoneSwaps[a] == b || zoneSwaps[b] == a }

// LookAlikeDistance is the edit distance between a and b, a look-alike
// (O for 0) costing nothing.
func LookAlikeDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if LookAlike(a[i-1], b[j-1]) {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
