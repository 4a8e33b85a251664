package sampledocs

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// Person is the human a set of documents belongs to. Names are stored as the
// person writes them (mixed case, accents kept); each document prints them
// in its own style.
type Person struct {
	FirstName  string
	MiddleName string
	LastName   string
	DOB        time.Time
	Street     string
	City       string
	State      string
	Zip        string
	Email      string
	Phone      string
}

// FullName is "First Middle Last" (no middle when there is none).
func (p Person) FullName() string {
	return strings.Join(nonEmpty(p.FirstName, p.MiddleName, p.LastName), " ")
}

func nonEmpty(ss ...string) []string {
	out := ss[:0:0]
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// Name pools lean the way the travel-nurse workforce does: mostly women,
// many Filipino, Hispanic, Black, South Asian and West African nurses, and
// the surname shapes that trip up name matching (hyphens, particles,
// apostrophes, accents, multi-word given names).
var (
	femaleFirst = []string{
		"Jennifer", "Jessica", "Ashley", "Amanda", "Sarah", "Stephanie", "Melissa", "Nicole", "Elizabeth",
		"Heather", "Michelle", "Amy", "Kimberly", "Angela", "Lisa", "Rebecca", "Emily", "Megan", "Rachel",
		"Lauren", "Brittany", "Samantha", "Katherine", "Kayla", "Hannah", "Madison", "Taylor", "Morgan",
		"Courtney", "Danielle", "Crystal", "Tiffany", "Erica", "Maria", "María", "Ana", "Guadalupe", "Lucía",
		"Sofía", "Valeria", "Yesenia", "Marisol", "Rosa", "Leticia", "Mayra", "Keisha", "Latoya", "Ebony",
		"Tamika", "Imani", "Aaliyah", "Shanice", "Jasmine", "Destiny", "Maricel", "Jocelyn", "Rowena",
		"Marilou", "Analyn", "Rhea", "Mary Grace", "Anna Marie", "Mei", "Linh", "Ngoc", "Thuy", "Ji-Yeon",
		"Priya", "Anjali", "Deepa", "Sunita", "Chiamaka", "Ngozi", "Oluwaseun", "Funmilayo", "Adaeze",
		"Abena", "Renée", "Zoë", "Chloé", "Siobhan", "Olga", "Svetlana", "Fatima", "Aisha", "Leila", "Nadia",
		"Kateryna", "Bethany", "Whitney", "Brianna", "Kelsey", "Alyssa", "Christina", "Patricia", "Deborah",
		"Cynthia", "Theresa", "Kathleen", "Margaret", "Joy", "Precious",
	}
	maleFirst = []string{
		"Michael", "Christopher", "Matthew", "Joshua", "David", "Daniel", "James", "Robert", "John", "Joseph",
		"Andrew", "Ryan", "Brandon", "Jason", "Justin", "William", "Kevin", "Tyler", "Aaron", "José", "Juan",
		"Luis", "Carlos", "Jesús", "Miguel", "Alejandro", "DeShawn", "Marcus", "Terrence", "Jamal", "Darnell",
		"Mark Anthony", "Jerome", "Ramil", "Joel", "Tuan", "Minh", "Raj", "Arjun", "Emeka", "Chinedu", "Kwame",
		"André", "Sean", "Liam", "Nathaniel", "Gregory",
	}
	femaleMiddle = []string{
		"Marie", "Ann", "Lynn", "Elizabeth", "Nicole", "Michelle", "Renee", "Rose", "Grace", "Jean", "Louise",
		"Kay", "Dawn", "Lee", "Joy", "Guadalupe", "Isabel", "Carmen", "Alejandra", "Nicolle", "Anne", "Mae",
		"Christine", "Olamide", "Adaora", "Kumari",
	}
	maleMiddle = []string{
		"James", "Michael", "Lee", "Allen", "Wayne", "Ray", "Edward", "Antonio", "Luis", "Manuel", "José",
		"Thomas", "Alan", "Chukwuemeka", "Kumar",
	}
	// Filipino middle names are the mother's maiden surname, so they look
	// like surnames, compound ones included.
	filipinoMiddle = []string{"Santos", "Reyes", "Dela Cruz", "Bautista", "Garcia", "Mendoza", "Del Rosario", "Aquino"}
	filipinoFirst  = map[string]bool{"Maricel": true, "Jocelyn": true, "Rowena": true, "Marilou": true, "Analyn": true, "Rhea": true, "Mary Grace": true, "Ramil": true, "Mark Anthony": true, "Joy": true}
	lastNames      = []string{
		"Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
		"Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson",
		"Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis",
		"Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
		"Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
		"Santos", "Reyes", "Bautista", "Villanueva", "Mendoza", "Castillo", "Aquino", "Pham", "Tran", "Kim",
		"Patel", "Shah", "Okafor", "Adeyemi", "Okonkwo", "Mensah", "Kowalski", "Nowak", "Schmidt", "O'Brien",
		"O'Connor", "D'Angelo", "McDonald", "MacKenzie", "Peña", "Núñez", "Muñoz", "Gómez", "Ibáñez",
		"Washington", "Jefferson", "Begay", "Yazzie", "Singh", "Kaur", "Alvarez", "Morales", "Ortiz", "Gutierrez",
		"Chavez", "Ramos", "Ruiz", "Vasquez", "Castro", "Brooks", "Bennett", "Sullivan", "Murphy", "Price",
		"Hughes", "Foster", "Howard", "Ward", "Cox", "Richardson", "Wood", "Coleman", "Jenkins", "Perry",
		"Powell", "Long", "Patterson", "Fischer", "Weber", "Hoffmann", "Cohen", "Friedman", "Nakamura",
		"Tanaka", "Chen", "Wang", "Liu", "Huang", "Park", "Choi",
	}
	compoundLast = []string{
		"De La Cruz", "Van der Berg", "Dela Cruz", "Del Rosario", "De Leon", "St. Clair", "Da Silva", "Le Blanc",
		"De Jesus", "Van Buren", "De la Garza", "Mac Donald", "Ten Eyck",
	}
	nicknames = map[string]string{
		"Katherine": "Kate", "Elizabeth": "Liz", "Jennifer": "Jen", "Jessica": "Jess", "Rebecca": "Becky",
		"Samantha": "Sam", "Kimberly": "Kim", "Patricia": "Patty", "Deborah": "Deb", "Margaret": "Maggie",
		"Christina": "Tina", "Kathleen": "Kathy", "Michael": "Mike", "Christopher": "Chris", "Matthew": "Matt",
		"Joshua": "Josh", "Daniel": "Dan", "James": "Jim", "Robert": "Rob", "Joseph": "Joe", "Andrew": "Andy",
		"William": "Will", "Nathaniel": "Nate", "Gregory": "Greg", "Cynthia": "Cindy", "Theresa": "Terri",
	}
)

type place struct{ City, State, Zip, Area string }

var places = []place{
	{"Austin", "TX", "78704", "512"}, {"Houston", "TX", "77002", "713"}, {"Dallas", "TX", "75201", "214"},
	{"San Antonio", "TX", "78205", "210"}, {"El Paso", "TX", "79901", "915"}, {"Phoenix", "AZ", "85004", "602"},
	{"Tucson", "AZ", "85701", "520"}, {"Los Angeles", "CA", "90012", "213"}, {"San Diego", "CA", "92101", "619"},
	{"Sacramento", "CA", "95814", "916"}, {"Fresno", "CA", "93721", "559"}, {"Denver", "CO", "80202", "303"},
	{"Miami", "FL", "33130", "305"}, {"Tampa", "FL", "33602", "813"}, {"Orlando", "FL", "32801", "407"},
	{"Jacksonville", "FL", "32202", "904"}, {"Atlanta", "GA", "30303", "404"}, {"Savannah", "GA", "31401", "912"},
	{"Chicago", "IL", "60601", "312"}, {"Indianapolis", "IN", "46204", "317"}, {"Louisville", "KY", "40202", "502"},
	{"New Orleans", "LA", "70112", "504"}, {"Boston", "MA", "02108", "617"}, {"Baltimore", "MD", "21202", "410"},
	{"Detroit", "MI", "48226", "313"}, {"Minneapolis", "MN", "55401", "612"}, {"Kansas City", "MO", "64106", "816"},
	{"Charlotte", "NC", "28202", "704"}, {"Raleigh", "NC", "27601", "919"}, {"Omaha", "NE", "68102", "402"},
	{"Newark", "NJ", "07102", "973"}, {"Albuquerque", "NM", "87102", "505"}, {"Las Vegas", "NV", "89101", "702"},
	{"Brooklyn", "NY", "11201", "718"}, {"Buffalo", "NY", "14202", "716"}, {"Columbus", "OH", "43215", "614"},
	{"Cleveland", "OH", "44113", "216"}, {"Oklahoma City", "OK", "73102", "405"}, {"Portland", "OR", "97204", "503"},
	{"Philadelphia", "PA", "19107", "215"}, {"Pittsburgh", "PA", "15222", "412"}, {"Charleston", "SC", "29401", "843"},
	{"Nashville", "TN", "37203", "615"}, {"Memphis", "TN", "38103", "901"}, {"Salt Lake City", "UT", "84101", "801"},
	{"Richmond", "VA", "23219", "804"}, {"Seattle", "WA", "98101", "206"}, {"Spokane", "WA", "99201", "509"},
	{"Milwaukee", "WI", "53202", "414"}, {"Boise", "ID", "83702", "208"}, {"Anchorage", "AK", "99501", "907"},
	{"Honolulu", "HI", "96813", "808"},
}

var stateNames = map[string]string{
	"AK": "Alaska", "AZ": "Arizona", "CA": "California", "CO": "Colorado", "FL": "Florida", "GA": "Georgia",
	"HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "KY": "Kentucky", "LA": "Louisiana",
	"MA": "Massachusetts", "MD": "Maryland", "MI": "Michigan", "MN": "Minnesota", "MO": "Missouri",
	"NC": "North Carolina", "NE": "Nebraska", "NJ": "New Jersey", "NM": "New Mexico", "NV": "Nevada",
	"NY": "New York", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
	"SC": "South Carolina", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VA": "Virginia",
	"WA": "Washington", "WI": "Wisconsin",
}

// stateBody is the body names lists for a state, or for a state it does
// not list "<State> <kind>", as in "Oregon Board of Nursing".
func stateBody(names map[string]string, state, kind string) string {
	if b, ok := names[state]; ok {
		return b
	}
	return stateNames[state] + " " + kind
}

var (
	streetNames   = []string{"Oak", "Maple", "Cedar", "Pine", "Elm", "Willow", "Main", "Park", "Washington", "Lake", "Hill", "Sunset", "Riverside", "Magnolia", "Pecan", "Mesquite", "Juniper", "Chestnut", "Highland", "Meadow", "Lincoln", "Cypress", "Bluebonnet", "Dogwood", "Martin Luther King Jr", "Peachtree", "Camino Real", "Palm"}
	streetSuffix  = []string{"St", "Ave", "Dr", "Ln", "Rd", "Blvd", "Ct", "Way", "Pl", "Cir", "Pkwy", "Trl"}
	emailDomains  = []string{"gmail.com", "gmail.com", "gmail.com", "yahoo.com", "icloud.com", "outlook.com", "hotmail.com", "aol.com"}
	referenceDate = time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
)

// NewPerson draws a nurse: age 22-65 on 2026-11-22, a US address and
// contact details. Phone numbers use the 555-01xx block reserved for fiction.
func NewPerson(r *rand.Rand) Person {
	var p Person
	female := r.Float64() < 0.86
	if female {
		p.FirstName = pick(r, femaleFirst)
	} else {
		p.FirstName = pick(r, maleFirst)
	}
	switch x := r.Float64(); {
	case filipinoFirst[p.FirstName] && x < 0.8:
		p.MiddleName = pick(r, filipinoMiddle)
	case x < 0.62:
		if female {
			p.MiddleName = pick(r, femaleMiddle)
		} else {
			p.MiddleName = pick(r, maleMiddle)
		}
	case x < 0.70:
		// A legal middle name that is only an initial.
		p.MiddleName = string(rune('A' + r.IntN(26)))
	}
	switch x := r.Float64(); {
	case x < 0.12:
		a, b := pick(r, lastNames), pick(r, lastNames)
		for b == a {
			b = pick(r, lastNames)
		}
		p.LastName = a + "-" + b
	case x < 0.21:
		p.LastName = pick(r, compoundLast)
	default:
		p.LastName = pick(r, lastNames)
	}
	age := 22 + r.IntN(44)
	p.DOB = referenceDate.AddDate(-age, 0, -r.IntN(365))
	pl := places[r.IntN(len(places))]
	p.Street = fmt.Sprintf("%d %s %s", 100+r.IntN(9800), pick(r, streetNames), pick(r, streetSuffix))
	if r.IntN(4) == 0 {
		p.Street += pick(r, []string{" Apt ", " Unit ", " #"}) + fmt.Sprintf("%d%s", 1+r.IntN(40), pick(r, []string{"", "", "A", "B"}))
	}
	p.City, p.State, p.Zip = pl.City, pl.State, pl.Zip
	p.Phone = fmt.Sprintf("(%s) 555-01%02d", pl.Area, r.IntN(100))
	user := emailLocal(p, r)
	p.Email = user + "@" + pick(r, emailDomains)
	return p
}

func emailLocal(p Person, r *rand.Rand) string {
	first := strings.ToLower(asciiFold(strings.ReplaceAll(p.FirstName, " ", "")))
	last := strings.ToLower(asciiFold(p.LastName))
	last = strings.NewReplacer(" ", "", "'", "", ".", "").Replace(last)
	switch r.IntN(5) {
	case 0:
		return first + "." + last
	case 1:
		return first + last + fmt.Sprint(r.IntN(99)+1)
	case 2:
		return first[:1] + last + fmt.Sprint(r.IntN(9)+1)
	case 3:
		return first + "." + last + ".rn"
	default:
		return first + "_" + last + fmt.Sprint(70+r.IntN(30))
	}
}

// otherPerson draws someone who is clearly not p (a different surname), for
// documents mixed into the wrong file.
func otherPerson(r *rand.Rand, p Person) Person {
	for {
		o := NewPerson(r)
		if !strings.EqualFold(asciiFold(o.LastName), asciiFold(p.LastName)) {
			return o
		}
	}
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// asciiFold strips accents, the way government and lab systems print names.
// The names drawn here only use Latin-1 letters, so a table suffices.
func asciiFold(s string) string { return folder.Replace(s) }

var folder = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ä", "a", "ã", "a", "å", "a", "Á", "A", "À", "A", "Â", "A", "Ä", "A", "Ã", "A",
	"é", "e", "è", "e", "ê", "e", "ë", "e", "É", "E", "È", "E", "Ê", "E", "Ë", "E",
	"í", "i", "ì", "i", "î", "i", "ï", "i", "Í", "I", "Ì", "I", "Î", "I", "Ï", "I",
	"ó", "o", "ò", "o", "ô", "o", "ö", "o", "õ", "o", "Ó", "O", "Ò", "O", "Ô", "O", "Ö", "O", "Õ", "O",
	"ú", "u", "ù", "u", "û", "u", "ü", "u", "Ú", "U", "Ù", "U", "Û", "U", "Ü", "U",
	"ñ", "n", "Ñ", "N", "ç", "c", "Ç", "C", "ý", "y", "ÿ", "y", "Ý", "Y",
)

// sex is what IDs and lab reports print, inferred from the given name.
func (p Person) sex() string {
	for _, m := range maleFirst {
		if m == p.FirstName {
			return "M"
		}
	}
	return "F"
}
