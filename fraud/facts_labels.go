package fraud

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/clearedtostart/compliance/namematch"
)

// The holder named in the file's own labels. A forger who retypes the
// name a page prints rarely edits what the file says about itself: the
// Info dictionary's Title, Subject and Keywords, the XMP packet's
// dc:title, dc:subject and pdf:Keywords (which Ghostscript copies from
// the Info), the value of a form field named for the holder, a note's
// text. An issuer that labels its file with the holder's name labels it
// with the name it prints. A label naming someone else is judged only
// where the label names no one the page prints (an instructor, a
// physician, the holder in another form) and the name is surely a
// person's: a given name of namematch's next to a
// surname, or the whole value of a field named for the holder. The
// file's Author and dc:creator are not read: they name whoever made the
// file, an issuer's clerk as often as anyone.

// fileLabel is one thing a PDF says about itself in words.
type fileLabel struct {
	source string // info, xmp, form, note
	key    string // Title, dc:title, the field's name...
	text   string
	holder bool // the value of a form field named for the holder
}

// maxLabels bounds what labelsOf reads from a file's fields and notes.
const maxLabels = 64

// labelsOf reads a PDF's labels: Info and XMP titles, subjects and
// keywords (x is the file's XMP packet, parsed; nil without one), the
// values of its form fields named for the holder, and its notes' text.
func labelsOf(ctx *model.Context, x *XMP) []fileLabel {
	var out []fileLabel
	str := func(o types.Object) string {
		s, err := ctx.DereferenceStringOrHexLiteral(o, model.V10, nil)
		if err != nil {
			return ""
		}
		return strings.TrimSpace(s)
	}
	if ctx.Info != nil {
		if d, err := ctx.DereferenceDict(*ctx.Info); err == nil && d != nil {
			for _, k := range []string{"Title", "Subject", "Keywords"} {
				if o, ok := d.Find(k); ok && o != nil {
					if s := str(o); s != "" {
						out = append(out, fileLabel{source: "info", key: k, text: s})
					}
				}
			}
		}
	}
	root, err := ctx.Catalog()
	if err != nil || root == nil {
		return out
	}
	if x != nil {
		for _, l := range x.Labels {
			out = append(out, fileLabel{source: "xmp", key: l.Property, text: l.Text})
		}
	}
	if af, err := ctx.DereferenceDict(root["AcroForm"]); err == nil && af != nil {
		if fields, err := ctx.DereferenceArray(af["Fields"]); err == nil {
			n := 0
			var walk func(a types.Array, parent string, depth int)
			walk = func(a types.Array, parent string, depth int) {
				for _, o := range a {
					if n >= maxLabels || depth > 4 {
						return
					}
					n++
					f, err := ctx.DereferenceDict(o)
					if err != nil || f == nil {
						continue
					}
					name := parent
					if t, ok := f.Find("T"); ok {
						name = str(t)
					}
					if v, ok := f.Find("V"); ok && holderField(name) {
						if s := str(v); s != "" {
							out = append(out, fileLabel{source: "form", key: name, text: s, holder: true})
						}
					}
					if kids, err := ctx.DereferenceArray(f["Kids"]); err == nil && kids != nil {
						walk(kids, name, depth+1)
					}
				}
			}
			walk(fields, "", 0)
		}
	}
	notes := 0
	for p := 1; p <= ctx.PageCount && notes < maxLabels; p++ {
		pd, _, _, err := ctx.PageDict(p, false)
		if err != nil || pd == nil {
			continue
		}
		annots, err := ctx.DereferenceArray(pd["Annots"])
		if err != nil {
			continue
		}
		for _, o := range annots {
			a, err := ctx.DereferenceDict(o)
			if err != nil || a == nil {
				continue
			}
			if st := a.NameEntry("Subtype"); st == nil || (*st != "Text" && *st != "FreeText") {
				continue
			}
			if c, ok := a.Find("Contents"); ok {
				if s := str(c); s != "" {
					out = append(out, fileLabel{source: "note", key: fmt.Sprintf("page %d", p), text: s})
					notes++
				}
			}
		}
	}
	return out
}

