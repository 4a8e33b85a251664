package extract

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/clearedtostart/compliance/classify"
)

// Labels shared by many types, most specific first.
var (
	dobLabels = compileDateLabels("date of birth", "birth date", "birthdate", "dob", "d.o.b.", "born",
		"fecha de nacimiento", "date de naissance")
	expiryLabels = compileDateLabels("recommended renewal date", "expiration date", "date of expiration", "expiry date",
		"expiration", "expires on", "expires", "exp date", "exp. date", "expiry", "valid through", "valid thru", "valid until",
		"good through", "renewal date", "renew by", "renewal due", "card expires", "4b exp", "exp",
		"recommended retraining date", "retrain by", "recertification date", "recertification due", "recert date",
		"recert due", "next renewal", "valid till", "valid to", "date of expiry", "expiration dt", "exp dt",
		"recommended renewal", "renewal", "renew before", "good until", "good thru", "recertify by", "expire",
		"next recertification", "due for renewal", "renewal deadline", "due again", "next due", "next due date",
		"retake by", "retrain by date")
	issueLabels = compileDateLabels("original issue date", "date of original issue", "original issue", "issue date", "date of issue",
		"date issued", "issued on", "issued", "4a iss", "iss", "initial license date", "original license date",
		"licensed since", "issued date", "issuance date", "date of issuance", "card issue date", "effective date",
		"date of licensure", "licensure date")
	completionLabels = compileDateLabels("verification date", "verified on", "verified", "completion date", "date completed", "date of completion", "course completion date",
		"completed on", "course completed", "completed", "date of course", "course date", "class date",
		"training date", "date of training", "certification date", "date taken", "course completion", "date of certification",
		"completed date", "date passed", "date earned", "date awarded", "awarded on", "date of verification",
		"course end date")
	collectionLabels = compileDateLabels("collection date", "date collected", "collected on", "collected",
		"specimen collected", "collection date/time", "date of collection", "date drawn", "drawn", "date/time collected",
		"specimen collection date", "date specimen collected", "collected date", "date/time of collection",
		"collection dt", "specimen date", "draw date", "date of specimen collection")
	dateLabel = compileDateLabels("date")
	// validityLabels label the period a card or license is good for,
	// printed as two dates: the issue is the first, the expiry the last.
	validityLabels = compileDateLabels("valid from", "validity period", "period of validity", "valid dates",
		"dates valid", "certification period", "effective dates", "validity", "valid", "registration period",
		"licensure period", "license period")
)

// rangeEnd returns which of a value's hits a label wants: the first, or
// for the end of a range the date after "-", "to" or "through".
func rangeEnd(sp span, seg string, hs []hit) int {
	if !sp.last {
		return 0
	}
	for k := 0; k+1 < len(hs) && k < 1; k++ {
		if rangeJoin.MatchString(seg[hs[k].end:hs[k+1].start]) {
			return k + 1
		}
	}
	return 0
}

// rangeJoin is what stands between a range's two ends.
var rangeJoin = regexp.MustCompile(`(?i)^\s*(?:-|–|—|~|to|through|thru|until)\s*$`)

// rangeHyphen is a hyphen between two numeric dates ("03/15/2025 -
// 03/31/2027"), which a date reader would take for a year-month-day
// date's ("2025 - 03/31").
var rangeHyphen = regexp.MustCompile(`\d{1,2}[/.]\d{1,2}[/.]\d{4}\s*(-)\s*\d`)

// dateRanges marks the hyphens of date ranges in s as "~", keeping every
// other byte where it is.
func dateRanges(s string) string {
	locs := rangeHyphen.FindAllStringSubmatchIndex(s, -1)
	if locs == nil {
		return s
	}
	b := []byte(s)
	for _, l := range locs {
		b[l[2]] = '~'
	}
	return string(b)
}

// pageFooter is a page number run into a value by the text layer.
var pageFooter = regexp.MustCompile(`(?i)\s*\bpage\s+\d+\s+of\s+\d+\s*$`)

