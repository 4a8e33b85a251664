package heldoutfraud

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/internal/heldout"
)

// pdfDoc renders d as its issuer's PDF and returns it as the upload.
func pdfDoc(d doc, cand string) func(ctx context.Context, w *work) (result, error) {
	return func(ctx context.Context, w *work) (result, error) {
		if err := w.render(ctx, d.page(), docTitle(d), "doc.pdf"); err != nil {
			return result{}, err
		}
		b, err := w.read("doc.pdf")
		return pdfResult(b, cand), err
	}
}

// overlayCase is a forger's layer laid over the issuer's page with qpdf.
// With hide, the runs under the patches were deleted first (an editor's
// text tool); without, they stay in the text layer under a box.
func overlayCase(d doc, patches []patch, hide bool, cand string) func(ctx context.Context, w *work) (result, error) {
	return func(ctx context.Context, w *work) (result, error) {
		var hidden []string
		if hide {
			for _, p := range patches {
				hidden = append(hidden, p.Key)
			}
		}
		if err := w.render(ctx, d.page(), docTitle(d), "base.pdf", hidden...); err != nil {
			return result{}, err
		}
		if err := w.overlay(ctx, "base.pdf", d.page(), patches, "forged.pdf"); err != nil {
			return result{}, err
		}
		b, err := w.read("forged.pdf")
		return pdfResult(b, cand), err
	}
}

// licenseName is how the board's lookup prints a holder.
func licenseName(p person) string {
	return strings.TrimSpace(strings.ToUpper(p.Last + ", " + p.First + " " + p.Middle))
}

// printedName is the holder's name as d's layout prints it.
func printedName(d doc) string {
	it, _ := d.page().item("name")
	return it.Text
}

func planTypedOverName(g *drawer) []caseSpec {
	var out []caseSpec
	add := func(label string, d doc, newName string, cand string, pt patch, hide bool) {
		pt.Key, pt.Text = "name", newName
		old, _ := d.page().item("name")
		f := facts{Show: []string{newName}, Font: pt.Font}
		if hide {
			f.Hide = []string{old.Text}
		}
		out = append(out, caseSpec{Name: label, Type: d.Type, Manipulation: "typed_over_name", Forged: true, Facts: f,
			make: overlayCase(d, []patch{pt}, hide, cand)})
	}
	// a colleague's card with the candidate's name typed in its place
	a, b := g.person(), g.person()
	add("bls-aha-times", g.cert("bls", "aha", a), b.full(), b.Candidate, patch{Font: "Liberation Serif", Size: 14.5, DY: 0.5}, true)
	a, b = g.person(), g.person()
	add("license-courier-box", g.license(a, "TX"), licenseName(b), b.Candidate, patch{Font: "Nimbus Mono PS", Bold: true, WhiteBox: true, BoxPad: 6}, false)
	a, b = g.person(), g.person()
	add("qft-dejavu", g.qft(a), strings.ToUpper(b.Last+", "+b.First), b.Candidate, patch{Font: "DejaVu Sans", Size: 11.5, Bold: true, DY: -0.4}, true)
	a, b = g.person(), g.person()
	add("acls-redcross-sans-box", g.cert("acls", "redcross", a), b.First+" "+b.Last, b.Candidate, patch{Font: "Liberation Sans", Size: 19, WhiteBox: true, BoxPad: 10}, false)
	a, b = g.person(), g.person()
	add("tncc-schoolbook", g.cert("tncc", "tncc", a), b.full(), b.Candidate, patch{Font: "C059", Size: 13.5, DY: -0.6}, true)
	return out
}