// holderField: a form field's name says it holds the holder's name
// ("participant_name", "Patient Name", "fullName"), by holderCaptions.
func holderField(name string) bool {
	var b strings.Builder
	prev := rune(0)
	for _, r := range name {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ':
			r = ' '
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
		prev = r
	}
	f := strings.Join(strings.Fields(b.String()), " ")
	f = strings.TrimSuffix(strings.TrimSuffix(f, " text"), " field")
	return holderCaptions[f] || f == "fullname"
}

// labelName is a person a label names: the words of the name, folded,
// and the one or two of them that may be the surname.
type labelName struct {
	tokens, surnames []string
}

// labelWord is one word of a label and what separates it from the next.
type labelWord struct {
	text  string
	comma bool // "LAST, FIRST"
}

var labelWordRE = regexp.MustCompile(`[\p{L}][\p{L}'’]*(?:\.?)|[,;:|/()\-–—_0-9@]+`)

// labelPeople finds the people a label surely names: a given name
// (namematch's) with the surname after it, or before it
// where a comma, an underscore or capitals set the two apart ("KIM,
// RACHEL", "WASHINGTON_DENISE"); a name followed by an organisation's
// word ("Florence Nightingale School") or after a title ("Dr.") is
// none. A holder field's whole value is a name.
func labelPeople(l fileLabel) []labelName {
	var words []labelWord
	sep := true // at a separator: a word after one starts a new run
	var seps []bool
	for _, m := range labelWordRE.FindAllString(l.text, 40) {
		if !unicode.IsLetter([]rune(m)[0]) {
			if len(words) > 0 && strings.Contains(m, ",") {
				words[len(words)-1].comma = true
			}
			sep = true
			continue
		}
		words = append(words, labelWord{text: strings.TrimSuffix(m, ".")})
		seps = append(seps, sep)
		sep = false
	}
	if l.holder {
		var name []string
		for _, w := range words {
			f := foldWord(w.text)
			if len(f) >= 2 && !nameSuffix[f] {
				name = append(name, f)
			}
		}
		if len(name) < 2 || len(name) > 5 {
			return nil
		}
		// "LAST, FIRST" or "First Last": either end may be the surname.
		return []labelName{{tokens: name, surnames: []string{name[0], name[len(name)-1]}}}
	}
	upper := strings.ToUpper(l.text) == l.text
	surname := func(i int) bool {
		if i < 0 || i >= len(words) {
			return false
		}
		w := words[i].text
		f := foldWord(w)
		if len([]rune(f)) < 2 || notPersonWords[f] || labelNotName[f] || nameSuffix[f] || isGiven(w) {
			return false
		}
		return unicode.IsUpper([]rune(w)[0])
	}
	orgAfter := func(i int) bool {
		return i < len(words) && notPersonWords[foldWord(words[i].text)]
	}
	var out []labelName
	for i, w := range words {
		if !isGiven(w.text) || !unicode.IsUpper([]rune(w.text)[0]) {
			continue
		}
		if i > 0 && !seps[i] && notPersonWords[foldWord(words[i-1].text)] {
			continue // "Dr. Alan Park", "Grace Hospital"
		}
		// Forward: the given name, middle names, the surname last.
		name := labelName{tokens: []string{foldWord(w.text)}}
		for k := i + 1; k < len(words) && k <= i+4 && !w.comma; k++ {
			if len([]rune(words[k].text)) == 1 && !seps[k] {
				continue // a middle initial
			}
			if (seps[k] && !upper) || !surname(k) || orgAfter(k) {
				break
			}
			name.tokens = append(name.tokens, foldWord(words[k].text))
			if words[k].comma || orgAfter(k+1) {
				break
			}
		}
		if n := len(name.tokens); n >= 2 && !orgAfter(i+n) {
			name.surnames = []string{name.tokens[n-1]}
			out = append(out, name)
		}
		if i > 0 && (words[i-1].comma || (seps[i] && upper)) && surname(i-1) {
			f := foldWord(words[i-1].text)
			out = append(out, labelName{tokens: []string{f, foldWord(w.text)}, surnames: []string{f}})
		}
	}
	return out
}

