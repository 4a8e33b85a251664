package registrysamples

// The name pools, written as people write their own names (mixed case,
// accents, particles). Lists print them their own way: LEIE and SAM in
// upper-case ASCII, OFAC with the surname in capitals and, for some entries,
// the accents kept. Surnames come roughly in frequency order: earlier ones
// are drawn more often, so common names repeat the way they do on the real
// lists.

type originData struct {
	name     string
	female   []string
	male     []string
	middleF  []string
	middleM  []string
	surnames []string
	// compound is how often a surname is two family names ("García López").
	compound float64
}

var anglo = originData{
	name: "anglo",
	female: []string{"Jennifer", "Jessica", "Ashley", "Amanda", "Sarah", "Sara", "Stephanie", "Melissa", "Nicole", "Elizabeth",
		"Heather", "Michelle", "Amy", "Kimberly", "Angela", "Lisa", "Rebecca", "Emily", "Megan", "Rachel", "Lauren",
		"Brittany", "Samantha", "Katherine", "Catherine", "Kathryn", "Kayla", "Hannah", "Courtney", "Danielle", "Crystal",
		"Tiffany", "Erica", "Patricia", "Deborah", "Debra", "Cynthia", "Theresa", "Teresa", "Kathleen", "Margaret", "Susan",
		"Karen", "Nancy", "Donna", "Carol", "Sandra", "Sharon", "Linda", "Barbara", "Mary", "Dorothy", "Pamela", "Brenda",
		"Tammy", "Tina", "Wanda", "Shirley", "Judith", "Janet", "Christina", "Christine", "Victoria", "Valerie", "Denise",
		"Tonya", "Latoya", "Keisha", "Tamika", "Ebony", "Shanice", "Jasmine", "Aaliyah", "Imani", "Destiny", "Monique",
		"Yolanda", "Felicia", "Alicia", "Ann", "Anne", "Jacqueline", "Frances", "Virginia", "Gloria", "Joyce", "Beverly",
		"Diane", "Rhonda", "Sherry", "Kelly", "Julie", "Holly", "April", "Dawn", "Tracy", "Stacy", "Misty", "Amber", "Heidi",
		"Robin", "Wendy", "Vanessa", "Abigail", "Alexandra", "Melanie", "Tasha", "Shantel", "Lakisha", "Chasity", "Brandy",
		"Charlotte", "Josephine", "Judy", "Marilyn", "Loretta", "Bonnie", "Peggy", "Connie", "Lori", "Jill"},
	male: []string{"Michael", "Christopher", "Matthew", "Joshua", "David", "Daniel", "James", "Robert", "John", "Jon",
		"Joseph", "Andrew", "Ryan", "Brandon", "Jason", "Justin", "William", "Kevin", "Tyler", "Aaron", "Richard", "Thomas",
		"Charles", "Steven", "Stephen", "Timothy", "Kenneth", "Ronald", "Donald", "Gary", "Anthony", "Mark", "Paul", "Larry",
		"Jeffrey", "Gregory", "Frank", "Scott", "Eric", "Raymond", "Patrick", "Dennis", "Jerry", "Walter", "Peter", "Harold",
		"Douglas", "Henry", "Carl", "Arthur", "Roger", "Keith", "Jeremy", "Terry", "Lawrence", "Sean", "Christian", "Albert",
		"Ethan", "Austin", "Jesse", "Willie", "Bryan", "Bruce", "Jordan", "Ralph", "Roy", "Eugene", "Wayne", "Alan", "Louis",
		"Russell", "Vincent", "Philip", "Bradley", "Marcus", "DeShawn", "Terrence", "Jamal", "Darnell", "Tyrone", "Reginald",
		"Cedric", "Dwayne", "Lamar", "Darius", "Malik", "Nicholas", "Benjamin", "Samuel", "Alexander", "Jonathan", "Edward",
		"Zachary", "Frederick", "Gerald", "Travis", "Shawn", "Curtis", "Leonard", "Clarence"},
	middleF: []string{"Marie", "Ann", "Lynn", "Elizabeth", "Nicole", "Michelle", "Renee", "Rose", "Grace", "Jean", "Louise",
		"Kay", "Dawn", "Lee", "Joy", "Mae", "Christine", "Jo", "Faye", "Denise", "Anne", "Leigh", "Diane", "Sue", "Rae"},
	middleM: []string{"James", "Michael", "Lee", "Allen", "Wayne", "Ray", "Edward", "Thomas", "Alan", "Joseph", "Paul",
		"William", "David", "Scott", "Dean", "Eugene", "Lynn", "Earl", "Jerome", "Anthony", "Andrew", "Robert", "John"},
	surnames: []string{"Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson", "Taylor",
		"Thomas", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White", "Harris", "Clark", "Lewis", "Robinson", "Walker",
		"Young", "Allen", "King", "Wright", "Scott", "Hill", "Green", "Adams", "Baker", "Nelson", "Carter", "Mitchell",
		"Roberts", "Turner", "Phillips", "Campbell", "Parker", "Evans", "Edwards", "Collins", "Stewart", "Morris", "Murphy",
		"Cook", "Rogers", "Morgan", "Cooper", "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Cox", "Ward", "Richardson",
		"Watson", "Brooks", "Wood", "James", "Bennett", "Gray", "Hughes", "Price", "Sanders", "Myers", "Long", "Ross",
		"Foster", "Powell", "Jenkins", "Perry", "Russell", "Sullivan", "Bell", "Coleman", "Butler", "Henderson", "Barnes",
		"Fisher", "Graham", "Hamilton", "Wallace", "Gibson", "West", "Cole", "Hayes", "Bryant", "Ellis", "Stevens", "Murray",
		"Ford", "Marshall", "Owens", "McDonald", "Harrison", "Kennedy", "Wells", "Alexander", "Freeman", "Webb", "Simpson",
		"Stone", "Tucker", "Porter", "Hunter", "Hicks", "Crawford", "Boyd", "Mason", "Warren", "Dixon", "Burns", "Gordon",
		"Shaw", "Holmes", "Rice", "Robertson", "Hunt", "Black", "Daniels", "Palmer", "Mills", "Grant", "Knight", "Ferguson",
		"Rose", "Hawkins", "Dunn", "Perkins", "Hudson", "Spencer", "Gardner", "Stephens", "Payne", "Pierce", "Berry",
		"Matthews", "Arnold", "Wagner", "Willis", "Ray", "Watkins", "Olson", "Carroll", "Duncan", "Snyder", "Hart",
		"Cunningham", "Bradley", "Lane", "Andrews", "Harper", "Fox", "Riley", "Armstrong", "Carpenter", "Weaver", "Greene",
		"Lawrence", "Elliott", "Chapman", "Sims", "Austin", "Peters", "Kelley", "Franklin", "Lawson", "Fields", "Ryan",
		"Schmidt", "Carr", "Washington", "Jefferson", "Banks", "Wilkins", "Booker", "O'Brien", "O'Connor", "McCarthy",
		"MacDonald", "St. John", "Thomson", "Philips", "Johnston", "Jonson", "Stevenson", "Stephenson", "Reid", "Smyth",
		"Grey", "Clarke", "Browne", "Abernathy", "Blackwell", "Calloway", "Dempsey", "Eastwood", "Fairbanks", "Gallagher",
		"Hollingsworth", "Kowalczyk", "Lindqvist", "Montgomery", "Nakamura", "Pemberton", "Quinlan", "Ratliff", "Sutherland",
		"Thibodeaux", "Underwood", "Vanderbilt", "Whitfield", "Yarbrough", "Zimmerman", "Beauchamp", "Christensen",
		"Christenson", "Goodwin", "Haskins", "Ingram", "Jernigan", "Kirkpatrick", "Lockhart", "Mayfield", "Norwood",
		"Oakley", "Prescott", "Rutherford", "Stallworth", "Tillman", "Vaughn", "Woodard", "Yates", "Blanchard", "Crenshaw",
		"Dockery", "Emerson", "Fitzgerald", "Gentry", "Holloway", "Irby", "Jeffries", "Kincaid", "Langston", "McKenzie",
		"Nash", "Osborne", "Pittman", "Quarles", "Rowland", "Singleton", "Trammell", "Upshaw", "Vickers", "Whitaker"},
}

