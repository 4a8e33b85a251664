package extract

import (
	"flag"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"
)

var writeCaptionWords = flag.Bool("captionwords", false, "add the labels' caption words missing from ../ocr/captionwords.txt to it")

// captionWordsFile is ocr's list of the words extract's labels are made
// of: ocr joins a caption word Tesseract split in two only where the
// joined form is on it (ocr.joinSplitCaptions), and ocr imports no
// extractor, so the list is a copy this test keeps whole.
const captionWordsFile = "../ocr/captionwords.txt"

// minJoinedCaption is the shortest word ocr joins (see ocr's captions.go).
const minJoinedCaption = 6

// TestCaptionWordsCoverTheLabels: a label added here whose long words are
// not on ocr's list would go unread wherever Tesseract splits them.
func TestCaptionWordsCoverTheLabels(t *testing.T) {
	b, err := os.ReadFile(captionWordsFile)
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, l := range strings.Split(string(b), "\n") {
		have[strings.TrimSpace(l)] = true
	}
	var missing []string
	for _, l := range allLabels {
		for _, w := range strings.FieldsFunc(strings.ToLower(l.text), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if len([]rune(w)) >= minJoinedCaption && !have[w] && !slices.Contains(missing, w) {
				missing = append(missing, w)
			}
		}
	}
	if len(missing) == 0 {
		return
	}
	slices.Sort(missing)
	if !*writeCaptionWords {
		t.Fatalf("%s lacks the label words %v: run go test ./extract -run TestCaptionWordsCoverTheLabels -captionwords", captionWordsFile, missing)
	}
	out := strings.TrimRight(string(b), "\n") + "\n" + strings.Join(missing, "\n") + "\n"
	if err := os.WriteFile(captionWordsFile, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
}