func planTypedOverDate(g *drawer) []caseSpec {
	var out []caseSpec
	// a lapsed card or license whose dates are typed over to look current
	p := g.person()
	d := g.cert("bls", "aha", p)
	d.Issue = g.date(day(2023, 6, 1), 300)
	d.Expiry = d.Issue.AddDate(2, 0, 0)
	ni := g.date(day(2025, 9, 1), 200)
	ne := ni.AddDate(2, 0, 0)
	out = append(out, caseSpec{Name: "bls-aha-both-dates", Type: "bls", Manipulation: "typed_over_date", Forged: true,
		Facts: facts{Show: []string{us(ni), us(ne)}, Hide: []string{us(d.Expiry)}, Font: "Liberation Serif"},
		make:  overlayCase(d, []patch{{Key: "issue", Text: us(ni), Font: "Liberation Serif", Size: 11.5}, {Key: "expiry", Text: us(ne), Font: "Liberation Serif", Size: 11.5}}, true, p.Candidate)})

	p = g.person()
	d = g.license(p, "FL")
	d.Expiry = g.date(day(2025, 4, 30), 300)
	ne = d.Expiry.AddDate(2, 0, 0)
	out = append(out, caseSpec{Name: "license-expiry-box", Type: "nursing_license", Manipulation: "typed_over_date", Forged: true,
		Facts: facts{Show: []string{us(ne)}, Font: "Liberation Serif"},
		make:  overlayCase(d, []patch{{Key: "expiry", Text: us(ne), Font: "Liberation Serif", Size: 11, WhiteBox: true, DY: 0.3}}, false, p.Candidate)})

	p = g.person()
	d = g.cert("pals", "aha", p)
	d.Extra["font"] = "Nimbus Sans"
	d.Issue = g.date(day(2023, 8, 1), 300)
	d.Expiry = d.Issue.AddDate(2, 0, 0)
	ni = d.Issue.AddDate(2, 0, 0)
	ne = ni.AddDate(2, 0, 0)
	out = append(out, caseSpec{Name: "pals-aha-dejavu", Type: "pals", Manipulation: "typed_over_date", Forged: true,
		Facts: facts{Show: []string{us(ni), us(ne)}, Hide: []string{us(d.Issue)}, Font: "DejaVu Sans"},
		make:  overlayCase(d, []patch{{Key: "issue", Text: us(ni), Font: "DejaVu Sans", Size: 10.5}, {Key: "expiry", Text: us(ne), Font: "DejaVu Sans", Size: 10.5}}, true, p.Candidate)})

	p = g.person()
	d = g.cert("tncc", "tncc", p)
	d.Issue = g.date(day(2020, 5, 1), 400)
	d.Expiry = d.Issue.AddDate(4, 0, 0)
	ni = g.date(day(2024, 6, 1), 300)
	ne = ni.AddDate(4, 0, 0)
	out = append(out, caseSpec{Name: "tncc-narrow-box", Type: "tncc", Manipulation: "typed_over_date", Forged: true,
		Facts: facts{Show: []string{us(ni), us(ne)}, Font: "Nimbus Sans Narrow"},
		make: overlayCase(d, []patch{{Key: "issue", Text: us(ni), Font: "Nimbus Sans Narrow", Size: 11.5, WhiteBox: true},
			{Key: "expiry", Text: us(ne), Font: "Nimbus Sans Narrow", Size: 11.5, WhiteBox: true}}, false, p.Candidate)})

	// a scan made "searchable": the picture still shows the lapsed date,
	// the invisible text layer laid over it says otherwise
	p = g.person()
	d = g.license(p, "AZ")
	d.Expiry = g.date(day(2025, 3, 31), 250)
	ne = d.Expiry.AddDate(2, 0, 0)
	sc := g.shot("scan")
	out = append(out, caseSpec{Name: "license-scan-ocr-layer", Type: "nursing_license", Manipulation: "typed_over_date", Forged: true,
		Facts: facts{Show: []string{us(ne), licenseName(p)}, Hide: []string{us(d.Expiry)}},
		make:  ocrLayerCase(d, "expiry", us(ne), sc)})

	p = g.person()
	d = g.qft(p)
	d.Issue = g.date(day(2024, 10, 1), 150)
	nc := g.date(day(2026, 8, 1), 90)
	out = append(out, caseSpec{Name: "qft-collected", Type: "tb_blood_test", Manipulation: "typed_over_date", Forged: true,
		Facts: facts{Show: []string{us(nc)}, Hide: []string{us(d.Issue)}, Font: "Nimbus Sans"},
		make:  overlayCase(d, []patch{{Key: "issue", Text: us(nc), Font: "Nimbus Sans", Size: 10.5, DY: 0.6}}, true, p.Candidate)})
	return out
}

func planCoveredText(g *drawer) []caseSpec {
	var out []caseSpec
	p := g.person()
	d := g.license(p, "TX")
	d.Status = "Expired"
	out = append(out, caseSpec{Name: "license-status-whitebox", Type: "nursing_license", Manipulation: "covered_text", Forged: true,
		Facts: facts{Show: []string{"Expired", "Active"}},
		make:  overlayCase(d, []patch{{Key: "status", Text: "Active", Font: d.Extra["font"], WhiteBox: true, BoxPad: 2}}, false, p.Candidate)})

	p = g.person()
	d = g.license(p, "WA")
	d.Extra["discipline"] = "Yes — Probation, Order 2025-" + g.digits(3)
	out = append(out, caseSpec{Name: "license-discipline-paper", Type: "nursing_license", Manipulation: "covered_text", Forged: true,
		Facts: facts{Show: []string{"Probation", "None"}},
		make:  overlayCase(d, []patch{{Key: "discipline", Text: "None", Font: d.Extra["font"], ImageBox: "paper.png", BoxPad: 4}}, false, p.Candidate)})

	p = g.person()
	d = g.qft(p)
	d.Status = "POSITIVE"
	d.Extra["tb1"], d.Extra["tb2"] = "1.2"+g.digits(1), "0.9"+g.digits(1)
	out = append(out, caseSpec{Name: "qft-result-whitebox", Type: "tb_blood_test", Manipulation: "covered_text", Forged: true,
		Facts: facts{Show: []string{"POSITIVE", "NEGATIVE"}},
		make:  overlayCase(d, []patch{{Key: "status", Text: "NEGATIVE", Font: d.Extra["font"], Bold: true, WhiteBox: true}}, false, p.Candidate)})

	p = g.person()
	d = g.tst(p)
	d.Status = "Positive"
	d.Extra["induration"] = fmt.Sprint(11 + g.r.IntN(8))
	out = append(out, caseSpec{Name: "tst-mark-and-induration", Type: "tb_skin_test", Manipulation: "covered_text", Forged: true,
		Facts: facts{Show: []string{"Positive"}},
		make: overlayCase(d, []patch{{Key: "markpos", WhiteBox: true}, {Key: "markneg", Text: "X", Font: "DejaVu Sans", Bold: true},
			{Key: "induration", Text: "0", Font: d.Extra["font"], ImageBox: "paper.png"}}, false, p.Candidate)})

	p = g.person()
	d = g.drug(p)
	d.Status = "POSITIVE"
	d.Extra["positive"] = "Marijuana (THC)"
	out = append(out, caseSpec{Name: "drug-overall-whitebox", Type: "drug_screen", Manipulation: "covered_text", Forged: true,
		Facts: facts{Show: []string{"POSITIVE", "NEGATIVE"}},
		make: overlayCase(d, []patch{{Key: "status", Text: "NEGATIVE", Font: d.Extra["font"], Bold: true, WhiteBox: true},
			{Key: "a2", Text: "NEGATIVE", Font: d.Extra["font"], WhiteBox: true}}, false, p.Candidate)})
	return out
}

