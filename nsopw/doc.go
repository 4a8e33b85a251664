// Package nsopw is the connector to the Dru Sjodin National Sex Offender
// Public Website (nsopw.gov): a live name search across the registries of
// the states, DC, the territories and the tribes.
//
// NSOPW publishes no bulk file and no API. Its search page posts to its own
// JSON backend, and that backend is what this connector speaks. Package
// nsopw/sandbox serves the same interface for development and tests; both
// use the JSON types of package nsopw/wire.
//
// # The interface, as modelled
//
// Request (one per Search; no retries here, the caller's retry policy
// decides):
//
//	POST https://nsopw-api.ojp.gov/nsopw/v1/v1.0/search
//	Content-Type: application/json; charset=UTF-8
//	Origin: https://www.nsopw.gov
//	Referer: https://www.nsopw.gov/
//	token: 05/14/2026                       (today, Eastern time)
//
//	{"firstName":"John","lastName":"Doe","city":"","county":"",
//	 "zips":["78704"] or null,
//	 "jurisdictions":["ASTRIBE", …, "AL","AK", …, "WY"],   (all 183)
//	 "clientIp":""}
//
// Answer, HTTP 200:
//
//	{"statusCode":200,                     (201: some jurisdiction did not answer)
//	 "jurisdictionStatus":[{"jurisdictionId":"TX","statusCode":"200","records":1,"responseTime":385}, …],
//	 "query":{…the request…},
//	 "offenders":[{
//	   "name":{"givenName":"JOHN","middleName":"ROBERT","surName":"DOE","suffix":null},
//	   "aliases":[{"givenName":"JOHNNY","middleName":null,"surName":"DOE","suffix":null}],
//	   "gender":"M", "dob":"1971-03-14T00:00:00" or null, "age":55 or null,
//	   "locations":[{"type":"R","streetAddress":"1200 ELM ST","city":"AUSTIN","county":"TRAVIS",
//	                 "state":"TX","zipCode":"78704","latitude":30.25,"longitude":-97.77}],
//	   "offenderUri":"https://…?OfndrID=1&amp;AgencyID=2", "imageUri":"https://…",
//	   "absconder":false, "jurisdictionId":"TX"}]}
//
// A request the backend refuses is HTTP 422 with {"statusCode":103} (100
// to 115: no search fields, first and last name required, no
// jurisdictions, invalid characters, a field over 50 characters, bad or
// too many zips, unknown jurisdiction). Per jurisdiction, statusCode 200 is
// a search, 201 a sound-alike search, 500 an error, 504 a timeout, 507 an
// offline registry and 511 more matches than the jurisdiction lists
// (NSOPW asks jurisdictions for at most 300).
//
// The API host sits behind Cloudflare: a client it distrusts gets a
// managed challenge ("Just a moment...", HTTP 403, cf-mitigated:
// challenge) or 429 instead of JSON.
//
// # Where this comes from, and what is assumed
//
// From clients of the public site (several independent ones agree): the
// host and path, the POST of a JSON body with firstName, lastName, city,
// county, zips, jurisdictions and clientIp; jurisdictions being required
// unless zips are given (else 422 with statusCode 108); at most 5 zips;
// the envelope statusCode 200/201, jurisdictionStatus, query and
// offenders; offender fields name{givenName, middleName, surName, suffix},
// aliases, gender, dob as an ISO date-time, age, locations, offenderUri
// and imageUri HTML-entity encoded, absconder, jurisdictionId; the list of
// 183 jurisdiction codes the site sends for "All"; per-jurisdiction
// statusCode seen as a string ("200", "507"); the Cloudflare challenge.
//
// From the schema NSOPW publishes for the jurisdictions' services
// (github.com/iirinc/nsopw-api-schema): the 422 statusCode values 100 to
// 115, the per-jurisdiction codes 200, 201, 500, 504, 507 and 511, the 50
// character field bound, five-digit zips, location types R, E and S, the
// date-only dob, an optional offender id, and name parts spelled firstName
// and lastName. The connector accepts both spellings.
//
// Assumed, unverified: the token header (one client sends today's date
// there; the connector sends it, harmless if unused); that 429 may carry
// Retry-After (honoured as a hint when present); that a jurisdiction
// missing from jurisdictionStatus was not searched; that an age is as of
// the day of the answer.
//
// # Decisions
//
//   - A search is national: all 183 jurisdictions unless
//     Config.Jurisdictions narrows it.
//   - NSOPW matches the query against aliases and, at some registries, by
//     prefix or sound-alike, so results are candidates: callers compare
//     the query with each Offender's Name and Aliases.
//   - An age without a date of birth becomes the birth years it allows on
//     the day of the answer: age 54 on 2026-05-14 is born 1971-05-15 to
//     1972-05-14, PartialDate{Year:1971, ToYear:1972, Precision:range,
//     Text:"age 54"} (PrecisionYear when only one year fits, on December
//     31). Placeholder dates (before 1900, in the future) count as none.
//   - An answer must say which jurisdictions it searched. One that did
//     not answer, or reported a failure, makes the search ErrIncomplete
//     (retryable); 511 makes it ErrTooManyResults (not retryable). Both
//     return the offenders found with the error: a hit is a hit, but no
//     hit is not a clearance.
//   - Errors are *Error with a Class (errors.Is(err, nsopw.ErrTimeout)),
//     a short Reason for people, the HTTP Status and a RetryAfter hint.
//     Challenge, rate limiting, 5xx, timeouts, unreachable and malformed
//     answers are retryable; a 4xx that faults our request is not. A
//     cancelled context is returned as itself, not as an *Error.
//   - The answer is stream-decoded and bounded (Config.MaxBodyBytes,
//     8 MB); a larger one is malformed, never silently cut.
//   - The connector identifies itself with its own User-Agent and does not
//     try to pass the bot challenge: a challenged search fails retryably,
//     and when retries run out the screening reports NSOPW unavailable
//     with the reason.
package nsopw
