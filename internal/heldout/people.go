package heldout

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/internal/accents"
)

// Person is someone a document is about or who signs it. Names are kept as
// the person writes them (mixed case, accents); each layout prints them in
// its own style.
type Person struct {
	First, Middle, Last string
	DOB                 time.Time
	Sex                 string
	Street, City, State string
	Zip                 string
	Email, Phone        string
}

var firstNames = []string{
	"Maria", "Jennifer", "Aisha", "Priya", "Mei", "Olga", "Fatima", "Keisha", "Rebecca", "Hannah", "Sofia",
	"Guadalupe", "Thanh", "Ngozi", "Siobhan", "Katarzyna", "Ingrid", "Yolanda", "Brittany", "Destiny", "Renée",
	"Chloé", "Ximena", "Leticia", "Imani", "Anjali", "Svetlana", "Rosalind", "Delphine", "Marisol", "Tamika",
	"Michael", "David", "Jamal", "Carlos", "Andre", "Tomasz", "Rajesh", "Kwame", "Luis", "Patrick", "Daniel",
	"Samuel", "Hiroshi", "Dmitri", "Tyler", "Marcus", "Emmanuel", "José", "Oluwaseun", "Bao", "Gareth", "Ezekiel",
}

var middleNames = []string{
	"Ann", "Marie", "Lynn", "Elizabeth", "Rose", "Grace", "James", "Lee", "Alan", "Edward", "Luisa", "Carmen",
	"Adaeze", "Kumar", "Jo", "Ray", "Nicole", "Michelle", "Anne", "Theresa", "Francis", "Renee", "Dawn", "Quinn",
	"Wade", "Imelda", "Ngoc", "Pilar", "Beatrice", "Oren",
}

// lastNames include particles, hyphens, apostrophes and accents on purpose.
var lastNames = []string{
	"Thompson", "Nguyen", "Okafor", "Patel", "Kowalski", "Van der Berg", "De la Cruz", "O'Connor", "McAllister",
	"Smith-Jones", "Washington", "Rodríguez", "Peña", "Del Rosario", "Kim", "Chen", "Haddad", "Abernathy",
	"Fitzgerald", "Larsen", "Oyelaran", "MacDonald", "Dubois", "da Silva", "Van Buren", "Le", "Bui",
	"Castillo-Reyes", "Jean-Baptiste", "Ibáñez", "Holloway", "Brennan", "Ramírez", "Wójcik", "Achterberg",
	"Delacroix", "Oduya", "Santiago", "Fairweather", "Montgomery-Lee", "Yamamoto", "Gallagher", "Dos Santos",
	"Lindqvist", "Mbeki", "Crowder", "Bellamy", "Esposito", "Villanueva", "Harrington",
}

var cities = []struct{ city, state, zip string }{
	{"Austin", "TX", "78704"}, {"San Antonio", "TX", "78209"}, {"Tampa", "FL", "33606"}, {"Orlando", "FL", "32803"},
	{"Phoenix", "AZ", "85016"}, {"Tucson", "AZ", "85719"}, {"Raleigh", "NC", "27609"}, {"Charlotte", "NC", "28205"},
	{"Columbus", "OH", "43215"}, {"Denver", "CO", "80206"}, {"Nashville", "TN", "37209"}, {"Atlanta", "GA", "30307"},
	{"Sacramento", "CA", "95816"}, {"San Diego", "CA", "92103"}, {"Albany", "NY", "12203"}, {"Richmond", "VA", "23220"},
	{"Boise", "ID", "83702"}, {"Omaha", "NE", "68105"}, {"Salem", "OR", "97301"}, {"Madison", "WI", "53703"},
}

var streets = []string{"Maple Ave", "Oak Hollow Dr", "W 34th St", "Cedar Ridge Ln", "Mission Blvd", "Sunset Ct",
	"N Lamar Blvd", "Willow Creek Rd", "Elm St Apt 4B", "Harbor View Dr", "Pinecrest Way", "S Congress Ave Unit 210"}

func newPerson(r *rand.Rand) Person {
	c := pick(r, cities)
	p := Person{
		First:  pick(r, firstNames),
		Last:   pick(r, lastNames),
		DOB:    time.Date(1962+r.IntN(40), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC),
		Sex:    pick(r, []string{"F", "F", "M"}),
		Street: fmt.Sprintf("%d %s", 100+r.IntN(9800), pick(r, streets)),
		City:   c.city, State: c.state, Zip: c.zip,
	}
	if r.IntN(4) != 0 {
		p.Middle = pick(r, middleNames)
	}
	user := strings.ToLower(accents.Fold(p.First[:1] + strings.NewReplacer(" ", "", "'", "", "-", "").Replace(p.Last)))
	p.Email = fmt.Sprintf("%s%d@%s", user, 10+r.IntN(89), pick(r, []string{"gmail.com", "yahoo.com", "outlook.com", "icloud.com"}))
	p.Phone = fmt.Sprintf("(%d) 555-%04d", 201+r.IntN(700), r.IntN(10000))
	return p
}

// otherPerson is someone whose document could be mistaken for the
// nurse's: a relative (same surname), a namesake (same first name), or a
// stranger.
func otherPerson(r *rand.Rand, nurse Person) Person {
	for {
		o := newPerson(r)
		switch r.IntN(3) {
		case 0:
			o.Last = nurse.Last
		case 1:
			o.First = nurse.First
		}
		if !strings.EqualFold(o.First, nurse.First) || !strings.EqualFold(o.Last, nurse.Last) {
			return o
		}
	}
}

// staffName is a clinician, instructor, director or officer on the page.
func staffName(r *rand.Rand) string {
	p := newPerson(r)
	if p.Middle != "" && r.IntN(2) == 0 {
		return p.First + " " + p.Middle[:1] + ". " + p.Last
	}
	return p.First + " " + p.Last
}

// upper prints a name the way ID cards and lab systems do: capitals, no
// accents.
func upper(s string) string { return strings.ToUpper(accents.Fold(s)) }
