package checklist

import (
	"regexp"
	"strings"
	"unicode"
)

// textMode says what kind of text is read.
type textMode struct {
	// email: replies, signatures and disclaimers end the checklist, and a
	// forwarded message's header block starts a new part.
	email bool
	// forward: the subject says the message forwards another ("FW:"), so an
	// Outlook "From: … Sent: …" block opens the forwarded message rather
	// than quoting history.
	forward bool
	// document: a PDF page's text layer, where table columns are one space
	// apart and form fields ("Signature: ____") are not requirements.
	document bool
}

// textPatterns are the expressions of the text reader, compiled once per
// Extract.
type textPatterns struct {
	forwardSubject  *regexp.Regexp
	bullet          *regexp.Regexp
	wordBullet      *regexp.Regexp
	onWrote         *regexp.Regexp
	wrote           *regexp.Regexp
	forwardMarker   *regexp.Regexp
	originalMarker  *regexp.Regexp
	headerField     *regexp.Regexp
	signOff         *regexp.Regexp
	mobile          *regexp.Regexp
	disclaimer      *regexp.Regexp
	banner          *regexp.Regexp
	greeting        *regexp.Regexp
	prose           *regexp.Regexp
	jobDetail       *regexp.Regexp
	checklistWords  *regexp.Regexp
	strongChecklist *regexp.Regexp
	detailHeading   *regexp.Regexp
	introHeading    *regexp.Regexp
	sectionWord     *regexp.Regexp
	instruction     *regexp.Regexp
	qualifier       *regexp.Regexp
	punctuation     *regexp.Regexp
	formField       *regexp.Regexp
	pageLine        *regexp.Regexp
	notNeededNote   *regexp.Regexp
	leadIn          *regexp.Regexp
	clause          *regexp.Regexp
	inlineList      *regexp.Regexp
}

