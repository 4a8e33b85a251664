// Package heldoutfraud3 is part 3 of the held-out fraud evaluation (issue
// #18): forged documents and clean controls written by a party that has not
// seen the fraud engine, with other producers than parts 1 and 2. Genuine
// documents are drawn with ReportLab in each issuer's own layout and wording;
// the controls re-save them with ordinary tools (Ghostscript, qpdf,
// ImageMagick, Pillow) and the forgeries alter them the way a forger would.
//
// The plan (which case, which type, which technique) is fixed here; gen.py
// renders it. Nobody tunes the engine against this package.
package heldoutfraud3

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
)

// MIME types of the uploads.
const (
	PDF  = "application/pdf"
	JPEG = "image/jpeg"
	PNG  = "image/png"
)

// Manipulations are the 14 forgery classes of issue #18, in report order.
var Manipulations = []string{
	"typed_over_name", "typed_over_date", "covered_text", "incremental_content", "dates_impossible",
	"validity_too_long", "id_format", "mrz_check", "editor_metadata", "image_splice", "copy_move",
	"reused_file", "reused_id", "reused_page_image",
}

// historyManipulations are judged against the account's earlier uploads.
var historyManipulations = map[string]bool{"reused_file": true, "reused_id": true, "reused_page_image": true}

// historyControls are clean uploads that follow an earlier upload of the
// same candidate (or, for same_class, a classmate's card of the same course).
var historyControls = map[string]bool{
	"second_upload": true, "renewal": true, "same_class": true, "same_file_same_candidate": true,
}

// Spec is one planned case: everything gen.py needs to render it.
type Spec struct {
	Name         string    `json:"name"`
	Type         string    `json:"type"`
	Manipulation string    `json:"manipulation,omitempty"`
	Control      string    `json:"control,omitempty"`
	Variant      string    `json:"variant"`
	MIME         string    `json:"mime"`
	Seed         uint64    `json:"seed"`
	CandidateID  string    `json:"candidate"`
	Earlier      []Earlier `json:"earlier,omitempty"`
}

// Earlier is a planned earlier upload of the same account.
type Earlier struct {
	CandidateID string `json:"candidate"`
	MIME        string `json:"mime"`
}

// Forged reports whether the case is a forgery.
func (s Spec) Forged() bool { return s.Manipulation != "" }

type row struct {
	kind, typ, variant, mime string
	earlierMIME              string // history cases only
}

