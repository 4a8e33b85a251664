// Package mapping turns the labels sources give requirements ("BLS - AHA
// only", "Current PPD or QuantiFERON within 1 yr") into catalog requirement
// keys.
//
//   - Normalize is the canonical form of a label: tables are keyed by it, and
//     rows store it, so that mapping one label moves every row with a label
//     that normalises alike.
//   - Table is one integration's mapping (label → Target: key, further keys,
//     packet group, sort order): the entries of integrations.yaml merged with
//     the ones people made through the API (stored by the caller).
//   - Describe gives a key's fulfillmentType, documentCategory and
//     documentType for its rows.
//   - Suggester ranks catalog keys for a label no table maps, from the
//     lexicon in lexicon.yaml (synonyms, abbreviations, brand names) and
//     Jaro-Winkler similarity for misspellings, each suggestion scored 0..1
//     with the phrases that led to it.
//
// A suggestion is never applied by itself: an unmapped label's rows wait in
// AWAITING_CONFIG until a person maps it. The key decides what a document is
// judged against, so a wrong guess does not merely mislabel a row: it can
// mark the wrong requirement fulfilled and let a nurse start uncleared.
//
// The package is an engine: no I/O but its embedded lexicon, no database.
package mapping
