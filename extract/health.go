package extract

import (
	"regexp"
	"strconv"
	"strings"
)

var (
	administeredLabels = compileDateLabels("date administered", "admin date", "date placed", "date given", "date planted",
		"administration date", "date of administration", "date of placement", "placement date", "date applied",
		"date of injection", "date of vaccination", "vaccination date", "administered on", "administered", "placed",
		"given", "planted", "applied")
	readDateLabels = compileDateLabels("date read", "read date", "date of reading", "reading date", "date/time read",
		"date and time read", "read on", "read")
	indurationLabels = compileLabels("induration", "mm of induration", "size of induration", "induration size", "reaction size",
		"result (mm)", "reading (mm)", "induration (mm)")
	tbResultLabels = compileLabels("tst result", "ppd result", "test result", "final result", "result", "results",
		"interpretation", "impression", "reading")
	tbProviderLabels = compileLabels("provider name", "provider", "clinic name", "clinic", "facility name", "facility",
		"healthcare provider", "administered by", "placed by", "read by", "performed by", "location")
	igraResultLabels = compileLabels("final result", "overall result", "qft result", "your result", "result", "results",
		"interpretation")
	// A lab prints the result in the test's own row.
	igraTestNames = compileLabels("quantiferon tb gold plus", "quantiferon tb gold", "quantiferon", "qft plus", "t spot tb",
		"t-spot.tb", "tb gold plus")
	labLabels = compileLabels("performing laboratory", "performing lab", "testing laboratory", "lab", "performed at",
		"performed by", "performing site")
	examDateLabels = compileDateLabels("exam date", "date of exam", "examination date", "date of examination", "study date",
		"date of study", "date of service", "dos", "date of x-ray", "x-ray date", "date of x ray", "date of film",
		"date of chest x-ray", "chest x-ray date", "date of cxr", "cxr date", "date of radiograph", "film date",
		"date performed", "service date", "exam performed", "date of procedure", "date of physical", "physical date",
		"visit date", "date of visit")
	cxrResultLabels = compileLabels("result", "results", "impression", "conclusion", "interpretation", "findings")
	// The facility that took the film, else the radiologist who read it.
	cxrProviderLabels = compileLabels("imaging facility", "facility", "clinic", "performed at",
		"provider", "electronically signed by", "interpreted by", "reading radiologist", "signed by", "dictated by",
		"radiologist", "read by")
)

var (
	mmValue   = regexp.MustCompile(`(?i)\b([0-9Oo]{1,2})\s*mm\b`)
	bareValue = regexp.MustCompile(`^[\s(mM):.=-]*([0-9Oo]{1,2})\b`)
)

// indurationFinder reads a reading in millimetres: "0 mm", "(mm): 0".
func indurationFinder(s string) []hit {
	m := mmValue.FindStringSubmatchIndex(s)
	if m == nil {
		m = bareValue.FindStringSubmatchIndex(s)
	}
	if m == nil {
		return nil
	}
	n, err := strconv.Atoi(strings.NewReplacer("O", "0", "o", "0").Replace(s[m[2]:m[3]]))
	if err != nil || n > 99 {
		return nil
	}
	return []hit{{start: m[2], end: m[1], value: n}}
}

// latest returns the latest ISO date among values, which compare as text.
func latest(fs []found) (found, bool) {
	var best found
	ok := false
	for _, f := range fs {
		if s, isStr := f.value.(string); isStr && (!ok || s > best.value.(string)) {
			best, ok = f, true
		}
	}
	return best, ok
}