// forgeries: six per manipulation, each on its own type, layout, tool and format.
var forgeries = []row{
	{"typed_over_name", "bls", "edit-times", PDF, ""},
	{"typed_over_name", "drivers_license", "edit-dejavu", PDF, ""},
	{"typed_over_name", "nursing_license", "whiteout-liberation;state=CA", PDF, ""},
	{"typed_over_name", "tb_blood_test", "magick", JPEG, ""},
	{"typed_over_name", "hipaa_training", "edit-timesitalic", PDF, ""},
	{"typed_over_name", "acls", "pillow", PNG, ""},

	{"typed_over_date", "pals", "edit-liberation", PDF, ""},
	{"typed_over_date", "nursing_license", "whiteout-arial-gs;state=TX", PDF, ""},
	{"typed_over_date", "tb_skin_test", "magick", JPEG, ""},
	{"typed_over_date", "drug_screen", "edit-courier", PDF, ""},
	{"typed_over_date", "tncc", "pillow", PNG, ""},
	{"typed_over_date", "drivers_license", "magick", JPEG, ""},

	{"covered_text", "nursing_license", "annot;state=FL", PDF, ""},
	{"covered_text", "tb_blood_test", "image", PDF, ""},
	{"covered_text", "physical_exam", "whiteout", PDF, ""},
	{"covered_text", "background_check", "whiteout-gs", PDF, ""},
	{"covered_text", "bls", "image;redcross", PDF, ""},
	{"covered_text", "drug_screen", "annot", PDF, ""},

	{"incremental_content", "nursing_license", "replace;state=NY", PDF, ""},
	{"incremental_content", "bls", "new-stream", PDF, ""},
	{"incremental_content", "tb_skin_test", "append", PDF, ""},
	{"incremental_content", "fit_test", "replace", PDF, ""},
	{"incremental_content", "acls", "two-revisions", PDF, ""},
	{"incremental_content", "drivers_license", "new-stream", PDF, ""},

	{"dates_impossible", "bls", "plain", PDF, ""},
	{"dates_impossible", "hipaa_training", "gs", PDF, ""},
	{"dates_impossible", "nursing_license", "plain;state=CA", JPEG, ""},
	{"dates_impossible", "passport", "plain;iss=USA", PDF, ""},
	{"dates_impossible", "tncc", "plain", PNG, ""},
	{"dates_impossible", "tb_skin_test", "plain", PDF, ""},

	{"validity_too_long", "bls", "plain", PDF, ""},
	{"validity_too_long", "acls", "plain", JPEG, ""},
	{"validity_too_long", "pals", "gs", PDF, ""},
	{"validity_too_long", "nrp", "plain", PDF, ""},
	{"validity_too_long", "tncc", "plain", PDF, ""},
	{"validity_too_long", "passport", "plain;iss=USA", JPEG, ""},

	{"id_format", "bls", "plain", PDF, ""},
	{"id_format", "acls", "gs", PDF, ""},
	{"id_format", "nursing_license", "plain;state=TX", PDF, ""},
	{"id_format", "nursing_license", "plain;state=FL", JPEG, ""},
	{"id_format", "drivers_license", "plain", PDF, ""},
	{"id_format", "passport", "plain;iss=USA", PDF, ""},

	{"mrz_check", "passport", "number;iss=USA", PDF, ""},
	{"mrz_check", "passport", "dob;iss=USA", JPEG, ""},
	{"mrz_check", "passport", "expiry;iss=PHL", PNG, ""},
	{"mrz_check", "passport", "composite;iss=GBR", PDF, ""},
	{"mrz_check", "passport", "short;iss=CAN", JPEG, ""},
	{"mrz_check", "passport", "weights;iss=USA", PDF, ""},

	{"editor_metadata", "nursing_license", "acrobat;state=NY", PDF, ""},
	{"editor_metadata", "bls", "ilovepdf", PDF, ""},
	{"editor_metadata", "tb_blood_test", "sejda", PDF, ""},
	{"editor_metadata", "drivers_license", "photoshop", JPEG, ""},
	{"editor_metadata", "acls", "gimp", PNG, ""},
	{"editor_metadata", "drug_screen", "foxit", PDF, ""},

	{"image_splice", "drivers_license", "pillow", JPEG, ""},
	{"image_splice", "bls", "magick", JPEG, ""},
	{"image_splice", "nursing_license", "pillow;state=NY", PNG, ""},
	{"image_splice", "tb_blood_test", "magick", PDF, ""},
	{"image_splice", "passport", "pillow", JPEG, ""},
	{"image_splice", "hipaa_training", "magick", PNG, ""},

	{"copy_move", "bls", "digit", JPEG, ""},
	{"copy_move", "drug_screen", "word", JPEG, ""},
	{"copy_move", "nursing_license", "digit;state=CA", PDF, ""},
	{"copy_move", "physical_exam", "erase", PNG, ""},
	{"copy_move", "drivers_license", "digit", JPEG, ""},
	{"copy_move", "tb_skin_test", "boxes", JPEG, ""},

	{"reused_file", "bls", "same-bytes", PDF, PDF},
	{"reused_file", "nursing_license", "same-bytes", PDF, PDF},
	{"reused_file", "tb_blood_test", "same-bytes", PDF, PDF},
	{"reused_file", "drivers_license", "same-bytes", JPEG, JPEG},
	{"reused_file", "hipaa_training", "same-bytes", PDF, PDF},
	{"reused_file", "passport", "same-bytes", PNG, PNG},

	{"reused_id", "bls", "ecard", PDF, PDF},
	{"reused_id", "acls", "ecard", JPEG, PDF},
	{"reused_id", "nursing_license", "license;state=TX", PDF, PDF},
	{"reused_id", "pals", "ecard", PDF, JPEG},
	{"reused_id", "tncc", "provider", PDF, PDF},
	{"reused_id", "nrp", "ecard", PDF, PDF},

	{"reused_page_image", "bls", "resize", PNG, JPEG},
	{"reused_page_image", "nursing_license", "recompress;state=FL", PDF, JPEG},
	{"reused_page_image", "drivers_license", "rotate", JPEG, JPEG},
	{"reused_page_image", "tb_blood_test", "crop", JPEG, PNG},
	{"reused_page_image", "hipaa_training", "resize", JPEG, PDF},
	{"reused_page_image", "acls", "rename", JPEG, JPEG},
}

