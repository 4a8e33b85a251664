// Package sandbox serves a stand-in for Nursys's license lookup: the Nurse
// Lookup interface package nursys speaks (see its documentation for the
// JSON), over a table of licensees, with switches for the ways the real
// one fails. make run and the tests start it; nothing in it reaches the
// real Nursys.
//
//	sb := sandbox.New(sandbox.Config{})
//	srv, err := sb.Start(ctx, "127.0.0.1:0")   // a free port
//	client, err := nursys.New(nursys.Config{BaseURL: srv.URL(),
//		Username: sandbox.DefaultUsername, Password: sandbox.DefaultPassword})
//	defer srv.Close()
//
// # Answers
//
// The same query always gets the same answer. A lookup is found when the
// sandbox holds a license of that state and number (compared by letters
// and digits, upper case) and, when a type is asked, of that type; any
// other is not found (SuccessFlag false). Results are complete
// Config.ProcessingTime (300ms) after the submit: a retrieve before that
// answers ProcessingCompleteFlag false, as Nursys does while it works.
// Calls without the sandbox's credentials (username sandbox-institution,
// password sandbox-password) are 401.
//
// Known licensees, in every sandbox (GET / and GET /_sandbox/known list
// them with those added):
//
//	OK RN965991  RN  MARIA LUISA ALVAREZ   Active               expires 2027-04-30  found: the license of docs/samples/packet.pdf
//	TX 845120    RN  JAMES ROBERT CARTER   Active               expires 2029-01-31  found
//	TX 845121    RN  LINDA MARIE NGUYEN    Inactive             expires 2028-06-30  status mismatch: inactive
//	FL RN9876543 RN  ANGELA ROSE BROOKS    Active               expires 2028-07-31  status mismatch: encumbered, probation in effect since 2026-02-17
//	CA 95123456  RN  KEVIN MICHAEL PATEL   Expired              expires 2025-08-31  expired
//	NY 654321    PN  SOFIA ISABEL RAMIREZ  Active               expires 2028-10-31  found as PN; not found when asked as RN
//	any other number                                                                 not found
//
// AddLicensee (or POST /_sandbox/licensees with the Licensee JSON) makes
// the sandbox hold one more, as a board would after licensing a nurse:
// tests register the license of a document they generate.
//
// # Behaviours
//
// Special license numbers, in any state, make one lookup fail a given way:
//
//	SANDBOX-SLOW       the submit answers after Config.SlowDelay (30s, beyond the connector's 10s timeout)
//	SANDBOX-DOWN       the submit answers 503 with an HTML error page
//	SANDBOX-GARBLED    the results are JSON cut off mid-object
//	SANDBOX-PENDING    the results never complete (ProcessingCompleteFlag stays false)
//
// The admin endpoints, for tests (or SetBehaviour, Requests and
// ClearRequests from Go), act in front of the lookup on every call, as an
// outage would, and take precedence over special numbers:
//
//	POST /_sandbox/behaviour {"mode":"down","count":2}
//	  mode: normal | slow | down | flaky | malformed | ratelimit | unauthorized
//	  delay: "5s"          slow's wait (default Config.SlowDelay)
//	  count: N             the next N calls (a submit and its retrieves are calls), then normal;
//	                       0 or absent: until changed. flaky: fail the next N (default 1) with 503
//	  status: 502          down/flaky status (503)
//	  retryAfter: "10s"    ratelimit's Retry-After (30s)
//	GET  /_sandbox/behaviour   the behaviour in force, count counting down
//	GET  /_sandbox/requests    the calls received (last 1000): seq, at, method, path, query,
//	                           headers (User-Agent, Content-Type, Accept, username; password as "(set)"),
//	                           body, behaviour, status
//	DELETE /_sandbox/requests  forget them
//
// Down with the connection refused is the sandbox stopped (Server.Close),
// or a connector pointed at a port nothing listens on.
package sandbox