var hispanic = originData{
	name: "hispanic",
	female: []string{"María", "Guadalupe", "Ana", "Lucía", "Sofía", "Valeria", "Yesenia", "Marisol", "Rosa", "Leticia",
		"Mayra", "Verónica", "Mónica", "Adriana", "Claudia", "Patricia", "Beatriz", "Inés", "Raquel", "Elena", "Carmen",
		"Dolores", "Josefina", "Araceli", "Maribel", "Ximena", "Daniela", "Gabriela", "Alejandra", "Angélica", "Itzel",
		"Consuelo", "Socorro", "Esperanza", "Marisela", "Yolanda", "Norma", "Silvia", "Lorena", "Rocío", "Concepción",
		"Mercedes", "Pilar", "Zulema", "Noemí", "Belén", "Martina", "Renata"},
	male: []string{"José", "Juan", "Luis", "Carlos", "Jesús", "Miguel", "Alejandro", "Francisco", "Jorge", "Ricardo",
		"Fernando", "Rafael", "Eduardo", "Sergio", "Roberto", "Javier", "Manuel", "Raúl", "Ramón", "Andrés", "Héctor",
		"Óscar", "Rubén", "Víctor", "Guillermo", "Ignacio", "Enrique", "Alberto", "Arturo", "Gerardo", "Joaquín", "Julián",
		"Martín", "Nicolás", "Sebastián", "Tomás", "Efraín", "Adán", "Germán", "Iván", "Hernán", "Ismael", "Rodrigo"},
	middleF: []string{"Guadalupe", "Isabel", "Carmen", "Alejandra", "Luisa", "Elena", "del Carmen", "de Jesús", "Inés",
		"Teresa", "Fernanda", "Victoria", "Sofía"},
	middleM: []string{"Antonio", "Luis", "Manuel", "José", "Alberto", "Javier", "Ángel", "Andrés", "Eduardo", "Tomás", "Ramón"},
	surnames: []string{"García", "Rodríguez", "Martínez", "Hernández", "López", "González", "Pérez", "Sánchez", "Ramírez",
		"Torres", "Flores", "Rivera", "Gómez", "Díaz", "Cruz", "Morales", "Reyes", "Gutiérrez", "Ortiz", "Chávez", "Ramos",
		"Ruiz", "Jiménez", "Mendoza", "Vásquez", "Castillo", "Moreno", "Romero", "Herrera", "Medina", "Aguilar", "Vargas",
		"Castro", "Guzmán", "Muñoz", "Núñez", "Peña", "Ibáñez", "Domínguez", "Salazar", "Delgado", "Fuentes", "Cabrera",
		"Espinoza", "Sandoval", "Ochoa", "Zúñiga", "Acosta", "Beltrán", "Quintero", "Caro", "Carrillo", "Fonseca",
		"Treviño", "Cárdenas", "Orozco", "Valdés", "Villarreal", "Montoya", "Gonzales", "Rodrigues", "Martines", "Hernandes",
		"de la Cruz", "de la Garza", "de León", "del Río", "de los Santos", "Méndez", "Velázquez", "Solís", "Ríos",
		"Ávila", "Bermúdez", "Cisneros", "Escobar", "Galván", "Lozano", "Maldonado", "Navarro", "Olvera", "Pacheco",
		"Quiñones", "Rosales", "Saldaña", "Tapia", "Urías", "Zamora"},
	compound: 0.15,
}

