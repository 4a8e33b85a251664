// Package screening searches a candidate in one bulk exclusion or
// sanction list held in memory (LEIE, SAM exclusions, OFAC SDN) and
// separates the records that resemble the candidate's name from those
// that are probably the candidate.
//
// Build indexes every record's name and every alias (OFAC alternate
// names and remark a.k.a.s, SAM cross-references; weak a.k.a.s count and
// are marked) with namematch.NewIndex. Search scores only the names the
// index's keys lead to, never the whole list, and answers:
//
//   - Filtered: every record with a name or alias that resembles the
//     candidate's (namematch: score ≥ namematch.Threshold, 0.80, and each
//     part at its minimum; in EXACT mode, names equal after
//     normalisation), one hit per record with the name that resembled
//     best, its explanation and score, best first;
//   - Matches: Filtered without the hits set aside. Each set-aside hit
//     says why in SetAside, with one of the codes below.
//
// # Setting hits aside
//
// A wrong "no match" lets an uncleared nurse work, so a hit is set aside
// only on positive evidence that the record is someone else:
//
//   - dob_mismatch: the candidate gave a date of birth and every date the
//     record lists contradicts it, each compared at its own precision: day
//     (year, month and day equal), month (year and month), year, circa
//     (the year within registry.CircaYears), range (the year within it). A
//     record with several dates contradicts only if all do; a record with
//     none never does (DOB outcome "unknown").
//   - middle_name_conflict: both sides carry a middle name or initial and
//     no initial is shared (Luisa and L agree; Luisa and Lucia do not
//     conflict; L and K do), on every name of the record that resembles.
//     Words that are part of the other side's surname are not middle
//     names.
//   - location_mismatch: only when the record lists no date of birth (so
//     no date can decide), the candidate gave a ZIP code whose 3-digit
//     prefix decides a state (zip3_states.csv: USPS prefix assignments),
//     the record has at least one US address with a state (its state
//     field, else its ZIP code), and none of them is in the candidate's
//     state. Risk: a listed person who moved to another state after being
//     listed is set aside (still shown in Filtered for review). Lists give
//     the address at the time of listing; SAM has no dates of birth at all,
//     so this rule is what keeps common names in SAM from flooding
//     Matches. A record with a date of birth is never set aside by
//     location, even when the candidate gave no date.
//
// # Match types
//
// PARTIAL (default) applies every fuzzy rule of namematch: nicknames
// (English, Spanish, Russian and Ukrainian, Filipino, Nigerian and Indian
// short forms), initials, one-edit typos and transpositions, phonetic
// spellings, compound surnames in any spelling or part, particles, swapped
// first and last names (a surname with particles typed as the first name
// included), a surname printed as a middle name (not when that middle
// name is a common one such as Lee or Ray, nor with a given name agreeing
// only by spelling). EXACT requires the first
// and last names equal after normalisation (case, accents, apostrophes,
// punctuation, titles and suffixes aside), compound surnames written
// joined or apart, in either order, on the record's name or any alias.
// Both apply the same set-aside rules.
package screening
