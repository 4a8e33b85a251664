// Package idnumber is what the service knows of identity numbers, apart
// from any document: the check digits and dates of a passport's
// machine-readable zone (ICAO 9303), the characters OCR mistakes for one
// another in a number, the forms U.S. states give their driver's license
// numbers, the Social Security numbers the SSA never assigns and the
// check digit of a National Provider Identifier.
//
// extract reads numbers with it (repairing OCR's look-alikes toward the
// form a number must have), fraud judges them (a number in a form its
// issuer never uses), classify recognises a zone by it.
package idnumber
