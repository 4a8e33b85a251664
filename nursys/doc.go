// Package nursys is the connector to a Nursys-style license lookup: the
// primary source for U.S. nursing licenses. Nursys, run by the National
// Council of State Boards of Nursing (NCSBN), holds the licenses of the
// boards of nursing that take part; a license found there, with its
// status, expiry and discipline, is the board's own record.
//
// Nursys has two ways in. QuickConfirm, the free public lookup, is a web
// form behind a captcha and has no API. e-Notify, for institutions that
// employ nurses, has a REST/JSON API; this connector speaks the shape of
// its Nurse Lookup. Package nursys/sandbox serves the same interface for
// development and tests; both use the JSON types of package nursys/wire.
//
// # The interface, as modelled
//
// Every call carries the institution's API credentials in two headers,
// "username" and "password". A lookup is asynchronous, in two calls:
//
//	POST {base}/nurselookup
//	{"NurseLookupRequests":[{"JurisdictionAbbreviation":"OK","LicenseType":"RN",
//	                         "LicenseNumber":"RN965991","RecordId":"OK-RN965991"}]}
//
//	200 {"Transaction":{"TransactionId":"8c0e…","TransactionDate":"2026-11-24T10:18:38-06:00",
//	                    "TransactionComment":"Submit lookup successful.",
//	                    "TransactionSuccessFlag":true,"TransactionErrors":[]}}
//
//	GET {base}/nurselookup?transactionId=8c0e…      (again while ProcessingCompleteFlag is false)
//
//	200 {"ProcessingCompleteFlag":true,"Transaction":{…},
//	     "NurseLookupResponses":[{"SuccessFlag":true,"NurseLookupRequest":{…the request…},
//	       "FirstName":"MARIA","LastName":"ALVAREZ","NcsbnId":"21345678","Messages":[],
//	       "NurseLookupLicenses":[{"FirstName":"MARIA","MiddleName":"LUISA","LastName":"ALVAREZ",
//	         "LicenseType":"RN","JurisdictionAbbreviation":"OK","Jurisdiction":"Oklahoma",
//	         "LicenseNumber":"RN965991","Active":"Yes","LicenseStatus":"Active",
//	         "LicenseOriginalDate":"2014-06-20T00:00:00","LicenseExpirationDate":"2027-04-30T00:00:00",
//	         "CompactStatus":"Multistate","Messages":[],
//	         "NurseLookupDisciplines":[{"JurisdictionAbbreviation":"FL","DateActionWasTaken":"…",
//	           "NurseLookupInitialActions":[{"ActionCode":"1145","ActionDescription":"Probation",
//	             "ActionStayedFlag":false,"StartDate":"…","EndDate":"…"}]}]}]}]}
//
// SuccessFlag false is a license Nursys does not hold (Errors say why).
// A submit Nursys cannot validate answers TransactionSuccessFlag false
// with TransactionErrors ({"ErrorID":4,"ErrorMessage":"Invalid or
// missing LicenseNumber."}).
//
// # Where this comes from, and what is assumed
//
// From NCSBN's "Nursys e-Notify File and API Specifications" as its
// public clients use it: the credential headers; the submit/retrieve pair
// of Nurse Lookup with a transaction id; the request's members
// (JurisdictionAbbreviation, LicenseType, LicenseNumber, NcsbnId,
// RecordId) and valid combinations; the Transaction, LookupResponse and
// license members and their spelling; license types RN, PN, CNP, CNS, CNM
// and CRNA; Active as Yes/No beside the board's own LicenseStatus text;
// disciplines with NPDB actions, stayed flags and end dates; dates as
// date-times without a zone.
//
// Assumed, unverified: the base address (DefaultBaseURL; production sets
// it); that a license outside the institution's nurse list can be looked
// up (e-Notify asks institutions to enrol their nurses with Manage Nurse
// List first, which needs more than a document shows: set that up with
// NCSBN, or enrol before the check); a MiddleName on the license (read
// when present); that 401/403 mean refused credentials and 429 may carry
// Retry-After.
//
// # Decisions
//
//   - The query is a license number, the board's state and, when known,
//     the license type (LPN and LVN are PN; an APRN role is sent, a bare
//     "APRN" sends no type). Nurse Lookup takes no name: the holder's name
//     is compared with the answer by the caller (package rules), never
//     sent.
//   - A license number is compared by its letters and digits, upper case
//     ("RN.123456" is "RN123456").
//   - The answer's status is folded to one word (Result.Status) from the
//     board's wording and the Active flag, the more serious word winning;
//     a license is Encumbered when its status says so (probation,
//     restricted, conditional...) or a discipline has an action that is
//     not stayed and has not ended.
//   - One attempt is the submit and its polls, within Config.Timeout
//     (10 s). Failures that may pass (timeouts, unreachable, 5xx, 429,
//     malformed answers) are retried up to Config.Attempts (3) times with
//     a doubling backoff from Config.Backoff (1 s), or the Retry-After
//     asked for up to Config.MaxWait (10 s): at most about 33 s in all,
//     inside the activity that asks. Refused credentials and rejected
//     requests are not retried.
//   - Errors are *Error with a Class (errors.Is(err, nursys.ErrTimeout)),
//     a short Reason for people, the HTTP Status and a RetryAfter hint. A
//     cancelled context is returned as itself.
package nursys