var filipino = originData{
	name: "filipino",
	female: []string{"Maricel", "Jocelyn", "Rowena", "Marilou", "Analyn", "Rhea", "Mary Grace", "Lorna", "Rosalie",
		"Evangeline", "Imelda", "Cherry", "Marites", "Joy", "Aileen", "Divina", "Lourdes", "Ma. Teresa", "Jennylyn"},
	male: []string{"Ramil", "Mark Anthony", "Rodel", "Arnel", "Romeo", "Reynaldo", "Jomar", "Rogelio", "Danilo", "Edgardo",
		"Jun", "Ferdinand", "Wilfredo"},
	middleF:  []string{"Santos", "Reyes", "Dela Cruz", "Bautista", "Garcia", "Mendoza", "Del Rosario", "Aquino", "Villanueva"},
	middleM:  []string{"Santos", "Reyes", "Cruz", "Bautista", "Ramos", "Castro", "Navarro", "Tolentino"},
	surnames: []string{"Santos", "Reyes", "Cruz", "Bautista", "Ocampo", "Garcia", "Mendoza", "Torres", "Tomas", "Andrada", "Castillo", "Flores", "Villanueva", "Ramos", "Castro", "Rivera", "Aquino", "Navarro", "Dela Cruz", "Del Rosario", "De Guzman", "Macaraeg", "Pangilinan", "Dimaculangan", "Manalo", "Soriano", "Tolentino", "Magbanua", "Dizon", "Salvador", "Lacson", "Gatchalian"},
}

