package heldoutfraud

import (
	"fmt"
	"strings"
	"time"
)

// evalDate is the day the set is judged on; clean documents are current
// then.
var evalDate = time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)

func day(y, m, d int) time.Time { return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC) }

var (
	trainingCenters = []struct{ Name, ID, Addr string }{
		{"Gulf Coast Resuscitation Education", "TX20417", "4410 Medical Pkwy, Austin, TX 78756"},
		{"Sierra Foothills CPR Training", "CA05512", "2210 Sunrise Blvd, Rancho Cordova, CA 95670"},
		{"Suncoast Lifesaving Institute", "FL11873", "880 N Tamiami Trl, Sarasota, FL 34236"},
		{"Hudson Valley Heart Training Center", "NY30218", "41 Main St, Poughkeepsie, NY 12601"},
		{"Desert Pulse Education LLC", "AZ07741", "3301 E Speedway Blvd, Tucson, AZ 85716"},
	}
	instructors = []string{"Loretta Kimbrough", "Dashiell Oyama", "Perpetua Nwosu", "Ansel Verhoeven", "Graciela Munoz", "Tobias Leland"}
	ahaFonts    = []string{"Liberation Sans", "Nimbus Sans", "DejaVu Sans"}
	labs        = []struct{ Name, Addr string }{
		{"Quest Diagnostics", "Clinical Laboratory Services · CLIA 05D0642827"},
		{"Labcorp", "Laboratory Corporation of America Holdings · CLIA 34D0655059"},
		{"ARUP Laboratories", "500 Chipeta Way, Salt Lake City, UT · CLIA 46D0523979"},
	}
	clinics = []string{"Riverbend Occupational Health", "Northgate Employee Health Clinic", "Concentra Urgent Care", "St. Brigid Workforce Health"}
)

// licenseFormats are how each board prints its RN numbers.
var licenseFormats = map[string]func(g *drawer) string{
	"TX": func(g *drawer) string { return fmt.Sprint(1+g.r.IntN(9)) + g.digits(6) },
	"CA": func(g *drawer) string { return "9" + g.digits(7) },
	"FL": func(g *drawer) string { return "RN9" + g.digits(6) },
	"NY": func(g *drawer) string { return fmt.Sprint(5+g.r.IntN(4)) + g.digits(5) },
	"WA": func(g *drawer) string { return "RN6" + g.digits(7) },
	"AZ": func(g *drawer) string { return "RN" + fmt.Sprint(1+g.r.IntN(9)) + g.digits(5) },
}

// dlFormats are the states' driver license numbers (AAMVA's published forms).
var dlFormats = map[string]func(g *drawer) string{
	"CA": func(g *drawer) string { return string(rune('A'+g.r.IntN(26))) + g.digits(7) },
	"TX": func(g *drawer) string { return fmt.Sprint(1+g.r.IntN(9)) + g.digits(7) },
	"FL": func(g *drawer) string {
		d := g.digits(12)
		return fmt.Sprintf("%c%s-%s-%s-%s-%s", 'A'+g.r.IntN(26), d[0:3], d[3:6], d[6:8], d[8:11], d[11:])
	},
	"NY": func(g *drawer) string { d := g.digits(9); return d[0:3] + " " + d[3:6] + " " + d[6:] },
	"AZ": func(g *drawer) string { return string(rune('A'+g.r.IntN(26))) + g.digits(8) },
	"WA": func(g *drawer) string {
		const a = "ABCDEFGHJKLMNPRSTVWXZ0123456789"
		var b strings.Builder
		b.WriteString("WDL")
		for i := 0; i < 9; i++ {
			b.WriteByte(a[g.r.IntN(len(a))])
		}
		return b.String()
	},
}

func (g *drawer) ecard(typ string, issue time.Time) string {
	return g.unique(func() string { return fmt.Sprintf("%02d%s%s", issue.Year()%100, ahaCourse[typ].Code, g.digits(7)) })
}

// cert is a current life-support or trauma card in one of the issuers'
// layouts.
func (g *drawer) cert(typ, layout string, p person) doc {
	d := doc{Type: typ, Layout: layout, P: p, Extra: map[string]string{}}
	d.Issue = g.date(day(2025, 1, 10), 480)
	years := 2
	if typ == "tncc" {
		years = 4
		d.Issue = g.date(day(2023, 3, 1), 1150)
	}
	d.Expiry = d.Issue.AddDate(years, 0, 0)
	switch layout {
	case "aha":
		tc := trainingCenters[g.r.IntN(len(trainingCenters))]
		d.Extra["tc"], d.Extra["tcid"], d.Extra["tcaddr"] = tc.Name, tc.ID, tc.Addr
		d.Extra["instructor"] = g.pick(instructors)
		d.Extra["instrid"] = "0" + g.digits(10)
		d.Extra["font"] = g.pick(ahaFonts)
		d.ID = g.ecard(typ, d.Issue)
	case "redcross":
		const a = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
		d.ID = g.unique(func() string {
			var b strings.Builder
			b.WriteString("0")
			for i := 0; i < 6; i++ {
				b.WriteByte(a[g.r.IntN(len(a))])
			}
			return b.String()
		})
		d.Extra["tc"] = g.pick([]string{"Sunbelt Safety Training LLC", "Cascade Response Education", "Keystone First Aid Partners"})
		d.Extra["font"] = g.pick([]string{"Nimbus Roman", "P052", "Liberation Serif"})
	case "tncc":
		d.ID = g.unique(func() string { return fmt.Sprint(1+g.r.IntN(9)) + g.digits(7) })
		d.Extra["font"] = g.pick([]string{"URW Gothic", "Liberation Sans"})
	}
	return d
}

