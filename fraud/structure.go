package fraud

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Structure: what the file's revisions and metadata say about how it was
// made and changed.

// checkStructure judges the upload's revisions and metadata.
func checkStructure(d *doc, s *signals) {
	if d.File.FromImage {
		return
	}
	checkRevisions(d, s)
	checkMetadata(d, s)
	checkMetadataDates(d, s)
}

// checkRevisions: a page of the document whose content a later revision
// replaced is the strongest sign of an edit; a file saved again without
// touching the document's pages (a signature, new metadata, a form filled
// in) is a weak one.
func checkRevisions(d *doc, s *signals) {
	u := d.Upload
	if u == nil {
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
		s.add(Signal{Code: CodeContentChanged, Weight: 0.60, Detail: detail, Evidence: ev})
	}
	if !changed {
		s.addf(CodeIncrementalUpdate, 0.10, &SignalEvidence{Revisions: []int{1, u.revisions}},
			"the PDF was saved %d times, but no later save changed what this document's pages show (a signature, metadata or a filled-in form)", u.revisions)
	}
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
		if _, ok := editorIn(h.SoftwareAgent); ok {
			s.addf(CodeEditingSoftware, 0.45, &SignalEvidence{Source: "xmp_history", Tool: h.SoftwareAgent, Dates: map[string]string{"when": h.When}},
				"the file's XMP history says it was %s by an editing tool (%s)", orWord(h.Action, "processed"), h.SoftwareAgent)
			break
		}
	}
	if !s.has(CodeEditingSoftware) {
		for _, t := range []string{x.CreatorTool, x.Producer} {
			if _, ok := editorIn(t); ok {
				s.addf(CodeEditingSoftware, 0.45, &SignalEvidence{Source: "xmp", Tool: t},
					"the file's XMP metadata names an editing tool (%s)", t)
				break
			}
		}
	}
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
func futureFrom(d *doc, s *signals, what string, sets ...map[string]time.Time) {
	limit := d.AsOf.AddDate(0, 0, 2)
	for _, m := range sets {
		for _, name := range slices.Sorted(maps.Keys(m)) {
			if t := m[name]; t.After(limit) {
				s.addf(CodeMetadataFuture, 0.35, &SignalEvidence{Source: sourceOf(name), Dates: map[string]string{name: t.Format(time.RFC3339), "as_of": d.AsOf.Format(time.DateOnly)}},
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
			s.addf(CodeCreatedBeforePrint, 0.40, &SignalEvidence{Source: sourceOf(src), Field: f, Value: ev.Format(time.DateOnly),
				Dates: map[string]string{src: earliest.Format(time.RFC3339), f: ev.Format(time.DateOnly)}},
				"%s on %s, before the %s it prints (%s)", what, earliest.Format(time.DateOnly), strings.ReplaceAll(f, "_", " "), ev.Format(time.DateOnly))
			return
		}
	}
}
