package fraud

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Structure: what the file's revisions and metadata say about how it was
// made and changed.

// checkStructure judges the upload's revisions and metadata.
func checkStructure(d *doc, s *signals) {
	if !d.File.FromImage {
		checkRevisions(d, s)
		checkMetadata(d, s)
		checkMoreEditors(d, s)
		checkMetadataDates(d, s)
	}
	checkImageTools(d, s)
}

// moreEditors are PDF editors the package's first list (fraud.go's
// editors) does not name, as they name themselves in Producer, Creator or
// XMP, with editing_software's weight: 0.50 for tools made to change the
// text of an existing page (desktop and online PDF editors), 0.45 for
// converters and suites that also edit. LibreOffice opens a PDF in Draw,
// which makes its text editable; it is told by its Creator (drawCreator).
// Ordinary saves name other tools: browsers' and systems' print to PDF,
// scanners, office exports (LibreOffice's Writer), qpdf, Acrobat (a
// recruiter's combine or OCR), signing services, and the readers nurses
// fill in and sign forms with (Xodo, Lumin), which are left out; so are
// phone scanner apps that can retype what they scanned (CamScanner,
// iScanner, TapScanner): most of their files are honest scans, and
// CamScanner's is how many nurses send their cards.
var moreEditors = []struct {
	name   string
	weight float64
}{
	{"master pdf editor", 0.50}, {"pdf studio", 0.50}, {"pdf expert", 0.50}, {"soda pdf", 0.50}, {"icecream pdf", 0.50},
	{"apowerpdf", 0.50}, {"lightpdf", 0.50}, {"pdfgear", 0.50}, {"updf", 0.50}, {"pdf architect", 0.50},
	{"able2extract", 0.45}, {"power pdf", 0.45}, {"bluebeam", 0.45}, {"hipdf", 0.45}, {"pdf2go", 0.45},
	{"pdf buddy", 0.50}, {"pdfbuddy", 0.50}, {"pdfzorro", 0.50}, {"pdfchef", 0.50}, {"movavi pdf", 0.50},
	{"pdf reader pro", 0.45}, {"cisdem", 0.45}, {"adobe illustrator", 0.45}, {"coreldraw", 0.45},
	// Editors under other names than the list's (Nitro's, since it
	// dropped "Pro" after the brand), any tool that calls itself a PDF
	// editor ("PDF Editor Pro", a phone's "PDF Editor 6.4"), and picture
	// editors a page was exported from after its pixels were changed.
	{"nitro pdf pro", 0.50}, {"nitro pdf professional", 0.50}, {"phantom pdf", 0.50}, {"pdf editor", 0.50}, {"pdfeditor", 0.50}, {"pdf-editor", 0.50},
	{"pixelmator", 0.50}, {"krita", 0.50}, {"paintshop", 0.50}, {"paint shop pro", 0.50}, {"photoscape", 0.50}, {"photo-paint", 0.50},
	// Online and desktop editors by the names their saves carry (Soda's
	// and PDF Candy's without a space, Smile's PDFpen, Iceni's Infix, PDF
	// Guru, MobiSystems' PDF Extra, PDFLiner, DocFly, Tenorshare's PDNob),
	// design tools that open a page to change it (Scribus), converters
	// that edit too (CleverPDF, EasePDF, TinyWow).
	{"sodapdf", 0.50}, {"pdfcandy", 0.45}, {"pdfpen", 0.50}, {"infix pdf", 0.50}, {"infix pro", 0.50}, {"pdf guru", 0.50}, {"pdfguru", 0.50},
	{"pdf extra", 0.50}, {"pdfliner", 0.50}, {"docfly", 0.50}, {"pdnob", 0.50}, {"scribus", 0.45},
	{"cleverpdf", 0.45}, {"easepdf", 0.45}, {"tinywow", 0.45},
	// Tracker's viewer types over a page (its Typewriter tool), as its Pro
	// does; its printer driver ("PDF-XChange Printer", "PDF-XChange
	// Standard") prints to PDF and is left out.
	{"pdf-xchange viewer", 0.50}, {"pdf-xchange pro", 0.50},
	// Phone and desktop picture editors, as their EXIF Software or XMP
	// names them: retouching (Meitu, Facetune, TouchRetouch, Inpaint,
	// which exists to erase), drawing (Procreate, ibis Paint) and any app
	// that calls itself a photo editor.
	{"meitu", 0.50}, {"facetune", 0.50}, {"photodirector", 0.50}, {"befunky", 0.50}, {"inpaint", 0.50}, {"touchretouch", 0.50},
	{"photoimpact", 0.50}, {"procreate", 0.50}, {"ibis paint", 0.50}, {"photo editor", 0.50}, {"image editor", 0.50},
	{"polarr", 0.45}, {"luminar", 0.45}, {"photoroom", 0.45},
	// An online photo editor (PicMonkey), an online PDF editor (Lumin),
	// and design and markup tools a page is laid out or drawn over in
	// (Adobe Express, Skitch).
	{"picmonkey", 0.50}, {"lumin pdf", 0.45}, {"adobe express", 0.45}, {"skitch", 0.45},
}

