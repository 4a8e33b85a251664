// Package sandbox serves a sandbox vendor management system (VMS): a JSON
// API and a supplier portal of HTML pages behind a login, in the manner of
// Fieldglass, Beeline or ShiftWise, for development and tests. make run and
// the tests start it; package vms connects to it (vms.NewSandbox).
//
//	sb := sandbox.New(sandbox.Config{Seed: 1})
//	srv, err := sb.Start(ctx, "127.0.0.1:0")   // a free port
//	conn, err := vms.NewSandbox(vms.SandboxConfig{BaseURL: srv.URL(),
//		Username: sandbox.DefaultUsername, Password: sandbox.DefaultPassword})
//	defer srv.Close()
//
// # Jobs from any reference
//
// Every job reference (1 to 64 letters, digits, '.', '-', '_') is a job:
// its title, facility, department, role and a checklist of 12 to 35 items
// are derived from a hash of the reference and Config.Seed, the same every
// time. Items are drawn from a bank of facility wordings (Wordings) in six
// packet groups: Licensure/Credentials, Certifications, Health &
// Immunizations, Background & Compliance, HR Forms and Facility-specific.
// Each requirement of the service's catalog has several wordings ("BLS -
// AHA only", "Basic Life Support (AHA)", "CPR/BLS card — American Heart
// Association"); facility forms ("St. Brigid confidentiality agreement",
// "Pyxis access request") map to none. Department decides certifications
// (ACLS for ICU, NRP for NICU, TNCC for ER…).
//
// A placement reference embeds its job's: P-<job ref>-<n>, n from 1
// (P-ICU-2231-1, P-HTML-7-2). A placement lists its job's template plus
// one to four items of its own, also derived from the reference.
//
// # Special references
//
// A job reference starting with these words (case-insensitive, any number
// joined by dashes: HTML-SLOW-7, P-FLAKY-3-1 for a placement) behaves so:
//
//	UNAVAIL-*    status UNAVAILABLE (FILLED-*, CLOSED-*: FILLED, CLOSED)
//	HTML-*       exists only in the portal: every API call about it is 404 portal_only
//	PORTAL-*     the API knows the job (portalOnly: true); its checklists are 404 portal_only
//	NOTFOUND-*   404 not_found everywhere
//	FORBIDDEN-*  403 forbidden: the supplier account may not see it
//	FAIL-*       503 always (Retry-After: 120)
//	FLAKY-*      each path fails (503, Retry-After: 5) Config.FlakyFailures times (2), then succeeds
//	SLOW-*       answers after Config.SlowDelay (10s)
//	MAINT-*      a 200 HTML "scheduled maintenance" page instead of the answer, API and portal alike
//	CHANGE-*     the template moves to its next version every Config.ChangeInterval (1m)
//
// Uploads go through the API for every placement, portal-only jobs'
// included.
//
// # The API
//
// OAuth 2.0 client credentials: POST /api/v1/token with
// grant_type=client_credentials, the client id and secret (Config.Username,
// Config.Password) in HTTP Basic (or client_id and client_secret in the
// form), answers {"access_token","token_type":"Bearer","expires_in":3600}
// (Config.TokenTTL); wrong credentials are 401 {"error":"invalid_client"}.
// Every other API call carries Authorization: Bearer <token>; a missing,
// expired or revoked token is 401 with WWW-Authenticate (error="invalid_token").
// Errors are {"error":{"code","message"}}: not_found, portal_only,
// forbidden, service_unavailable, invalid_request, invalid_cursor,
// cursor_stale, idempotency_key_required, idempotency_key_reused,
// file_required, file_too_large, unsupported_file, unsupported_media_type.
//
//	GET  /api/v1/jobs/{ref}
//	     {"requisitionId","title","facility":{"id","name"},"worksite":{"city","state","postalCode"},
//	      "department","role","shift","status":"ACTIVE|FILLED|CLOSED|UNAVAILABLE","portalOnly",
//	      "checklistVersion","updatedAt","_links"}
//	GET  /api/v1/jobs/{ref}/requirements?limit=25&cursor=…
//	     {"requisitionId","checklistVersion","totalCount","items":[{"id","label","packetGroup",
//	      "notes","required"}],"nextCursor":"…" or null}
//	     limit 1 to 100 (25); a cursor issued before the template changed is 409 cursor_stale.
//	GET  /api/v1/placements/{ref}/requirements   the same, with "placementId" and each item's
//	     "scope": requisition or placement
//	POST /api/v1/placements/{ref}/documents
//	     Idempotency-Key: <key>   (required, at most 255 characters)
//	     multipart/form-data: packetGroup field, file part (a PDF); or an application/pdf
//	     body with ?packetGroup=… and Content-Disposition: attachment; filename="…"
//	     201 {"id":"DOC-000001","placementId","packetGroup","fileName","contentType","size",
//	      "sha256","idempotencyKey","status":"RECEIVED","receivedAt"} (Location header).
//	     The same key again with the same placement, packet group and bytes: 200, the first
//	     receipt, Idempotent-Replayed: true, nothing stored. The same key with anything
//	     else: 409 idempotency_key_reused. Not a PDF: 415; over 20 MB: 413.
//	GET  /api/v1/placements/{ref}/documents      {"placementId","items":[receipt…]}
//
// # The portal
//
//	GET  /portal/login                  the sign-in form (a hidden authenticity_token bound to
//	                                    the vms_prelogin cookie, username, password, next)
//	POST /portal/login                  303 to next with the VMSSESSIONID cookie; wrong
//	                                    credentials: the form again (200) with "Invalid user
//	                                    name or password."; a missing or wrong token: 403
//	GET  /portal/jobs/{ref}             the requisition: header (h1.req-title, span.status-pill,
//	                                    dl.req-facts) and one table.checklist per packet group
//	GET  /portal/placements/{ref}       the placement's checklist: fieldset.checklist-section
//	                                    per group, li.checklist-item per item
//	GET  /portal/, /portal/search?q=…, /portal/logout
//
// A page without a live session (none, or Config.SessionTTL idle, 30m)
// is 302 to /portal/login?next=… (&reason=expired when a session cookie
// came with it).
//
// # Admin endpoints, for tests
//
// (Or the Go methods of the same names.)
//
//	GET    /_sandbox/jobs/{ref}            the job, its items with their catalog keys, the changes
//	POST   /_sandbox/jobs/{ref}/status     {"status":"UNAVAILABLE"}: a job that turns unavailable
//	POST   /_sandbox/jobs/{ref}/version    the next template version: one or two items added,
//	                                       one removed, one reworded (same id, new label)
//	GET    /_sandbox/placements/{ref}      a placement's items with their catalog keys
//	POST   /_sandbox/faults                {"path":"/api/v1/placements/P-A-1/documents","method":"POST",
//	                                        "mode":"fail|slow|failAfter|dropAfter","count":1,
//	                                        "status":503,"delay":"5s"}
//	                                       the next count requests of the path (a trailing * is a
//	                                       prefix) fail, wait, or are served and then answered
//	                                       with an error (failAfter, 502) or a dropped connection
//	                                       (dropAfter): an upload stored whose receipt is lost
//	GET    /_sandbox/faults, DELETE /_sandbox/faults
//	GET    /_sandbox/requests              the requests received (last 1000); DELETE clears
//	GET    /_sandbox/uploads[?placement=]  the packets received; /_sandbox/uploads/{id}/content
//	POST   /_sandbox/sessions/expire       every token and portal session ends
//	POST   /_sandbox/reset                 everything back to the start
//	GET    /_sandbox/wordings              the label bank with catalog keys
//
// Admin faults act in front of the VMS and take precedence over special
// references.
package sandbox