// textFinder reads a short free-text value: a name of a place, a model,
// a status. It must carry a few letters, so a stray date or number is not
// taken for it.
func textFinder(s string) []hit {
	if startsWithBox(s) {
		// A check box line is one of a form's options, not a value.
		return nil
	}
	// A colon OCR read as a semicolon ("Training Center; Riverbend ...")
	// parts the label from the value as the colon does.
	t := strings.TrimSpace(strings.Trim(strings.TrimLeft(strings.TrimSpace(s), "._…;"), ":#=-|"))
	t = strings.Join(strings.Fields(t), " ")
	t = strings.TrimRight(pageFooter.ReplaceAllString(t, ""), ",;")
	t = boundText(t)
	letters, alnum := 0, 0
	for _, r := range t {
		if unicode.IsLetter(r) {
			letters++
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			alnum++
		}
	}
	if letters < 1 || alnum < 2 || len(t) > 100 || blankish(t) {
		return nil
	}
	return []hit{{start: 0, end: len(s), value: t, greedy: true}}
}

// A free-text value ends where the sentence or the next cell around it
// goes on.
var (
	// leadingNote is a note in parentheses before a value, a label's
	// ("Provider (name/credentials): ...") or a product's ("(Tubersol)").
	leadingNote = regexp.MustCompile(`^\([^()]*\)[\s:.-]*`)
	// datedTail is the date a sentence gives after the value: "Helen Q.
	// Park, MD on 27-APR-2026."
	datedTail = regexp.MustCompile(`(?i)(?:[,;]|\s+(?:on|at|dated|as\s+of))\s*$`)
	// cellBreak is a table's rule between two cells run together.
	cellBreak = regexp.MustCompile(`\s+\|\s*`)
	// abbreviations end in a period that is no sentence's end.
	abbreviations = wordList("inc co corp ltd jr sr st dr mr mrs ms no ave blvd rd dept univ assoc bros mt ft pa")
)

