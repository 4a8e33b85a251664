package sandbox

// The pools the generator draws from. Registrants are about 97% men; the
// names span the country's origins (Anglo, Hispanic, Black American,
// Vietnamese, Korean, Chinese, Filipino, South Asian, Arabic, Slavic,
// West African, Navajo and Lakota surnames) and the shapes that trouble
// name matching: compound and hyphenated surnames, apostrophes, particles,
// two-word given names.

func maleFirstNames() []string {
	return []string{
		"James", "Robert", "John", "Michael", "David", "William", "Richard", "Joseph", "Thomas", "Charles",
		"Christopher", "Daniel", "Matthew", "Anthony", "Mark", "Donald", "Steven", "Paul", "Andrew", "Joshua",
		"Kenneth", "Kevin", "Brian", "George", "Timothy", "Ronald", "Edward", "Jason", "Jeffrey", "Ryan",
		"Jacob", "Gary", "Nicholas", "Eric", "Jonathan", "Stephen", "Larry", "Justin", "Scott", "Brandon",
		"Benjamin", "Samuel", "Gregory", "Frank", "Raymond", "Patrick", "Jack", "Dennis", "Jerry", "Tyler",
		"Aaron", "Henry", "Douglas", "Peter", "Adam", "Nathan", "Zachary", "Walter", "Kyle", "Harold",
		"Carl", "Jeremy", "Keith", "Roger", "Gerald", "Ethan", "Arthur", "Terry", "Christian", "Sean",
		"Lawrence", "Austin", "Joe", "Noah", "Jesse", "Albert", "Bryan", "Billy", "Bruce", "Willie",
		"Jordan", "Dylan", "Alan", "Ralph", "Gabriel", "Roy", "Juan", "Wayne", "Eugene", "Logan",
		"Randy", "Louis", "Russell", "Vincent", "Philip", "Bobby", "Johnny", "Bradley", "Shawn", "Travis",
		"Jose", "Luis", "Carlos", "Jesus", "Miguel", "Alejandro", "Francisco", "Antonio", "Manuel", "Pedro",
		"Ricardo", "Jorge", "Fernando", "Javier", "Raul", "Ruben", "Hector", "Ramon", "Armando", "Eduardo",
		"Juan Carlos", "Jose Luis", "DeShawn", "Tyrone", "Darnell", "Jamal", "Terrence", "Marcus", "Andre", "Cedric",
		"Reginald", "Lamar", "DeAndre", "Malik", "Jerome", "Dwayne", "Quentin", "Tremaine", "Darius", "Rashad",
		"Minh", "Tuan", "Hung", "Duc", "Quang", "Min-jun", "Sung", "Jae", "Wei", "Jian",
		"Hao", "Rolando", "Ramil", "Jun", "Rajesh", "Sanjay", "Amit", "Vikram", "Mohammed", "Ahmed",
		"Omar", "Khalid", "Yusuf", "Tariq", "Dmitri", "Sergei", "Ivan", "Oleksandr", "Piotr", "Tomasz",
		"Kwame", "Kofi", "Chukwuemeka", "Oluwaseun", "Emeka", "Ifeanyi", "Ahanu", "Dakota", "Cody", "Dustin",
		"Travis", "Clayton", "Wesley", "Leroy", "Earl", "Floyd", "Clarence", "Lonnie", "Curtis", "Marvin",
	}
}

func femaleFirstNames() []string {
	return []string{
		"Mary", "Patricia", "Jennifer", "Linda", "Elizabeth", "Barbara", "Susan", "Jessica", "Sarah", "Karen",
		"Lisa", "Nancy", "Sandra", "Ashley", "Kimberly", "Donna", "Michelle", "Amanda", "Melissa", "Stephanie",
		"Maria", "Guadalupe", "Rosa", "Yolanda", "Latoya", "Tamika", "Keisha", "Linh", "Priya", "Fatima",
	}
}

