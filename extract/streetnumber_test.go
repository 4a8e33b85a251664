package extract

import (
	"testing"
	"time"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/pagetext"
)

// TestStreetNumberDoubtful: a scanned card's street number OCR read as a
// box twice its street's height (the field number 8 over "77" read into
// one "7") or unsurely leaves the address uncertain; one read as tall as
// its words, surely, is read.
func TestStreetNumberDoubtful(t *testing.T) {
	c := catalog.MustLoad()
	asOf := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name     string
		number   word
		sure     bool
		lineConf float64
	}{
		{"as tall as its street, surely", word{text: "77", conf: 95}, true, 0},
		{"twice its street's height", word{text: "7", conf: 78, h: 14}, false, 0},
		{"read unsurely", word{text: "7", conf: 46}, false, 0},
		{"twice its street's height, read surely", word{text: "6018", conf: 97, h: 14}, true, 0},
		{"unsurely as its street", word{text: "77", conf: 45}, true, 44},
	} {
		n := tt.number
		n.x, n.y, n.line, n.block = 80, 120, 5, 3
		conf := tt.lineConf
		if conf == 0 {
			conf = 95
		}
		street := append(ocrRow(5, 3, 70, 120, "8", 96), n)
		street = append(street, ocrRow(5, 3, 95, 120, "LOCUST ST", conf)...)
		p := ocrPage(ocrWords(ocrRow(0, 0, 20, 20, "pennsylvania", 95), ocrRow(1, 0, 20, 34, "IDENTIFICATION CARD", 95),
			ocrRow(2, 1, 80, 50, "29 481 537", 92), ocrRow(3, 2, 80, 70, "FITZGERALD", 95), ocrRow(4, 2, 80, 90, "MARGARET ANNE", 95),
			street, ocrRow(6, 4, 80, 132, "HARRISBURG, PA 17101", 95))...)
		res := Read(c, "drivers_license", Document{Text: p.Text(), Pages: []pagetext.Page{p}, AsOf: asOf})
		want := tt.number.text + " LOCUST ST, HARRISBURG, PA 17101"
		sure := res.Confidence["address"] >= c.ConfidenceThreshold("address")
		if res.Fields["address"] != want || sure != tt.sure {
			t.Errorf("%s: address = %v (%.2f), want %q sure %v", tt.name, res.Fields["address"], res.Confidence["address"], want, tt.sure)
		}
	}
}