// labelNotName are words of a document's labels that follow a given name
// without being a surname.
var labelNotName = map[string]bool{
	"bls": true, "acls": true, "pals": true, "tb": true, "ppd": true, "cpr": true, "rn": true, "cert": true, "record": true,
	"records": true, "report": true, "form": true, "scan": true, "copy": true, "final": true, "template": true, "sample": true,
	"draft": true, "page": true, "doe": true, "verification": true, "renewal": true, "ecard": true, "titer": true,
	"vaccine": true, "vaccination": true, "immunization": true, "physical": true, "exam": true, "screen": true,
	"mmr": true, "flu": true, "covid": true, "hepatitis": true, "varicella": true, "new": true, "updated": true,
}

func foldWord(w string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) {
			return r
		}
		return -1
	}, namematch.Fold(w)))
}

func isGiven(w string) bool {
	return namematch.KnownGivenName(w) || namematch.CommonGivenName(w)
}

// labelWeight is what a label naming someone else weighs: a title or a
// subject says what the file is, a holder field whose it is (0.50);
// keywords are tags a document system adds (an uploader's, a
// recruiter's name), a note anyone's remark (0.30).
func labelWeight(l fileLabel) float64 {
	switch {
	case l.source == "note", l.key == "Keywords", l.key == "pdf:Keywords", l.key == "dc:subject":
		return 0.30
	}
	return 0.50
}

// checkHolderLabels flags a file whose labels name, in the place of its
// holder, someone the page does not print, where the page names its
// holder surely as one person (holder).
func checkHolderLabels(d *doc, s *signals, holder []holderName) {
	if d.Upload == nil || d.Upload.copy || len(d.Upload.labels) == 0 || len(holder) == 0 {
		return
	}
	var heldTokens, heldSurnames []string
	ocr := false
	for _, h := range holder {
		for _, t := range h.tokens {
			heldTokens = append(heldTokens, foldWord(t))
		}
		for _, t := range h.surname {
			heldSurnames = append(heldSurnames, foldWord(t))
		}
		ocr = ocr || h.ocr
	}
	printed := map[string]bool{}
	for _, p := range d.Pages {
		for _, w := range p.Words {
			for _, part := range strings.FieldsFunc(w.Text, func(r rune) bool { return r == '-' || r == '/' || r == ',' }) {
				printed[foldWord(part)] = true
			}
		}
	}
	// sameHolder's measure: a part of either's surname is a word of the
	// other's name.
	agrees := func(n labelName) bool {
		return namesAPart(heldSurnames, n.tokens) || namesAPart(n.surnames, heldTokens)
	}
	var other *fileLabel
	w := 0.0
	for i, l := range d.Upload.labels {
		people := labelPeople(l)
		for _, name := range people {
			if agrees(name) {
				return // a label naming the holder: the file's labels are the page's
			}
		}
		for _, name := range people {
			if lw := labelWeight(l); lw > w && !printed[name.tokens[0]] && !slices.ContainsFunc(name.surnames, func(f string) bool { return printed[f] }) {
				other, w = &d.Upload.labels[i], lw
			}
		}
	}
	if other == nil {
		return
	}
	if ocr {
		w = min(w, 0.30)
	}
	where := fmt.Sprintf("its %s %s", other.source, other.key)
	switch other.source {
	case "form":
		where = fmt.Sprintf("its form field %q", other.key)
	case "note":
		where = "a note on " + other.key
	case "xmp":
		where = "its XMP " + other.key
	}
	s.addf(CodeHolderMismatch, w, &SignalEvidence{Page: holder[0].page, Text: holder[0].text, Value: other.text, Source: other.source,
		Expected: "the holder the page prints, or no one, named in the file's labels"},
		"the page names its holder %q, the file's own label (%s) %q names someone else, whom the page does not print%s",
		holder[0].text, where, other.text, ocrNote(ocr))
}
