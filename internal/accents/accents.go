// Package accents folds accented letters to their plain ones, so that text
// copied from a French-Canadian VMS or a scanned card reads like its
// English spelling ("Réunion" → "Reunion").
package accents

import (
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Fold removes the combining marks of s after compatibility decomposition
// (NFKD, so ligatures and full-width forms fold too) and recomposes what
// is left. Text x/text cannot transform is returned as it is.
func Fold(s string) string {
	// A transform chain keeps state, so each call needs its own.
	t := transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		return s
	}
	return out
}