func middleNames() []string {
	return []string{
		"Lee", "Allen", "Wayne", "Ray", "James", "Michael", "Edward", "Lynn", "Dean", "Eugene",
		"Joseph", "Scott", "Alan", "Paul", "Thomas", "Dale", "Earl", "Glenn", "Anthony", "Jose",
		"Luis", "Antonio", "Manuel", "Jamal", "Van", "Duc", "Kumar", "Ali", "Ivanovich", "Obinna",
		"Ann", "Marie", "Lynn", "Renee", "Jean", "A", "B", "C", "D", "E", "J", "L", "M", "R", "T", "W",
	}
}

func lastNames() []string {
	return []string{
		"Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson", "Taylor",
		"Thomas", "Moore", "Jackson", "Martin", "Thompson", "White", "Harris", "Clark", "Lewis", "Robinson",
		"Walker", "Young", "Allen", "King", "Wright", "Scott", "Hill", "Green", "Adams", "Baker",
		"Nelson", "Carter", "Mitchell", "Roberts", "Turner", "Phillips", "Campbell", "Parker", "Evans", "Edwards",
		"Collins", "Stewart", "Morris", "Murphy", "Cook", "Rogers", "Morgan", "Cooper", "Peterson", "Bailey",
		"Reed", "Kelly", "Howard", "Cox", "Ward", "Richardson", "Watson", "Brooks", "Wood", "James",
		"Bennett", "Gray", "Hughes", "Price", "Sanders", "Myers", "Long", "Ross", "Foster", "Powell",
		"Jenkins", "Perry", "Russell", "Sullivan", "Bell", "Coleman", "Butler", "Henderson", "Barnes", "Fisher",
		"Garcia", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Perez", "Sanchez", "Ramirez", "Torres",
		"Flores", "Rivera", "Gomez", "Diaz", "Reyes", "Cruz", "Morales", "Ortiz", "Gutierrez", "Chavez",
		"Ramos", "Ruiz", "Alvarado", "Mendoza", "Vasquez", "Castillo", "Jimenez", "Moreno", "Romero", "Herrera",
		"Medina", "Aguilar", "Vargas", "Castro", "Guzman", "Salazar", "Delgado", "Soto", "Contreras", "Espinoza",
		"Washington", "Jefferson", "Freeman", "Simmons", "Bryant", "Dixon", "Hayes", "Battle", "Gaines", "Boykin",
		"Nguyen", "Tran", "Le", "Pham", "Huynh", "Vo", "Kim", "Lee", "Park", "Choi",
		"Chen", "Wang", "Li", "Zhang", "Liu", "Wong", "Santos", "Bautista", "Villanueva", "Dela Cruz",
		"Patel", "Singh", "Shah", "Khan", "Hussain", "Haddad", "Nasser", "Ivanov", "Petrov", "Kowalski",
		"Nowak", "Wojcik", "Okafor", "Okonkwo", "Adeyemi", "Mensah", "Asante", "Begay", "Yazzie", "Tsosie",
		"Two Bulls", "Red Cloud", "O'Brien", "O'Neal", "McDaniel", "MacLeod", "De La Cruz", "Del Valle", "St. Pierre", "Van Dyke",
		"LeBlanc", "Fontenot", "Thibodeaux", "Schmidt", "Mueller", "Schneider", "Johansson", "Larson", "Olson", "Swanson",
	}
}

// nicknames are the short forms registries list as aliases.
func nicknames() map[string]string {
	return map[string]string{
		"Robert": "Bobby", "William": "Billy", "Richard": "Rick", "Joseph": "Joey", "Thomas": "Tommy",
		"Charles": "Chuck", "Christopher": "Chris", "Daniel": "Danny", "Matthew": "Matt", "Anthony": "Tony",
		"Michael": "Mike", "Donald": "Donnie", "Steven": "Steve", "Andrew": "Andy", "Kenneth": "Kenny",
		"Timothy": "Tim", "Ronald": "Ronnie", "Edward": "Eddie", "Jeffrey": "Jeff", "Gregory": "Greg",
		"Raymond": "Ray", "Lawrence": "Larry", "Benjamin": "Ben", "Samuel": "Sam", "Nicholas": "Nick",
		"Jose": "Pepe", "Francisco": "Paco", "Alejandro": "Alex", "Eduardo": "Lalo", "Jesus": "Chuy",
		"Jennifer": "Jenny", "Patricia": "Patty", "Elizabeth": "Liz", "Kimberly": "Kim", "James": "Jimmy",
		"David": "Dave", "John": "Johnny", "Terrence": "Terry", "Reginald": "Reggie", "Dmitri": "Dima",
	}
}

