package extract

import (
	"regexp"
	"strings"
)

var (
	specialtyLabels     = compileLabels("specialty", "speciality", "clinical specialty", "specialty area", "unit type")
	checklistDateLabels = compileDateLabels("date completed", "completion date", "completed on", "completed", "date signed",
		"signature date", "date submitted", "submitted", "signed electronically on", "electronically signed on",
		"signed on", "submitted on", "attested on", "date attested", "date of attestation", "date")
	checklistTitle = regexp.MustCompile(`(?i)^\s*(.+?)\s*[-–]?\s*(?:nursing\s+|rn\s+|clinical\s+|registered\s+nurse\s+)*skills?\s+(?:check\s*list|competency|self[\s-]*assessment|assessment)`)
	emailPattern   = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`)
	phonePattern   = regexp.MustCompile(`(?:\+?1[ .-]?)?\(?\b\d{3}\)?[ .-]?\d{3}[ .-]\d{4}\b`)
)

func readSkillsChecklist(r *reading) {
	r.readHolder(false)
	if !r.lookupText("specialty", specialtyLabels, textFinder) {
		for _, line := range r.doc.lines {
			if m := checklistTitle.FindStringSubmatch(line); m != nil {
				if s := strings.TrimSpace(strings.Trim(m[1], "-–:")); s != "" {
					r.set("specialty", s, 0.8)
				}
				break
			}
		}
	}
	r.lookup("completed_date", checklistDateLabels, dateFinder(roleDate))
}

func readResume(r *reading) {
	// A resume opens with its owner's name, usually without a label.
	if f, ok := r.doc.lookup(nameLabels, nameFinder); ok {
		r.set("full_name", f.value, f.conf)
	}
	for i, n := 0, 0; i < len(r.doc.lines) && n < 5 && !r.has("full_name"); i++ {
		line := r.doc.lines[i]
		if strings.TrimSpace(line) == "" {
			continue
		}
		n++
		if name, _ := readName(line, true); name != "" && !notAName(strings.Fields(name)) {
			r.set("full_name", name, 0.85)
		}
	}
	if m := emailPattern.FindString(strings.Join(r.doc.lines, "\n")); m != "" {
		r.set("email", m, 0.95)
	}
	for _, line := range r.doc.lines {
		if m := phonePattern.FindString(line); m != "" && !ssnShape.MatchString(m) {
			r.set("phone", strings.TrimSpace(m), 0.9)
			break
		}
	}
}

var (
	senderLabels = compileLabels("from", "sender", "submitted by")
	closing      = regexp.MustCompile(`(?i)^\s*(?:sincerely|regards|best regards|kind regards|warm regards|respectfully|thank you)\s*,?\s*$`)
)

// readOther reads the name a page that is no document type is about: its
// holder if labelled, else who sent it (a fax cover's "From", a cover
// letter's signature).
func readOther(r *reading) {
	r.readHolder(false)
	if f, ok := r.doc.lookupPlaced(senderLabels, nameFinder); ok && !notAName(strings.Fields(f.value.(string))) {
		r.set("full_name", f.value, f.conf*0.9)
	}
	for i, line := range r.doc.lines {
		if !closing.MatchString(line) || r.has("full_name") {
			continue
		}
		// The signer's name, past a signature OCR may read as a word.
		for k, n := r.doc.nextNonEmpty(i), 0; k > 0 && n < 3 && !r.has("full_name"); k, n = r.doc.nextNonEmpty(k), n+1 {
			if name, _ := readName(r.doc.lines[k], false); name != "" && !notAName(strings.Fields(name)) {
				r.set("full_name", name, 0.75-0.05*float64(n))
			}
		}
	}
}
