// Package sandbox serves a stand-in for the NSOPW search backend: the
// interface package nsopw speaks (see its documentation for the JSON),
// over a few thousand generated registrants, with switches for the ways
// the real one fails. make run and the tests start it; nothing in it
// reaches the real site.
//
//	sb := sandbox.New(sandbox.Config{Seed: 1})
//	srv, err := sb.Start(ctx, "127.0.0.1:0")   // a free port
//	client, err := nsopw.New(nsopw.Config{BaseURL: srv.URL()})
//	defer srv.Close()
//
// # Registrants
//
// Config.Offenders (default 3000) registrants are drawn from Config.Seed:
// the same seed gives the same people. About 97% men, names across the
// country's origins (compound, hyphenated and apostrophe surnames
// included), a third with one to three aliases (nicknames, reversed names,
// middle name as first, other surnames, misspellings). About 65% show a
// date of birth and an age, 25% an age only, 6% a date only, 4% neither.
// They live in ~80 places across every state, DC, Puerto Rico, Guam, the
// Virgin Islands and four tribal jurisdictions (NAVAJO, CHEROKEE, OGLALA,
// TONATION); some are TRANSIENT or INCARCERATED, some have a work or
// school address, 3% are absconders. Each jurisdiction prints names in
// capitals or mixed case, location types as R/E/S or RESIDENTIAL/…, and
// links to its registry under *.sandbox.example (reserved: the links go
// nowhere real), HTML-entity encoded as the real backend does.
//
// Known registrants, in every sandbox whatever the seed:
//
//	JOHN ROBERT DOE         TX      AUSTIN       78704  DOB 1971-03-14; aliases JOHNNY DOE, JON R DOE; a work address
//	JOHN DOE                NY      BROOKLYN     11201  age only: a second John Doe, zip tells them apart
//	RICHARD ALAN ROE        FL      TAMPA        33602  age only; aliases RICK ROE, ROE RICHARD (reversed)
//	Jane Marie Roe          OH      Columbus     43215  DOB 1985-11-30; a registry printing mixed case
//	JUAN CARLOS DE LA CRUZ  CA      LOS ANGELES  90012  DOB 1979-05-21; aliases JOHN DELACRUZ, JUAN CARLOS CRUZ
//	THOMAS EDWARD BLAKE     WA      SEATTLE      98101  DOB 1990-02-08; alias TOMMY WHITLOCK: search "Tommy Whitlock"
//	Darrell James Yazzie    NAVAJO  Window Rock  86515  age only; a tribal registry
//
// GET / prints the same list; GET /_sandbox/known answers it as JSON.
//
// # Search semantics
//
// As the real backend, roughly: case-insensitive; last name exact, first
// name as a prefix ("Jo" finds JOHN and JOHNNY); primary names and aliases
// alike; zips (any of up to 5), city and county narrow a name search; zips
// alone are a zip search. Every requested jurisdiction reports a status
// (responseTime is a stable made-up figure); one with more than
// Config.MaxResults (300) matches answers 511 and lists none. Invalid
// requests get 422 with the backend's statusCode (100, 103, 108, 111 to
// 115).
//
// # Behaviours
//
// Special last names, with any first name, make one search fail a given
// way:
//
//	Sandbox-Slow         answers after Config.SlowDelay (30s)
//	Sandbox-Down         503 with an HTML error page
//	Sandbox-Challenge    403 Cloudflare "Just a moment..." page, cf-mitigated: challenge
//	Sandbox-Malformed    200 application/json cut off mid-object
//	Sandbox-RateLimited  429, Retry-After: 30, no body
//	Sandbox-Partial      201: AK and TX offline (jurisdiction statusCode "507")
//	Sandbox-TooMany      201: TX answers statusCode "511"
//
// The admin endpoints, for tests (or SetBehaviour, Requests and
// ClearRequests from Go):
//
//	POST /_sandbox/behaviour {"mode":"down","count":2}
//	  mode: normal | slow | down | flaky | challenge | malformed | ratelimit | partial | toomany
//	  delay: "5s"          slow's wait (default Config.SlowDelay)
//	  count: N             the next N searches, then normal; 0 or absent: until changed.
//	                       flaky: fail the next N (default 1) with 503, then succeed
//	  status: 502          down/flaky status (503), challenge status (403; any other
//	                       status sends the page without cf-mitigated)
//	  retryAfter: "10s"    ratelimit's Retry-After (30s)
//	  jurisdictions: [..]  partial's offline ones (AK, TX), toomany's (TX)
//	GET  /_sandbox/behaviour   the behaviour in force, count counting down
//	GET  /_sandbox/requests    the search requests received (last 1000): seq, at, method,
//	                           path, headers (User-Agent, Content-Type, Accept, Origin,
//	                           Referer, Token), body, behaviour, status
//	DELETE /_sandbox/requests  forget them
//
// An admin behaviour acts in front of the backend, as a CDN or an outage
// would, and takes precedence over special names.
package sandbox