func newTextPatterns() *textPatterns {
	return &textPatterns{
		forwardSubject: regexp.MustCompile(`(?i)^\s*(?:\[[^\]]*\]\s*)?(?:fw|fwd|tr|wg)\s*:`),
		// "- ", "• ", "* ", "1.", "2)", "a)", "(b)", "[ ]", "☐"
		bullet: regexp.MustCompile(`^(\s*)(?:([-–—*•·▪◦‣⁃➢➤►▸✓✔☐☑□■◆◇○●])|\[[ xX✓✔]?\]|(?:\d{1,2}|[a-zA-Z])[.)]|\((?:\d{1,2}|[a-zA-Z])\))[ \t]+(\S.*?)\s*$`),
		// Outlook's plain-text rendering of Word lists: "o" and "§" for the
		// second and third levels, followed by a tab or a run of spaces.
		wordBullet:      regexp.MustCompile(`^(\s*)([o§])(?:\t|\s{2,})[ \t]*(\S.*?)\s*$`),
		onWrote:         regexp.MustCompile(`(?i)^on\s.{6,}`),
		wrote:           regexp.MustCompile(`(?i)\bwrote:\s*$`),
		forwardMarker:   regexp.MustCompile(`(?i)^(?:-{2,}\s*(?:forwarded message|forwarded e-?mail)\s*-{2,}|begin forwarded message:)$`),
		originalMarker:  regexp.MustCompile(`(?i)^-{2,}\s*original message\s*-{2,}$`),
		headerField:     regexp.MustCompile(`(?i)^\*?(?:from|sent|date|to|cc|bcc|subject|reply-to|importance)\*?\s*:`),
		signOff:         regexp.MustCompile(`(?i)^(?:thanks|thank you|thanks so much|thank you so much|many thanks|thanks again|thank you again|best|best regards|regards|kind regards|warm regards|warmest regards|sincerely|cheers|respectfully|thx|v/r|all the best|take care|have a great day|have a great weekend)[\s,.!]*$`),
		mobile:          regexp.MustCompile(`(?i)^(?:sent from my \w+|get outlook for (?:ios|android))\b`),
		disclaimer:      regexp.MustCompile(`(?i)^(?:confidentiality notice|confidential(?:ity)?\s*(?::|-)|disclaimer|privileged\s*(?:&|and)\s*confidential|important notice)|^this (?:e-?mail|message|communication|transmission|electronic mail)\b.*\b(?:confidential|intended|privileged)|^the information (?:contained )?in this (?:e-?mail|message|communication|transmission)`),
		banner:          regexp.MustCompile(`(?i)^\[?(?:external|caution)\b`),
		greeting:        regexp.MustCompile(`(?i)^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|greetings|team|all)\b`),
		prose:           regexp.MustCompile(`(?i)^(?:hi|hello|hey|dear|thanks|thank|please|kindly|let me|let us|feel free|if you|if there|i\b|i'm|i’m|i've|i'll|we\b|we're|we’re|we've|we'll|our\b|you\b|your\b|attached|see\b|this\b|these\b|here\b|as discussed|as mentioned|per our|just\b|also\b|note\b|fyi\b|reach out|looking forward|have a|can you|could you|would you|once\b|when\b|after\b|before\b|it\b|it's|there\b|they\b|she\b|he\b|do not hesitate)`),
		jobDetail:       regexp.MustCompile(`(?i)^(?:start(?:\s+date)?|end(?:\s+date)?|shift|schedule|unit|dept|department|facility|hospital|client|location|address|city|state|zip|pay(?:\s+rate)?|bill(?:\s+rate)?|rate|hours|duration|length|weeks|contract(?:\s+length)?|(?:hiring\s+)?manager|contact|phone|tel|cell|fax|e-?mail|recruiter|candidate|nurse|clinician|name|job(?:\s+(?:id|title|ref))?|req(?:uisition)?(?:\s+id)?|order|position|specialty|profession|discipline|title|float|on[\s-]call|holidays?|overtime|guaranteed\s+hours|housing|stipend|per\s+diem|submittal|submission|due(?:\s+date)?|deadline|date|time|interview|msp|vms)\s*(?:#\s*|:\s*|#?:\s*)\S`),
		checklistWords:  regexp.MustCompile(`(?i)requir|document|credential|checklist|compliance|onboard|submit|send|provide|upload|\bneed|following|below|health|medical|immuni|vaccin|certif|licen[cs]|education|competenc|skills?\b|background|screen|\bforms?\b|packet|clinical|paperwork|\bitems\b|records|employment|attestation|occupational|testing|titers?\b|verification`),
		strongChecklist: regexp.MustCompile(`(?i)requir|document|credential|checklist|compliance|\bforms?\b|health|certif|licen[cs]|immuni|screen|onboard`),
		detailHeading:   regexp.MustCompile(`(?i)\b(?:details?|info|information|summary|overview|description|schedule|shifts?|pay|rates?|compensation|contacts?|location|address|dates|hours|interview|housing|stipends?)\b`),
		introHeading:    regexp.MustCompile(`(?i)\b(?:please|following|below|attached|these|this|need|needs|needed|submit|send|provide|upload|for\s+(?:job|req|the|this|candidate|our|your)|#)|\d{3,}`),
		sectionWord:     regexp.MustCompile(`(?i)credential|health|medical|education|employment|competenc|compliance|document|requirement|licen[cs]|certif|immuni|background|onboard|\bhr\b|\bforms?\b|other|facility|misc|clinical|occupational|screening|training|orientation|references`),
		instruction:     regexp.MustCompile(`(?i)^(?:must|should|needs?\b|only|accepted|acceptable|within|expir|current(?:ly)?\b|valid|no older|not older|dated|signed|include|including|if\b|e\.g|i\.e|please|copy|copies|front|both|or\b|and\b|not\b|cannot|can't|will\b|has to|have to|from\b|by\b|upload|submit|send|scan|issued|per\b|aha\b|american heart|via\b|through\b|at least|minimum|min\b|max|no later|due\b|prior|before|after)`),
		// A sub-item that qualifies its parent ("QuantiFERON or 2-step PPD
		// accepted", "chest x-ray if positive history") rather than naming a
		// requirement of its own ("MMR titer" under "Immunizations").
		qualifier:     regexp.MustCompile(`(?i)\b(?:accepted|acceptable|preferred|if|unless|only|must|should|instead)\b`),
		punctuation:   regexp.MustCompile(`^[\s\-_=*~#.•·]+$`),
		formField:     regexp.MustCompile(`_{3,}|(?i)^(?:candidate|employee|applicant|recruiter|clinician)?\s*(?:signature|printed name|print name|date signed)\b`),
		pageLine:      regexp.MustCompile(`(?i)^page\s+\d+(?:\s+of\s+\d+)?$`),
		notNeededNote: regexp.MustCompile(`(?i)^(?:not\s+(?:needed|required|necessary|applicable)|n/a|waived|exempt)(?:\s+(?:for|on|at)\s+(?:this|the)\s+(?:assignment|job|position|facility|placement))?[.!]?$`),
		leadIn:        regexp.MustCompile(`(?i)^(?:please\s+note(?:\s+that)?|note(?:\s+that)?|fyi|also|and|but|however|just\s+so\s+you\s+know|just\s+a\s+heads\s+up)[\s,:–—-]+`),
		clause:        regexp.MustCompile(`[.;!?]\s+|[.;!?]$`),
		inlineList:    regexp.MustCompile(`^([^:]{3,60}):\s+(.+[,;].+)$`),
	}
}