// checkMoreEditors names the editors fraud.go's list leaves out, in the
// Info dictionary and the XMP packet, and any editor an earlier
// revision's Info names, when no editor was named yet. Design suites that
// open a PDF to change its text (Illustrator, CorelDRAW) weigh 0.45, as
// Canva does: a small provider may draw its certificates there.
func checkMoreEditors(d *doc, s *signals) {
	// A converter of the first list (0.45) that calls itself a PDF
	// editor ("Sejda PDF Editor") is named again at an editor's weight.
	have := weightOf(s, CodeEditingSoftware)
	if have >= 0.50 {
		return
	}
	type said struct{ source, tool, creator string }
	var claims []said
	claims = append(claims, said{"info", strings.TrimSpace(d.File.Producer + " " + d.File.Creator), d.File.Creator})
	if u := d.Upload; u != nil {
		for _, m := range u.metas {
			claims = append(claims, said{"info", strings.TrimSpace(m.Producer + " " + m.Creator), m.Creator})
		}
		if x := u.xmp; x != nil {
			claims = append(claims, said{"xmp", strings.TrimSpace(x.Producer + " " + x.CreatorTool), x.CreatorTool})
			for _, h := range x.History {
				claims = append(claims, said{"xmp_history", h.SoftwareAgent, ""})
			}
		}
		for _, x := range u.earlierXMP {
			claims = append(claims, said{"xmp_earlier", strings.TrimSpace(x.Producer + " " + x.CreatorTool), x.CreatorTool})
			for _, h := range x.History {
				claims = append(claims, said{"xmp_earlier", h.SoftwareAgent, ""})
			}
		}
	}
	for i, c := range claims {
		t := strings.ToLower(c.tool)
		if e, ok := editorIn(c.tool); ok && i > 0 && editorWeight(e) > have {
			// An earlier revision's Info, or the XMP, names one of the
			// first list's editors that the last Info does not: a later
			// save (a signature, a metadata rewrite, a restore of the
			// original Info) hid the tool that edited the page.
			s.addf(CodeEditingSoftware, editorWeight(e), &SignalEvidence{Source: c.source, Tool: c.tool},
				"the file names an editing tool (%s) in its %s, though its last Info names %s", c.tool, whichInfo(c.source, i), orWord(claims[0].tool, "no tool"))
			return
		}
		for _, e := range moreEditors {
			if namesTool(t, e.name) {
				if e.weight <= have {
					break
				}
				s.addf(CodeEditingSoftware, e.weight, &SignalEvidence{Source: c.source, Tool: c.tool},
					"the file names an editing tool (%s) in its %s", c.tool, sourceName(c.source))
				return
			}
		}
		if drawCreator(t, c.creator) && have < 0.50 {
			s.addf(CodeEditingSoftware, 0.50, &SignalEvidence{Source: c.source, Tool: c.tool},
				"the file was exported by LibreOffice Draw (%s), where LibreOffice opens a PDF to edit its text", c.tool)
			return
		}
	}
}

