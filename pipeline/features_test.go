package pipeline

import (
	"testing"

	"github.com/clearedtostart/compliance/pagetext"
)

// A page's size, not its text, says it is a card on a page of its own.
func TestFeaturesCardFromPageSize(t *testing.T) {
	e := engine(t)
	const text = "BASIC LIFE SUPPORT\nProvider\nIssued 01/02/2026\nRecommended renewal 01/2028"
	for _, tt := range []struct {
		name   string
		layout *pagetext.Page
		want   bool
	}{
		{"wallet card", &pagetext.Page{Width: 243, Height: 153}, true},
		{"card turned", &pagetext.Page{Width: 153, Height: 243}, true},
		{"4x6 print", &pagetext.Page{Width: 432, Height: 288}, true},
		{"half letter", &pagetext.Page{Width: 612, Height: 396}, false},
		{"letter", &pagetext.Page{Width: 612, Height: 792}, false},
		{"no layout kept", nil, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := e.Features(Page{Number: 1, Text: text, Source: SourceTextLayer, Layout: tt.layout})
			if f.Card != tt.want {
				t.Errorf("Card = %v, want %v", f.Card, tt.want)
			}
		})
	}
}