// Kinds of lines.
type lineKind int

const (
	lineBlank lineKind = iota
	lineBullet
	lineTable
	lineText
)

type textLine struct {
	no    int // 1-based line of the text or page
	page  int
	raw   string
	text  string // without marker and surrounding space
	kind  lineKind
	depth int      // indentation of a list item
	cells []string // of a table row
}

// textReader reads one text: an email body, a text attachment or the pages
// of a PDF.
type textReader struct {
	x     *extractor
	p     *textPatterns
	mode  textMode
	o     origin
	lines []textLine

	active bool // false after a signature or disclaimer, until a forwarded part
	group  string
	plain  bool // lines without a marker are items: under a checklist heading
	skip   bool // under a job-details heading
	taken  int
	// parent is the index in x.list.Items of the last top-level list item,
	// -1 when the list was interrupted.
	parent      int
	parentDepth int
	table       [][]string
	tableLines  []int
	pdfTable    *pdfColumns
	pdfNoted    bool
}

func (x *extractor) readText(text string, o origin, mode textMode) {
	r := x.newTextReader(o, mode)
	r.lines = r.split(text, 0)
	r.run()
}

func (x *extractor) newTextReader(o origin, mode textMode) *textReader {
	return &textReader{x: x, p: x.text, mode: mode, o: o, active: true, parent: -1}
}

func (r *textReader) split(text string, page int) []textLine {
	text = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u00a0", " ", "\u200b", "", "\ufeff", "").Replace(text)
	raw := strings.Split(text, "\n")
	out := make([]textLine, 0, len(raw))
	for i, l := range raw {
		l = strings.TrimRight(l, " \t")
		tl := textLine{no: i + 1, page: page, raw: l, text: strings.TrimSpace(l)}
		switch {
		case tl.text == "":
			tl.kind = lineBlank
		case r.asBullet(&tl):
		case r.asTableRow(&tl):
		default:
			tl.kind = lineText
			tl.text = strings.Join(strings.Fields(tl.text), " ")
		}
		out = append(out, tl)
	}
	return out
}

func indentWidth(s string) int {
	w := 0
	for _, c := range s {
		switch c {
		case ' ':
			w++
		case '\t':
			w += 4
		default:
			return w
		}
	}
	return w
}

func (r *textReader) asBullet(tl *textLine) bool {
	if tl.text == "--" || tl.text == "-- " || r.p.punctuation.MatchString(tl.text) {
		return false
	}
	if m := r.p.bullet.FindStringSubmatch(tl.raw); m != nil {
		tl.kind, tl.depth, tl.text = lineBullet, indentWidth(m[1]), strings.Join(strings.Fields(m[3]), " ")
		switch m[2] {
		case "◦", "○", "‣", "⁃":
			tl.depth += 2
		case "▪", "■":
			tl.depth += 4
		}
		return true
	}
	if m := r.p.wordBullet.FindStringSubmatch(tl.raw); m != nil {
		tl.kind, tl.text = lineBullet, strings.Join(strings.Fields(m[3]), " ")
		tl.depth = indentWidth(m[1]) + 2
		if m[2] == "§" {
			tl.depth += 2
		}
		return true
	}
	return false
}