func wordList(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// boundText ends a free-text value at the phrase that follows it: a cell
// break, a date the sentence gives after it, a sentence's final period;
// a note in parentheses before it is no part of it.
func boundText(t string) string {
	t = strings.TrimSpace(leadingNote.ReplaceAllString(t, ""))
	if loc := cellBreak.FindStringIndex(t); loc != nil && loc[0] > 0 {
		t = t[:loc[0]]
	}
	if ds := findDates(t); len(ds) > 0 && ds[0].start > 0 {
		head := t[:ds[0].start]
		if loc := datedTail.FindStringIndex(head); loc != nil && loc[0] > 0 {
			t = strings.TrimSpace(head[:loc[0]])
		}
	}
	if strings.HasSuffix(t, ".") {
		fs := strings.Fields(t)
		last := strings.ToLower(strings.Trim(fs[len(fs)-1], ".,"))
		if len(last) > 1 && !abbreviations[last] {
			t = strings.TrimSuffix(t, ".")
		}
	}
	return strings.TrimRight(t, " ,;:")
}

var (
	idToken = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9.\-/]*[A-Za-z0-9]`)
	// digitGroups is an id printed as groups of three to five digits one
	// space apart, eight digits or more in all.
	digitGroups = regexp.MustCompile(`^\d{3,5}(?: \d{3,5}){1,4}\b`)
	// yearSpan is a year ("© 2025") or a season ("2026-2027"), never an
	// id.
	yearSpan = regexp.MustCompile(`^(?:19|20)\d{2}(?:[-/](?:(?:19|20)?\d{2}))?$`)
)

// idFinder reads an identifier (license, certificate, lot number): the
// first word with at least minDigits digits that is not a date.
func idFinder(minDigits int) finder {
	return func(s string) []hit {
		dates := findDates(s)
		inDate := func(at int) bool {
			for _, d := range dates {
				if at >= d.start && at < d.end {
					return true
				}
			}
			return false
		}
		for _, loc := range idToken.FindAllStringIndex(s, -1) {
			if inDate(loc[0]) {
				continue
			}
			tok := fixIDDigits(s[loc[0]:loc[1]])
			digits := 0
			for _, r := range tok {
				if unicode.IsDigit(r) {
					digits++
				}
			}
			if digits >= minDigits && len(tok) >= 3 && len(findDates(tok)) == 0 && !yearSpan.MatchString(tok) {
				end := loc[1]
				if g := digitGroups.FindStringIndex(s[loc[0]:]); g != nil && len(findDates(s[loc[0]:loc[0]+g[1]])) == 0 &&
					strings.Count(strings.ReplaceAll(s[loc[0]:loc[0]+g[1]], " ", ""), "")-1 >= 8 {
					// An id printed in groups of digits ("2354 0812 3456")
					// is one id.
					end = loc[0] + g[1]
					tok = fixIDDigits(s[loc[0]:end])
				}
				return []hit{{start: loc[0], end: end, value: tok}}
			}
		}
		return nil
	}
}

// fixIDDigits repairs an identifier OCR read with letters among its
// digits ("24558l0O9876"). Identifiers mix letters and digits on purpose
// ("B8295424", "9S078748"), so only the letters that look most like
// digits are repaired, only between digits, and never a leading letter.
func fixIDDigits(tok string) string {
	b := []byte(tok)
	isDigit := func(i int) bool { return i >= 0 && i < len(b) && b[i] >= '0' && b[i] <= '9' }
	for i := 1; i < len(b); i++ {
		if strings.IndexByte("OoIl|", b[i]) >= 0 && isDigit(i-1) && (isDigit(i+1) || i+1 < len(b) && strings.IndexByte("OoIl|", b[i+1]) >= 0 && isDigit(i+2)) {
			if b[i] == 'O' || b[i] == 'o' {
				b[i] = '0'
			} else {
				b[i] = '1'
			}
		}
	}
	return string(b)
}

// States by name and code.
var stateCodes = map[string]string{
	"alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA", "colorado": "CO",
	"connecticut": "CT", "delaware": "DE", "district of columbia": "DC", "florida": "FL", "georgia": "GA", "hawaii": "HI",
	"idaho": "ID", "illinois": "IL", "indiana": "IN", "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA",
	"maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI", "minnesota": "MN", "mississippi": "MS",
	"missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV", "new hampshire": "NH", "new jersey": "NJ",
	"new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND", "ohio": "OH", "oklahoma": "OK",
	"oregon": "OR", "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC", "south dakota": "SD",
	"tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA", "washington": "WA",
	"west virginia": "WV", "wisconsin": "WI", "wyoming": "WY", "puerto rico": "PR", "guam": "GU",
	"virgin islands": "VI",
}

var validCodes = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range stateCodes {
		m[c] = true
	}
	return m
}()

// stateIn finds the first state named in s, longest names first so that
// "West Virginia" is not read as Virginia. It returns the code and where
// the name stands in classify's normal form of s.
func stateIn(s string) (string, int) {
	norm := " " + classify.Normalize(s) + " "
	taken := make([]bool, len(norm))
	code, at := "", -1
	for _, name := range statesByLength {
		n := " " + classify.Normalize(name) + " "
		for off := 0; ; {
			i := strings.Index(norm[off:], n)
			if i < 0 {
				break
			}
			i += off
			off = i + 1
			if taken[i+1] {
				continue
			}
			for k := i; k < i+len(n); k++ {
				taken[k] = true
			}
			if at < 0 || i < at {
				code, at = stateCodes[name], i
			}
		}
	}
	return code, at
}

var statesByLength = func() []string {
	var out []string
	for n := range stateCodes {
		out = append(out, n)
	}
	// Longest first, then alphabetical for a stable order.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && (len(out[j]) > len(out[j-1]) || len(out[j]) == len(out[j-1]) && out[j] < out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}()

var codeWord = regexp.MustCompile(`^\s*([A-Za-z]{2})\b`)

// stateFinder reads a state printed as a name or a two-letter code.
func stateFinder(s string) []hit {
	if code, at := stateIn(s); at >= 0 {
		return []hit{{start: 0, end: len(s), value: code}}
	}
	if m := codeWord.FindStringSubmatch(s); m != nil && validCodes[strings.ToUpper(m[1])] && strings.ToUpper(m[1]) == m[1] {
		return []hit{{start: 0, end: len(s), value: m[1]}}
	}
	return nil
}

// Answers forms give, and what they mean in the catalog's vocabulary.
var (
	tbOptions = options(
		`not\s+detected`, "negative",
		`no\s+(?:evidence\s+of\s+)?(?:active\s+)?(?:tb|tuberculosis)(?:\s+infection)?`, "negative",
		`non[\s-]*reactive`, "negative",
		`indeterminate`, "indeterminate",
		`borderline`, "indeterminate",
		`invalid`, "indeterminate",
		`negative`, "negative",
		`neg`, "negative",
		`positive`, "positive",
		`pos`, "positive",
		`detected`, "positive",
		`reactive`, "positive",
	)
	cxrOptions = options(
		`no\s+(?:radiographic\s+)?(?:evidence\s+(?:of|for)\s+)?active\s+(?:pulmonary\s+)?(?:tb|tuberculosis|disease)`, "negative",
		`negative\s+for\s+(?:active\s+)?(?:pulmonary\s+)?(?:tb|tuberculosis)`, "negative",
		`no\s+(?:radiographic\s+)?(?:evidence\s+(?:of|for)\s+)?(?:pulmonary\s+)?(?:tb|tuberculosis)`, "negative",
		`not\s+consistent\s+with\s+(?:active\s+)?(?:tb|tuberculosis)`, "negative",
		`no\s+acute\s+(?:cardiopulmonary|pulmonary|cardiac|chest)?\s*(?:process|disease|abnormality|findings?)?`, "negative",
		`abnormal`, "positive",
		`consistent\s+with\s+(?:active\s+)?(?:tb|tuberculosis)`, "positive",
		`suspicious\s+for`, "positive",
		`cavitary|cavitation`, "positive",
		`active\s+(?:tb|tuberculosis)`, "positive",
		`positive`, "positive",
		`within\s+normal\s+limits|normal`, "negative",
		`negative`, "negative",
		`unremarkable`, "negative",
		`clear`, "negative",
	)
	immunityOptions = options(
		`not\s+consistent\s+with\s+immunity`, "non_immune",
		`consistent\s+with\s+immunity`, "immune",
		`non[\s-]*immune`, "non_immune",
		`not\s+immune`, "non_immune",
		`no\s+immunity`, "non_immune",
		`equivocal`, "non_immune",
		`indeterminate`, "non_immune",
		`non[\s-]*reactive`, "non_immune",
		`negative`, "non_immune",
		`immune`, "immune",
		`positive`, "immune",
		`reactive`, "immune",
	)
	drugOptions = options(
		`non[\s-]*negative`, "positive",
		`positive[\s-]*dilute|dilute[\s-]*positive`, "positive",
		`negative[\s-]*dilute|dilute[\s-]*negative`, "negative",
		`presumptive\s+positive`, "positive",
		`not\s+detected|no\s+drugs?\s+detected|none\s+detected`, "negative",
		`negative`, "negative",
		`neg`, "negative",
		`positive`, "positive",
		`pos`, "positive",
		`detected`, "positive",
	)
	fitOptions = options(
		`did\s+not\s+pass|not\s+passed|unsatisfactory|unacceptable`, "fail",
		`satisfactory|acceptable`, "pass",
		`passed`, "pass",
		`pass`, "pass",
		`failed`, "fail",
		`fail`, "fail",
	)
	backgroundOptions = options(
		`no\s+records?\s+found`, "clear",
		`no\s+hits?`, "clear",
		`no\s+adverse\s+(?:information|findings?|records?|action)`, "clear",
		`does\s+not\s+meet(?:\s+(?:company\s+|client\s+)?(?:requirements|standards|criteria|guidelines))?`, "consider",
		`meets\s+(?:company\s+|client\s+)?(?:requirements|standards|criteria|guidelines)`, "clear",
		`records?\s+found`, "consider",
		`needs\s+(?:further\s+)?review|review\s+required|further\s+review`, "consider",
		`not\s+eligible|ineligible`, "consider",
		`eligible`, "clear",
		`un[\s-]*favorable|non[\s-]*favorable|not\s+favorable`, "consider",
		`favorable`, "clear",
		`not\s+approved|denied`, "consider",
		`approved`, "clear",
		`consider`, "consider",
		`clear`, "clear",
		`adverse`, "consider",
		`alert`, "consider",
		`review`, "consider",
		`pass(?:ed)?`, "clear",
		`fail(?:ed)?`, "consider",
	)
)

// optionsIn reads an answer from the whole document: every line's options
// together, so a column of ticked boxes decides.
func (d *doc) optionsIn(opts []option, onlyMarked bool) (string, bool) {
	var all []optionHit
	for _, line := range d.lines {
		all = append(all, findOptions(line, opts)...)
	}
	if len(all) == 0 {
		return "", false
	}
	var checked []string
	boxes := false
	for _, h := range all {
		if h.mark != 0 {
			boxes = true
		}
		if h.mark == 1 {
			checked = append(checked, h.value)
		}
	}
	if boxes {
		if len(checked) > 0 && allSame(checked) {
			return checked[0], true
		}
		return "", false
	}
	if onlyMarked {
		return "", false
	}
	values := make([]string, len(all))
	for i, h := range all {
		values[i] = h.value
	}
	if allSame(values) {
		return values[0], true
	}
	return "", false
}

// Known issuers, labs and vendors: the canonical name, then spellings.
var (
	issuers = [][]string{
		{"American Heart Association", "american heart association"},
		{"American Red Cross", "american red cross", "red cross"},
		{"American Academy of Pediatrics", "american academy of pediatrics"},
		{"Emergency Nurses Association", "emergency nurses association", "ena"},
		{"Health & Safety Institute", "health and safety institute", "american safety and health institute", "ashi", "hsi"},
		{"National Safety Council", "national safety council"},
		{"EMS Safety", "ems safety services", "ems safety"},
		{"National CPR Foundation", "national cpr foundation"},
		{"ProTrainings", "protrainings"},
	}
	labs = [][]string{
		{"Sonora Quest Laboratories", "sonora quest"},
		{"Sonic Reference Laboratory", "sonic reference laboratory", "sonic reference lab"},
		{"Quest Diagnostics", "quest diagnostics"},
		{"Labcorp", "labcorp", "laboratory corporation of america"},
		{"BioReference Laboratories", "bioreference", "bio reference laboratories"},
		{"ARUP Laboratories", "arup laboratories", "arup"},
		{"Mayo Clinic Laboratories", "mayo clinic laboratories", "mayo medical laboratories"},
		{"Clinical Pathology Laboratories", "clinical pathology laboratories"},
		{"Oxford Immunotec", "oxford immunotec"},
		{"Eurofins", "eurofins"},
		{"Psychemedics", "psychemedics"},
		{"Clinical Reference Laboratory", "clinical reference laboratory"},
		{"Omega Laboratories", "omega laboratories"},
		{"Alere Toxicology", "alere toxicology"},
		{"Medtox", "medtox"},
		{"Spectra Laboratories", "spectra laboratories"},
		{"PathGroup", "pathgroup"},
		{"Interpath Laboratory", "interpath laboratory", "interpath"},
		{"Pathology Associates Medical Laboratories", "pathology associates medical laboratories", "paml"},
		{"TriCore Reference Laboratories", "tricore reference laboratories", "tricore"},
		{"ACL Laboratories", "acl laboratories"},
		{"Alverno Laboratories", "alverno laboratories", "alverno"},
		{"Sunrise Medical Laboratories", "sunrise medical laboratories"},
		{"Enzo Clinical Labs", "enzo clinical labs", "enzo clinical laboratories"},
		{"Cleveland Clinic Laboratories", "cleveland clinic laboratories"},
		{"Dynacare", "dynacare"},
		{"LifeLabs", "lifelabs"},
		{"Shiel Medical Laboratory", "shiel medical laboratory"},
		{"Aegis Sciences", "aegis sciences"},
		{"Redwood Toxicology Laboratory", "redwood toxicology laboratory", "redwood toxicology"},
		{"Abbott Toxicology", "abbott toxicology"},
		{"Pharmatech", "pharmatech"},
		{"Kaiser Permanente Regional Laboratory", "kaiser permanente regional laboratory"},
	}
	vendors = [][]string{
		{"Sterling", "sterling", "sterlingcheck", "sterling talent solutions"},
		{"HireRight", "hireright"},
		{"Checkr", "checkr"},
		{"First Advantage", "first advantage"},
		{"Accurate Background", "accurate background"},
		{"Certiphi Screening", "certiphi screening", "certiphi"},
		{"CastleBranch", "castlebranch", "castle branch"},
		{"Universal Background Screening", "universal background screening"},
		{"Verified Credentials", "verified credentials"},
		{"GoodHire", "goodhire"},
		{"Orange Tree", "orange tree employment screening", "orange tree"},
		{"Validity Screening Solutions", "validity screening"},
		{"Employment Screening Services", "employment screening services"},
		{"Corporate Screening", "corporate screening"},
		{"Asurint", "asurint"},
		{"Cisive", "cisive"},
		{"PreCheck", "precheck"},
		{"A-Check Global", "a check global", "acheck"},
		{"Intelifi", "intelifi"},
		{"Truescreen", "truescreen"},
		{"Employment Background Investigations", "employment background investigations", "ebi"},
		{"Data Facts", "data facts"},
		{"IntelliCorp", "intellicorp"},
		{"Backgrounds Online", "backgrounds online"},
		{"National Background Check", "national background check"},
		{"DISA Global Solutions", "disa global solutions", "disa"},
		{"InfoMart", "infomart"},
		{"ClearStar", "clearstar"},
		{"Vault Workforce Screening", "vault workforce screening"},
		{"Certn", "certn"},
		{"Global HR Research", "global hr research"},
		{"ScoutLogic", "scoutlogic"},
		{"Crimcheck", "crimcheck"},
		{"Verifirst", "verifirst"},
		{"Info Cubic", "info cubic", "infocubic"},
		{"Shield Screening", "shield screening"},
	}
)
