package namematch

// commonMiddleNames are the given names most often printed as middle
// names on US records and on the lists' other origins, in folded form.
// A surname found only as the other side's middle name (surname_in_middle)
// counts only when that middle word is not one of them, or when another
// middle name agrees as well: "Matthew Lee" must not resemble every
// "MATTHEW LEE <anyone>", while "Maria Garcia" still resembles "MARIA
// GARCIA LOPEZ" (a second family name, or a maiden name kept as the
// middle name, is a surname, not one of these).
//
// Deliberately absent: given names that are also frequent Hispanic or
// Filipino family names (Santiago, Salvador, Roman, Gil, Cruz, Martin,
// Domingo), which appear as the first of two family names; Filipino
// middle names, which are the mother's family name (Santos, Reyes); Arabic
// middle names, which are the father's name and serve as the surname on
// many US documents (Husayn Salih Al-Zahrani is often Husayn Salih); and
// Yoruba and Igbo names, which are family names as often as given names.
//
// Sources: the middle names most frequent for US men and women born
// 1945–2000 (the "filler" middles Lee, Lynn, Ann, Marie, Mae, Jean, Ray,
// Wayne, Dean, Dale…, and the classic given names used as middles); the
// second given names of Hispanic, Vietnamese, Indian, Polish and French
// naming (José Antonio, María Luisa, Thị and Văn, Kumar and Devi, Anna
// Maria, Marie-Thérèse).
var commonMiddleNames = []string{
	// US, men.
	"alan", "allan", "allen", "alexander", "andrew", "anthony", "arthur", "bruce", "carl", "charles",
	"christopher", "craig", "dale", "daniel", "david", "dean", "douglas", "duane", "dwayne", "earl",
	"edward", "eugene", "francis", "frank", "gene", "gerald", "glen", "glenn", "gregory", "harold",
	"henry", "howard", "jacob", "james", "jay", "jerome", "john", "joseph", "keith", "kenneth",
	"kent", "kyle", "lane", "lee", "leon", "leroy", "lewis", "lloyd", "louis", "lynn", "mark",
	"matthew", "michael", "neil", "nicholas", "patrick", "paul", "ray", "raymond", "richard",
	"robert", "ronald", "roy", "russell", "ryan", "scott", "shane", "stephen", "steven", "thomas",
	"timothy", "todd", "troy", "wade", "wayne", "william",
	// US, women.
	"ann", "anne", "annette", "arlene", "beth", "belle", "carol", "catherine", "christine",
	"danielle", "darlene", "dawn", "denise", "diane", "dianne", "eileen", "elaine", "elizabeth",
	"ellen", "evelyn", "fay", "faye", "frances", "gail", "grace", "helen", "hope", "irene",
	"jane", "janet", "jean", "jeanne", "jill", "jo", "joy", "june", "katherine", "kathleen", "kay",
	"leigh", "lorraine", "lou", "louise", "lynne", "mae", "margaret", "marie", "may", "michelle",
	"nicole", "rae", "renee", "rose", "ruth", "sue", "susan", "suzanne", "teresa", "theresa",
	"victoria", "yvonne",
	// Hispanic.
	"alberto", "alejandra", "andres", "angel", "antonio", "carmen", "eduardo", "elena", "fernanda",
	"guadalupe", "ines", "isabel", "javier", "jesus", "jose", "luis", "luisa", "manuel", "maria",
	"ramon", "sofia", "tomas",
	// Vietnamese.
	"cong", "duc", "hong", "huu", "minh", "ngoc", "quoc", "thanh", "thi", "thu", "van",
	// Indian.
	"chandra", "devi", "kumar", "kumari", "lakshmi", "lal", "mohan", "prasad", "rani",
	// Polish and French.
	"adam", "anna", "ewa", "helene", "jan", "pierre", "piotr", "therese",
}

// middleNameSet is commonMiddleNames as a set, built once.
var middleNameSet = func() map[string]bool {
	m := make(map[string]bool, len(commonMiddleNames))
	for _, w := range commonMiddleNames {
		m[w] = true
	}
	return m
}()