// asTableRow reads a row of cells: " | " between the cells of an HTML
// table, "|" of a Markdown table, or tabs of a grid pasted from Excel.
func (r *textReader) asTableRow(tl *textLine) bool {
	var cells []string
	switch {
	case strings.Contains(tl.text, "|"):
		t := strings.TrimSpace(tl.text)
		if strings.HasPrefix(t, "|") && strings.HasSuffix(t, "|") && len(t) > 1 {
			t = t[1 : len(t)-1]
		}
		cells = strings.Split(t, "|")
	case strings.Contains(tl.text, "\t"):
		cells = strings.Split(tl.text, "\t")
	default:
		return false
	}
	filled := 0
	for i, c := range cells {
		cells[i] = strings.Join(strings.Fields(c), " ")
		if cells[i] != "" {
			filled++
		}
	}
	if filled < 2 && !(filled == 1 && len(cells) >= 2) {
		return false
	}
	tl.kind, tl.cells = lineTable, cells
	return true
}

func (r *textReader) run() {
	for i := 0; i < len(r.lines); i++ {
		l := r.lines[i]
		if r.mode.email {
			next, stop := r.emailMarker(i)
			if stop {
				break
			}
			if next != i {
				i = next
				continue
			}
			if !r.active {
				continue
			}
		}
		if l.kind != lineTable && l.kind != lineBlank {
			r.flushTable()
		}
		switch l.kind {
		case lineBlank:
			if r.plain && r.taken > 0 {
				r.plain = false
			}
		case lineTable:
			if r.pdfTable != nil {
				r.pdfTable = nil
			}
			r.table = append(r.table, l.cells)
			r.tableLines = append(r.tableLines, l.no)
		case lineBullet:
			r.bullet(i)
		case lineText:
			r.textLine(i)
		}
	}
	r.flushTable()
}

// emailMarker handles the lines that end or restart the checklist of an
// email body. It returns the index of the last line it consumed (i when
// none) and whether the rest of the text is history.
func (r *textReader) emailMarker(i int) (int, bool) {
	l := r.lines[i]
	t := strings.Trim(l.text, "*_ ")
	switch {
	case strings.HasPrefix(l.text, ">"):
		return i, true
	case r.p.onWrote.MatchString(t) && (r.p.wrote.MatchString(t) || (i+1 < len(r.lines) && r.p.wrote.MatchString(r.lines[i+1].text))):
		return i, true
	case r.p.forwardMarker.MatchString(t):
		r.mode.forward = true
		return r.restart(i + 1), false
	case r.p.originalMarker.MatchString(t):
		if !r.mode.forward {
			return i, true
		}
		return r.restart(i + 1), false
	case r.headerBlock(i):
		if !r.mode.forward {
			return i, true
		}
		return r.restart(i), false
	case l.kind == lineBlank || !r.active:
		return i, false
	case r.p.banner.MatchString(t):
		return i + 1, false
	case t == "--" || l.raw == "-- " || r.p.mobile.MatchString(t) || r.p.disclaimer.MatchString(t) || r.signOff(i):
		r.flushTable()
		r.active = false
		return i, false
	}
	return i, false
}

// headerBlock says line i opens the header block Outlook writes above a
// quoted or forwarded message: "From:" then "Sent:" or "Date:" soon after.
func (r *textReader) headerBlock(i int) bool {
	if !strings.HasPrefix(strings.ToLower(strings.Trim(r.lines[i].text, "*_ ")), "from:") {
		return false
	}
	for j := i + 1; j < len(r.lines) && j <= i+5; j++ {
		t := strings.ToLower(strings.Trim(r.lines[j].text, "*_ "))
		if strings.HasPrefix(t, "sent:") || strings.HasPrefix(t, "date:") {
			return true
		}
	}
	return false
}

// restart skips a forwarded message's header fields from line i and starts
// reading afresh; it returns the last line skipped.
func (r *textReader) restart(i int) int {
	r.flushTable()
	for i < len(r.lines) && (r.lines[i].kind == lineBlank || r.p.headerField.MatchString(strings.Trim(r.lines[i].text, "_ "))) {
		i++
	}
	r.active, r.group, r.plain, r.skip, r.taken, r.parent = true, "", false, false, 0, -1
	return i - 1
}

// signOff says line i closes the message ("Thanks,"): a closing word
// followed by a name or nothing, not by more of the message.
func (r *textReader) signOff(i int) bool {
	if !r.p.signOff.MatchString(r.lines[i].text) {
		return false
	}
	for j := i + 1; j < len(r.lines); j++ {
		if r.lines[j].kind == lineBlank {
			continue
		}
		t := r.lines[j].text
		return len(strings.Fields(t)) <= 5 && !strings.HasSuffix(t, ":") && r.lines[j].kind != lineBullet
	}
	return true
}