// place is where an address lies. Jurisdiction is the registry that lists
// people living there: the state's, or a tribe's for reservation towns.
type place struct {
	City, County, State, Zip string
	Lat, Lon                 float64
	Jurisdiction             string
	// Weight is roughly the place's share of registrants.
	Weight int
}

func places() []place {
	return []place{
		{"Birmingham", "Jefferson", "AL", "35203", 33.5186, -86.8104, "AL", 4}, {"Mobile", "Mobile", "AL", "36602", 30.6954, -88.0399, "AL", 2},
		{"Anchorage", "Anchorage", "AK", "99501", 61.2181, -149.9003, "AK", 2}, {"Fairbanks", "Fairbanks North Star", "AK", "99701", 64.8378, -147.7164, "AK", 1},
		{"Phoenix", "Maricopa", "AZ", "85004", 33.4484, -112.0740, "AZ", 6}, {"Tucson", "Pima", "AZ", "85701", 32.2226, -110.9747, "AZ", 3},
		{"Little Rock", "Pulaski", "AR", "72201", 34.7465, -92.2896, "AR", 3},
		{"Los Angeles", "Los Angeles", "CA", "90012", 34.0522, -118.2437, "CA", 10}, {"Fresno", "Fresno", "CA", "93721", 36.7378, -119.7871, "CA", 4},
		{"San Diego", "San Diego", "CA", "92101", 32.7157, -117.1611, "CA", 5}, {"Sacramento", "Sacramento", "CA", "95814", 38.5816, -121.4944, "CA", 4},
		{"Denver", "Denver", "CO", "80202", 39.7392, -104.9903, "CO", 4}, {"Pueblo", "Pueblo", "CO", "81003", 38.2544, -104.6091, "CO", 2},
		{"Hartford", "Hartford", "CT", "06103", 41.7658, -72.6734, "CT", 3},
		{"Wilmington", "New Castle", "DE", "19801", 39.7391, -75.5398, "DE", 2},
		{"Washington", "District of Columbia", "DC", "20001", 38.9101, -77.0147, "DC", 2},
		{"Miami", "Miami-Dade", "FL", "33130", 25.7617, -80.1918, "FL", 7}, {"Tampa", "Hillsborough", "FL", "33602", 27.9506, -82.4572, "FL", 5},
		{"Jacksonville", "Duval", "FL", "32202", 30.3322, -81.6557, "FL", 5}, {"Orlando", "Orange", "FL", "32801", 28.5384, -81.3789, "FL", 4},
		{"Atlanta", "Fulton", "GA", "30303", 33.7490, -84.3880, "GA", 6}, {"Savannah", "Chatham", "GA", "31401", 32.0809, -81.0912, "GA", 2},
		{"Honolulu", "Honolulu", "HI", "96813", 21.3069, -157.8583, "HI", 2},
		{"Boise", "Ada", "ID", "83702", 43.6150, -116.2023, "ID", 2},
		{"Chicago", "Cook", "IL", "60601", 41.8781, -87.6298, "IL", 8}, {"Springfield", "Sangamon", "IL", "62701", 39.7817, -89.6501, "IL", 2},
		{"Indianapolis", "Marion", "IN", "46204", 39.7684, -86.1581, "IN", 5},
		{"Des Moines", "Polk", "IA", "50309", 41.5868, -93.6250, "IA", 3},
		{"Wichita", "Sedgwick", "KS", "67202", 37.6872, -97.3301, "KS", 3},
		{"Louisville", "Jefferson", "KY", "40202", 38.2527, -85.7585, "KY", 4},
		{"New Orleans", "Orleans", "LA", "70112", 29.9511, -90.0715, "LA", 3}, {"Baton Rouge", "East Baton Rouge", "LA", "70801", 30.4515, -91.1871, "LA", 3},
		{"Portland", "Cumberland", "ME", "04101", 43.6591, -70.2568, "ME", 2},
		{"Baltimore", "Baltimore City", "MD", "21202", 39.2904, -76.6122, "MD", 4},
		{"Boston", "Suffolk", "MA", "02108", 42.3601, -71.0589, "MA", 4},
		{"Detroit", "Wayne", "MI", "48226", 42.3314, -83.0458, "MI", 6}, {"Grand Rapids", "Kent", "MI", "49503", 42.9634, -85.6681, "MI", 3},
		{"Minneapolis", "Hennepin", "MN", "55401", 44.9778, -93.2650, "MN", 4},
		{"Jackson", "Hinds", "MS", "39201", 32.2988, -90.1848, "MS", 3},
		{"Kansas City", "Jackson", "MO", "64106", 39.0997, -94.5786, "MO", 4}, {"St. Louis", "St. Louis City", "MO", "63101", 38.6270, -90.1994, "MO", 3},
		{"Billings", "Yellowstone", "MT", "59101", 45.7833, -108.5007, "MT", 2},
		{"Omaha", "Douglas", "NE", "68102", 41.2565, -95.9345, "NE", 2},
		{"Las Vegas", "Clark", "NV", "89101", 36.1699, -115.1398, "NV", 4}, {"Reno", "Washoe", "NV", "89501", 39.5296, -119.8138, "NV", 2},
		{"Manchester", "Hillsborough", "NH", "03101", 42.9956, -71.4548, "NH", 2},
		{"Newark", "Essex", "NJ", "07102", 40.7357, -74.1724, "NJ", 4},
		{"Albuquerque", "Bernalillo", "NM", "87102", 35.0844, -106.6504, "NM", 3},
		{"Brooklyn", "Kings", "NY", "11201", 40.6928, -73.9903, "NY", 6}, {"Buffalo", "Erie", "NY", "14202", 42.8864, -78.8784, "NY", 3},
		{"Rochester", "Monroe", "NY", "14604", 43.1566, -77.6088, "NY", 2},
		{"Charlotte", "Mecklenburg", "NC", "28202", 35.2271, -80.8431, "NC", 5}, {"Raleigh", "Wake", "NC", "27601", 35.7796, -78.6382, "NC", 3},
		{"Fargo", "Cass", "ND", "58102", 46.8772, -96.7898, "ND", 1},
		{"Columbus", "Franklin", "OH", "43215", 39.9612, -82.9988, "OH", 5}, {"Cleveland", "Cuyahoga", "OH", "44113", 41.4993, -81.6944, "OH", 4},
		{"Oklahoma City", "Oklahoma", "OK", "73102", 35.4676, -97.5164, "OK", 3}, {"Tulsa", "Tulsa", "OK", "74103", 36.1540, -95.9928, "OK", 3},
		{"Portland", "Multnomah", "OR", "97204", 45.5152, -122.6784, "OR", 4},
		{"Philadelphia", "Philadelphia", "PA", "19107", 39.9526, -75.1652, "PA", 6}, {"Pittsburgh", "Allegheny", "PA", "15222", 40.4406, -79.9959, "PA", 3},
		{"Providence", "Providence", "RI", "02903", 41.8240, -71.4128, "RI", 2},
		{"Columbia", "Richland", "SC", "29201", 34.0007, -81.0348, "SC", 4},
		{"Sioux Falls", "Minnehaha", "SD", "57104", 43.5446, -96.7311, "SD", 2},
		{"Nashville", "Davidson", "TN", "37203", 36.1627, -86.7816, "TN", 4}, {"Memphis", "Shelby", "TN", "38103", 35.1495, -90.0490, "TN", 4},
		{"Houston", "Harris", "TX", "77002", 29.7604, -95.3698, "TX", 9}, {"Dallas", "Dallas", "TX", "75201", 32.7767, -96.7970, "TX", 7},
		{"San Antonio", "Bexar", "TX", "78205", 29.4241, -98.4936, "TX", 6}, {"Austin", "Travis", "TX", "78704", 30.2500, -97.7700, "TX", 4},
		{"El Paso", "El Paso", "TX", "79901", 31.7619, -106.4850, "TX", 3},
		{"Salt Lake City", "Salt Lake", "UT", "84101", 40.7608, -111.8910, "UT", 3},
		{"Burlington", "Chittenden", "VT", "05401", 44.4759, -73.2121, "VT", 1},
		{"Richmond", "Richmond City", "VA", "23219", 37.5407, -77.4360, "VA", 5},
		{"Seattle", "King", "WA", "98101", 47.6062, -122.3321, "WA", 5}, {"Spokane", "Spokane", "WA", "99201", 47.6588, -117.4260, "WA", 2},
		{"Charleston", "Kanawha", "WV", "25301", 38.3498, -81.6326, "WV", 2},
		{"Milwaukee", "Milwaukee", "WI", "53202", 43.0389, -87.9065, "WI", 4},
		{"Cheyenne", "Laramie", "WY", "82001", 41.1400, -104.8202, "WY", 1},
		{"San Juan", "San Juan", "PR", "00901", 18.4655, -66.1057, "PR", 2},
		{"Hagatna", "", "GU", "96910", 13.4757, 144.7489, "GU", 1},
		{"Charlotte Amalie", "St. Thomas", "VI", "00802", 18.3419, -64.9307, "USVI", 1},
		{"Window Rock", "Apache", "AZ", "86515", 35.6803, -109.0526, "NAVAJO", 1},
		{"Tahlequah", "Cherokee", "OK", "74464", 35.9154, -94.9700, "CHEROKEE", 1},
		{"Pine Ridge", "Oglala Lakota", "SD", "57770", 43.0255, -102.5563, "OGLALA", 1},
		{"Sells", "Pima", "AZ", "85634", 31.9120, -111.8810, "TONATION", 1},
	}
}