// weightOf is the weight of a code's signal so far (0 when none).
func weightOf(s *signals, code string) float64 {
	for _, o := range s.list {
		if o.Code == code {
			return o.Weight
		}
	}
	return 0
}

// drawCreator: LibreOffice's export names the program in Creator ("Draw",
// "Writer", "Impress"); Draw is where a PDF is opened to be edited.
func drawCreator(tool, creator string) bool {
	return (strings.Contains(tool, "libreoffice") || strings.Contains(tool, "openoffice")) && strings.EqualFold(strings.TrimSpace(creator), "draw")
}

// whichInfo names the claim's source: the XMP, or an earlier revision's
// Info (claims[1:] of the Info are the revisions, oldest first).
func whichInfo(src string, i int) string {
	if src == "info" {
		return "earlier revision's Info dictionary"
	}
	return sourceName(src)
}

func sourceName(src string) string {
	switch src {
	case "xmp":
		return "XMP metadata"
	case "xmp_history":
		return "XMP history"
	case "xmp_earlier":
		return "earlier revision's XMP metadata"
	}
	return "Info dictionary"
}

// checkRevisions: a page of the document whose content a later revision
// replaced is the strongest sign of an edit; a file saved again without
// touching the document's pages (a signature, new metadata, a form filled
// in) is a weak one.
func checkRevisions(d *doc, s *signals) {
	u := d.Upload
	if u == nil || u.copy {
		if d.File.Revisions > 1 {
			s.addf(CodeIncrementalUpdate, 0.25, &SignalEvidence{Revisions: []int{1, d.File.Revisions}},
				"the PDF was changed after it was first saved (%d revisions)", d.File.Revisions)
		}
		return
	}
	if u.image != nil || u.revisions < 2 {
		return
	}
	changed := false
	for _, c := range u.changes {
		if c.Page < d.first || c.Page > d.last {
			continue
		}
		changed = true
		ev := &SignalEvidence{Page: c.Page, Revisions: []int{c.From, c.To}, Changes: c.What,
			Removed: firstN(c.Removed, 8), Added: firstN(c.Added, 8), Box: c.Box}
		detail := fmt.Sprintf("page %d was changed by revision %d of %d: %s", c.Page, c.To, u.revisions, describeChange(c.What))
		if len(c.Removed) > 0 || len(c.Added) > 0 {
			detail += fmt.Sprintf(" (text removed: %s; added: %s)", quoteList(c.Removed, 4), quoteList(c.Added, 4))
		}
		w := 0.60
		if from, to, ok := changedDate(c.Removed, c.Added); ok {
			// A later revision that took a printed date away and printed
			// another is an edit of the document's facts, not a form
			// filled in or a stamp added: near certain, it flags alone at
			// every sensitivity.
			w = 0.75
			ev.Value, ev.Expected = to, from
			detail += fmt.Sprintf("; the date %q became %q", from, to)
		}
		s.add(Signal{Code: CodeContentChanged, Weight: w, Detail: detail, Evidence: ev})
	}
	if !changed {
		s.addf(CodeIncrementalUpdate, 0.10, &SignalEvidence{Revisions: []int{1, u.revisions}},
			"the PDF was saved %d times, but no later save changed what this document's pages show (a signature, metadata or a filled-in form)", u.revisions)
	}
}

// datePattern finds a printed date: numeric (11/22/2026, 2026-11-22,
// 22.11.26, 11/2026) or with a month's name (Nov 22, 2026; 22 NOV 2026;
// Nov 2026: cards valid to the end of a month).
var datePattern = regexp.MustCompile(`(?i)\b(\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{2,4}|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}|\d{1,2}/\d{4})\b`)

var yearRun = regexp.MustCompile(`^(19|20)\d\d[.,]?$`)