// incrementalCase appends a revision that swaps the page for the forger's
// version of it, as an editor's "save" does.
func incrementalCase(orig, forged doc, cand, moddate string) func(ctx context.Context, w *work) (result, error) {
	return func(ctx context.Context, w *work) (result, error) {
		if err := w.render(ctx, orig.page(), docTitle(orig), "orig.pdf"); err != nil {
			return result{}, err
		}
		if err := w.render(ctx, forged.page(), docTitle(forged), "edit.pdf"); err != nil {
			return result{}, err
		}
		if err := w.t.qpdf(ctx, "--qdf", "--object-streams=disable", w.path("edit.pdf"), w.path("edit.qdf.pdf")); err != nil {
			return result{}, err
		}
		p := map[string]any{"cmd": "incremental", "orig": w.path("orig.pdf"), "forged_qdf": w.path("edit.qdf.pdf"), "out": w.path("forged.pdf")}
		if moddate != "" {
			p["moddate"] = moddate
		}
		if err := w.t.py(ctx, p); err != nil {
			return result{}, err
		}
		b, err := w.read("forged.pdf")
		return pdfResult(b, cand), err
	}
}

func planIncremental(g *drawer) []caseSpec {
	var out []caseSpec
	add := func(label string, orig, forged doc, show, hide []string, moddate string) {
		out = append(out, caseSpec{Name: label, Type: orig.Type, Manipulation: "incremental_content", Forged: true,
			Facts: facts{Show: show, Hide: hide, Revisions: 1}, make: incrementalCase(orig, forged, forged.P.Candidate, moddate)})
	}
	p := g.person()
	o := g.license(p, "NY")
	o.Status, o.Expiry = "Expired", g.date(day(2025, 2, 28), 200)
	f := o
	f.Status, f.Expiry = "Active", o.Expiry.AddDate(3, 0, 0)
	add("license-status-expiry", o, f, []string{us(f.Expiry), "Active"}, []string{us(o.Expiry), "Expired"}, "20261014093112-05'00'")

	p = g.person()
	o = g.cert("bls", "aha", p)
	o.Issue = g.date(day(2023, 9, 1), 200)
	o.Expiry = o.Issue.AddDate(2, 0, 0)
	f = o
	f.Issue, f.Expiry = o.Issue.AddDate(2, 1, 0), o.Expiry.AddDate(2, 1, 0)
	add("bls-aha-dates", o, f, []string{us(f.Expiry)}, []string{us(o.Expiry)}, "")

	p = g.person()
	o = g.qft(p)
	o.Status = "POSITIVE"
	o.Extra["tb1"] = "2.4" + g.digits(1)
	f = o
	f.Status = "NEGATIVE"
	f.Extra = map[string]string{}
	for k, v := range o.Extra {
		f.Extra[k] = v
	}
	f.Extra["tb1"] = "0.0" + g.digits(1)
	add("qft-result", o, f, []string{"NEGATIVE"}, []string{"POSITIVE", o.Extra["tb1"]}, "20260922151045Z")

	a, b := g.person(), g.person()
	o = g.cert("acls", "aha", a)
	f = o
	f.P = b
	add("acls-aha-holder", o, f, []string{b.full()}, []string{a.full()}, "")

	p = g.person()
	o = g.cert("tncc", "tncc", p)
	o.Issue = g.date(day(2021, 1, 10), 300)
	o.Expiry = o.Issue.AddDate(4, 0, 0)
	f = o
	f.Expiry = o.Expiry.AddDate(2, 0, 0)
	f.Issue = o.Issue.AddDate(2, 0, 0)
	add("tncc-dates", o, f, []string{us(f.Expiry)}, []string{us(o.Expiry)}, "20261102080000Z")
	return out
}

func planDatesImpossible(g *drawer) []caseSpec {
	var out []caseSpec
	add := func(label string, d doc, img bool) {
		f := facts{Issue: d.Issue, Exp: d.Expiry, Image: img}
		mk := pdfDoc(d, d.P.Candidate)
		if img {
			mk = photoDoc(d, g.shot("photo"))
		} else {
			f.Show = []string{us(d.Issue), us(d.Expiry)}
		}
		out = append(out, caseSpec{Name: label, Type: d.Type, Manipulation: "dates_impossible", Forged: true, Facts: f, make: mk})
	}
	d := g.cert("bls", "aha", g.person())
	d.Issue = g.date(day(2026, 6, 1), 120)
	d.Expiry = d.Issue.AddDate(-1, -3, 0)
	add("bls-aha-issue-after-renewal", d, false)

	d = g.cert("acls", "redcross", g.person())
	d.Expiry = g.date(day(2027, 1, 10), 200)
	d.Issue = d.Expiry.AddDate(0, 2, 3)
	add("acls-redcross-completed-after", d, false)

	d = g.license(g.person(), "CA")
	d.Expiry = g.date(day(2027, 3, 31), 200)
	d.Issue = d.Expiry.AddDate(1, 1, 0)
	add("license-issued-after-expiry", d, false)

	d = g.cert("tncc", "tncc", g.person())
	d.Issue = g.date(day(2026, 4, 1), 150)
	d.Expiry = d.Issue.AddDate(-1, 0, 0)
	add("tncc-year-slip", d, false)

	d = g.dl(g.person())
	d.Expiry = g.date(day(2027, 2, 1), 300)
	d.Issue = d.Expiry.AddDate(0, 7, 12)
	add("dl-photo-iss-after-exp", d, true)
	return out
}