func (r *textReader) flushTable() {
	if len(r.table) == 0 {
		return
	}
	rows, lines := r.table, r.tableLines
	r.table, r.tableLines = nil, nil
	if h, ok := findHeader(rows); ok && (len(rows) > h.row+1) && (len(rows[h.row]) > 1 || r.plain) {
		r.x.table(rows, lines, h, r.o, r.group)
		r.taken++
		return
	}
	if !r.plain || r.skip {
		return
	}
	// Rows under a checklist heading without a header of their own: the
	// first cell names the requirement, the others are notes.
	for k, row := range rows {
		var label string
		var notes []string
		for _, c := range row {
			if c == "" {
				continue
			}
			if label == "" {
				label = c
			} else {
				notes = append(notes, c)
			}
		}
		if label != "" {
			r.addItem(label, strings.Join(notes, "; "), lines[k])
		}
	}
}

func (r *textReader) bullet(i int) {
	l := r.lines[i]
	if r.skip || r.p.jobDetail.MatchString(l.text) {
		return
	}
	text := strings.Trim(l.text, "*_ ")
	if strings.HasSuffix(text, ":") && r.nextDeeper(i) {
		r.group = r.groupName(strings.TrimSuffix(text, ":"))
		r.parent = -1
		return
	}
	if r.parent >= 0 && l.depth > r.parentDepth {
		if r.p.instruction.MatchString(text) || r.p.qualifier.MatchString(text) {
			p := &r.x.list.Items[r.parent]
			p.Notes = joinNotes(p.Notes, text)
			return
		}
		r.addItem(text, "", l.no)
		return
	}
	if idx := r.addItem(text, "", l.no); idx >= 0 {
		r.parent, r.parentDepth = idx, l.depth
	} else {
		r.parent = -1
	}
}

// nextDeeper says the next list item is indented below line i's.
func (r *textReader) nextDeeper(i int) bool {
	for j := i + 1; j < len(r.lines); j++ {
		switch r.lines[j].kind {
		case lineBlank:
			continue
		case lineBullet:
			return r.lines[j].depth > r.lines[i].depth
		}
		return false
	}
	return false
}

// nextIsList says the next non-blank line is a list item or a table row.
func (r *textReader) nextIsList(i int) bool {
	for j := i + 1; j < len(r.lines); j++ {
		switch r.lines[j].kind {
		case lineBlank:
			continue
		case lineBullet, lineTable:
			return true
		}
		return false
	}
	return false
}

func (r *textReader) textLine(i int) {
	l := r.lines[i]
	t := strings.Trim(l.text, "*_ ")
	if r.mode.document {
		if r.p.pageLine.MatchString(t) {
			return
		}
		if r.p.formField.MatchString(t) {
			r.pdfTable = nil
			return
		}
		if cols, ok := readPDFHeader(t); ok {
			r.pdfTable = &cols
			r.parent = -1
			return
		}
	}
	if r.heading(i, t) {
		r.pdfTable = nil
		return
	}
	if r.pdfTable != nil && len(strings.Fields(t)) <= 25 {
		r.pdfRow(t, l.no)
		return
	}
	if r.inlineList(t, l.no) {
		return
	}
	if r.plain && !r.skip && r.looksLikeItem(t) {
		r.addItem(t, "", l.no)
		return
	}
	r.prose(t, l.no)
	if r.taken > 0 {
		r.plain, r.group = false, ""
	}
	r.parent = -1
}

// heading reads a heading line ("Required documents:", "CREDENTIALS",
// "Health Records" above a list) into the section state.
func (r *textReader) heading(i int, t string) bool {
	words := strings.Fields(t)
	if len(words) == 0 || r.p.greeting.MatchString(t) || r.p.jobDetail.MatchString(t) {
		return false
	}
	colon := strings.HasSuffix(t, ":") && len(words) <= 14
	caps := allCaps(t) && len(words) <= 6 && (r.nextIsList(i) || r.p.sectionWord.MatchString(t))
	short := len(words) <= 6 && !strings.ContainsAny(t[len(t)-1:], ".!?,;") && r.nextIsList(i) && !r.p.prose.MatchString(t)
	if !colon && !caps && !short {
		return false
	}
	h := strings.TrimSpace(strings.TrimSuffix(t, ":"))
	r.taken, r.parent = 0, -1
	if r.p.detailHeading.MatchString(h) && !r.p.strongChecklist.MatchString(h) {
		r.skip, r.plain, r.group = true, false, ""
		return true
	}
	r.skip = false
	r.group = r.groupName(h)
	r.plain = r.group != "" || r.p.checklistWords.MatchString(h)
	return true
}