// changedDate returns a date the removed text printed and one the added
// text prints instead, when a revision replaced one date with another.
func changedDate(removed, added []string) (from, to string, ok bool) {
	dates := func(runs []string) map[string]bool {
		out := map[string]bool{}
		for _, m := range datePattern.FindAllString(strings.Join(runs, " \n "), -1) {
			out[strings.ToLower(strings.Join(strings.Fields(m), " "))] = true
		}
		for _, r := range runs {
			// The diff keeps only the words that changed: of "March 4,
			// 2028" moved two years on, the year alone.
			if r = strings.TrimSpace(r); len(out) == 0 && yearRun.MatchString(r) {
				out[strings.TrimRight(r, ".,")] = true
			}
		}
		return out
	}
	gone, came := dates(removed), dates(added)
	for _, a := range slices.Sorted(maps.Keys(came)) {
		if gone[a] {
			continue
		}
		for _, r := range slices.Sorted(maps.Keys(gone)) {
			if !came[r] {
				return r, a, true
			}
		}
	}
	return "", "", false
}

func describeChange(what []string) string {
	var parts []string
	for _, w := range what {
		switch w {
		case "content":
			parts = append(parts, "its content stream was replaced")
		case "image":
			parts = append(parts, "an image was replaced")
		case "font":
			parts = append(parts, "a font was replaced")
		case "annotation":
			parts = append(parts, "a visible annotation was added or changed")
		case "page_added":
			parts = append(parts, "the page was added")
		}
	}
	return strings.Join(parts, ", ")
}