func planValidityTooLong(g *drawer) []caseSpec {
	var out []caseSpec
	add := func(label string, d doc, max int, img bool) {
		f := facts{Issue: d.Issue, Exp: d.Expiry, MaxYears: max, Image: img}
		mk := pdfDoc(d, d.P.Candidate)
		if img {
			mk = photoDoc(d, g.shot("photo"))
		} else {
			f.Show = []string{us(d.Issue), us(d.Expiry)}
		}
		out = append(out, caseSpec{Name: label, Type: d.Type, Manipulation: "validity_too_long", Forged: true, Facts: f, make: mk})
	}
	d := g.cert("bls", "aha", g.person())
	d.Expiry = d.Issue.AddDate(3, 0, 0)
	add("bls-aha-3y", d, 2, false)
	d = g.cert("acls", "aha", g.person())
	d.Expiry = d.Issue.AddDate(4, 0, 0)
	add("acls-aha-4y", d, 2, false)
	d = g.cert("pals", "redcross", g.person())
	d.Expiry = d.Issue.AddDate(3, 0, 0)
	add("pals-redcross-3y", d, 2, false)
	d = g.cert("tncc", "tncc", g.person())
	d.Issue = g.date(day(2022, 1, 10), 300)
	d.Expiry = d.Issue.AddDate(6, 0, 0)
	add("tncc-6y", d, 4, false)
	d = g.passport(g.person())
	d.Issue = g.date(day(2019, 1, 1), 600)
	d.Expiry = d.Issue.AddDate(12, 0, -1)
	add("passport-photo-12y", d, 10, true)
	return out
}

func planIDFormat(g *drawer) []caseSpec {
	var out []caseSpec
	add := func(label string, d doc, pattern string, img bool) {
		f := facts{IDPattern: pattern, ID: d.ID, Image: img}
		mk := pdfDoc(d, d.P.Candidate)
		if img {
			mk = photoDoc(d, g.shot("photo"))
		} else {
			f.Show = []string{d.ID}
		}
		out = append(out, caseSpec{Name: label, Type: d.Type, Manipulation: "id_format", Forged: true, Facts: f, make: mk})
	}
	// eCard codes are 12 digits: the year issued, the course, a serial
	const ecard = `^\d{12}$`
	d := g.cert("bls", "aha", g.person())
	d.ID = d.ID[:7] + string(rune('A'+g.r.IntN(26))) + d.ID[8:]
	add("bls-aha-letter-in-code", d, ecard, false)
	d = g.cert("acls", "aha", g.person())
	d.ID = d.ID[:10]
	add("acls-aha-10-digit-code", d, ecard, false)
	d = g.cert("pals", "aha", g.person())
	d.ID = "29" + d.ID[2:]
	add("pals-aha-future-year", d, `^(1\d|2[0-6])\d{10}$`, false)
	d = g.license(g.person(), "TX")
	d.ID = "RN-" + d.ID[:2] + string(rune('A'+g.r.IntN(26))) + d.ID[3:6]
	add("license-tx-letters", d, `^\d{5,7}$`, false)
	d = g.dl(g.person())
	d.Extra["state"] = "CA"
	d.ID = g.digits(8)
	add("dl-ca-no-letter", d, `^[A-Z]\d{7}$`, true)
	return out
}

// mrzCase prints a passport whose number or expiry was changed in both
// zones while the check digits still belong to the old values.
func planMRZ(g *drawer) []caseSpec {
	var out []caseSpec
	add := func(label string, d doc, mode, format string) {
		_, m2 := mrzLines(d)
		// a changed digit can keep its check digit (one time in ten);
		// such a forgery is not one of this manipulation
		for mrzValid(m2) {
			if d.extra("check_id", "") != "" {
				d.ID = d.ID[:5] + g.digits(4)
			} else {
				d.Expiry = d.Expiry.AddDate(0, 1, 0)
			}
			_, m2 = mrzLines(d)
		}
		s := g.shot(mode)
		out = append(out, caseSpec{Name: label, Type: "passport", Manipulation: "mrz_check", Forged: true,
			Facts: facts{MRZ: m2, Image: true},
			make: func(ctx context.Context, w *work) (result, error) {
				if format == "pdf" {
					if err := w.flat(ctx, d, "page.png", 300); err != nil {
						return result{}, err
					}
					if err := w.t.py(ctx, map[string]any{"cmd": "scan", "srcs": []string{w.path("page.png")}, "seed": s.Seed, "gray": s.Gray,
						"q2": s.Quality, "fmt": "pdf", "dpi": 300, "producer": "Canon MF Scan Utility", "out": w.path("scan.pdf"), "when": s.When.Format("2006-01-02T15:04:05")}); err != nil {
						return result{}, err
					}
					b, err := w.read("scan.pdf")
					return pdfResult(b, d.P.Candidate), err
				}
				return photoDoc(d, s)(ctx, w)
			}})
	}
	d := g.passport(g.person())
	d.Extra["check_id"] = d.ID
	d.ID = d.ID[:5] + g.digits(4)
	add("number-photo", d, "photo", "jpeg")
	d = g.passport(g.person())
	d.Issue = g.date(day(2015, 1, 1), 500)
	d.Expiry = d.Issue.AddDate(10, 0, -1)
	d.Extra["check_exp"] = d.Expiry.Format("060102")
	d.Expiry = d.Expiry.AddDate(2, 0, 0)
	add("expiry-photo", d, "photo", "jpeg")
	d = g.passport(g.person())
	d.Extra["check_exp"] = d.Expiry.Format("060102")
	d.Expiry = d.Expiry.AddDate(1, 2, 0)
	add("expiry-scan-pdf", d, "scan", "pdf")
	d = g.passport(g.person())
	d.Extra["check_id"] = d.ID
	d.ID = g.digits(9)
	add("number-scan-jpeg", d, "scan", "jpeg")
	d = g.passport(g.person())
	d.Extra["check_id"], d.Extra["check_exp"] = d.ID, d.Expiry.Format("060102")
	d.ID = d.ID[:3] + g.digits(6)
	d.Expiry = d.Expiry.AddDate(3, 0, 0)
	add("both-photo", d, "photo", "jpeg")
	return out
}

