package fraud

import (
	"bytes"
	"encoding/xml"
	"strings"
	"time"
)

// XMP namespaces the checks read (ISO 16684-1 and Adobe's schemas).
const (
	nsXMP   = "http://ns.adobe.com/xap/1.0/"
	nsPDF   = "http://ns.adobe.com/pdf/1.3/"
	nsXMPMM = "http://ns.adobe.com/xap/1.0/mm/"
	nsEvt   = "http://ns.adobe.com/xap/1.0/sType/ResourceEvent#"
	nsDC    = "http://purl.org/dc/elements/1.1/"
)

// XMP is what a file's XMP metadata packet says about its making.
type XMP struct {
	CreateDate   string `json:"create_date,omitempty"`
	ModifyDate   string `json:"modify_date,omitempty"`
	MetadataDate string `json:"metadata_date,omitempty"`
	CreatorTool  string `json:"creator_tool,omitempty"`
	Producer     string `json:"producer,omitempty"`
	// History is xmpMM:History, oldest first.
	History []XMPEvent `json:"history,omitempty"`
	// Labels are what the packet calls the file in words: dc:title,
	// dc:subject and pdf:Keywords, in the packet's order (a label naming
	// someone the page does not: facts_labels.go).
	Labels []XMPLabel `json:"-"`
}

// XMPLabel is one dc:title, dc:subject or pdf:Keywords value.
type XMPLabel struct {
	Property string // "dc:title", "dc:subject", "pdf:Keywords"
	Text     string
}

// XMPEvent is one entry of xmpMM:History.
type XMPEvent struct {
	Action        string `json:"action,omitempty"`
	When          string `json:"when,omitempty"`
	SoftwareAgent string `json:"software_agent,omitempty"`
	Changed       string `json:"changed,omitempty"`
}

// parseXMP reads an XMP packet. Properties may be written as attributes
// of rdf:Description or as elements; both are read. A packet that is not
// XML yields what was read before the error.
func parseXMP(b []byte) *XMP {
	x := &XMP{}
	dec := xml.NewDecoder(bytes.NewReader(b))
	dec.Strict = false
	var path []xml.Name
	inHistory := 0
	var ev *XMPEvent
	set := func(space, local, val string) {
		val = strings.TrimSpace(val)
		if val == "" {
			return
		}
		switch {
		case space == nsXMP && local == "CreateDate":
			x.CreateDate = val
		case space == nsXMP && local == "ModifyDate":
			x.ModifyDate = val
		case space == nsXMP && local == "MetadataDate":
			x.MetadataDate = val
		case space == nsXMP && local == "CreatorTool":
			x.CreatorTool = val
		case space == nsPDF && local == "Producer":
			x.Producer = val
		case (space == nsDC && (local == "title" || local == "subject")) || (space == nsPDF && local == "Keywords"):
			if len(x.Labels) < maxLabels {
				prefix := "dc:"
				if space == nsPDF {
					prefix = "pdf:"
				}
				x.Labels = append(x.Labels, XMPLabel{Property: prefix + local, Text: val})
			}
		case space == nsEvt && ev != nil:
			switch local {
			case "action":
				ev.Action = val
			case "when":
				ev.When = val
			case "softwareAgent":
				ev.SoftwareAgent = val
			case "changed":
				ev.Changed = val
			}
		}
	}
	for n := 0; n < 100_000; n++ {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			path = append(path, t.Name)
			if t.Name.Space == nsXMPMM && t.Name.Local == "History" {
				inHistory = len(path)
			}
			if inHistory > 0 && t.Name.Local == "li" && ev == nil {
				ev = &XMPEvent{}
			}
			for _, a := range t.Attr {
				set(a.Name.Space, a.Name.Local, a.Value)
			}
		case xml.CharData:
			if len(path) == 0 {
				continue
			}
			name := path[len(path)-1]
			// rdf:Alt / rdf:li values belong to the property above them.
			for k := len(path) - 1; k >= 0 && (path[k].Local == "li" || path[k].Local == "Alt" || path[k].Local == "Seq" || path[k].Local == "Bag"); k-- {
				if k > 0 {
					name = path[k-1]
				}
			}
			if name.Space != nsXMPMM {
				set(name.Space, name.Local, string(t))
			}
		case xml.EndElement:
			if inHistory > 0 && t.Name.Local == "li" && ev != nil && len(path) == inHistory+2 {
				if *ev != (XMPEvent{}) {
					x.History = append(x.History, *ev)
				}
				ev = nil
			}
			if len(path) > 0 {
				path = path[:len(path)-1]
			}
			if len(path) < inHistory {
				inHistory = 0
			}
		}
	}
	return x
}

// xmpDate parses an XMP date (ISO 8601: YYYY, YYYY-MM, YYYY-MM-DD,
// with a time and zone or not).
func xmpDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, l := range []string{time.RFC3339Nano, "2006-01-02T15:04:05Z07:00", "2006-01-02T15:04Z07:00", "2006-01-02T15:04:05", "2006-01-02T15:04", time.DateOnly, "2006-01", "2006"} {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
