// Package ahaecard is the connector to the American Heart Association's
// eCard verification: the issuer's own record of a BLS, ACLS, PALS (and
// other AHA course) completion card. An eCard found there, with its
// holder, course and recommended renewal date, is the card as the
// Training Center issued it.
//
// AHA publishes no API: employers verify a card by entering its eCard
// code on ecards.heart.org (or scanning its QR code), and the page shows
// the card. This connector speaks a JSON rendering of that verification;
// package ahaecard/sandbox serves it for development and tests; both use
// the JSON types of package ahaecard/wire.
//
// # The interface, as modelled
//
//	POST {base}/api/ecards/verify
//	x-api-key: …                         (when Config.APIKey is set)
//	{"eCardCode":"244766174046","firstName":"Maria","lastName":"Alvarez"}
//
//	200 {"result":"found","eCard":{"eCardCode":"244766174046","status":"Active",
//	       "firstName":"Maria","lastName":"Alvarez",
//	       "course":{"code":"476","name":"BLS Provider"},
//	       "issueDate":"2025-01-26","recommendedRenewalDate":"2027-01",
//	       "trainingCenter":{"id":"TC-04512","name":"Baptist Health Training Center",
//	                         "city":"Little Rock","state":"AR","phone":"501-555-0142"},
//	       "instructor":{"id":"05191234567","name":"Dana Whitfield"}}}
//	404 {"result":"not_found","message":"No eCard matches this code."}
//	400 {"result":"invalid_code","message":"An eCard code is 12 digits."}
//
// # Where this comes from, and what is assumed
//
// From the AHA's course card reference and Training Centers' guides to
// eCards: the eCard code's format (the last two digits of the year the
// eCard was issued, a 3-digit course code and a 7-digit random number:
// 12 digits); verification by the code alone, the student's own search
// by first and last name; what a verified card shows (holder, course,
// issue date, recommended renewal date as month and year, Training Center
// and instructor, an Active or Expired banner); cards being current
// through the last day of the renewal month.
//
// Assumed, unverified: that a JSON endpoint with these members exists or
// is put in front of the page (the address is configured); the key
// header; 404 for an unknown code and 400 for a malformed one; 401/403
// for a refused key and 429 with Retry-After.
//
// # Decisions
//
//   - A code is compared by its digits; spaces and dashes are dropped.
//     One that is not then 12 digits is refused before sending
//     (ErrRejected): callers check the format first and fail the card
//     (package rules), so no outage is mistaken for a bad code or the
//     reverse.
//   - The holder's name is sent as the student search takes it; the
//     service answers the card as recorded and the caller compares names
//     (never trusting the service to have matched them).
//   - The course is folded to its program (BLS, ACLS, PALS, PEARS,
//     HEARTSAVER, OTHER) from its printed name; the course code is not
//     interpreted.
//   - The recommended renewal month is read as its last day (RenewBy).
//   - One attempt is bounded by Config.Timeout (10 s). Failures that may
//     pass (timeouts, unreachable, 5xx, 429, malformed answers) are
//     retried up to Config.Attempts (3) times with a doubling backoff from
//     Config.Backoff (1 s), or the Retry-After asked for up to
//     Config.MaxWait (10 s). A refused key and a rejected request are not
//     retried.
//   - Errors are *Error with a Class (errors.Is(err, ahaecard.ErrTimeout)),
//     a short Reason for people, the HTTP Status and a RetryAfter hint. A
//     cancelled context is returned as itself.
package ahaecard