func streetNames() []string {
	return []string{
		"Oak", "Maple", "Cedar", "Pine", "Elm", "Main", "Park", "Lake", "Hill", "Washington",
		"Lincoln", "Jefferson", "Church", "Mill", "River", "Sunset", "Highland", "Meadow", "Cherry", "Walnut",
		"Magnolia", "Cypress", "Mesquite", "Juniper", "Pecan", "Willow", "Franklin", "Jackson", "Madison", "Adams",
		"Martin Luther King Jr", "Cesar Chavez", "Broadway", "Grand", "Spring", "Union", "Market", "Center", "Railroad", "County Road 12",
	}
}

func streetSuffixes() []string {
	return []string{"St", "Ave", "Dr", "Rd", "Ln", "Blvd", "Ct", "Way", "Pl", "Cir", "Hwy", "Trl"}
}

func employers() []string {
	return []string{
		"Quick Lube Center", "Metro Warehouse", "Sunrise Diner", "City Auto Body", "Valley Construction", "Ace Recycling",
		"Northside Car Wash", "Lone Star Roofing", "Gulf Seafood Processing", "Tri-County Landscaping", "Hilltop Storage",
	}
}

// registryStyle is how one jurisdiction's registry prints records and
// links to them.
type registryStyle struct {
	// Upper: the registry prints names in capitals (most do).
	Upper bool
	// LongTypes: location types are RESIDENTIAL/EMPLOYMENT/SCHOOL rather
	// than R/E/S.
	LongTypes bool
	// Page and Image are the offender page and photo addresses, with %s
	// for the jurisdiction (lower case) and %d for the registry's id. The
	// hosts are under .example (reserved): the sandbox links nowhere real.
	Page, Image string
}

func registryStyles() []registryStyle {
	return []registryStyle{
		{Upper: true, Page: "https://sor.%s.sandbox.example/offenderdetails.php?OfndrID=%d&AgencyID=54150", Image: "https://sor.%s.sandbox.example/photos/%d.jpg"},
		{Upper: true, LongTypes: true, Page: "https://registry.%s.sandbox.example/sor/flyer.jsf?personId=%d", Image: "https://registry.%s.sandbox.example/sor/CallImage?imgID=%d"},
		{Upper: false, Page: "https://publicsite.%s.sandbox.example/SexOffenderRegistry/Search/Rapsheet?Sid=%d", Image: "https://publicsite.%s.sandbox.example/SexOffenderRegistry/Photo/%d"},
		{Upper: true, Page: "https://www.%s.sandbox.example/Offender/Details?id=%d&src=nsopw", Image: "https://www.%s.sandbox.example/Offender/Image?id=%d"},
	}
}
