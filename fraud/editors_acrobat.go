package fraud

import (
	"strings"
	"time"
)

// Acrobat is how most people change the text of a PDF they were sent
// (its Edit PDF tool), and how recruiters combine, compress and OCR the
// files nurses send: its name alone says neither. What an edit leaves is
// its order in the file's own history: another tool made the document,
// and Acrobat saved it over days later, the Info agreeing that the file
// was last written then (where the Info was written back to the
// original's, historyAfterInfo says so). Acrobat's parts that only make
// or read a PDF (Distiller, PDFMaker, Paper Capture's OCR, Reader, Sign,
// the scan import) are left out, and so are the events that add nothing
// to a page (created, converted, printed, signed).

// acrobatSaveWeight is editing_software's weight for an Acrobat save days
// after the document was made: as a suite that also edits (0.45), it
// flags at HIGH alone and at MEDIUM with a second sign of a later change
// (the Info's ModDate days after its CreationDate).
const acrobatSaveWeight = 0.45

// acrobatParts are Acrobat components that make or read a PDF without
// editing one.
var acrobatParts = []string{"distiller", "pdfmaker", "paper capture", "reader", "sign", "scan", "plug-in", "plugin", "pdf library", "image conversion"}

// acrobatEditor reports whether a history agent is Acrobat itself (Pro,
// Standard, DC, or bare "Adobe Acrobat 24.1").
func acrobatEditor(agent string) bool {
	a := strings.ToLower(agent)
	if !strings.Contains(a, "acrobat") {
		return false
	}
	for _, p := range acrobatParts {
		if strings.Contains(a, p) {
			return false
		}
	}
	return true
}

// checkAcrobatSave names an Acrobat save in the XMP history more than two
// days after the document was made, by its history's first event, the
// XMP's CreateDate or the Info's CreationDate, where the Info's last
// modification is that save's (within two days).
func checkAcrobatSave(d *doc, s *signals) {
	u := d.Upload
	if u == nil || u.xmp == nil || len(u.xmp.History) == 0 || len(u.metas) == 0 {
		return
	}
	x, info := u.xmp, u.metas[len(u.metas)-1]
	var made time.Time
	earliest := func(t time.Time, ok bool) {
		if ok && (made.IsZero() || t.Before(made)) {
			made = t
		}
	}
	earliest(xmpDate(x.CreateDate))
	earliest(pdfDate(info.CreationDate))
	for _, h := range x.History {
		if !acrobatEditor(h.SoftwareAgent) {
			earliest(xmpDate(h.When))
		}
	}
	last, okLast := pdfDate(info.ModDate)
	if made.IsZero() || !okLast {
		return
	}
	for _, h := range x.History {
		act := strings.ToLower(strings.TrimSpace(h.Action))
		if !acrobatEditor(h.SoftwareAgent) || act != "saved" && act != "edited" && act != "modified" {
			continue
		}
		when, ok := xmpDate(h.When)
		if !ok || when.Sub(made) <= 48*time.Hour || when.Sub(last) > 48*time.Hour || last.Sub(when) > 48*time.Hour {
			continue
		}
		s.addf(CodeEditingSoftware, acrobatSaveWeight, &SignalEvidence{Source: "xmp_history", Tool: h.SoftwareAgent,
			Dates: map[string]string{"when": when.Format(time.RFC3339), "made": made.Format(time.RFC3339)}},
			"the file's XMP history says Acrobat (%s) %s it on %s, %d days after it was made (%s)",
			h.SoftwareAgent, act, when.Format(time.DateOnly), int(when.Sub(made).Hours()/24), made.Format(time.DateOnly))
		return
	}
}