// controls: genuine documents as ordinary tools re-save them.
var controls = []row{
	{"issuer_original", "bls", "", PDF, ""},
	{"issuer_original", "nursing_license", "state=TX", PDF, ""},
	{"issuer_original", "passport", "iss=PHL", PDF, ""},

	{"gs_print", "bls", "printer-1.5", PDF, ""},
	{"gs_print", "acls", "ebook-1.4", PDF, ""},
	{"gs_print", "pals", "prepress-1.7", PDF, ""},
	{"gs_print", "nrp", "default-1.5", PDF, ""},
	{"gs_print", "tncc", "printer-1.6", PDF, ""},
	{"gs_print", "nursing_license", "ebook-1.5;state=CA", PDF, ""},
	{"gs_print", "tb_blood_test", "printer-1.4", PDF, ""},
	{"gs_print", "hipaa_training", "prepress-1.5", PDF, ""},
	{"gs_print", "osha_training", "default-1.7", PDF, ""},
	{"gs_print", "background_check", "ebook-1.5", PDF, ""},

	{"qpdf_optimise", "drivers_license", "linearize", PDF, ""},
	{"qpdf_optimise", "passport", "object-streams;iss=GBR", PDF, ""},
	{"qpdf_optimise", "tb_skin_test", "recompress", PDF, ""},
	{"qpdf_optimise", "drug_screen", "linearize-object-streams", PDF, ""},
	{"qpdf_optimise", "fit_test", "linearize", PDF, ""},
	{"qpdf_optimise", "physical_exam", "object-streams", PDF, ""},
	{"qpdf_optimise", "osha_training", "decode", PDF, ""},
	{"qpdf_optimise", "bls", "recompress;redcross", PDF, ""},

	{"scan_imagemagick", "bls", "", JPEG, ""},
	{"scan_imagemagick", "nursing_license", "state=NY", JPEG, ""},
	{"scan_imagemagick", "drivers_license", "", JPEG, ""},
	{"scan_imagemagick", "passport", "iss=CAN", JPEG, ""},
	{"scan_imagemagick", "tb_skin_test", "", PNG, ""},
	{"scan_imagemagick", "tb_blood_test", "", JPEG, ""},
	{"scan_imagemagick", "drug_screen", "", PDF, ""},
	{"scan_imagemagick", "physical_exam", "", JPEG, ""},
	{"scan_imagemagick", "fit_test", "", PNG, ""},
	{"scan_imagemagick", "tncc", "", JPEG, ""},

	{"photo_pillow", "bls", "", JPEG, ""},
	{"photo_pillow", "drivers_license", "", JPEG, ""},
	{"photo_pillow", "passport", "iss=USA", JPEG, ""},
	{"photo_pillow", "nursing_license", "state=FL", JPEG, ""},
	{"photo_pillow", "hipaa_training", "", JPEG, ""},
	{"photo_pillow", "acls", "", JPEG, ""},

	{"scan_to_pdf", "pals", "", PDF, ""},
	{"scan_to_pdf", "nursing_license", "state=AZ", PDF, ""},
	{"scan_to_pdf", "tb_skin_test", "", PDF, ""},
	{"scan_to_pdf", "background_check", "", PDF, ""},
	{"scan_to_pdf", "drivers_license", "", PDF, ""},
	{"scan_to_pdf", "osha_training", "", PDF, ""},

	{"merged", "tb_blood_test", "qpdf", PDF, ""},
	{"merged", "background_check", "gs", PDF, ""},
	{"merged", "drug_screen", "qpdf", PDF, ""},
	{"merged", "physical_exam", "gs", PDF, ""},
	{"merged", "nursing_license", "qpdf;state=AZ", PDF, ""},

	{"screenshot_png", "nursing_license", "state=TX", PNG, ""},
	{"screenshot_png", "bls", "", PNG, ""},
	{"screenshot_png", "osha_training", "", PNG, ""},

	{"second_upload", "bls", "", PDF, PDF},
	{"second_upload", "nursing_license", "state=TX", PDF, PDF},
	{"second_upload", "tb_blood_test", "", PDF, JPEG},
	{"second_upload", "drivers_license", "", JPEG, PDF},

	{"renewal", "bls", "", PDF, PDF},
	{"renewal", "acls", "", JPEG, JPEG},
	{"renewal", "nursing_license", "state=CA", PDF, PDF},
	{"renewal", "hipaa_training", "", PDF, PDF},
	{"renewal", "tncc", "", PDF, PDF},

	{"same_class", "bls", "", PDF, PDF},
	{"same_class", "acls", "", PDF, PDF},
	{"same_class", "pals", "", JPEG, JPEG},

	{"same_file_same_candidate", "bls", "", PDF, PDF},
	{"same_file_same_candidate", "tb_blood_test", "", PDF, PDF},
}