func planEditorMetadata(g *drawer) []caseSpec {
	var out []caseSpec
	// pictures retouched in an editor: the value painted over and retyped
	pic := func(label string, d doc, key, text, software, font string) {
		s := g.shot("photo")
		bx, _ := d.page().frac(key)
		when := s.When.Add(26 * time.Hour)
		out = append(out, caseSpec{Name: label, Type: d.Type, Manipulation: "editor_metadata", Forged: true,
			Facts: facts{Software: strings.Fields(software)[0], Image: true},
			make: func(ctx context.Context, w *work) (result, error) {
				if err := w.flat(ctx, d, "flat.png", 300); err != nil {
					return result{}, err
				}
				ff, err := w.t.fontFile(ctx, font)
				if err != nil {
					return result{}, err
				}
				ex := s.Phone.exif(s.When)
				ex["software"], ex["datetime"] = software, when.Format("2006:01:02 15:04:05")
				p := s.params("edit", w.path("flat.png"), w.path("edited.jpg"))
				p["q1"], p["q2"], p["exif"] = s.Quality, editorQuality(s.Seed), ex
				p["edits"] = []map[string]any{{"box": bx, "text": text, "font": ff}}
				if err := w.t.py(ctx, p); err != nil {
					return result{}, err
				}
				b, err := w.read("edited.jpg")
				return jpegResult(b, d.P.Candidate), err
			}})
	}
	d := g.dl(g.person())
	d.Expiry = day(2026, int(d.P.DOB.Month()), d.P.DOB.Day()).AddDate(0, 0, -400)
	pic("dl-photoshop", d, "expiry", us(d.Expiry.AddDate(4, 0, 0)), "Adobe Photoshop 24.0 (Windows)", "Liberation Sans:bold")
	d = g.passport(g.person())
	pic("passport-gimp", d, "expiry", dmy(d.Expiry.AddDate(2, 0, 0)), "GIMP 2.10.34", "DejaVu Sans")

	// a page exported to pictures, retouched, saved back as a PDF by the editor
	p := g.person()
	bd := g.cert("bls", "aha", p)
	bd.Issue = g.date(day(2023, 10, 1), 200)
	bd.Expiry = bd.Issue.AddDate(2, 0, 0)
	bx, _ := bd.page().frac("expiry")
	newExp := us(bd.Expiry.AddDate(2, 0, 0))
	seed := g.r.IntN(1 << 30)
	out = append(out, caseSpec{Name: "bls-aha-photoshop-pdf", Type: "bls", Manipulation: "editor_metadata", Forged: true,
		Facts: facts{Software: "Photoshop", Image: true},
		make: func(ctx context.Context, w *work) (result, error) {
			if err := w.flat(ctx, bd, "flat.png", 150); err != nil {
				return result{}, err
			}
			ff, err := w.t.fontFile(ctx, "Nimbus Sans")
			if err != nil {
				return result{}, err
			}
			if err := w.t.py(ctx, map[string]any{"cmd": "edit", "src": w.path("flat.png"), "mode": "scan", "seed": seed, "q1": 95, "q2": 90,
				"fmt": "pdf", "dpi": 150, "title": "BLS eCard", "producer": "Adobe Photoshop for Windows -- Image Conversion Plug-in", "creator": "Adobe Photoshop 25.0 (Windows)",
				"when": "2026-10-19T21:14:03", "edits": []map[string]any{{"box": bx, "text": newExp, "font": ff}}, "out": w.path("edited.pdf")}); err != nil {
				return result{}, err
			}
			b, err := w.read("edited.pdf")
			return pdfResult(b, p.Candidate), err
		}})

	// text PDFs edited and saved by desktop PDF editors
	text := func(label string, orig, forged doc, producer, creator, xmp string, show []string) {
		f := facts{Show: show}
		if creator != "" {
			f.Software = strings.Fields(creator)[0]
		}
		if xmp != "" {
			f.XMPAgent = "Adobe Acrobat Pro"
		}
		out = append(out, caseSpec{Name: label, Type: orig.Type, Manipulation: "editor_metadata", Forged: true, Facts: f,
			make: func(ctx context.Context, w *work) (result, error) {
				if err := w.render(ctx, forged.page(), docTitle(forged), "edited.pdf"); err != nil {
					return result{}, err
				}
				if err := w.resaveAs(ctx, "edited.pdf", "saved.pdf", producer, creator, xmp); err != nil {
					return result{}, err
				}
				b, err := w.read("saved.pdf")
				return pdfResult(b, forged.P.Candidate), err
			}})
	}
	o := g.license(g.person(), "AZ")
	f := o
	f.Expiry = o.Expiry.AddDate(1, 0, 0)
	text("license-pdfxchange", o, f, "PDF-XChange Core API SDK (10.1.1.381)", "PDF-XChange Editor 10.1.1.381", "", []string{us(f.Expiry)})
	o = g.qft(g.person())
	f = o
	f.Issue = o.Issue.AddDate(0, 4, 0)
	text("qft-foxit", o, f, "Foxit PDF Editor 12.1.2.15332", "Foxit PDF Editor 12.1.2.15332", "", []string{us(f.Issue)})
	// the Info dictionary still names the issuer's generator; the XMP
	// packet the editor wrote tells of a later save in Acrobat
	o = g.tst(g.person())
	o.Status, o.Extra["induration"] = "Positive", fmt.Sprint(10+g.r.IntN(9))
	f = o
	f.Status = "Negative"
	f.Extra = map[string]string{}
	for k, v := range o.Extra {
		f.Extra[k] = v
	}
	f.Extra["induration"] = "0"
	created := o.Issue.AddDate(0, 0, 2).Format("2006-01-02") + "T16:20:11Z"
	saved := g.date(day(2026, 10, 1), 40).Format("2006-01-02") + "T22:41:07-05:00"
	text("tst-xmp-acrobat", o, f, "", "", xmpPacket(created, saved, "Adobe Acrobat Pro (64-bit) 24.1.20643", g.digits(8)), []string{"Negative"})
	return out
}