// groupName is a heading as a packet group; an introduction ("Please send
// the following for Job #123") or a heading that only says "requirements"
// names no group.
func (r *textReader) groupName(h string) string {
	h = strings.TrimSpace(strings.Trim(h, "*_#= "))
	words := strings.Fields(h)
	if len(words) == 0 || len(words) > 5 || r.p.introHeading.MatchString(h) {
		return ""
	}
	for _, w := range words {
		switch strings.ToLower(strings.Trim(w, "-–:,()")) {
		case "required", "requirements", "requirement", "documents", "document", "documentation", "items", "item",
			"checklist", "compliance", "onboarding", "needed", "list", "the", "following", "of", "and", "&", "credentialing", "new", "hire":
		default:
			return h
		}
	}
	return ""
}

// inlineList reads "Required: BLS, ACLS, TB test" as three items.
func (r *textReader) inlineList(t string, line int) bool {
	m := r.p.inlineList.FindStringSubmatch(t)
	if m == nil || !r.p.checklistWords.MatchString(m[1]) || r.p.jobDetail.MatchString(t) || r.p.prose.MatchString(m[1]) {
		return false
	}
	group := r.groupName(m[1])
	saved := r.group
	if group != "" {
		r.group = group
	}
	for _, part := range strings.FieldsFunc(m[2], func(c rune) bool { return c == ',' || c == ';' }) {
		part = strings.TrimSpace(part)
		part = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(part, "and "), "& "))
		if part != "" {
			r.addItem(part, "", line)
		}
	}
	r.group = saved
	return true
}

func (r *textReader) looksLikeItem(t string) bool {
	words := strings.Fields(t)
	switch {
	case len(words) == 0 || len(words) > 14,
		strings.HasSuffix(t, "?"),
		strings.HasSuffix(t, ".") && len(words) > 8,
		r.p.prose.MatchString(t),
		r.p.jobDetail.MatchString(t),
		r.p.punctuation.MatchString(t):
		return false
	}
	return true
}

// prose reads a sentence for an exclusion ("Please note no drug screen is
// needed for this one.").
func (r *textReader) prose(t string, line int) {
	found := false
	for _, c := range r.p.clause.Split(t, -1) {
		c = strings.TrimSpace(r.p.leadIn.ReplaceAllString(strings.TrimSpace(c), ""))
		if c == "" {
			continue
		}
		if label, ok := r.x.excl.read(c); ok {
			r.x.exclude(r.o.item(label, r.group, "", line), t)
			found = true
		}
	}
	if !found && r.x.excl.mentionsProse(t) {
		r.x.note("%s line %d may say a requirement is not needed but was not read as one: %q", r.o, line, t)
	}
}

// addItem records a list item, or an exclusion when it says a requirement
// is not needed. It returns the item's index, -1 for an exclusion.
func (r *textReader) addItem(text, notes string, line int) int {
	label := strings.TrimSpace(strings.TrimRight(strings.Trim(text, "*_ "), ":;,"))
	if label == "" || r.p.punctuation.MatchString(label) {
		return -1
	}
	if excluded, ok := r.x.excl.read(label); ok {
		r.x.exclude(r.o.item(excluded, r.group, notes, line), text)
		return -1
	}
	if r.x.excl.mentions(label) {
		r.x.note("%s line %d may say a requirement is not needed; read as an item: %q", r.o, line, label)
	}
	r.x.list.Items = append(r.x.list.Items, r.o.item(label, r.group, notes, line))
	r.taken++
	return len(r.x.list.Items) - 1
}

func allCaps(s string) bool {
	letters := 0
	for _, c := range s {
		if unicode.IsLetter(c) {
			if !unicode.IsUpper(c) {
				return false
			}
			letters++
		}
	}
	return letters >= 3
}