func firstN(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func quoteList(s []string, n int) string {
	if len(s) == 0 {
		return "nothing"
	}
	q := make([]string, 0, min(len(s), n))
	for _, x := range firstN(s, n) {
		q = append(q, fmt.Sprintf("%q", x))
	}
	out := strings.Join(q, ", ")
	if len(s) > n {
		out += fmt.Sprintf(" and %d more", len(s)-n)
	}
	return out
}

// checkMetadata compares the XMP packet with the Info dictionary: a tool
// that rewrites one and not the other leaves them disagreeing, and an
// editor in the XMP history is an editor whatever the Info says.
func checkMetadata(d *doc, s *signals) {
	u := d.Upload
	if u == nil || u.xmp == nil || len(u.metas) == 0 {
		return
	}
	x := u.xmp
	info := u.metas[len(u.metas)-1]
	for _, h := range x.History {
		if e, ok := editorIn(h.SoftwareAgent); ok {
			s.addf(CodeEditingSoftware, editorWeight(e), &SignalEvidence{Source: "xmp_history", Tool: h.SoftwareAgent, Dates: map[string]string{"when": h.When}},
				"the file's XMP history says it was %s by an editing tool (%s)", orWord(h.Action, "processed"), h.SoftwareAgent)
			break
		}
	}
	if !s.has(CodeEditingSoftware) {
		for _, t := range []string{x.CreatorTool, x.Producer} {
			if e, ok := editorIn(t); ok {
				s.addf(CodeEditingSoftware, editorWeight(e), &SignalEvidence{Source: "xmp", Tool: t},
					"the file's XMP metadata names an editing tool (%s)", t)
				break
			}
		}
	}
	historyAfterInfo(s, x, info)
	var why []string
	ev := &SignalEvidence{Source: "xmp", Dates: map[string]string{}}
	if disagree(x.Producer, info.Producer) {
		why = append(why, fmt.Sprintf("the producer is %q in XMP and %q in Info", x.Producer, info.Producer))
		ev.Tool = info.Producer
	}
	if disagree(x.CreatorTool, info.Creator) {
		why = append(why, fmt.Sprintf("the creator tool is %q in XMP and %q in Info", x.CreatorTool, info.Creator))
	}
	for _, pair := range []struct{ name, xmp, info string }{
		{"modified", x.ModifyDate, info.ModDate},
		{"created", x.CreateDate, info.CreationDate},
	} {
		xt, ok1 := xmpDate(pair.xmp)
		it, ok2 := pdfDate(pair.info)
		if !ok1 || !ok2 {
			continue
		}
		if diff := xt.Sub(it); diff > 26*time.Hour || diff < -26*time.Hour {
			why = append(why, fmt.Sprintf("the %s date is %s in XMP and %s in Info", pair.name, xt.Format(time.DateOnly), it.Format(time.DateOnly)))
			ev.Dates["xmp_"+pair.name] = xt.Format(time.RFC3339)
			ev.Dates["info_"+pair.name] = it.Format(time.RFC3339)
		}
	}
	if len(why) > 0 {
		if len(ev.Dates) == 0 {
			ev.Dates = nil
		}
		s.addf(CodeMetadataMismatch, 0.15, ev, "the file's XMP metadata and its Info dictionary disagree: %s", strings.Join(why, "; "))
	}
}

// historyAfterInfoWeight flags a document alone at MEDIUM: an XMP
// history that records a save by another tool days after the Info
// dictionary says the file was last written is a file whose Info was
// written back to look untouched. Ordinary tools update both (Acrobat,
// office suites), or the Info alone (qpdf, pdftk, libraries), which
// leaves the XMP older than the Info, not newer; a signature is left out.
const historyAfterInfoWeight = 0.50

func historyAfterInfo(s *signals, x *XMP, info revisionMeta) {
	last, ok := pdfDate(info.ModDate)
	if !ok {
		if last, ok = pdfDate(info.CreationDate); !ok {
			return
		}
	}
	for _, h := range x.History {
		when, ok := xmpDate(h.When)
		act := strings.ToLower(h.Action)
		if !ok || when.Sub(last) <= 48*time.Hour || strings.Contains(act, "sign") || h.SoftwareAgent == "" ||
			!disagree(h.SoftwareAgent, info.Producer+" "+info.Creator) || strings.Contains(normTool(info.Producer+info.Creator), normTool(h.SoftwareAgent)) {
			continue
		}
		s.addf(CodeMetadataMismatch, historyAfterInfoWeight, &SignalEvidence{Source: "xmp_history", Tool: h.SoftwareAgent,
			Dates: map[string]string{"xmp_history": when.Format(time.RFC3339), "info_modified": last.Format(time.RFC3339)}},
			"the file's XMP history says it was %s by %s on %s, %d days after the Info dictionary says it was last written (%s): the Info was written back",
			orWord(h.Action, "processed"), h.SoftwareAgent, when.Format(time.DateOnly), int(math.Round(when.Sub(last).Hours()/24)), last.Format(time.DateOnly))
		return
	}
}

func orWord(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// disagree reports whether two tool names differ beyond spelling: one
// containing the other (a version left out) is agreement.
func disagree(a, b string) bool {
	na, nb := normTool(a), normTool(b)
	if na == "" || nb == "" {
		return false
	}
	return !strings.Contains(na, nb) && !strings.Contains(nb, na)
}

func normTool(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// eventFields are the dates a document prints as having passed when it
// was made: it cannot have been made before them.
var eventFields = []string{"issue_date", "completion_date", "completed_date", "administered_date", "read_date",
	"collection_date", "exam_date", "test_date", "titer_date"}

// checkMetadataDates: the file's dates cannot be in the future, and a file
// cannot have been written before the dates it prints as passed (a card
// for a course not yet given): an edit that moves an issue date forward
// with a tool that leaves the file's dates alone is caught here.
func checkMetadataDates(d *doc, s *signals) {
	created := map[string]time.Time{}
	if t, ok := pdfDate(d.File.CreationDate); ok {
		created["info_created"] = t
	}
	modified := map[string]time.Time{}
	if t, ok := pdfDate(d.File.ModDate); ok {
		modified["info_modified"] = t
	}
	if u := d.Upload; u != nil {
		if len(u.metas) > 0 {
			// The first revision's creation date is the original file's.
			if t, ok := pdfDate(u.metas[0].CreationDate); ok {
				created["info_created"] = t
			}
			if t, ok := pdfDate(u.metas[len(u.metas)-1].ModDate); ok {
				modified["info_modified"] = t
			}
		}
		if x := u.xmp; x != nil {
			if t, ok := xmpDate(x.CreateDate); ok {
				created["xmp_created"] = t
			}
			if t, ok := xmpDate(x.ModifyDate); ok {
				modified["xmp_modified"] = t
			}
			if t, ok := xmpDate(x.MetadataDate); ok {
				modified["xmp_metadata"] = t
			}
		}
	}
	futureFrom(d, s, "the PDF", created, modified)
	// A file last written before a date it prints as passed cannot be
	// the issuer's: judged on the newest date the file carries, since
	// issuers that stamp names and dates onto a template keep the
	// template's creation date.
	latest := map[string]time.Time{}
	for _, m := range []map[string]time.Time{created, modified} {
		for _, name := range slices.Sorted(maps.Keys(m)) {
			if t := m[name]; latest["file_written"].Before(t) {
				latest["file_written"] = t
			}
		}
	}
	createdBefore(d, s, latest, "the PDF was last written")
}

// futureFrom flags file dates after the as-of day. Two days of margin
// cover time zones (a file written late on the as-of day east of UTC).
// Tools stamp the clock of the machine they run on, and a phone's, a
// scanner's or a PC's clock is often days off (set by hand, never synced,
// a dead battery's reset), so a date within a week past the margin is
// hardly evidence (0.10); a date further ahead than any clock drifts is
// (0.35).
func futureFrom(d *doc, s *signals, what string, sets ...map[string]time.Time) {
	limit := d.AsOf.AddDate(0, 0, 2)
	skew := d.AsOf.AddDate(0, 0, 9)
	for _, m := range sets {
		for _, name := range slices.Sorted(maps.Keys(m)) {
			if t := m[name]; t.After(limit) {
				w := 0.35
				if !t.After(skew) {
					w = 0.10
				}
				s.addf(CodeMetadataFuture, w, &SignalEvidence{Source: sourceOf(name), Dates: map[string]string{name: t.Format(time.RFC3339), "as_of": d.AsOf.Format(time.DateOnly)}},
					"%s says it was %s on %s, after the as-of day %s", what, verbOf(name), t.Format(time.DateOnly), d.AsOf.Format(time.DateOnly))
				return
			}
		}
	}
}

func sourceOf(name string) string {
	switch {
	case strings.HasPrefix(name, "xmp"):
		return "xmp"
	case strings.HasPrefix(name, "exif"):
		return "exif"
	}
	return "info"
}

func verbOf(name string) string {
	switch {
	case strings.HasSuffix(name, "created"), strings.HasSuffix(name, "taken"):
		return "made"
	case strings.HasSuffix(name, "metadata"):
		return "described"
	}
	return "modified"
}

// createdBefore flags a file (a photo) made more than a day before a date
// it prints as passed, dated by the earliest of dates.
func createdBefore(d *doc, s *signals, created map[string]time.Time, what string) {
	var earliest time.Time
	var src string
	for _, name := range slices.Sorted(maps.Keys(created)) {
		if t := created[name]; earliest.IsZero() || t.Before(earliest) {
			earliest, src = t, name
		}
	}
	if earliest.IsZero() {
		return
	}
	for _, f := range eventFields {
		ev, ok := date(d.Fields, f)
		if !ok || ev.After(d.AsOf.AddDate(0, 0, 1)) {
			// A future event date is date_in_future's to judge.
			continue
		}
		if earliest.Before(ev.AddDate(0, 0, -1)) {
			// A photo's EXIF date is its camera's clock, and a phone's
			// (or a tool that writes EXIF by hand) may be years off: it
			// corroborates only. A PDF's dates are its writer's.
			w := 0.40
			if sourceOf(src) == "exif" {
				w = 0.20
			}
			s.addf(CodeCreatedBeforePrint, w, &SignalEvidence{Source: sourceOf(src), Field: f, Value: ev.Format(time.DateOnly),
				Dates: map[string]string{src: earliest.Format(time.RFC3339), f: ev.Format(time.DateOnly)}},
				"%s on %s, before the %s it prints (%s)", what, earliest.Format(time.DateOnly), strings.ReplaceAll(f, "_", " "), ev.Format(time.DateOnly))
			return
		}
	}
}
