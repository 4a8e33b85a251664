package namematch

import (
	"strings"
	"unicode"
)

// CommonGivenName reports whether a word is one of the given names most
// common in the United States that the nickname groups and middle names
// (KnownGivenName) leave out, compared by its letters alone, folded. It is
// for telling whether words name a person ("Owen Fairbanks" in a file's
// keywords), not for ordering a name's parts.
func CommonGivenName(word string) bool {
	return commonGiven[strings.ToLower(strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) {
			return r
		}
		return -1
	}, Fold(word)))]
}

// commonGiven are common given names the nickname groups leave out,
// folded (the most given in the United States in the last seventy years,
// by the Social Security Administration's counts).
var commonGiven = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`
aaron abigail adam adrian aidan aisha alan albert alexa alexander alexis alice alicia alison allison alyssa amanda amber amy
andrea andre andrew angela angelica anita ann anne annie antonio april ariana ashley audrey austin autumn barbara beatriz
benjamin beth bethany betty beverly bianca blake brandon brenda brian brianna bridget brittany brooke bryan caitlin cameron
candice carl carla carlos carmen carol caroline carolyn carrie casey cassandra catherine cecilia chad chandra charlene charles
charlotte chelsea cheryl chloe christian christina christine christopher claire clara claudia colleen connor courtney craig
crystal cynthia dana danielle darlene darren dawn dean deanna debra denise derek destiny diana diane dominic donna doris dylan
eduardo elena elijah elise ellen emma erica erin esther ethan eva evelyn faith felicia fernando fiona florence frances gabriel
gabriela gail gina gloria grace gwendolyn hailey hannah heather heidi helen holly hope ian irene isaac isabel isabella ivan
jacob jacqueline jaime jamal janet janice jasmine jason javier jeanette jenna jennifer jeremy jesse jessica jillian joanne
jocelyn jordan jorge jose joy juan juanita julia julian julie justin kaitlyn kara karen karina kathleen kayla keith kelly
kelsey kendra kevin kiara kimberly kristen kristin krystal kyle laura lauren leah leslie lillian linda lindsay lindsey lisa
logan lorena lori lucas lucy luis lydia lynn mackenzie madison marcus margarita maria mariah marilyn marisol marissa marlene
martha mason maya megan melanie melinda melissa mercedes meredith michelle miguel miranda molly monica morgan nadia naomi
natalie natasha nathan nicole nina noah noelle norma olivia omar paige pamela paula pedro peggy priscilla rachel raquel
raymond rebecca regina renee rhonda ricardo rita roberta robin rosa rosemary roxanne ruby ruth ryan sabrina samantha sandra
sara sarah savannah shannon sharon shawn sheila shelby sheryl sierra simone sonia stacy stephanie summer sydney tamara tammy
tanya tara tasha teresa tiffany tina tonya tracy tyler valerie vanessa veronica victoria vivian wanda wendy whitney yolanda
yvonne zachary`) {
		m[n] = true
	}
	return m
}()
