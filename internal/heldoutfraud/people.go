package heldoutfraud

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// person is a candidate the documents are made out to. Every draw comes
// from the plan's generator, so a seed always yields the same people.
type person struct {
	First, Middle, Last string
	Sex                 string
	DOB                 time.Time
	Street, City, State string
	Zip                 string
	Candidate           string
	Tint                int
}

var (
	firstF = []string{"Alicia", "Brianna", "Catalina", "Deanna", "Esperanza", "Fiona", "Gwendolyn", "Harriet",
		"Imani", "Josephine", "Kateri", "Lucinda", "Marisol", "Nadia", "Odessa", "Priya", "Rosalind", "Sofia",
		"Tamsin", "Ursula", "Valentina", "Winifred", "Yesenia", "Zora", "Annika", "Beatriz", "Chiamaka", "Delphine"}
	firstM = []string{"Abel", "Bartholomew", "Cedric", "Desmond", "Emeka", "Fernando", "Gideon", "Horace",
		"Ignatius", "Jasper", "Kwame", "Leopold", "Marcus", "Nikolai", "Osvaldo", "Percival", "Quentin", "Rashid",
		"Silas", "Thaddeus", "Ulysses", "Vikram", "Wendell", "Xavier"}
	lastNames = []string{"Abernathy", "Balogun", "Castellanos", "Dabrowski", "Echeverria", "Fairweather",
		"Gallagher", "Hollingsworth", "Ibarra", "Jankowski", "Kowalczyk", "Lindqvist", "Mbeki", "Nakashima",
		"Okonkwo", "Pemberton", "Quintanilla", "Rasmussen", "Szczepanski", "Thibodeaux", "Underhill", "Villanueva",
		"Whitfield", "Yamamoto", "Zielinski", "Achterberg", "Bustamante", "Cavanaugh", "Delacroix", "Esposito",
		"Fitzgerald", "Grabowski", "Haddad", "Iwasaki", "Juarez", "Kirkpatrick", "Lockhart", "Montgomery",
		"Novak", "Oyelaran", "Prendergast", "Rutherford", "Sandoval", "Trujillo", "Vandermeer", "Wojcik"}
	streets = []string{"Magnolia Ave", "Cedar Crest Dr", "Willow Bend Rd", "Harbor View Ln", "Juniper St",
		"Old Mill Rd", "Sycamore Ct", "Prairie Wind Blvd", "Lakeshore Dr", "Bluebonnet Way"}
	cities = []struct{ City, State, Zip string }{
		{"SACRAMENTO", "CA", "958"}, {"FRESNO", "CA", "937"}, {"AUSTIN", "TX", "787"}, {"EL PASO", "TX", "799"},
		{"TAMPA", "FL", "336"}, {"ORLANDO", "FL", "328"}, {"ALBANY", "NY", "122"}, {"SPOKANE", "WA", "992"},
		{"TUCSON", "AZ", "857"}, {"SAVANNAH", "GA", "314"},
	}
)

// drawer hands out values from one generator and never gives the same
// name or number twice, so that cases meant to be unrelated cannot look
// like reuse of one another.
type drawer struct {
	r    *rand.Rand
	used map[string]bool
}

func newDrawer(seed uint64) *drawer {
	return &drawer{r: rand.New(rand.NewPCG(seed, 0x6865_6c64_6672_6175)), used: map[string]bool{}}
}

func (d *drawer) pick(xs []string) string { return xs[d.r.IntN(len(xs))] }

func (d *drawer) digits(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteByte(byte('0' + d.r.IntN(10)))
	}
	return b.String()
}

// unique repeats gen until it yields a value not handed out before.
func (d *drawer) unique(gen func() string) string {
	for {
		v := gen()
		if !d.used[v] {
			d.used[v] = true
			return v
		}
	}
}

func (d *drawer) person() person {
	var p person
	d.unique(func() string {
		if d.r.IntN(10) < 7 {
			p.Sex, p.First = "F", d.pick(firstF)
		} else {
			p.Sex, p.First = "M", d.pick(firstM)
		}
		p.Last = d.pick(lastNames)
		return p.First + " " + p.Last
	})
	if d.r.IntN(2) == 0 {
		p.Middle = d.pick(append(append([]string{}, firstF...), firstM...))
	}
	p.DOB = time.Date(1968+d.r.IntN(34), time.Month(1+d.r.IntN(12)), 1+d.r.IntN(28), 0, 0, 0, 0, time.UTC)
	c := cities[d.r.IntN(len(cities))]
	p.Street = fmt.Sprintf("%d %s", 100+d.r.IntN(9800), d.pick(streets))
	p.City, p.State, p.Zip = c.City, c.State, c.Zip+d.digits(2)
	p.Candidate = d.unique(func() string { return "cand-" + d.digits(7) })
	p.Tint = d.r.IntN(60)
	return p
}

// date returns a day between from and from+spanDays.
func (d *drawer) date(from time.Time, spanDays int) time.Time {
	return from.AddDate(0, 0, d.r.IntN(spanDays+1))
}

func (p person) full() string {
	if p.Middle != "" {
		return p.First + " " + p.Middle[:1] + ". " + p.Last
	}
	return p.First + " " + p.Last
}

func us(t time.Time) string { return t.Format("01/02/2006") }

func dmy(t time.Time) string { return strings.ToUpper(t.Format("02 Jan 2006")) }