// Plan lays out every case of part 3 for a seed: labels and techniques are
// fixed; the seed picks people, dates, numbers and the tools' parameters.
func Plan(seed uint64) []Spec {
	out := make([]Spec, 0, len(forgeries)+len(controls))
	count := map[string]int{}
	add := func(r row, forged bool) {
		label := r.kind
		count[label]++
		name := fmt.Sprintf("hp3-%s-%02d-%s", label, count[label], r.typ)
		s := Spec{Name: name, Type: r.typ, Variant: r.variant, MIME: r.mime, Seed: mix(seed, name)}
		s.CandidateID = candidate(seed, name, "a")
		if forged {
			s.Manipulation = r.kind
		} else {
			s.Control = r.kind
		}
		switch {
		case forged && historyManipulations[r.kind]:
			s.Earlier = []Earlier{{CandidateID: candidate(seed, name, "b"), MIME: r.earlierMIME}}
		case r.kind == "same_class": // a classmate's card of the same course: another candidate, another file
			s.Earlier = []Earlier{{CandidateID: candidate(seed, name, "b"), MIME: r.earlierMIME}}
		case !forged && historyControls[r.kind]:
			s.Earlier = []Earlier{{CandidateID: s.CandidateID, MIME: r.earlierMIME}}
		}
		out = append(out, s)
	}
	for _, r := range forgeries {
		add(r, true)
	}
	for _, r := range controls {
		add(r, false)
	}
	return out
}

// mix derives a case's seed from the set's seed and the case's name; gen.py
// uses it as Python's random seed, so it stays below 2^53 for JSON.
func mix(seed uint64, name string) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	h.Write(b[:])
	h.Write([]byte(name))
	return h.Sum64() >> 11
}

func candidate(seed uint64, name, who string) string {
	return fmt.Sprintf("hp3-cand-%012x", mix(seed, name+"/"+who)&0xffffffffffff)
}
