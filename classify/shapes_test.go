package classify_test

import (
	"testing"

	"github.com/clearedtostart/compliance/catalog"
	"github.com/clearedtostart/compliance/classify"
)

// TestShapesOnDamagedScans: identity documents whose words OCR damaged
// are typed by what no damage hides (a zone whose check digits pass,
// AAMVA elements, a masked SSN under its title, a long title with two
// letters wrong), and pages that merely resemble one are not.
func TestShapesOnDamagedScans(t *testing.T) {
	c := classify.New(catalog.MustLoad())
	tests := []struct{ name, text, want string }{
		{"passport page whose print OCR lost, its zone read with fillers as c/e",
			"Pesce OS a ae EN PT EER Aa et\nPretocogy of pamaeport cata preps\n09 Mov 1969\n" +
				"P<USAVAN<DER<BERG< <HEATHER<ANN<<<<<<<<e<ecce\n618607 SL 06USA6911096F 34021 66<<<<<ceecceeKced\n", "passport"},
		{"zone data line alone, one check digit misread",
			"FEDERAL REPUBLIC\nD16083291 6NGAO202206F2911236<<<<ccceeecccces\n", "passport"},
		{"TD1 identity card zone: an identity card, not a passport", "I<UTOD231458907<<<<<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<\n", "drivers_license"},
		{"a photographed TD1 identity card: a passport's captions, its code read 1, fillers as c and spaces",
			"REPUBLIC OF UTOPIA\nIDENTITY CARD\nSurname\nERIKSSON\nGiven names\nANNA MARIA\nNationality UTO\nDate of birth 12 AUG 1974\nDate of expiry 15 APR 2012\n" +
				"1<UTOD2314589 07<cc<<<<<<<<<<<\n7408122F1204159UTO<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<\n", "drivers_license"},
		{"a photographed TD1 identity card whose print OCR lost, its state's O read as 0",
			"I<UT0D231458907<<<<<<«<<<<<<<<<\n7408122F3104150UT0<<<<<<<<<<<2\nERIKSSON<<ANNA<MARIA<<<<<<<<<<\n", "drivers_license"},
		{"a passport card's TD1 zone (code C) stays a passport's", "PASSPORT CARD\nC1USAC03004786<<<<<<<<<<<<<<<\n7408122F1204159USA<<<<<<<<<<<6\nERIKSSON<<ANNA<MARIA<<<<<<<<<<\n", "passport"},
		{"a passport page's TD3 zone whose name line opens with I of its surname is no card's",
			"P<UTOIVANOVA<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10\n", "passport"},
		{"license copy printing its decoded barcode",
			"ee rt a\nDAQ D1234567\nDCS SMITH\nDAC JOHN\nDBB 04121990\nDBA 04122030\n", "drivers_license"},
		{"SSN card, title on a line of its own, masked number with a tilde",
			"©\nSOCIAL SECURITY\nXXX~XX-3716\nTHATS SAADEH HAS BEEN EST AMR MOD FOR\nMELISSA J NUNEZ\n", "social_security_card"},
		{"a title OCR broke in two with wrong letters", "NEW YORK USA IOENTIICA TION CARD\n846 233 163\n: FLORES-SMAM\n", "drivers_license"},
		{"a license at 110 dpi: its title lost, the holder block kept (family name, given names, street)",
			"UGA OFTVER LICEMSE\n24814233\nMAC DONALD\n» ROSA GRACE\n§ 6164 CAM LM\nALPTea Te TE\n3008 che et a oe\n", "drivers_license"},
		{"a license at 110 dpi: the holder block over a city line whose ZIP OCR damaged",
			"ean MOOOSITI2Z\nVILLANUEVA\n» ABENA KAY\n£51) VERSES & VD\nSALT (LAME CITY, UT B4101\nsO0CH ‘nce top ‘su res\n", "drivers_license"},
		{"SSN card at 120 dpi: its title lost, the number over the holder's name",
			"Soe ee ee\n123 45 6789\nTHS NUMEER HAS BEEM ESTARUSHED FOR\nMELISSA J NUNEZ\n", "social_security_card"},
		{"an ID at 110 dpi: title and captions lost, its number over a one-line name and address, damaged DOB and EXP captions",
			"~ OHIO = ,\nwee ee\nOS123456\nJOHN MICHAEL SMITH\n123 MAIN ST\nCOLUMBUS, OH 43215\n0B 01/02/1980 xP 01/02/2030\n", "drivers_license"},
		{"a license copy at 120 dpi: LAST, FIRST M over the address, its number and a DOB",
			"eee ae\nDL 12345678\nSMITH, JOHN M\n1234 ELM ST APT 2\nAUSTIN, TX 78704\nD0B 04/05/1985\n", "drivers_license"},
		{"a card at 110 dpi: its program's acronym opening the damaged title, the card's sentence",
			"CPR Nurse Academy\nACLS C C leti So Soo naea aRE\nDis east cotton Oud fe hams\n" +
				"Keep tus card wah you The cad 9 vaid urtl the renewal date shown. employers may come & with the taming center bated.\n", "acls"},
		{"a license at 110 dpi: its state's name over its number and a damaged EXP caption, the title misread",
			"PENNSYLVANIA USA DRIVER Licknese\n088532650\nHUANG\nyu\n= ; MINN\nHe\nik aay 8 E77) MART OL CITHER cpa ma VO\n" +
				"ey PTT ORUROM PA 1E702\nss. 2008 won ee) Exp 0000 me\n# Me ri. Sotee (26 us ° Chee\n", "drivers_license"},
		{"a state ID at 110 dpi: the state alone on its line, a number, an ISS caption", "~ NEW MEXICO\nwe oe ee\n9S078748\nrwe ISS 0e/ee/2025\n", "drivers_license"},
		{"a state ID at 115 dpi: its title read TD CARD, the holder block over spelt-out captions OCR damaged",
			"NEW YORK STATE\nTD CARD\nio 724118 903\nciass NONE\nRAMIREZ-OTERO, LUIS A\n88 BAXTER AVE\nALBANY NY 12208\nooe 11/30/1986\nissuem 07/14/2021\nexpees 11/30/2029\n", "drivers_license"},
		{"a state ID: its state over its number, the title lost, an EXPIRES caption damaged",
			"~ COLORADO\nwe ee\n152-448-907\nexpiees 08/22/2028\n", "drivers_license"},
		{"a license at 130 dpi: its state over a number after a mark, captions lost, the address without a comma and two dates",
			". . lv\nCalifornia \ufffd er 7\n\ufffd 27730164\noe 06/21/2030\nuw ~=HALVORSEN\npm KIRSTENB\n" +
				"2210 OAK KNOLL DR\nFRESNO CA 93710\ncos 06/21/1991\neam NONE\n", "drivers_license"},
		{"a vertical license at 110 dpi: its state over its title whose DRIVER OCR damaged, its number after a damaged caption",
			"Arizona\nOFOVER LICENSE UNDER\nOUN 006812345\nEx? O87) 2034\nMCALLISTER\nBRENOAN J\n", "drivers_license"},
		{"SSN card: its heading with digits for letters, the number over a name OCR damaged",
			"~ .\nSoc1al Secur1ty\n604 31 7789\nTied AREER AS MOEN ESTAR Ged D FOR\nM1NH TRAN\n", "social_security_card"},
		{"SSN card: its heading a letter short beside a mark, its sentence damaged, no number",
			"SOCIAL SECURTY ~\nTHS NUMEER HAS BEEM ESTARUSHED FOR\nMinh Tran\n", "social_security_card"},
		{"a board's wallet card whose banner OCR lost: the profession over the license's number",
			"Registered Nurse\nGRANT E HOLLOWAY\nLicense No. 1029384\nStatus: Current\nIssued: 03/14/2025\nExpires: 03/31/2027\n", "nursing_license"},
		{"a board's card printing the profession after its license sentence, LI read U",
			"a ee\nUCENSE TO PRACTICE AS A REGISTERED NURSE\nDELACROIX, SIMONE R\nRN.471920\nValid through 10/31/2027\n", "nursing_license"},
		{"a license photographed small: its state's band lost, its number, DOB and EXP over the holder block, its ZIP read in letters",
			"FERRET RIS REIS EEE SEL ERIN OR! HEART Sat A De a\nS 562 118 394 207\nDOB 09/27/1982\nEXP 09/27/2028\nGRANT E HOLLOWAY\n" +
				"16 CEDAR CT\nPHOENEX, AZ ss004\nSS 0511/2024 CLASS O\nENO HONE RES NONE\n", "drivers_license"},
		{"a state ID at 120 dpi: its captions lost, NON-DRIVER IDENTIFICATION under the state, its number",
			"NON-DRIV\nNEW JERSEY\nIDENTIFICATION\n04417 26861 07924\n02/08/1987\n02/09/2027\nOKONKWO,\nADAEZE N\n4417 BRIARWOOD LN\n" +
				"ss 01/09/2023\nSACRAMENTO, CA 95823\n", "drivers_license"},
		{"a state ID at 130 dpi on a flatbed page: IDENTIFICATION read with a letter lost and spaces",
			"NOS a | VE a\nNEW JERSEY\nIDE NT FICATION\n\u00a9\n04417 28861 07924\nnoe\n0209/1967\ntw\n03092027\nOKONKWO,\nADAEZE N\n" +
				"4417 BRIARWOOD LN\nSACRAMENTO, CA 95823\n\u00abs 01/09/2023\n", "drivers_license"},
		{"a license at 120 dpi: its captions lost, the names under their field numbers 1 and 2",
			"WASHINGTON \ufffd LiceNse\n440 WDL7QK62M41B\n\ufffd \ufffd 12/05/2030\n1 PETROVA\n2 IRINAY\na 912 WALNUT\n" +
				"\ufffd \ufffd EHR: PA 19107\napoa 12/05/1990\ndass 07/22/2024\necuss C 15SEXF 1\u20acEYES HAZ\n", "drivers_license"},
		{"a board's card naming the profession in its own words (Registered Professional Nurse) under its department",
			"THE UNIVERSITY OF THE STATE OF NEW YORK\nEDUCATION DEPARTMENT\nREGISTERED PROFESSIONAL NURSE\nPETROVA IRINA V\nLICENSE NO 712345\n" +
				"REGISTERED THROUGH | 1/30/2027\n9}2 WALNUT ST\nPHILADELPHIA, PA 19107\n", "nursing_license"},
		{"a board's card photographed small: its board and profession lost, the license's number coded RN",
			"COMMONWEALTH OF MASSACHUSETTS\nRegistered Name\nBRENDAN } MCALLISTER\nLicense RN2298871\nExpires \ufffd\n", "nursing_license"},
		{"a board's card at 130 dpi: its board's wording damaged, Nurse read Nune, the number coded RN",
			"COMMONWEALTH OF MASSACHUSETTS\nDepartament of Putte Health\nDitiness of \ufffd \ufffd \ufffd\nBeard of \ufffd in Nursing\n" +
				"Registered Nune\nBRENDAN J MCALLISTER\nLicense RN22964871\nExpires 027107008\n", "nursing_license"},
		{"a license at 110 dpi: marks OCR made of its pattern over its state's name, its number, DOB and EXP",
			"ee a\nwe\n\ufffd oe\n~~\nTEXAS\n31057729\nDOB 01/30/1979\nEXP 01/30/2026\n", "drivers_license"},
		{"a department's card printing its number coded RN after Credential, the profession under it",
			"State Department of Health\nSIMONE R DELACROIX\nCredential RN60812345\nRegistered Nurse\nExpiration date: 06/15/2027\n", "nursing_license"},
		{"a license printing LICENSE NO under its damaged DRIVER title",
			"FLORIDA\nDRIVER LICENCE\nLICENSE NO W2418837\nLINDQVIST, HANNA M\n77 HARBOR VIEW DR\nTAMPA, FL 33602\nDOB 11/21/1992\n", "drivers_license"},
		{"a license at 120 dpi: only its number, DOB, EXP and CLASS left", "ee a\n12345678\nDOB 01/02/1980\nEXP 01/02/2030\nCLASS D SEX M\n", "drivers_license"},
		{"a license whose state OCR read beside a mark, its number, DOB and EXP", "Texas ~ Sait\n12345678\nDOB 01/02/1980\nEXP 01/02/2030\n", "drivers_license"},
		{"a page titled as a copy of a Social Security card, the card's heading and number read onto one line",
			"Copy of Social Security Card\nSOC1AL SECUR1TY 123-45-6789 ~\nMARIA ALVAREZ\n", "social_security_card"},
		// Precision: shapes that must not type a page.
		{"an insurer's card: a member's number, DOB, EXP and sex", "ee a\nID 12345678\nDOB 01/02/1980\nEXP 01/02/2030\nSEX F\n", catalog.OtherType},
		{"a W-2 at 130 dpi: the employee's SSN alone on its line over the name, its caption damaged",
			"W-2 Wage and Tax Statement 2025\na Empbyes\u2019s sora! seourity number\n058-36-2291\n2 Empibyes's name\nGRANT E HOLLOWAY\n" +
				"18 CEDAR CT\nPHOENIX, AZ 85004\n1 Wages \ufffd 2 Federaltax \ufffd\n", catalog.OtherType},
		{"a W-2 at 110 dpi on a flatbed page: its captions lost",
			"W-2 Wage and Tax Sistement 2025\nOe ee eed\n058 36-2291\n\u00a2 \ufffd ete\nGRANT E HOLLOWAY\n16 CEDAR CT\nPHOENIX AZ \ufffd\n", catalog.OtherType},
		{"a state's parking placard: its number, the holder's block, an expiry misread as a number",
			"CALIFORNIA\nOISAGLED PERSON PARKING PLACARD ID\nPLACARD NO 6841207\nMINH O TRAN\n1209 E 7TH ST\nAUSTIN, TX 78702\nEXP 06902027\n", catalog.OtherType},
		{"a state's concealed-weapon license whose banner OCR lost: its LICENSE NO over the holder's block, DOB, ISS and EXP",
			"FLORIDA\nLICENSE NO W2418837\nLINDQVIST, HANNA M\n77 HARBOR VIEW DR\nTAMPA, FL 33602\nDOB 11/21/1992\nISS 05/09/2024 EXP 05/05/2031\n", catalog.OtherType},
		{"a pharmacy board's card: a board, a license number, active, and no nurse",
			"TEXAS STATE BOARD OF PHARMACY\nPHARMACIST\nJANE A DOE\nLicense No. 48821\nExpires 06/30/2027\nStatus: Active\n", catalog.OtherType},
		{"a social work board's card", "BOARD OF SOCIAL WORK EXAMINERS\nLICENSED CLINICAL SOCIAL WORKER\nJANE A DOE\nLicense No. 28841\nExpires 06/30/2027\n", catalog.OtherType},
		{"a transportation worker's identification credential is no identification card with two letters wrong",
			"TRANSPORTATION WORKER IDENTIFICATION CREDENTIAL\nJANE A DOE\nExpires 01/01/2029\n123456789\n", catalog.OtherType},
		{"a W-4: the Social Security number as a captioned field beside a signature",
			"Form W-4\nEmployee's Withholding Certificate\nJANE A DOE\nSocial security number 123-45-6789\nSignature\n", catalog.OtherType},
		{"a direct deposit form: Social Security, a number and a signature",
			"DIRECT DEPOSIT FORM\nName JANE A DOE\nSocial Security 123-45-6789\nBank routing 123456789\nSignature\n", catalog.OtherType},
		{"a veteran's card: VETERAN, EXP and ISS, no state and no license", "VETERANS AFFAIRS\nVETERAN\nJOHN A DOE\nEXP 01/02/2030\nISS 01/02/2024\n", catalog.OtherType},
		{"a fax cover naming a nurse's license number", "FAX COVER SHEET\nTo: Credentialing\nRE: license\nRN 1234567\nFrom: Ann Lee\nPages: 2\n", catalog.OtherType},
		{"a skills checklist's header with the nurse's license", "Skills Checklist\nMedical-Surgical\nJANE A DOE\nLicense RN 1234567\nRate each skill 1-4\n", "skills_checklist"},
		{"a report naming its state under four lines of words", "Mercy Clinic\nLab Services\nReport\nPatient\nOHIO\n20261104\nDOB 04/05/1985\n", catalog.OtherType},
		{"a BLS card printing its holder's RN license", "BASIC LIFE SUPPORT\nCPR and AED Program\nJANE DOE RN\nLicense RN 1234567\n" +
			"Issue Date 04/05/2026\nRenew By 04/2028\nTraining Center ABC Health\n", "bls"},
		{"a hospital badge: the profession and an employee number, no license", "ST. LUKE'S MEDICAL CENTER\nJANE DOE\nREGISTERED NURSE\nICU\n" +
			"EMPLOYEE ID 00418827\nEXP 12/31/2026\n", catalog.OtherType},
		{"a state's policy numbered 1 and 2 under its name, no date", "OHIO\nPOLICY 20261104\n1 PURPOSE\n2 SCOPE\n", catalog.OtherType},
		{"a state's notice of identification requirements", "OHIO\nIDENTIFICATION\nNo. 20261104\nBring two documents.\n", catalog.OtherType},
		{"a state's vehicle registration card: its VIN and plate over the owner's block, its EXP and ISS",
			"STATE OF MICHIGAN\nVEHICLE REGISTRATION\nPLATE EKL 4471 EXP 04/18/2027\nVIN 1HGCM82633A004352\nHANNA M LINDQVIST\n" +
				"77 HARBOR VIEW DR\nTAMPA, FL 33602\nISS 04/02/2026 FEE $138.00\n", catalog.OtherType},
		{"a state's fishing license at 130 dpi, its title lost: a customer's number, the holder's block, a DOB",
			"OHIO \ufffd \ufffd oe _\u2014\nCUSTOMER ID 300416827\nMINH O TRAN\n1209 E TH ST\nAUSTIN, TX 78702\nDOB 06-02/1984\n" +
				"VALID 0301/2026 - 02\u00b0282027\n$39 G2 20.2038\n", catalog.OtherType},
		{"a state's fishing license turned, its department of natural resources over the state's name",
			"\ufffd OF KATURAL RESOURCES\nOHIO\nASAUAL Pree) LICTHGE\nCUSTOMER ID 300418827\nMINH O TRAN\n1200 E 7TH ST\nAUSTIN, TX 7e702\n" +
				"DOB 06.02:1984\nVALIO 0301/2028 - 02'38'2027\n($8 02 30-2028\n", catalog.OtherType},
		{"a badge naming the profession without a license", "MERCY HOSPITAL\nGrant Holloway\nRegistered Nurse\nEmployee 1029384\n", "other"},
		{"a form headed by Social Security and more words", "Social Security Number Request\nEmployee: Minh Tran\n", catalog.OtherType},
		{"a background report's Social Security heading", "Background Check Report\nSoc1al Secur1ty\nSSN trace: clear\n", "background_check"},
		{"a state's business license: its state over the license and a number",
			"ARIZONA\nBUSINESS LICENSE\nNo. 20261104\nIssued 04/05/2026\n", catalog.OtherType},
		{"a state's vehicle registration: a plate number over the owner's address and dates",
			"TEXAS\nVEHICLE REGISTRATION\nPlate 4471209\nMARIA ALVAREZ\n1234 MAIN ST\nAUSTIN TX 78704\n01/01/2026 12/31/2026\n", catalog.OtherType},
		{"a state's pharmacy license", "OHIO\nPHARMACY LICENSE\nID 20261104\nExpires 04/05/2027\n", catalog.OtherType},
		{"a state's name over an address and dates without a card's number",
			"OHIO\nwe ee\nMARIA ALVAREZ\n1234 MAIN ST\nCOLUMBUS OH 43215\n04/05/2026 05/06/2026\n", catalog.OtherType},
		{"a letterhead's city and state over an id, an address and dates",
			"COLUMBUS, OHIO\nID: 20261104\nMARIA ALVAREZ\n1234 MAIN ST\nCOLUMBUS OH 43215\n04/05/2026 05/06/2026\n", catalog.OtherType},
		{"a letter's block under a telephone number, its expiry spelt out",
			"Phone 512-555-0100\nMARIA ALVAREZ\n1234 MAIN ST\nAUSTIN, TX 78704\nExpires 04/05/2027\nIssued 04/05/2025\n", catalog.OtherType},
		{"a lab's letterhead naming its state over a specimen id and an issue date",
			"COLUMBUS, OHIO\nwe ee\nID: 20261104\nIssued: 04/05/2026\n", catalog.OtherType},
		{"a lab's letterhead naming its city and state over a specimen id and a DOB",
			"COLUMBUS, OHIO\nwe ee\nID: 20261104\nDOB: 04/05/1985\n", catalog.OtherType},
		{"a nursing board's card: its state over a license number and an expiry",
			"OHIO\nwe ee\nRN 12345678\nExp 04/05/2027\nBoard of Nursing\n", "nursing_license"},
		{"a fax cover naming a card", "FAX COVER SHEET\nTo: Credentialing\nRE: BLS card\nFrom: Ann Lee\nPages: 2\n", catalog.OtherType},
		{"a lab report's patient block with a DOB and an accession number",
			"Accession 20261104\nMARIA ALVAREZ\n1234 MAIN ST\nAUSTIN, TX 78704\nDOB: 04/05/1985\nCollected 11/02/2026\n", catalog.OtherType},
		{"a letter's block under a telephone number, dated",
			"Phone 512-555-0100\nMARIA ALVAREZ\n1234 MAIN ST\nAUSTIN, TX 78704\nExp 04/05/2027\n", catalog.OtherType},
		{"a labelled SSN over a name is a form's", "Payroll\nSSN: 123-45-6789\nMELISSA J NUNEZ\n", catalog.OtherType},
		{"a resume's header: a name over a profession and an address", "MARIA ALVAREZ\nREGISTERED NURSE\n1234 MAIN ST\nAUSTIN, TX 78704\n", catalog.OtherType},
		{"a letter's address block in capitals", "ATTN HUMAN RESOURCES\nMERCY HOSPITAL\n1234 MAIN ST\nAUSTIN, TX 78704\n", catalog.OtherType},
		{"a name over a street, once", "MARIA ALVAREZ\n1234 MAIN ST\nAUSTIN, TX 78704\n", catalog.OtherType},
		{"a title's words with too many wrong letters", "NEW YORK USA IOENTXXXA TXON CARD\n846 233 163\n", catalog.OtherType},
		{"a zone-like line without fillers is no zone", "Lot 123456 7408122F1204159 received\nInvoice total 12.00\n", catalog.OtherType},
		{"a zone-shaped line whose dates fail both checks", "Reference\nL898902C36UTO7408132F1204169ZE184226B<<<<<10\n", catalog.OtherType},
		{"one AAMVA code is a word", "DAC meeting minutes\nDBA Acme Staffing LLC\n", catalog.OtherType},
		{"a background report's masked SSN", "Background Check Report\nCriminal search: clear\nSSN: XXX-XX-1234\nSSN trace completed\n", "background_check"},
		{"a payroll form's labelled masked SSN", "Direct Deposit Authorization\nEmployee: Maria Alvarez\nSocial Security Number: XXX-XX-1234\nBank routing number\nSignature\n", catalog.OtherType},
		{"a license at 120 dpi: LICENSE on its state's line read with a U for its LI",
			"Idaho Driver ucense\nNUMBER ZK448190\nEXPIRES 06/30/2029\nBARRETT, NOELLE K\n118 W STATE ST\nBOISE ID 83702\n", "drivers_license"},
		{"a club's card: its state beside a word a letter longer than DRIVER",
			"Texas Divers Club\nMEMBER 0177 4429 3\nEXPIRES 06/30/2029\nGUNDERSON, TOBIAS A\n", catalog.OtherType},
		{"a council's card: its state beside RIVERS",
			"Utah Rivers Council\nNUMBER 0177 4429 3\nEXPIRES 06/30/2029\nGUNDERSON, TOBIAS A\n", catalog.OtherType},
		{"a letter's sentence holding the card's words among more of its own",
			"UNITED STATES OF AMERICA\nThis number was not established for you\n602 18.4473\nDARNELL QUINCY FAIRWEATHER\nSIGNATURE\n", catalog.OtherType},
		{"three of the sentence's six words are not the sentence",
			"UNITED STATES OF AMERICA\nTHIS NUMBER \ufffd FOR\n602 18.4473\nDARNELL QUINCY FAIRWEATHER\nSIGNATURE\n", catalog.OtherType},
		{"the same board's credential for another profession",
			"Wisconsin Department of Safety and Professional Services\nSocial Worker\nCredential #: 229417-30\nExpires: 02/28/2028\nName: Abigail R. Thornquist\n", catalog.OtherType},
		{"a badge naming the profession over a credential that is no license number",
			"MERCY HOSPITAL\nRegistered Nurse\nCredentials: BSN, CCRN\nEmployee 1029384\n", catalog.OtherType},
	}
	for _, tt := range tests {
		if got := c.Classify(tt.text); got.Type != tt.want {
			t.Errorf("%s: typed %s (top %v), want %s", tt.name, got.Type, got.Top, tt.want)
		}
	}
}
