package fraud

import (
	"strings"
	"testing"
)

// TestEditorPrinters: an editor's printer driver prints to PDF what any
// program shows and is not the editor; the editor itself still is.
func TestEditorPrinters(t *testing.T) {
	tests := []struct {
		producer string
		w        float64
	}{
		{"Foxit PDF Editor 12.1.2.15332", 0.50},
		{"Foxit PhantomPDF 10.1.0.37527", 0.50},
		{"Foxit PDF Editor Printer Version 12.1.2.15332", 0},
		{"Foxit PhantomPDF Printer Version 10.1.0.37527", 0},
		{"Foxit PhantomPDF Printer Version 10.1 Adobe Photoshop 25.0 (Windows)", 0.50},
		{"Foxit PDF Editor Printer Version 12.1 Foxit PDF Editor 12.1", 0.50},
		{"iLovePDF", 0.45},
	}
	for _, tt := range tests {
		t.Run(tt.producer, func(t *testing.T) {
			d := newDoc(Evidence{File: FileMeta{Producer: tt.producer, Revisions: 1}, AsOf: asOf})
			var s signals
			checkHistory(d, &s)
			if w := weightOf(&s, CodeEditingSoftware); w != tt.w {
				t.Fatalf("editing_software %.2f, want %.2f (%+v)", w, tt.w, s.list)
			}
		})
	}
}

// TestAcrobatSave: Acrobat saving a file another tool made, days later,
// the Info agreeing, is an edit's trace; Acrobat's converters, OCR and
// signing, a save on the day the file was made, and an Info written back
// (historyAfterInfo's) are not this signal.
func TestAcrobatSave(t *testing.T) {
	const made, later = "D:20250520101500-05'00'", "D:20251104183012-05'00'"
	ev := func(action, when, agent string) XMPEvent {
		return XMPEvent{Action: action, When: when, SoftwareAgent: agent}
	}
	word := ev("created", "2025-05-20T10:15:00-05:00", "Microsoft Word for Microsoft 365")
	tests := []struct {
		name    string
		modDate string
		history []XMPEvent
		want    string
	}{
		{"saved by Acrobat Pro months later", later, []XMPEvent{word, ev("saved", "2025-11-04T18:30:12-05:00", "Adobe Acrobat Pro 24.1")},
			"Acrobat (Adobe Acrobat Pro 24.1) saved it on 2025-11-04, 168 days after it was made (2025-05-20)"},
		{"edited, no creation event", later, []XMPEvent{ev("edited", "2025-11-04T18:30:12-05:00", "Adobe Acrobat Pro (64-bit) 24.1.20643")},
			"edited it on 2025-11-04, 168 days after"},
		{"saved on the day it was made", "D:20250520115500-05'00'", []XMPEvent{word, ev("saved", "2025-05-20T11:55:00-05:00", "Adobe Acrobat Pro 24.1")}, ""},
		{"the Info written back", made, []XMPEvent{word, ev("saved", "2025-11-04T18:30:12-05:00", "Adobe Acrobat Pro 24.1")}, ""},
		{"OCR by Paper Capture", later, []XMPEvent{word, ev("saved", "2025-11-04T18:30:12-05:00", "Adobe Acrobat Pro 24.1 Paper Capture Plug-in")}, ""},
		{"Distiller", later, []XMPEvent{ev("converted", "2025-11-04T18:30:12-05:00", "Acrobat Distiller 24.0 (Windows)")}, ""},
		{"signed", later, []XMPEvent{word, ev("signed", "2025-11-04T18:30:12-05:00", "Adobe Acrobat Pro 24.1")}, ""},
		{"another tool's save", later, []XMPEvent{word, ev("saved", "2025-11-04T18:30:12-05:00", "Preview")}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDoc(Evidence{File: FileMeta{Producer: "Adobe Acrobat Pro (64-bit) 24.1.20643", Creator: "Microsoft Word for Microsoft 365", Revisions: 1}, AsOf: asOf})
			d.Upload = &Upload{metas: []revisionMeta{{Revision: 1, Producer: d.File.Producer, Creator: d.File.Creator, CreationDate: made, ModDate: tt.modDate}},
				xmp: &XMP{CreateDate: "2025-05-20T10:15:00-05:00", CreatorTool: d.File.Creator, History: tt.history}}
			var s signals
			checkAcrobatSave(d, &s)
			w := weightOf(&s, CodeEditingSoftware)
			switch {
			case tt.want == "" && len(s.list) > 0:
				t.Fatalf("signals %+v", s.list)
			case tt.want != "" && (w != acrobatSaveWeight || !strings.Contains(s.list[0].Detail, tt.want)):
				t.Fatalf("signals %+v, want editing_software %.2f %q", s.list, acrobatSaveWeight, tt.want)
			}
		})
	}
}