var vietnamese = originData{
	name:     "vietnamese",
	female:   []string{"Linh", "Ngọc", "Thủy", "Hương", "Lan", "Mai", "Trang", "Thảo", "Hạnh", "Phương", "Hoa", "Nhung", "Trâm", "Vy", "Yến"},
	male:     []string{"Tuấn", "Minh", "Dũng", "Hùng", "Quang", "Thanh", "Huy", "Long", "Phúc", "Khoa", "Bảo", "Đức", "Hải", "Sơn", "Trung"},
	middleF:  []string{"Thị", "Ngọc", "Thu", "Thanh", "Kim", "Hồng"},
	middleM:  []string{"Văn", "Đức", "Minh", "Quốc", "Hữu", "Công"},
	surnames: []string{"Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Võ", "Đặng", "Bùi", "Đỗ", "Hồ", "Ngô", "Dương", "Lý", "Trương", "Đinh", "Lâm", "Mai"},
}

var nigerian = originData{
	name: "nigerian",
	female: []string{"Chiamaka", "Ngozi", "Oluwaseun", "Funmilayo", "Adaeze", "Chinwe", "Ifeoma", "Nkechi", "Blessing",
		"Folake", "Temitope", "Yetunde", "Bukola", "Ebere", "Chioma", "Adaora", "Omolara", "Precious", "Uchenna"},
	male: []string{"Emeka", "Chinedu", "Oluwafemi", "Adebayo", "Chukwuemeka", "Ikenna", "Obinna", "Olumide", "Tunde",
		"Segun", "Uche", "Kelechi", "Babatunde", "Chibuzo", "Oluwaseyi", "Ayodele", "Nnamdi"},
	middleF: []string{"Adaora", "Olamide", "Chinyere", "Oluwakemi", "Ngozi", "Amaka"},
	middleM: []string{"Chukwuemeka", "Oluwaseun", "Adewale", "Ifeanyi", "Obinna"},
	surnames: []string{"Okafor", "Okonkwo", "Adeyemi", "Eze", "Nwosu", "Obi", "Balogun", "Adebayo", "Ogunleye", "Okoro",
		"Nwachukwu", "Ibrahim", "Oyelaran", "Afolabi", "Ogundipe", "Onyekachi", "Uzoma", "Chukwu", "Ezeh", "Olatunji",
		"Akinola", "Oladipo", "Adewale", "Ogbonna", "Onuoha", "Okeke", "Nwankwo", "Adeleke", "Babalola", "Ojo"},
}

var indian = originData{
	name: "indian",
	female: []string{"Priya", "Anjali", "Deepa", "Sunita", "Kavita", "Pooja", "Neha", "Lakshmi", "Meena", "Divya",
		"Shalini", "Swati", "Rekha", "Geeta", "Asha", "Jyoti", "Preeti", "Sneha", "Bindu", "Reshma"},
	male: []string{"Raj", "Arjun", "Rahul", "Vikram", "Sanjay", "Amit", "Rajesh", "Suresh", "Anil", "Ravi", "Sunil",
		"Manoj", "Venkata", "Srinivas", "Prakash", "Ashok", "Deepak", "Kiran", "Naveen", "Harish"},
	middleF: []string{"Kumari", "Devi", "Rani", "Lakshmi"},
	middleM: []string{"Kumar", "Prasad", "Lal", "Mohan", "Chandra"},
	surnames: []string{"Patel", "Shah", "Singh", "Kumar", "Reddy", "Rao", "Iyer", "Nair", "Gupta", "Sharma", "Desai",
		"Mehta", "Joshi", "Pillai", "Chaudhary", "Agarwal", "Bhatt", "Menon", "Krishnan", "Varghese", "Mathew", "Kaur",
		"Thakkar", "Verma", "Banerjee", "Chatterjee", "Mukherjee", "Subramanian", "Venkatesan", "Ramachandran"},
}

