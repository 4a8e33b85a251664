// Package registrysamples writes realistic, full-size editions of the bulk
// exclusion and sanction lists in their exact official formats (see
// /work/shared/registries/FORMATS.md), deterministic from a seed, and a
// labelled set of screening questions about them. `make run` loads them on
// first start; benchmarks and the screening evaluation use them.
//
// # Files
//
// Generate(dir, Options) writes, at Scale 1:
//   - UPDATED.csv, the LEIE: about 80,000 rows, 5% entities (BUSNAME only);
//     individuals mostly nurses, aides and personal-care providers, 95% with
//     a DOB; real statute codes (1128b4, 1128a2, …) weighted by profession;
//     values cut to the official widths (FIRSTNAME 15, LASTNAME 20, GENERAL
//     and SPECIALTY 20: "PERSONAL CARE PROVID"); every field quoted; the
//     file's modification time is the list date (its Last-Modified).
//   - SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP: about 150,000 rows of the
//     31-column V2 CSV; 64% Individual (a quarter of them HHS exclusions
//     mirrored from the LEIE, a few living abroad, 3% excluded twice under
//     one SAM Number), Firm, Special Entity Designation and Vessel; no DOBs;
//     Cross-Reference "(also MARIA L GARCIA)" on some rows, firm names on
//     others; state and ZIP on every US individual.
//   - sdn.csv, alt.csv, add.csv, sdn_comments.csv: about 18,000 OFAC
//     entries (individuals, entities, vessels, aircraft), CRLF, "-0- ",
//     the 0x1A end byte; tens of thousands of alt.csv names (transliterations
//     such as Muhammad/Mohammed, AL-/EL-, surnames without their second
//     family name); Remarks with DOBs at every precision (12 Jan 1965, Sep
//     1973, 1957, circa 1960, 1960 to 1962), POB, nationality, gender, IDs
//     and weak a.k.a.s, about 3% over 1,000 characters and continued in
//     sdn_comments.csv; and SDN.XML carrying only publshInformation.
//   - labelled.json: the Cases.
//
// Names are drawn from pools of real given names and surnames (Anglo and
// African-American, Hispanic with accents and two-part surnames, Filipino,
// Vietnamese, Nigerian, Indian, Slavic, Chinese, Korean, Arabic,
// French-Canadian), common names far more often than rare ones, so "MARIA
// GARCIA" and "JAMES SMITH" recur with different dates of birth and states.
// LEIE and SAM print them upper-case ASCII; OFAC prints "LAST, First
// Middle" and keeps the accents on about half of the names that have them.
// Near-names are planted on purpose: spelling pairs in the pools (GONZALEZ
// and GONZALES, JOHNSON and JOHNSTON, STEPHEN and STEVEN) and near-twins of
// listed people (one letter changed or two letters swapped).
//
// The same Seed, Scale and ListDate write byte-identical files. The
// labelled cases scale with min(1, 5*Scale).
//
// # Labelled cases
//
// Each Case is a Query as a caller sends it (first, middle and last name,
// date of birth YYYY-MM-DD, ZIP), the Registry it is screened against, the
// answer (Listed, and the listed record's SourceID), and the Variant. The
// listed individuals the positive variants need are planted in the files
// with the details the variant relies on (a DOB on LEIE and OFAC, a US state
// and ZIP on SAM).
//
// "Could be the same name" below is deliberately broad (broader than a
// screener should be): case, accents, spaces, hyphens and punctuation
// ignored; one surname part of a compound shared; one edit or two swapped
// letters apart (names of four letters or more); a given name that is
// missing, an initial of the other, a nickname of it, or one of the listed
// middle names; or all of that with first and last name swapped; against
// the listed name and every alias. A date of birth is compatible with a
// listed one when its year lies within one year of the listed date's window
// (the year; circa ±2; the range's years); a listed individual without a
// DOB is compatible with any date.
//
// Positives (Listed true). The query names the record SourceID, and no
// other individual on that registry could be the same name with a
// compatible DOB (LEIE, OFAC) or in the query's state (SAM). A correct
// screener reports SourceID as a match (for a human to review); reporting
// nothing is a wrong "no match".
//   - exact: the listed name as printed (mixed case; LEIE and SAM without
//     accents, OFAC with them when it prints them).
//   - nickname: the listed formal given name replaced by a common nickname
//     (listed WILLIAM, query Bill; KATHLEEN/Kathy; José/Pepe).
//   - transposition: two adjacent letters of the surname swapped (JOHNSON,
//     query Jonhson).
//   - diacritics: on LEIE and SAM the query carries the accents the list
//     dropped (listed JOSE PENA, query José Peña; NGUYEN/Nguyễn); on OFAC
//     the list carries them and the query does not (MUÑOZ/Munoz).
//   - initial: Detail first_initial, the given name as its initial (M
//     Garcia); or middle_initial, the middle name as its initial.
//   - swapped: first and last name exchanged.
//   - compound_surname: the surname written another way. Detail one_part
//     (one part of "Garcia Lopez", "Al-Zahrani" as Zahrani, "Smith-Jones"
//     as Jones), hyphenated (Garcia-Lopez for GARCIA LOPEZ), spaced (Smith
//     Jones for SMITH-JONES) or joined (Delacruz for DE LA CRUZ).
//   - missing_middle: the listed middle name left out.
//   - alias (SAM, OFAC): the query is another name of the listed person,
//     Detail cross_reference (SAM Cross-Reference) or the alt.csv type
//     (aka, fka, nka).
//
// The query's DOB is the listed one on LEIE, a date within the listed
// precision on OFAC (any day of "Sep 1973", a year within "circa 1960" ±2 or
// "1960 to 1962"), and an arbitrary adult's on SAM, which prints none. The
// ZIP is the listed one on LEIE; on SAM the listed one or another in the
// same state; on OFAC a US ZIP that says nothing (OFAC addresses are
// abroad).
//
// Negatives (Listed false). A correct screener reports no match.
//   - different_dob (LEIE, OFAC): a common name listed two to four times
//     with different DOBs (plus whatever other similar names the list
//     holds); the query's DOB year is more than two years outside the
//     window of every DOB of every individual on that registry who could be
//     the same name, and every such individual has a DOB.
//   - different_state (SAM): the same, with states: SAM prints no DOB, so
//     the location decides. Every SAM individual who could be the same name
//     has a US state, and the query's ZIP lies in none of them.
//   - unlisted: a common name (200 at full size, spread over the three
//     registries) that no individual on any of the three lists could be,
//     whatever the DOB or state: no listed name or alias on LEIE, SAM or
//     OFAC has that first and last name, or anything near it in the sense
//     above.
package registrysamples
