package nsopw

import "slices"

// Jurisdictions returns every jurisdiction code a national search covers
// (183), in the site's order: the codes the NSOPW search form sends when a
// user searches "All" jurisdictions, 127 tribal registries, then the 50
// states, DC and the territories.
//
// A name search must name every jurisdiction it covers (the backend answers
// statusCode 108 without any), so this list is what makes a search
// national.
func Jurisdictions() []string {
	return []string{
		"ASTRIBE", "AKCHIN", "ACTRIBE", "BLACKFEET", "BOISFORTE", "CADDO", "CHEROKEE", "CATRIBES", "CHEYENNERIVER",
		"CHICKASAW", "CHIPPEWACREE", "CHITIMACHA", "POTAWATOMI", "COCOPAH", "CRIT", "COMANCHE", "CHEHALIS", "YAKAMA",
		"COLVILLETRIBES", "CTUIR", "WARMSPRINGS", "CROWNATIONS", "DNATION", "NCCHEROKEE", "ESTOO", "ELY", "FSST",
		"FTBELKNAP", "FTMCDOWELL", "MOJAVEINDIANTRIBE", "FORTPECKTRIBES", "GRIC", "GTB", "HAVASUPAI", "HOPI",
		"HUALAPAI", "IOWANATION", "JICARILLA", "KAIBABPAIUTE", "KALISPELTRIBE", "KAW", "SANTODOMINGO", "KBIC",
		"KICKAPOO", "ELWHA", "LUMMI", "MAKAH", "MPTN", "MITW", "MESCALEROAPACHE", "METLAKATLA", "MIAMINATION",
		"MICCOSUKEETRIBE", "CHOCTAW", "MODOC", "MUSCOGEE", "NAVAJO", "NEZPERCE", "NISQUALLY", "NOOKSACK",
		"NORTHERNARAPAHO", "NORTHERNCHEYENNE", "NHBPI", "OGLALA", "OHKAYOWINGEH", "OMAHA", "ONEIDA", "OSAGE",
		"OMTRIBE", "OTTAWATRIBE", "PASCUAYAQUI", "PAWNEENATION", "PEORIATRIBE", "PCI", "POKAGON", "PORTGAMBLE",
		"PBPNATION", "SANIPUEBLO", "PUEBLOOFACOMA", "ISLETA", "JEMEZ", "LAGUNA", "SANTAANA", "ZUNI", "PUYALLUPTRIBE",
		"PLPT", "QUAPAW", "QUINAULT", "REDLAKE", "RSIC", "ROSEBUD", "SACANDFOXNATION", "MESKWAKI", "SRPMIC", "SCAT",
		"SANTEE", "SAULTSAINTEMARIE", "SEMINOLENATION", "SCTRIBE", "SHOALWATERBAY", "SBTRIBES", "SHOSHONEPAIUTE",
		"SWO", "SKOKOMISH", "SPIRITLAKE", "SPOKANETRIBE", "SQUAXINISLAND", "SRST", "SUQUAMISH", "TEMOAKTRIBE",
		"MHANATION", "TONATION", "TONKAWA", "TONTOAPACHE", "TULALIP", "TMBCI", "UNITEDKEETOOWAHBAND", "UPPERSKAGIT",
		"UTETRIBE", "WAMPANOAG", "WASHOETRIBE", "WMAT", "WINNEBAGOTRIBE", "WYANDOTTE", "YANKTON", "YAVAPAIAPACHE",
		"YPIT",
		"AL", "AK", "AMERICANSAMOA", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "GU", "HI", "ID", "IL",
		"IN", "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM",
		"NY", "NC", "ND", "CNMI", "OH", "OK", "OR", "PA", "PR", "RI", "SC", "SD", "TN", "TX", "USVI", "UT", "VT",
		"VA", "WA", "WV", "WI", "WY",
	}
}

// StateJurisdictions returns the 56 codes of the states, DC and territories
// (two-letter USPS codes, and AMERICANSAMOA, GU, CNMI, PR, USVI).
func StateJurisdictions() []string {
	all := Jurisdictions()
	return all[slices.Index(all, "AL"):]
}
