// Package namematch parses people's names as documents print them and
// compares names, for both uses of the service: deciding whether a
// document's name is the candidate's (Match), and screening a candidate
// against exclusion and sanction lists (Index, Compare). Both share one
// normalisation, so they judge names the same way.
//
// # Documents: Match
//
// Match errs toward "no match": a false match lets an uncleared nurse
// through, a false mismatch only sends a document to a human. Its reasons
// are those of Result.
//
// # Screening: normalisation
//
// Every part of a name is folded (Fold): lower case; accents dropped (NFD,
// marks removed; ł, ø, ß, æ… mapped to base letters); apostrophes removed
// (O'Brien is OBRIEN); every other non-letter separates words. Then:
//   - titles at the start of the given names are dropped (Dr, Mr, Mrs, Ms,
//     Miss, Prof, Rev, Sister, Fr, Capt, Sheikh…), never the whole name;
//   - suffixes at the end of a part are dropped (Jr, Sr, II, III, IV, Esq and
//     professional ones: RN, LPN, LVN, APRN, NP, MD, PhD, CNA, CRNA…); a
//     surname is never emptied by them, and "V" and "DO" stay (a middle
//     initial, a surname particle);
//   - a name with a single part is a surname (mononyms);
//   - surname particles (de, del, la, van, von, der, da, dos, di, du, le, st,
//     al, bin, ibn, y…) before the last surname word need not agree and are
//     not keys, but stay in the joined form: "de la Cruz" joins to
//     "delacruz", not "cruz". A one-word surname starting with a particle
//     written glued ("DeLaCruz", "DaSilva") also answers to what follows
//     ("cruz", "silva") when that has 4+ letters. Hyphens and spaces are the
//     same: Garcia-Lopez, Garcia Lopez and GarciaLopez are one surname.
//
// # Screening: candidates by index
//
// NewIndex builds, from (id, name) pairs, token ids for every word and
// joined form, and keys:
//   - surname keys: each surname word that is not a particle, the joined
//     surname of a compound, and the glued-particle remainder;
//   - given-name keys (for swapped first/last names): each given word of 2+
//     letters and the joined given names;
//   - middle-name keys (for a surname printed as a middle name);
//   - for every word, its Double Metaphone keys (github.com/antzucaro/matchr)
//     and its symmetric one-deletion neighbourhood (the word, when it has 3+
//     letters, and each one-letter deletion, when it has 4+), so a word one
//     substitution, insertion, deletion or adjacent swap away shares a key.
//
// Search looks up the query's surname words, joined surname and glued
// remainder among the words (exact, phonetic key, deletion neighbours),
// keeps the words that agree well enough (score ≥ MinLast) and scores
// only the names those words key. The query's surname words are also
// looked up among given names (swapped order: words of 2+ letters, with
// their nicknames), and its surname and middle words exactly among middle
// names and surnames. Swapped, the query's whole given-name field is its
// surname: "Al-Zahrani", "De la Cruz" or "Garcia Lopez" typed as the first
// name is compared as a surname, particles and all. Nothing scans the list. What keys cannot find, by
// design: a surname (or, swapped, a given name) that agrees only by
// Jaro-Winkler, being more than one edit away and sharing no phonetic key;
// a swapped name whose listed given name is missing or agrees only through
// a middle name.
//
// Each surname posting also carries the name's given name when that one
// word decides the first-name part (no second given name, no full middle
// name), and each given-name posting the surname when it is one plain
// word: most candidates of a common surname are then rejected by one
// cached word comparison, without reading the name itself.
//
// # Screening: scoring
//
// Each part is compared word against word; a part's score is its best
// agreement:
//
//	reason             score            when
//	exact              1.0              equal after normalisation
//	joined             1.0              equal once spaces and hyphens are
//	                                    removed (GarciaLopez, MaryAnn vs
//	                                    Mary + middle Ann)
//	nickname           0.95             given names of one nickname group
//	                                    (Bill/William, Chuy/Jesús,
//	                                    Sasha/Aleksandr, Seun/Oluwaseun;
//	                                    Chema/José María joined; see
//	                                    nicknames.go for the populations
//	                                    covered and why)
//	one_edit           0.90             one Damerau edit, longer word 4+
//	                                    letters (Jonhson/Johnson; compounds
//	                                    joined: GarciaLopes/Garcia-Lopez,
//	                                    the only fuzzy rule for joined words)
//	phonetic           0.88             same Double Metaphone key, lengths
//	                                    within 2 letters and Jaro-Winkler
//	                                    ≥ 0.75 (Smith/Schmidt)
//	jaro_winkler       0.9 × JW         Jaro-Winkler (adrg/strutil) ≥ 0.90
//	initial            0.80             a given or middle initial that is the
//	                                    other side's first letter (J/John)
//	compound_part      0.9 × weakest    one side's surname words all agree
//	                                    with words of the other's compound
//	                                    (Garcia / Garcia-Lopez, Cruz / de la
//	                                    Cruz, Lopez Garcia / Garcia Lopez)
//	surname_in_middle  0.85             one side's surname printed as the
//	                                    other's middle name (Maria Garcia /
//	                                    Maria [Garcia] Lopez), when the
//	                                    given names agree exact, joined,
//	                                    nickname or middle_as_first, and
//	                                    the middle word is not a common
//	                                    middle name (Lee, Ray, Jean, Kumar:
//	                                    commonMiddleNames) unless another
//	                                    middle name agrees too
//	middle_as_first    0.85             the given name is the other side's
//	                                    middle name (Ann / Mary Ann)
//	missing            0.70 (first)     one side has no given name / no
//	                                    middle name (middle: no score)
//	different          0                none of the above
//	conflict           0 (middle)       both sides have middle names and no
//	                                    initial in common
//	not_compared       0 (middle)       the middle name served as first name
//
// The name score is WeightLast (0.55) × last + WeightFirst (0.45) × first.
// A name resembles (ModeFuzzy) when the score is at least Threshold
// (0.80), the surname part at least MinLast (0.80) and the given-name part
// at least MinFirst (0.70). So a different given name (0) never resembles,
// a missing one only with a surname that agrees at 0.9 or better, and an
// initial with any agreeing surname. Middle names do not enter the score:
// their agreement is explained (Explanation.Middle) and a conflict is for
// the caller to act on (screening sets such hits aside).
//
// Both orders are tried for names found through the swapped route; a
// swapped agreement is marked Swapped. Swapped, the listed given name
// must itself agree with a surname word of 2+ letters (no missing given
// name, no middle name standing in, no surname in a middle name); a
// listed given field that holds a surname with particles ("AL-ZAHRANI")
// agrees joined with the query's whole surname, or as compound_part with
// its word after the particles. In ModeExact a name resembles only when
// the first and last parts are exact or joined (in either order).
//
// # Explanations
//
// Every hit carries an Explanation (JSON): the score, whether it
// resembles, whether the order was swapped, and per part (first, middle,
// last) the reason code above, the part score and the normalised words
// compared. The reason codes are stable API values.
//
// # Cost
//
// An Index is immutable and safe for concurrent searches; each search
// borrows working memory from a pool (candidate marks, a cache of word
// comparisons: each distinct pair of words is compared once per search),
// so a search allocates only for the query's own words and the hits.
// Stats reports the names the keys led to and the names scored in full.
package namematch