// editorQuality is the JPEG quality an editor saves at (92-97, higher than
// the phone's), spread by a seed already drawn so the plan's draws stay put.
func editorQuality(seed int) int { return 92 + seed%6 }

func planImageSplice(g *drawer) []caseSpec {
	var out []caseSpec
	add := func(label string, target, donor doc, keys []string, mode, format string) {
		var boxes [][4]float64
		for _, k := range keys {
			b, _ := target.page().frac(k)
			boxes = append(boxes, b)
		}
		st, sd := g.shot(mode), g.shot(mode)
		q1 := st.Quality
		q2 := 96 - q1%7
		if mode == "scan" {
			sd.Gray = st.Gray
		}
		reg := &region{Src: "target.png", Mode: mode, Seed: st.Seed, Gray: st.Gray, Boxes: boxes}
		out = append(out, caseSpec{Name: label, Type: target.Type, Manipulation: "image_splice", Forged: true,
			Facts: facts{Region: reg, Image: true},
			make: func(ctx context.Context, w *work) (result, error) {
				dpi := flatDPI(target)
				if err := w.flat(ctx, target, "target.png", dpi); err != nil {
					return result{}, err
				}
				if err := w.flat(ctx, donor, "donor.png", dpi); err != nil {
					return result{}, err
				}
				p := map[string]any{"cmd": "splice", "target": w.path("target.png"), "donor": w.path("donor.png"), "mode": mode,
					"seed_t": st.Seed, "seed_d": sd.Seed, "gray": st.Gray, "boxes": boxes, "q1": q1, "q2": q2, "out": w.path("out." + format), "fmt": format}
				if mode == "photo" {
					p["exif"] = st.Phone.exif(st.When)
				} else {
					p["producer"], p["dpi"] = "ScanSnap Manager #S1300i", dpi
					p["when"] = st.When.Format("2006-01-02T15:04:05")
				}
				if err := w.t.py(ctx, p); err != nil {
					return result{}, err
				}
				b, err := w.read("out." + format)
				return result{Upload: b, MIME: mimeOf("out." + format), Candidate: target.P.Candidate}, err
			}})
	}
	t := g.dl(g.person())
	t.Expiry = day(2025, int(t.P.DOB.Month()), t.P.DOB.Day())
	dn := t
	dn.Expiry = t.Expiry.AddDate(5, 0, 0)
	add("dl-photo-expiry", t, dn, []string{"expiry"}, "photo", "jpeg")

	a, b := g.person(), g.person()
	t = g.passport(a)
	dn = t
	dn.P = b
	add("passport-photo-name", t, dn, []string{"last", "given"}, "photo", "jpeg")

	t = g.qft(g.person())
	t.Status = "POSITIVE"
	dn = g.qft(g.person())
	add("qft-scan-result", t, dn, []string{"status"}, "scan", "jpeg")

	t = g.license(g.person(), "CA")
	t.Expiry = g.date(day(2025, 1, 31), 300)
	dn = t
	dn.Expiry = t.Expiry.AddDate(2, 0, 0)
	add("license-scan-pdf-expiry", t, dn, []string{"expiry"}, "scan", "pdf")

	t = g.cert("bls", "aha", g.person())
	t.Issue = g.date(day(2023, 5, 1), 200)
	t.Expiry = t.Issue.AddDate(2, 0, 0)
	dn = t
	dn.Issue, dn.Expiry = t.Issue.AddDate(2, 0, 0), t.Expiry.AddDate(2, 0, 0)
	add("bls-aha-photo-dates", t, dn, []string{"issue", "expiry"}, "photo", "jpeg")
	return out
}