func readTBSkinTest(r *reading) {
	r.readHolder(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	// A two-step test prints two placements and two readings; the last
	// step is the one that dates the result.
	if f, ok := latest(r.doc.lookupAll(administeredLabels, dateFinder(roleDate), false)); ok {
		r.set("administered_date", f.value, f.conf)
	}
	if f, ok := latest(r.doc.lookupAll(readDateLabels, dateFinder(roleDate), false)); ok {
		r.set("read_date", f.value, f.conf)
	}
	// The largest reading decides: a positive step makes the test positive.
	var induration found
	for _, f := range r.doc.lookupAll(indurationLabels, indurationFinder, false) {
		if induration.value == nil || f.value.(int) > induration.value.(int) {
			induration = f
		}
	}
	if induration.value != nil {
		r.set("induration_mm", induration.value, induration.conf)
	}
	r.tbResult()
	r.lookupText("provider", tbProviderLabels, textFinder)
}

// tbResult reads a skin test's result: labelled, else from the lines that
// give a reading ("Induration 0 mm  Negative"), else from the induration.
func (r *reading) tbResult() {
	if r.markedResult(tbOptions) {
		return
	}
	results := r.doc.lookupAll(tbResultLabels, optionFinder(tbOptions), false)
	if len(results) == 0 {
		for i, line := range r.doc.lines {
			m := mmValue.FindStringIndex(line)
			if m == nil {
				continue
			}
			if v, ok := choose(line[m[1]:], findOptions(line[m[1]:], tbOptions)); ok {
				results = append(results, found{value: v, conf: 0.8, line: i})
			}
		}
	}
	var pick found
	for _, f := range results {
		if pick.value == nil || f.value == "positive" {
			pick = f
		}
	}
	if pick.value != nil {
		r.set("result", pick.value, pick.conf)
		return
	}
	// CDC: 10 mm or more is positive for health care workers; under 5 is
	// negative for everyone. In between the document must say.
	if mm, ok := r.fields["induration_mm"].(int); ok {
		switch {
		case mm < 5:
			r.set("result", "negative", confGuess)
		case mm >= 10:
			r.set("result", "positive", confGuess)
		}
	}
}

func readTBBloodTest(r *reading) {
	r.readHolder(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.lookup("collection_date", collectionLabels, dateFinder(roleDate))
	if !r.lookup("result", igraResultLabels, optionFinder(tbOptions)) {
		if f, ok := r.doc.lookupInline(igraTestNames, optionFinder(tbOptions)); ok {
			r.set("result", f.value, f.conf)
		}
	}
	r.lab()
}

// lab names the laboratory: a known one by name, else by label.
func (r *reading) lab() {
	if name, ok := r.firstMentioned(labs); ok {
		r.set("lab", name, 0.9)
		return
	}
	r.lookupText("lab", labLabels, textFinder)
}

// markedResult sets the result from ticked boxes anywhere on the form:
// a tick decides even where a label stands beside another option (a text
// layer may put "Result: Negative" and "X Positive" on separate lines).
func (r *reading) markedResult(opts []option) bool {
	if v, ok := r.doc.optionsIn(opts, true); ok {
		r.set("result", v, 0.9)
		return true
	}
	return false
}

var provenanceTail = regexp.MustCompile(`(?i)[,\s]+(?:radiologist|attending|diagnostic radiologist)\s*$`)

func readChestXray(r *reading) {
	r.readHolder(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.lookup("exam_date", examDateLabels, dateFinder(roleDate))
	if !r.markedResult(cxrOptions) {
		r.lookup("result", cxrResultLabels, optionFinder(cxrOptions))
	}
	if f, ok := r.doc.lookupPlaced(cxrProviderLabels, textFinder); ok {
		r.set("provider", provenanceTail.ReplaceAllString(f.value.(string), ""), f.conf)
	}
}

var (
	restrictionLabels = compileLabels("work restrictions", "restrictions", "restriction", "limitations",
		"cleared with restrictions")
	// The clinic that examined, else the examiner.
	examinerLabels = compileLabels("clinic", "facility", "examining provider", "examining physician", "examined by",
		"medical examiner", "signature of examiner", "examiner", "physician", "provider", "clinician", "practitioner")
	clearedOptions = options(
		`not\s+(?:medically\s+)?cleared|not\s+fit\s+for\s+duty|unfit\s+for\s+duty|not\s+able\s+to\s+perform|unable\s+to\s+perform|not\s+qualified`, "false",
		`cleared\s+with\s+(?:restrictions?|limitations?)|fit\s+with\s+restrictions?|restricted\s+duty|light\s+duty`, "false",
		`cleared\s+(?:for\s+(?:full\s+)?duty\s+)?without\s+restrictions?|cleared\s+for\s+(?:full\s+)?duty|fit\s+for\s+(?:full\s+)?duty|medically\s+cleared|cleared\s+to\s+work|cleared\s+for\s+work|no\s+restrictions|qualified\s+without\s+restrictions?|cleared`, "true",
	)
	essentialFunctions = regexp.MustCompile(`(?i)able\s+to\s+perform\s+(?:the\s+)?essential\s+functions.*?[:?]\s*(yes|no)\b`)
	noneWords          = regexp.MustCompile(`(?i)^(?:none|no|n/?a|no restrictions)\.?$`)
)

func readPhysicalExam(r *reading) {
	r.readHolder(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.lookup("exam_date", examDateLabels, dateFinder(roleDate))
	r.lookup("exam_date", dateLabel, dateFinder(roleDate))
	r.lookupText("restrictions", restrictionLabels, textFinder)
	if v, ok := r.doc.optionsIn(clearedOptions, false); ok {
		r.set("cleared", v == "true", 0.9)
	}
	if !r.has("cleared") {
		if s, ok := r.fields["restrictions"].(string); ok {
			r.set("cleared", noneWords.MatchString(s), 0.7)
		}
	}
	if !r.has("cleared") {
		for _, line := range r.doc.lines {
			if m := essentialFunctions.FindStringSubmatch(line); m != nil {
				r.set("cleared", strings.EqualFold(m[1], "yes"), 0.7)
			}
		}
	}
	if f, ok := r.doc.lookupPlaced(examinerLabels, textFinder); ok {
		r.set("provider", strings.TrimSpace(strings.Split(f.value.(string), "  ")[0]), f.conf)
	}
}

var (
	drugResultLabels = compileLabels("final result", "overall result", "mro verified result", "verified result",
		"mro result", "test result", "overall", "result", "results")
	panelPattern  = regexp.MustCompile(`(?i)\b(\d{1,2})\s*-?\s*panel\b`)
	panelLabelled = regexp.MustCompile(`(?i)\bpanel\s*:?\s*(\d{1,2})\b`)
	analyteLine   = regexp.MustCompile(`(?i)\b(?:amphetamines?|cocaine|marijuana|thc|cannabinoids|opiates?|pcp|phencyclidine|benzodiazepines?|barbiturates?|methadone|oxycodone|propoxyphene|mdma|methamphetamines?|coc|opi|amp)\b`)
)

func readDrugScreen(r *reading) {
	r.readHolder(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.lookup("collection_date", collectionLabels, dateFinder(roleDate))
	r.lookup("collection_date", dateLabel, dateFinder(roleDate))
	if !r.markedResult(drugOptions) && !r.lookup("result", drugResultLabels, optionFinder(drugOptions)) {
		// No overall result: every analyte negative is a negative screen,
		// any positive a positive one.
		var values []string
		for _, line := range r.doc.lines {
			if analyteLine.MatchString(line) {
				for _, h := range findOptions(line, drugOptions) {
					values = append(values, h.value)
				}
			}
		}
		if len(values) > 0 {
			v := "negative"
			for _, x := range values {
				if x == "positive" {
					v = "positive"
				}
			}
			r.set("result", v, 0.7)
		}
	}
	for _, line := range r.doc.lines {
		if m := panelPattern.FindStringSubmatch(line); m != nil {
			r.set("panel", m[1]+"-panel", 0.9)
			break
		}
	}
	for _, line := range r.doc.lines {
		if m := panelLabelled.FindStringSubmatch(line); m != nil {
			r.set("panel", m[1]+"-panel", 0.8)
			break
		}
	}
	r.lab()
}

var (
	testDateLabels = compileDateLabels("test date", "date of test", "date tested", "fit test date", "date of fit test",
		"tested on", "date of testing")
	respiratorLabels = compileLabels("respirator manufacturer/model", "respirator make/model", "respirator model",
		"manufacturer/model", "make/model", "make and model", "model", "respirator type", "respirator", "mask model",
		"mask", "n95 model", "device")
	fitResultLabels = compileLabels("fit test result", "overall result", "final result", "test result", "result",
		"pass/fail", "outcome")
	fitFactor = regexp.MustCompile(`(?i)fit\s+factor\s*:?\s*(\d{1,5})`)
	// respiratorModel is a maker's name and its model number ("3M 1870+",
	// "Halyard FLUIDSHIELD 46727", "Moldex 2200 N95").
	respiratorModel = regexp.MustCompile(`(?i)\b(?:3M|Honeywell|Halyard|Moldex|Kimberly[- ]Clark|Gerson|Makrite|Prestige Ameritech|BYD|Alpha Pro Tech|Cardinal Health|Dr[aä]ger|MSA|Medline|Kimtech)(?:\s+[A-Z][A-Za-z]+)?[\s-]+[A-Z]{0,3}-?\d[\w+-]*(?:\s+K?N9[59]|\s+P100)?`)
	anyDigit        = regexp.MustCompile(`\d`)
)

// respiratorFinder reads a respirator model: a known maker's model, else
// a short text with a model number in it; a title ("Respirator Fit Test
// Record") is no model.
func respiratorFinder(s string) []hit {
	if loc := respiratorModel.FindStringIndex(s); loc != nil {
		return []hit{{start: loc[0], end: loc[1], value: strings.Join(strings.Fields(s[loc[0]:loc[1]]), " ")}}
	}
	hs := textFinder(s)
	if len(hs) == 0 || !anyDigit.MatchString(hs[0].value.(string)) || len(strings.Fields(hs[0].value.(string))) > 5 {
		return nil
	}
	return hs
}

func readFitTest(r *reading) {
	r.readHolder(false)
	r.lookup("test_date", testDateLabels, dateFinder(roleDate))
	r.lookup("test_date", dateLabel, dateFinder(roleDate))
	r.lookupText("respirator_model", respiratorLabels, respiratorFinder)
	if !r.lookup("result", fitResultLabels, optionFinder(fitOptions)) {
		if v, ok := r.doc.optionsIn(fitOptions, true); ok {
			r.set("result", v, 0.85)
		}
	}
	if !r.has("result") {
		// OSHA: a quantitative fit factor of 100 or more passes a
		// half-mask respirator.
		for _, line := range r.doc.lines {
			if m := fitFactor.FindStringSubmatch(line); m != nil {
				n, _ := strconv.Atoi(m[1])
				if n >= 100 {
					r.set("result", "pass", confGuess)
				} else {
					r.set("result", "fail", confGuess)
				}
				break
			}
		}
	}
}

var (
	bgDateLabels = compileDateLabels("report completed", "report completed date", "completed date", "date completed",
		"completed at", "completed on", "completed", "completion date", "report date", "date of report", "order completed",
		"date")
	bgResultLabels = compileLabels("overall result", "overall status", "report status", "report result", "final status",
		"final result", "adjudication", "result", "status")
	vendorLabels = compileLabels("prepared by", "screening company", "consumer reporting agency", "vendor")
)

func readBackgroundCheck(r *reading) {
	r.readHolder(false)
	r.lookup("date_of_birth", dobLabels, birthDateFinder(r.asOf))
	r.lookup("completed_date", bgDateLabels, dateFinder(roleDate))
	r.lookup("result", bgResultLabels, optionFinder(backgroundOptions))
	if v, ok := r.firstMentioned(vendors); ok {
		r.set("vendor", v, 0.9)
	}
	r.lookupText("vendor", vendorLabels, textFinder)
}
