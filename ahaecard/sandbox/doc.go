// Package sandbox serves a stand-in for the AHA eCard verification: the
// interface package ahaecard speaks (see its documentation for the JSON),
// over a table of cards, with switches for the ways the real one fails.
// make run and the tests start it; nothing in it reaches the AHA.
//
//	sb := sandbox.New(sandbox.Config{})
//	srv, err := sb.Start(ctx, "127.0.0.1:0")   // a free port
//	client, err := ahaecard.New(ahaecard.Config{BaseURL: srv.URL(), APIKey: sandbox.DefaultAPIKey})
//	defer srv.Close()
//
// # Answers
//
// The same code always gets the same answer: 200 with the card when the
// sandbox holds one of that code, 404 not_found for any other 12-digit
// code, 400 invalid_code for one that is not 12 digits. A card's banner
// is Active through the last day of its renewal month (by Config.Now),
// Expired after. Calls without the key sandbox-ecard-key are 401.
//
// Known cards, in every sandbox (GET / and GET /_sandbox/known list them
// with those added):
//
//	244766174046  BLS Provider                  Maria Alvarez   2025-01-26, renew 2027-01  found: the BLS card of docs/samples/packet.pdf
//	255121000101  BLS Provider                  James Carter    2025-09-12, renew 2027-09  found: BLS
//	252011000102  ACLS Provider                 James Carter    2025-10-03, renew 2027-10  found: ACLS
//	263011000103  PALS Provider                 Linda Nguyen    2026-03-19, renew 2028-03  found: PALS
//	245121000104  BLS Provider                  Kevin Patel     2024-02-08, renew 2026-02  expired
//	254011000105  Heartsaver First Aid CPR AED  Angela Brooks   2025-05-14, renew 2027-05  status mismatch: another course
//	any other 12-digit code                                                                 not found
//
// AddCard (or POST /_sandbox/cards with the Card JSON) makes the sandbox
// hold one more, as a Training Center would after issuing it: tests
// register the card of a document they generate.
//
// # Behaviours
//
// Special codes, by their last seven digits whatever their year and
// course, make one verification fail a given way:
//
//	…9999991  (245129999991)  answers after Config.SlowDelay (30s, beyond the connector's 10s timeout)
//	…9999992  (245129999992)  503 with an HTML maintenance page
//	…9999993  (245129999993)  200 application/json cut off mid-object
//
// The admin endpoints, for tests (or SetBehaviour, Requests and
// ClearRequests from Go), act in front of the service, as an outage
// would, and take precedence over special codes:
//
//	POST /_sandbox/behaviour {"mode":"down","count":2}
//	  mode: normal | slow | down | flaky | malformed | ratelimit | unauthorized
//	  delay: "5s"          slow's wait (default Config.SlowDelay)
//	  count: N             the next N verifications, then normal; 0 or absent: until changed.
//	                       flaky: fail the next N (default 1) with 503, then succeed
//	  status: 502          down/flaky status (503)
//	  retryAfter: "10s"    ratelimit's Retry-After (30s)
//	GET  /_sandbox/behaviour   the behaviour in force, count counting down
//	GET  /_sandbox/requests    the verifications received (last 1000): seq, at, method, path,
//	                           headers (User-Agent, Content-Type, Accept; x-api-key as "(set)"),
//	                           body, behaviour, status
//	DELETE /_sandbox/requests  forget them
//
// Down with the connection refused is the sandbox stopped (Server.Close),
// or a connector pointed at a port nothing listens on.
package sandbox
