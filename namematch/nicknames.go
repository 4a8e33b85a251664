package namematch

// nicknameSets are groups of given names that people use interchangeably.
// A name may sit in several groups ("al" is Albert and Alfred); two names
// match when they share a group, never transitively across groups.
var nicknameSets = [][]string{
	{"abigail", "abby", "gail"},
	{"albert", "al", "bert"},
	{"alexander", "alex", "xander", "sandy"},
	{"alexandra", "alex", "alexa", "sandra", "sandy", "lexi"},
	{"alfred", "al", "fred", "freddie"},
	{"andrew", "andy", "drew"},
	{"angela", "angie"},
	{"anthony", "tony"},
	{"barbara", "barb", "barbie", "babs"},
	{"benjamin", "ben", "benny"},
	{"catherine", "cathy", "cat", "kate", "katie"},
	{"charles", "charlie", "chuck", "chas"},
	{"christina", "chris", "tina", "christy"},
	{"christine", "chris", "tina", "christy"},
	{"christopher", "chris", "topher"},
	{"cynthia", "cindy"},
	{"daniel", "dan", "danny"},
	{"david", "dave", "davey"},
	{"deborah", "debbie", "deb", "debra"},
	{"donald", "don", "donny"},
	{"dorothy", "dot", "dottie"},
	{"edward", "ed", "eddie", "ted", "ned"},
	{"elizabeth", "liz", "lizzie", "beth", "betsy", "betty", "eliza", "libby"},
	{"eugene", "gene"},
	{"frances", "fran", "frannie"},
	{"francis", "frank"},
	{"frederick", "fred", "freddie"},
	{"gregory", "greg"},
	{"harold", "harry", "hal"},
	{"henry", "hank", "harry"},
	{"jacqueline", "jackie"},
	{"james", "jim", "jimmy", "jamie"},
	{"jennifer", "jen", "jenny"},
	{"jessica", "jess", "jessie"},
	{"john", "jack", "johnny"},
	{"jonathan", "jon", "jonny"},
	{"joseph", "joe", "joey"},
	{"joshua", "josh"},
	{"judith", "judy"},
	{"katherine", "kathy", "kate", "katie", "kat", "kathryn", "kay"},
	{"kathleen", "kathy", "kate", "katie"},
	{"kenneth", "ken", "kenny"},
	{"kimberly", "kim"},
	{"lawrence", "larry"},
	{"leonard", "leo", "len", "lenny"},
	{"margaret", "maggie", "meg", "peggy", "marge", "greta"},
	{"matthew", "matt"},
	{"michael", "mike", "mikey", "mick"},
	{"nancy", "nan"},
	{"nicholas", "nick", "nicky"},
	{"nicole", "nikki", "nicky"},
	{"pamela", "pam"},
	{"patricia", "pat", "patty", "trish", "tricia"},
	{"patrick", "pat", "paddy"},
	{"peter", "pete"},
	{"philip", "phil"},
	{"rebecca", "becky", "becca"},
	{"richard", "rick", "ricky", "dick", "rich"},
	{"robert", "rob", "bob", "bobby", "robbie", "bert"},
	{"ronald", "ron", "ronnie"},
	{"samantha", "sam", "sammy"},
	{"samuel", "sam", "sammy"},
	{"stephanie", "steph"},
	{"stephen", "steve", "steven"},
	{"steven", "steve", "stephen"},
	{"susan", "sue", "suzy", "susie"},
	{"suzanne", "sue", "suzy"},
	{"theodore", "ted", "teddy", "theo"},
	{"thomas", "tom", "tommy"},
	{"timothy", "tim", "timmy"},
	{"valerie", "val"},
	{"victoria", "vicky", "tori"},
	{"vincent", "vince", "vinny"},
	{"walter", "walt"},
	{"william", "will", "bill", "billy", "liam", "willy"},
	{"zachary", "zach", "zack"},
}

// nicknameGroups and nicknameIndex are built once from nicknameSets.
var nicknameGroups, nicknameIndex = buildNicknames(nicknameSets)

func buildNicknames(sets [][]string) ([]map[string]bool, map[string][]int) {
	groups := make([]map[string]bool, len(sets))
	index := map[string][]int{}
	for i, set := range sets {
		groups[i] = map[string]bool{}
		for _, n := range set {
			groups[i][n] = true
			index[n] = append(index[n], i)
		}
	}
	return groups, index
}