func planCopyMove(g *drawer) []caseSpec {
	var out []caseSpec
	type move struct{ from, to [4]float64 }
	add := func(label string, d doc, moves []move, mode, format string) {
		s := g.shot(mode)
		var boxes [][4]float64
		var mv []map[string]any
		for _, m := range moves {
			boxes = append(boxes, m.to)
			mv = append(mv, map[string]any{"from": m.from, "to": m.to})
		}
		reg := &region{Src: "flat.png", Mode: mode, Seed: s.Seed, Gray: s.Gray, Boxes: boxes}
		out = append(out, caseSpec{Name: label, Type: d.Type, Manipulation: "copy_move", Forged: true,
			Facts: facts{Region: reg, Image: true},
			make: func(ctx context.Context, w *work) (result, error) {
				if err := w.flat(ctx, d, "flat.png", flatDPI(d)); err != nil {
					return result{}, err
				}
				p := map[string]any{"cmd": "copymove", "src": w.path("flat.png"), "mode": mode, "seed": s.Seed, "gray": s.Gray,
					"moves": mv, "q1": s.Quality, "q2": 90 + s.Seed%8, "out": w.path("out." + format), "fmt": format}
				if mode == "photo" {
					p["exif"] = s.Phone.exif(s.When)
				} else {
					p["producer"], p["dpi"], p["when"] = "HP Scan", flatDPI(d), s.When.Format("2006-01-02T15:04:05")
				}
				if err := w.t.py(ctx, p); err != nil {
					return result{}, err
				}
				b, err := w.read("out." + format)
				return result{Upload: b, MIME: mimeOf("out." + format), Candidate: d.P.Candidate}, err
			}})
	}
	// one word over another, the source padded to cover the longer target
	over := func(pg page, src, dst string, padMM float64) move {
		f, _ := pg.frac(src)
		t, _ := pg.frac(dst)
		w := f[2] - f[0] + padMM/pg.W
		if tw := t[2] - t[0]; tw > w {
			w = tw
		}
		f[2], t[2] = f[0]+w, t[0]+w
		f[3] = f[1] + (t[3] - t[1])
		return move{from: f, to: t}
	}
	d := g.license(g.person(), "TX")
	d.Status, d.Extra["otherstatus"] = "Expired", "Active"
	add("license-scan-status", d, []move{over(d.page(), "otherstatus", "status", 4)}, "scan", "jpeg")

	d = g.license(g.person(), "FL")
	d.Status, d.Extra["otherstatus"] = "Inactive", "Active"
	add("license-scan-pdf-status", d, []move{over(d.page(), "otherstatus", "status", 4)}, "scan", "pdf")

	q := g.qft(g.person())
	q.Status = "POSITIVE"
	add("qft-photo-result", q, []move{over(q.page(), "ref", "status", 2)}, "photo", "jpeg")

	dr := g.drug(g.person())
	dr.Status, dr.Extra["positive"] = "POSITIVE", "Marijuana (THC)"
	add("drug-scan-pdf-two-words", dr, []move{over(dr.page(), "a1", "a2", 2), over(dr.page(), "a0", "status", 3)}, "scan", "pdf")

	ts := g.tst(g.person())
	ts.Status, ts.Extra["induration"] = "Positive", fmt.Sprint(12+g.r.IntN(6))
	pg := ts.page()
	// the two tick boxes swapped, and blank paper over the induration
	box := func(x float64) [4]float64 {
		return [4]float64{(x - 0.8) / pg.W, 111.2 / pg.H, (x + 5.3) / pg.W, 117.3 / pg.H}
	}
	ind, _ := pg.frac("induration")
	blank := ind
	blank[0], blank[2] = ind[0]+70/pg.W, ind[2]+70/pg.W
	add("tst-scan-pdf-ticks", ts, []move{{from: box(70), to: box(110)}, {from: box(110), to: box(70)}, {from: blank, to: ind}}, "scan", "pdf")
	return out
}

// history cases: what candidate A uploaded first, then what B uploads.
func planReused(g *drawer) []caseSpec {
	var out []caseSpec
	hist := func(manip, label, typ string, f facts, mk func(ctx context.Context, w *work) (result, error)) {
		out = append(out, caseSpec{Name: label, Type: typ, Manipulation: manip, Forged: true, Facts: f, make: mk})
	}
	prior := func(r result) heldout.PriorUpload {
		return heldout.PriorUpload{Upload: r.Upload, MIME: r.MIME, CandidateID: r.Candidate}
	}
	// the same file again, for another candidate
	sameFile := func(label string, d doc, other person, photo bool, withNoise bool) {
		var s shot
		if photo {
			s = g.shot("photo")
		}
		var noise doc
		if withNoise {
			noise = g.qft(g.person())
		}
		hist("reused_file", label, d.Type, facts{Reuse: "file", Image: photo}, func(ctx context.Context, w *work) (result, error) {
			var first result
			if photo {
				if err := w.picture(ctx, d, s, "a.jpg"); err != nil {
					return result{}, err
				}
				b, err := w.read("a.jpg")
				if err != nil {
					return result{}, err
				}
				first = jpegResult(b, d.P.Candidate)
			} else {
				r, err := pdfDoc(d, d.P.Candidate)(ctx, w)
				if err != nil {
					return result{}, err
				}
				first = r
			}
			var earlier []heldout.PriorUpload
			if withNoise {
				if err := w.render(ctx, noise.page(), docTitle(noise), "noise.pdf"); err != nil {
					return result{}, err
				}
				nb, err := w.read("noise.pdf")
				if err != nil {
					return result{}, err
				}
				earlier = append(earlier, heldout.PriorUpload{Upload: nb, MIME: "application/pdf", CandidateID: noise.P.Candidate})
			}
			earlier = append(earlier, prior(first))
			r := first
			r.Candidate = other.Candidate
			r.Earlier = earlier
			return r, nil
		})
	}
	sameFile("bls-aha-pdf", g.cert("bls", "aha", g.person()), g.person(), false, false)
	sameFile("license-pdf", g.license(g.person(), "NY"), g.person(), false, true)
	sameFile("dl-photo", g.dl(g.person()), g.person(), true, false)
	sameFile("qft-pdf", g.qft(g.person()), g.person(), false, true)
	sameFile("passport-photo", g.passport(g.person()), g.person(), true, false)

	// B's own document printing A's number
	sameID := func(label string, a, b doc) {
		b.ID = a.ID
		hist("reused_id", label, a.Type, facts{Reuse: "id", ReusedID: a.ID, Show: []string{a.ID, printedName(b)}}, func(ctx context.Context, w *work) (result, error) {
			if err := w.render(ctx, a.page(), docTitle(a), "a.pdf"); err != nil {
				return result{}, err
			}
			ab, err := w.read("a.pdf")
			if err != nil {
				return result{}, err
			}
			r, err := pdfDoc(b, b.P.Candidate)(ctx, w)
			if err != nil {
				return result{}, err
			}
			r.Earlier = []heldout.PriorUpload{{Upload: ab, MIME: "application/pdf", CandidateID: a.P.Candidate}}
			return r, nil
		})
	}
	sameID("bls-aha-ecard", g.cert("bls", "aha", g.person()), g.cert("bls", "aha", g.person()))
	sameID("acls-aha-ecard", g.cert("acls", "aha", g.person()), g.cert("acls", "aha", g.person()))
	sameID("license-tx-number", g.license(g.person(), "TX"), g.license(g.person(), "TX"))
	sameID("pals-redcross-certificate", g.cert("pals", "redcross", g.person()), g.cert("pals", "redcross", g.person()))
	sameID("tncc-verification", g.cert("tncc", "tncc", g.person()), g.cert("tncc", "tncc", g.person()))

	// A's page picture, passed through another device or app for B
	samePage := func(label string, d doc, firstPhoto bool, again map[string]any, other person) {
		s := g.shot("photo")
		if !firstPhoto {
			s = g.shot("scan")
		}
		hist("reused_page_image", label, d.Type, facts{Reuse: "page", Image: true}, func(ctx context.Context, w *work) (result, error) {
			if err := w.picture(ctx, d, s, "a.jpg"); err != nil {
				return result{}, err
			}
			ab, err := w.read("a.jpg")
			if err != nil {
				return result{}, err
			}
			p := map[string]any{"cmd": "reencode", "src": w.path("a.jpg")}
			for k, v := range again {
				p[k] = v
			}
			name := "b.jpg"
			if again["fmt"] == "pdf" {
				name = "b.pdf"
			}
			p["out"] = w.path(name)
			if err := w.t.py(ctx, p); err != nil {
				return result{}, err
			}
			bb, err := w.read(name)
			if err != nil {
				return result{}, err
			}
			return result{Upload: bb, MIME: mimeOf(name), Candidate: other.Candidate,
				Earlier: []heldout.PriorUpload{{Upload: ab, MIME: "image/jpeg", CandidateID: d.P.Candidate}}}, nil
		})
	}
	samePage("dl-photo-recompressed", g.dl(g.person()), true, map[string]any{"scale": 0.8, "q2": 74}, g.person())
	samePage("passport-photo-as-pdf", g.passport(g.person()), true, map[string]any{"fmt": "pdf", "dpi": 200, "q2": 85, "producer": "iOS Version 17.1.2 (Build 21B101) Quartz PDFContext", "title": "IMG_4127", "when": "2026-11-03T12:30:00"}, g.person())
	samePage("bls-aha-scan-cropped", g.cert("bls", "aha", g.person()), false, map[string]any{"crop": []float64{0.02, 0.015, 0.985, 0.99}, "q2": 80}, g.person())
	samePage("qft-scan-gray", g.qft(g.person()), false, map[string]any{"gray": true, "scale": 0.9, "q2": 70}, g.person())
	samePage("license-scan-as-pdf", g.license(g.person(), "AZ"), false, map[string]any{"fmt": "pdf", "dpi": 150, "q2": 80, "producer": "Microsoft: Print To PDF", "title": "License Verification", "when": "2026-11-09T08:05:00"}, g.person())
	return out
}