var slavic = originData{
	name: "slavic",
	female: []string{"Olga", "Svetlana", "Natalia", "Irina", "Tatiana", "Yelena", "Oksana", "Kateryna", "Anna", "Marina",
		"Yulia", "Agnieszka", "Katarzyna", "Małgorzata", "Ewa", "Larisa", "Lyudmila", "Galina", "Nadezhda", "Zofia"},
	male: []string{"Sergei", "Dmitri", "Alexei", "Vladimir", "Andrei", "Igor", "Oleg", "Mikhail", "Yuri", "Nikolai",
		"Viktor", "Pavel", "Piotr", "Tomasz", "Krzysztof", "Grzegorz", "Bohdan", "Taras", "Aleksandr", "Yevgeny", "Boris", "Gennady"},
	middleF: []string{"Anna", "Maria", "Ewa"},
	middleM: []string{"Jan", "Piotr", "Adam"},
	surnames: []string{"Ivanov", "Petrov", "Smirnov", "Volkov", "Kuznetsov", "Sokolov", "Popov", "Lebedev", "Kozlov",
		"Novikov", "Morozov", "Pavlov", "Orlov", "Kovalenko", "Shevchenko", "Bondarenko", "Tkachenko", "Kravchenko", "Melnyk",
		"Kowalski", "Nowak", "Wiśniewski", "Wójcik", "Kamiński", "Lewandowski", "Zieliński", "Szymański", "Dąbrowski",
		"Novak", "Horvat", "Dvořák", "Vasiliev", "Fedorov", "Mikhailov", "Alekseev", "Yakovlev", "Sorokin", "Rotenberg",
		"Deripaska", "Timchenko"},
}

var chinese = originData{
	name:     "chinese",
	female:   []string{"Wei", "Jing", "Li Na", "Mei", "Yan", "Hui", "Xiu Ying", "Xiaoling", "Fang", "Ying"},
	male:     []string{"Wei", "Jian", "Lei", "Jun", "Xiaoming", "Hao", "Zhiqiang", "Yong", "Gang", "Bo"},
	surnames: []string{"Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou", "Xu", "Sun", "Ma", "Zhu", "Hu", "Guo", "Lin", "He", "Gao", "Luo"},
}

var korean = originData{
	name:     "korean",
	female:   []string{"Ji-Yeon", "Seo-Yeon", "Soo-Jin", "Eun-Ji", "Min-Ji", "Hye-Jin", "Yoon-Ah"},
	male:     []string{"Min-Jun", "Hyun-Woo", "Ji-Hoon", "Sung-Min", "Dong-Hyun", "Jong-Ho", "Chol-Su", "Kwang-Il"},
	surnames: []string{"Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim", "Ri", "Pak"},
}

var arabic = originData{
	name: "arabic",
	female: []string{"Fatima", "Aisha", "Leila", "Nadia", "Mariam", "Zainab", "Huda", "Amal", "Rania", "Samira", "Yasmin",
		"Noor", "Khadija", "Salma", "Layla"},
	male: []string{"Muhammad", "Ahmad", "Ali", "Hassan", "Husayn", "Abd al-Rahman", "Khalid", "Umar", "Yusuf", "Ibrahim",
		"Mustafa", "Salim", "Tariq", "Walid", "Faisal", "Hamza", "Bilal", "Abdullah", "Said", "Nasir", "Jamal", "Karim",
		"Mahmud", "Sami", "Adil", "Hamid", "Rashid", "Zaid", "Abu Bakr", "Usama", "Anwar", "Jafar", "Qasim", "Hisham"},
	middleF: []string{"Muhammad", "Ahmad", "Ali", "Hassan"},
	middleM: []string{"Muhammad", "Ahmad", "Ali", "Abdallah", "Hasan", "Salih", "Ibrahim", "Yusuf", "Mahmud", "Khalil", "Abd al-Aziz"},
	surnames: []string{"al-Zahrani", "al-Qahtani", "al-Shammari", "Hamadi", "Nasrallah", "Haddad", "Khalil", "Saleh",
		"al-Asad", "al-Masri", "Abu Zayd", "al-Rashid", "al-Tikriti", "al-Baghdadi", "Mansour", "Darwish", "al-Hashimi",
		"al-Kuwaiti", "Qasim", "al-Harbi", "al-Otaibi", "Bakr", "Jaber", "Yassin", "al-Amiri", "Fadlallah", "Mughniyah",
		"al-Jubouri", "al-Dulaimi", "Salameh", "Awad", "Hijazi", "al-Sayyid", "Khoury", "Suleiman", "al-Najjar", "Abbas",
		"al-Ansari", "Mahdi", "Zaidan"},
}