func (g *drawer) license(p person, state string) doc {
	d := doc{Type: "nursing_license", Layout: "license", P: p, Status: "Active", Extra: map[string]string{}}
	d.ID = g.unique(func() string { return licenseFormats[state](g) })
	d.Issue = g.date(day(2009, 1, 1), 4800)
	d.Expiry = g.date(day(2027, 1, 31), 640)
	d.Extra["state"] = state
	d.Extra["font"] = g.pick([]string{"DejaVu Sans", "Liberation Serif", "Nimbus Sans"})
	d.Extra["otherid"] = g.unique(func() string { return "L0" + g.digits(6) })
	d.Extra["otherstate"] = g.pick([]string{"OK", "LA", "AR", "KS"})
	d.Extra["printed"] = fmt.Sprintf("%s %d:%02d AM", us(g.date(day(2026, 10, 1), 45)), 7+g.r.IntN(4), g.r.IntN(60))
	return d
}

func (g *drawer) qft(p person) doc {
	lab := labs[g.r.IntN(len(labs))]
	d := doc{Type: "tb_blood_test", Layout: "qft", P: p, Status: "NEGATIVE", Extra: map[string]string{
		"lab": lab.Name, "labaddr": lab.Addr, "font": g.pick([]string{"Liberation Sans", "Nimbus Sans", "DejaVu Sans"}),
		"accession": g.unique(func() string { return "WR" + g.digits(6) + "Q" }),
		"nil":       fmt.Sprintf("0.%02d", g.r.IntN(9)), "tb1": fmt.Sprintf("0.%02d", g.r.IntN(12)), "tb2": fmt.Sprintf("0.%02d", g.r.IntN(12)),
		"orderer": g.pick([]string{"Halvorsen, Ingrid MD", "Achebe, Tobenna DO", "Marchetti, Lena NP"}),
	}}
	d.Issue = g.date(day(2026, 2, 1), 280)
	return d
}

func (g *drawer) tst(p person) doc {
	d := doc{Type: "tb_skin_test", Layout: "tst", P: p, Status: "Negative", Extra: map[string]string{
		"clinic": g.pick(clinics), "induration": "0", "lot": "C" + g.digits(4) + "AA",
		"font": g.pick([]string{"Liberation Serif", "Nimbus Roman", "DejaVu Serif"}),
	}}
	d.Issue = g.date(day(2026, 3, 1), 250)
	return d
}

func (g *drawer) drug(p person) doc {
	d := doc{Type: "drug_screen", Layout: "drug", P: p, Status: "NEGATIVE", Extra: map[string]string{
		"specimen": g.unique(func() string { return "04" + g.digits(8) }),
		"font":     g.pick([]string{"Nimbus Sans Narrow", "Liberation Sans", "DejaVu Sans Condensed"}),
	}}
	d.Issue = g.date(day(2026, 8, 1), 100)
	return d
}

func (g *drawer) dl(p person) doc {
	st := p.State
	if _, ok := dlStates[st]; !ok {
		st = "CA"
	}
	d := doc{Type: "drivers_license", Layout: "dl", P: p, Extra: map[string]string{"state": st}}
	d.ID = g.unique(func() string { return dlFormats[st](g) })
	d.Issue = g.date(day(2021, 6, 1), 1500)
	y := d.Issue.Year() + 5 + g.r.IntN(4)
	if y < 2027 {
		y = 2027
	}
	d.Expiry = time.Date(y, p.DOB.Month(), p.DOB.Day(), 0, 0, 0, 0, time.UTC)
	d.Extra["dd"] = us(d.Issue) + "/" + g.digits(3) + "AB/FD/" + fmt.Sprint(d.Issue.Year()%100+5)
	d.Extra["font"] = g.pick([]string{"Liberation Sans", "Nimbus Sans", "DejaVu Sans"})
	return d
}

func (g *drawer) passport(p person) doc {
	d := doc{Type: "passport", Layout: "passport", P: p, Extra: map[string]string{
		"pob":  g.pick([]string{"OHIO, U.S.A.", "TEXAS, U.S.A.", "CALIFORNIA, U.S.A.", "NEW YORK, U.S.A.", "PHILIPPINES", "NIGERIA"}),
		"mono": g.pick([]string{"DejaVu Sans Mono", "Liberation Mono", "Nimbus Mono PS"}),
	}}
	d.ID = g.unique(func() string { return fmt.Sprint(5+g.r.IntN(2)) + g.digits(8) })
	d.Issue = g.date(day(2017, 3, 1), 3000)
	d.Expiry = d.Issue.AddDate(10, 0, -1)
	return d
}

// shot draws a camera (or scanner) and its settings.
func (g *drawer) shot(mode string) shot {
	s := shot{Mode: mode, Seed: g.r.IntN(1 << 30), Quality: 82 + g.r.IntN(12), Phone: phones[g.r.IntN(len(phones))]}
	s.When = g.date(day(2026, 9, 1), 70).Add(time.Duration(8*3600+g.r.IntN(10*3600)) * time.Second)
	if mode == "scan" {
		s.Gray = g.r.IntN(3) > 0
	}
	return s
}