// xmpPacket is the metadata Acrobat writes on save: the document's
// creation by its generator, then the save, in xmpMM:History.
func xmpPacket(created, saved, agent, id string) string {
	return `<?xpacket begin="` + "\ufeff" + `" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 9.1-c001 79.675d0f7, 2023/06/11-19:21:16">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#">
   <xmp:CreateDate>` + created + `</xmp:CreateDate>
   <xmp:ModifyDate>` + saved + `</xmp:ModifyDate>
   <xmp:MetadataDate>` + saved + `</xmp:MetadataDate>
   <xmp:CreatorTool>WeasyPrint 57.2</xmp:CreatorTool>
   <pdf:Producer>` + agent + `</pdf:Producer>
   <xmpMM:DocumentID>uuid:` + id + `-2b1f-4e0a-9d3c-7a1e22c4b0d1</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:` + id[4:] + id[:4] + `-6f0d-4c8b-b2e7-0f3d9e1a7c55</xmpMM:InstanceID>
   <xmpMM:History>
    <rdf:Seq>
     <rdf:li rdf:parseType="Resource"><stEvt:action>created</stEvt:action><stEvt:when>` + created + `</stEvt:when><stEvt:softwareAgent>WeasyPrint 57.2</stEvt:softwareAgent></rdf:li>
     <rdf:li rdf:parseType="Resource"><stEvt:action>saved</stEvt:action><stEvt:when>` + saved + `</stEvt:when><stEvt:softwareAgent>` + agent + `</stEvt:softwareAgent><stEvt:changed>/</stEvt:changed></rdf:li>
    </rdf:Seq>
   </xmpMM:History>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`
}

// ocrLayerCase scans d to a PDF of pictures, then lays over it the text
// layer an OCR tool would add (invisible text where the words are), with
// one value changed.
func ocrLayerCase(d doc, key, text string, s shot) func(ctx context.Context, w *work) (result, error) {
	return func(ctx context.Context, w *work) (result, error) {
		if err := w.flat(ctx, d, "flat.png", 150); err != nil {
			return result{}, err
		}
		if err := w.t.py(ctx, map[string]any{"cmd": "scan", "srcs": []string{w.path("flat.png")}, "seed": s.Seed, "gray": s.Gray, "q2": s.Quality,
			"fmt": "pdf", "dpi": 150, "producer": "Adobe Scan for Android", "when": s.When.Format("2006-01-02T15:04:05"), "out": w.path("scan.pdf")}); err != nil {
			return result{}, err
		}
		layer := d.page().with(key, text)
		layer.Extra = ""
		layer.CSS = ".t{color:transparent !important}"
		if err := w.t.weasy(ctx, layer.html("", nil), w.path("ocr.pdf")); err != nil {
			return result{}, err
		}
		if err := w.t.qpdf(ctx, w.path("scan.pdf"), "--overlay", w.path("ocr.pdf"), "--", w.path("forged.pdf")); err != nil {
			return result{}, err
		}
		b, err := w.read("forged.pdf")
		return pdfResult(b, d.P.Candidate), err
	}
}