var francophone = originData{
	name:     "francophone",
	female:   []string{"Renée", "Hélène", "Zoë", "Chloé", "Andrée", "Josée", "Geneviève", "Mélanie", "Amélie", "Céline"},
	male:     []string{"André", "René", "Jérôme", "François", "Noël", "Stéphane", "Frédéric", "Benoît", "Gaëtan"},
	middleF:  []string{"Marie", "Thérèse", "Hélène"},
	middleM:  []string{"Joseph", "Marie", "Pierre"},
	surnames: []string{"Côté", "Gagné", "Bélanger", "Lévesque", "Fréchette", "Bérubé", "Théberge", "Lefèvre", "Müller", "Schäfer", "Bouchard", "Gauthier", "Pelletier", "Thériault"},
}

// hyphenPartners are the second halves of hyphenated surnames
// ("Smith-Jones", "Okafor-Adeyemi").
var hyphenPartners = []string{"Jones", "Smith", "Williams", "Brown", "Taylor", "Davis", "Moore", "Clark", "Hall", "Lewis", "Young", "Allen", "Price", "Ward", "Okafor", "Adeyemi", "Garcia", "Nguyen"}

// nicknameGroups are given names used interchangeably; the first is the
// formal name a list prints, the rest what a person may go by.
var nicknameGroups = [][]string{
	{"William", "Bill", "Will", "Billy", "Willie"}, {"Robert", "Bob", "Rob", "Bobby", "Robbie"},
	{"Richard", "Rick", "Dick", "Rich", "Ricky"}, {"James", "Jim", "Jimmy", "Jamie"}, {"John", "Jack", "Johnny"},
	{"Joseph", "Joe", "Joey"}, {"Michael", "Mike", "Mikey"}, {"Christopher", "Chris"}, {"Thomas", "Tom", "Tommy"},
	{"Charles", "Charlie", "Chuck"}, {"Daniel", "Dan", "Danny"}, {"Matthew", "Matt"}, {"Anthony", "Tony"},
	{"Steven", "Steve"}, {"Stephen", "Steve"}, {"Timothy", "Tim"}, {"Kenneth", "Ken", "Kenny"}, {"Ronald", "Ron", "Ronnie"},
	{"Donald", "Don", "Donnie"}, {"Gregory", "Greg"}, {"Edward", "Ed", "Eddie", "Ted"}, {"Andrew", "Andy", "Drew"},
	{"Nicholas", "Nick"}, {"Benjamin", "Ben"}, {"Jeffrey", "Jeff"}, {"Lawrence", "Larry"}, {"Raymond", "Ray"},
	{"Patrick", "Pat"}, {"Douglas", "Doug"}, {"Samuel", "Sam"}, {"Alexander", "Alex"}, {"Jonathan", "Jon"},
	{"Gerald", "Jerry"}, {"Terrence", "Terry"}, {"Peter", "Pete"}, {"Frederick", "Fred"}, {"Walter", "Walt"},
	{"Zachary", "Zach"}, {"Leonard", "Leo", "Len"}, {"Philip", "Phil"}, {"Bradley", "Brad"}, {"Eugene", "Gene"},
	{"Elizabeth", "Liz", "Beth", "Betty"}, {"Katherine", "Kathy", "Katie", "Kate"}, {"Catherine", "Cathy", "Kate"},
	{"Kathryn", "Kathy", "Kate"}, {"Kathleen", "Kathy", "Kate"}, {"Margaret", "Peggy", "Maggie", "Meg"},
	{"Jennifer", "Jenny", "Jen"}, {"Jessica", "Jess", "Jessie"}, {"Rebecca", "Becky"}, {"Patricia", "Pat", "Patty", "Trish"},
	{"Deborah", "Debbie", "Deb"}, {"Debra", "Debbie", "Deb"}, {"Susan", "Sue", "Susie"}, {"Kimberly", "Kim"},
	{"Cynthia", "Cindy"}, {"Pamela", "Pam"}, {"Barbara", "Barb"}, {"Dorothy", "Dot", "Dottie"}, {"Theresa", "Terri", "Tess"},
	{"Teresa", "Terri", "Tess"}, {"Christina", "Chris", "Tina"}, {"Christine", "Chris", "Tina"}, {"Victoria", "Vicky", "Tori"},
	{"Samantha", "Sam"}, {"Stephanie", "Steph"}, {"Jacqueline", "Jackie"}, {"Abigail", "Abby"}, {"Amanda", "Mandy"},
	{"Alexandra", "Alex", "Sandra"}, {"Melissa", "Missy"}, {"Judith", "Judy"}, {"Sandra", "Sandy"}, {"Valerie", "Val"},
	{"Frances", "Fran"}, {"Josephine", "Josie"}, {"Virginia", "Ginny"}, {"Beverly", "Bev"},
	{"Francisco", "Paco", "Pancho", "Frank"}, {"José", "Pepe"}, {"Guadalupe", "Lupe"}, {"Jesús", "Chuy"},
	{"Alejandro", "Alex"}, {"Roberto", "Beto"}, {"Alberto", "Beto"}, {"Eduardo", "Lalo"}, {"Ignacio", "Nacho"},
	{"Enrique", "Kike"}, {"Manuel", "Manny"}, {"Rafael", "Rafa"}, {"Dolores", "Lola"}, {"Concepción", "Concha"},
	{"Ricardo", "Ricky"}, {"Guillermo", "Memo"}, {"Aleksandr", "Sasha", "Alex"}, {"Dmitri", "Dima"}, {"Mikhail", "Misha"},
	{"Vladimir", "Volodya"}, {"Nikolai", "Kolya"}, {"Natalia", "Natasha"}, {"Tatiana", "Tanya"}, {"Yelena", "Lena"},
}

// arabicSpellings are transliterations OFAC lists as a.k.a.s of one another.
var arabicSpellings = [][]string{
	{"Muhammad", "Mohammed", "Mohamed", "Mohammad"}, {"Ahmad", "Ahmed"}, {"Husayn", "Hussein", "Hussain"},
	{"Hassan", "Hasan"}, {"Umar", "Omar"}, {"Yusuf", "Youssef", "Yousef"}, {"Khalid", "Khaled"}, {"Said", "Saeed"},
	{"Abd al-Rahman", "Abdulrahman", "Abdel Rahman"}, {"Mustafa", "Mostafa"}, {"Mahmud", "Mahmoud"}, {"Usama", "Osama"},
	{"Salim", "Salem"}, {"Qasim", "Kassem"}, {"Jafar", "Jaafar"}, {"Abdullah", "Abdallah"}, {"Hamid", "Hamed"},
}

// slavicSpellings are transliterations of Russian and Ukrainian given names.
var slavicSpellings = [][]string{
	{"Sergei", "Sergey"}, {"Dmitri", "Dmitry", "Dmitriy"}, {"Yuri", "Yury", "Yuriy"}, {"Aleksandr", "Alexander"},
	{"Yevgeny", "Evgeny", "Evgeniy"}, {"Alexei", "Aleksey", "Alexey"}, {"Andrei", "Andrey"}, {"Nikolai", "Nikolay"},
	{"Yelena", "Elena"}, {"Tatiana", "Tatyana"}, {"Natalia", "Natalya"}, {"Yulia", "Yuliya", "Julia"},
}

// patronymicStems build Russian middle names (-ovich / -ovna).
var patronymicStems = []string{"Sergeyev", "Viktorov", "Vladimirov", "Aleksandrov", "Nikolayev", "Ivanov", "Petrov",
	"Mikhailov", "Yuryev", "Igorev", "Olegov", "Andreyev", "Dmitriyev", "Pavlov", "Borisov", "Gennadyev"}

// weakAKAs are the nicknames OFAC records as low-quality a.k.a.s.
var weakAKAs = map[string][]string{
	"arabic":   {"ABU KHALID", "ABU HAMZA", "ABU MUHAMMAD", "ABU ALI", "AL-IRAQI", "AL-SHAMI", "ABU UMAR", "ABU YUSUF", "AL-MASRI", "ABU BAKR", "HAJJI", "SHEIKH"},
	"hispanic": {"EL GORDO", "EL CHAPO", "EL MENCHO", "LA TIA", "EL INGENIERO", "EL COMPA", "EL GUERO", "EL FLACO", "DON NACHO", "LA REINA"},
	"slavic":   {"DIMA", "SASHA", "MISHA", "VOVA", "KOSTYA", "THE BANKER"},
	"chinese":  {"UNCLE WANG", "BIG BROTHER"},
}
