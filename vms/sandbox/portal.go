package sandbox

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// Cookies of the portal.
const (
	sessionCookie  = "VMSSESSIONID"
	preloginCookie = "vms_prelogin"
)

// pageData is what the portal templates show.
type pageData struct {
	Title   string
	Message string
	User    string
	// Login page.
	CSRF, Next, Error, Info string
	// Job and placement pages.
	Job         Job
	Placement   string
	StatusText  string
	StatusClass string
	Updated     string
	ItemCount   int
	Groups      []groupView
}

type groupView struct {
	Name  string
	Items []itemView
}

type itemView struct {
	Item
	Seq int
	New bool
}

// portalStatus is how the portal words a status, and its CSS class.
func portalStatus(status string) (string, string) {
	switch status {
	case StatusActive:
		return "Open", "open"
	case StatusFilled:
		return "Filled", "filled"
	case StatusClosed:
		return "Closed", "closed"
	case StatusUnavailable:
		return "On Hold – Unavailable", "hold"
	}
	return status, "unknown"
}

const pageTemplates = `
{{define "head"}}<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · Sandbox VMS Supplier Portal</title>
<style>
body{font-family:Arial,Helvetica,sans-serif;margin:0;color:#222}
.topbar{background:#1d3557;color:#fff;padding:8px 16px;display:flex;justify-content:space-between}
.topbar a{color:#fff}
#content{padding:16px 24px}
.status-pill{border-radius:10px;padding:2px 8px;background:#ddd}
.status-open{background:#c8e6c9}.status-hold{background:#ffe0b2}
table.checklist{border-collapse:collapse;width:100%}
table.checklist td,table.checklist th{border:1px solid #ccc;padding:4px 6px;text-align:left}
.req-flag{color:#c62828}
.alert-danger{background:#ffebee;padding:8px}
</style>
</head>
<body>
<header class="topbar">
  <a class="brand" href="/portal/">Sandbox VMS <span class="brand-sub">Supplier Portal</span></a>
  {{if .User}}<nav class="user-menu">Signed in as <strong>{{.User}}</strong> &middot; <a href="/portal/logout">Sign out</a></nav>{{end}}
</header>
<main id="content">
{{end}}

{{define "foot"}}
</main>
<footer class="site-footer"><small>&copy; Sandbox VMS. For testing only: no real facility, job or candidate.</small></footer>
</body>
</html>
{{end}}

{{define "login"}}{{template "head" .}}
<div class="login-box">
  <h1>Supplier sign in</h1>
  {{if .Error}}<div class="alert alert-danger" role="alert">{{.Error}}</div>{{end}}
  {{if .Info}}<div class="alert alert-info" role="status">{{.Info}}</div>{{end}}
  <form id="login-form" method="post" action="/portal/login" autocomplete="off">
    <input type="hidden" name="authenticity_token" value="{{.CSRF}}">
    <input type="hidden" name="next" value="{{.Next}}">
    <div class="form-group">
      <label for="username">User name</label>
      <input id="username" name="username" type="text" required autofocus>
    </div>
    <div class="form-group">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" required>
    </div>
    <button type="submit" class="btn btn-primary">Sign in</button>
    <a class="forgot" href="#">Forgot your password?</a>
  </form>
</div>
{{template "foot" .}}{{end}}

{{define "home"}}{{template "head" .}}
<h1>Welcome, {{.User}}</h1>
<form class="search" action="/portal/search" method="get">
  <label for="q">Requisition or placement #</label>
  <input id="q" name="q" type="search" placeholder="e.g. ICU-2231 or P-ICU-2231-1">
  <button type="submit">Find</button>
</form>
{{template "foot" .}}{{end}}

{{define "job"}}{{template "head" .}}
<nav class="breadcrumb" aria-label="breadcrumb"><a href="/portal/">Home</a> &rsaquo; <a href="/portal/">Requisitions</a> &rsaquo; <span>{{.Job.Ref}}</span></nav>
<div class="req-header" data-req-id="{{.Job.Ref}}">
  <h1 class="req-title">{{.Job.Title}} <small class="text-muted">#{{.Job.Ref}}</small></h1>
  <span class="status-pill status-{{.StatusClass}}">{{.StatusText}}</span>
  <dl class="req-facts">
    <dt>Facility</dt><dd>{{.Job.Facility}}</dd>
    <dt>Location</dt><dd>{{.Job.Location}}</dd>
    <dt>Department / Unit</dt><dd>{{.Job.Department}}</dd>
    <dt>Job Type</dt><dd>{{.Job.Role}}</dd>
    <dt>Shift</dt><dd>{{.Job.Shift}}</dd>
    <dt>Checklist version</dt><dd>{{.Job.Version}} (updated {{.Updated}})</dd>
  </dl>
</div>
<h2 class="section-heading">Onboarding Requirements <span class="count">({{.ItemCount}})</span></h2>
<p class="legend"><span class="req-flag">*</span> Required before start date</p>
{{range .Groups}}
<section class="panel checklist-group">
  <div class="panel-heading"><h3 class="panel-title">{{.Name}}</h3> <span class="badge">{{len .Items}} items</span></div>
  <table class="table table-striped checklist">
    <thead><tr><th scope="col">#</th><th scope="col">Requirement</th><th scope="col">Required</th><th scope="col">Instructions</th></tr></thead>
    <tbody>
    {{range .Items}}<tr data-item="{{.ID}}">
      <td class="seq">{{.Seq}}</td>
      <td class="item-name">
        {{.Label}}{{if .Required}} <span class="req-flag" title="Required">*</span>{{end}}{{if .New}} <span class="badge badge-new">New</span>{{end}}
      </td>
      <td class="item-required">{{if .Required}}Yes{{else}}No{{end}}</td>
      <td class="item-notes">{{.Notes}}</td>
    </tr>
    {{end}}</tbody>
  </table>
</section>
{{else}}
<p class="empty-checklist">No onboarding requirements are listed for this requisition.</p>
{{end}}
{{template "foot" .}}{{end}}

{{define "placement"}}{{template "head" .}}
<nav class="breadcrumb" aria-label="breadcrumb"><a href="/portal/">Home</a> &rsaquo; <a href="/portal/jobs/{{.Job.Ref}}">{{.Job.Ref}}</a> &rsaquo; <span>{{.Placement}}</span></nav>
<div class="placement-header" data-placement-id="{{.Placement}}">
  <h1>Candidate onboarding checklist</h1>
  <p class="meta">Placement <strong>{{.Placement}}</strong> &middot; Requisition <a href="/portal/jobs/{{.Job.Ref}}">{{.Job.Ref}}</a> &middot; {{.Job.Facility}}</p>
</div>
<form class="checklist-form" onsubmit="return false">
{{range .Groups}}
  <fieldset class="checklist-section">
    <legend>{{.Name}}</legend>
    <ul class="checklist">
    {{range .Items}}<li class="checklist-item{{if .Required}} is-required{{end}}" data-item-id="{{.ID}}" data-scope="{{.Scope}}">
        <input type="checkbox" disabled id="chk-{{.ID}}">
        <label for="chk-{{.ID}}" class="item-label">{{.Label}}</label>
        {{if eq .Scope "placement"}}<span class="tag tag-placement">This placement</span>{{end}}
        {{if .Notes}}<div class="item-note"><i class="icon-info" aria-hidden="true"></i> {{.Notes}}</div>{{end}}
        <span class="item-status">Not submitted</span>
      </li>
    {{end}}</ul>
  </fieldset>
{{else}}
  <p class="empty-checklist">No onboarding requirements are listed for this placement.</p>
{{end}}
</form>
{{template "foot" .}}{{end}}

{{define "notfound"}}{{template "head" .}}
<div class="error-page"><h1>Not found</h1><p class="error-message">{{.Message}}</p><p><a href="/portal/">Back to home</a></p></div>
{{template "foot" .}}{{end}}

{{define "forbidden"}}{{template "head" .}}
<div class="error-page"><h1>Access denied</h1><p class="error-message">{{.Message}}</p></div>
{{template "foot" .}}{{end}}

{{define "error"}}{{template "head" .}}
<div class="error-page"><h1>{{.Title}}</h1><p class="error-message">{{.Message}}</p></div>
{{template "foot" .}}{{end}}

{{define "csrf"}}{{template "head" .}}
<div class="error-page"><h1>Your sign-in form expired</h1><p class="error-message">{{.Message}}</p><p><a href="/portal/login">Sign in</a></p></div>
{{template "foot" .}}{{end}}

{{define "maintenance"}}<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Scheduled maintenance</title></head>
<body class="maintenance">
<div id="maintenance" style="text-align:center;margin-top:80px">
  <h1>We&rsquo;ll be back soon</h1>
  <p>Sandbox VMS is undergoing scheduled maintenance. We expect to be back within the hour.</p>
</div>
</body></html>
{{end}}
`

func parsePages() *template.Template {
	return template.Must(template.New("pages").Parse(pageTemplates))
}

func (s *Sandbox) page(w http.ResponseWriter, status int, name string, d pageData) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := s.pages.ExecuteTemplate(w, name, d); err != nil {
		s.log.Error("vms sandbox page", "page", name, "err", err)
	}
}

// csrfToken binds the login form to the browser's pre-login cookie.
func (s *Sandbox) csrfToken(prelogin string) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("login\x00" + prelogin))
	return hex.EncodeToString(m.Sum(nil))
}

// safeNext keeps a post-login redirect inside the portal.
func safeNext(next string) string {
	if strings.HasPrefix(next, "/portal/") && !strings.Contains(next, "//") && !strings.Contains(next, `\`) {
		return next
	}
	return "/portal/"
}

func (s *Sandbox) loginPage(w http.ResponseWriter, r *http.Request, status int, d pageData) {
	prelogin := ""
	if c, err := r.Cookie(preloginCookie); err == nil && c.Value != "" {
		prelogin = c.Value
	} else {
		prelogin = randomHex(16)
		http.SetCookie(w, &http.Cookie{Name: preloginCookie, Value: prelogin, Path: "/portal/login", HttpOnly: true, SameSite: http.SameSiteLaxMode})
	}
	d.Title = "Sign in"
	d.CSRF = s.csrfToken(prelogin)
	s.page(w, status, "login", d)
}

func (s *Sandbox) handleLoginPage(w http.ResponseWriter, r *http.Request) {
	d := pageData{Next: safeNext(r.URL.Query().Get("next"))}
	switch r.URL.Query().Get("reason") {
	case "expired":
		d.Info = "Your session has expired. Please sign in again."
	case "signedout":
		d.Info = "You have been signed out."
	}
	s.loginPage(w, r, http.StatusOK, d)
}

// handleLogin checks the form's token against the pre-login cookie, then
// the credentials: 303 to next with a session cookie, or the form again
// with an error (200, as portals answer).
func (s *Sandbox) handleLogin(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		s.page(w, http.StatusBadRequest, "error", pageData{Title: "Bad request", Message: "The sign-in form could not be read."})
		return
	}
	c, err := r.Cookie(preloginCookie)
	token := r.PostForm.Get("authenticity_token")
	if err != nil || c.Value == "" || !hmac.Equal([]byte(token), []byte(s.csrfToken(c.Value))) {
		s.page(w, http.StatusForbidden, "csrf", pageData{Title: "Sign-in form expired", Message: "Your sign-in form expired or was not sent from this site. Please sign in again."})
		return
	}
	next := safeNext(r.PostForm.Get("next"))
	user := r.PostForm.Get("username")
	if !s.credentialsOK(user, r.PostForm.Get("password")) {
		s.loginPage(w, r, http.StatusOK, pageData{Next: next, Error: "Invalid user name or password."})
		return
	}
	id := randomHex(20)
	s.mu.Lock()
	s.sessions[id] = &session{user: user, lastSeen: s.now()}
	s.mu.Unlock()
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: id, Path: "/portal", HttpOnly: true, SameSite: http.SameSiteLaxMode})
	http.SetCookie(w, &http.Cookie{Name: preloginCookie, Value: "", Path: "/portal/login", MaxAge: -1})
	http.Redirect(w, r, next, http.StatusSeeOther)
}

func (s *Sandbox) handleLogout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(sessionCookie); err == nil {
		s.mu.Lock()
		delete(s.sessions, c.Value)
		s.mu.Unlock()
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/portal", MaxAge: -1})
	http.Redirect(w, r, "/portal/login?reason=signedout", http.StatusFound)
}

// portal wraps a portal page with the session check: without a live
// session, 302 to the login form, which comes back here after.
func (s *Sandbox) portal(h func(http.ResponseWriter, *http.Request, string)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(sessionCookie)
		user := ""
		if err == nil {
			now := s.now()
			s.mu.Lock()
			if sess := s.sessions[c.Value]; sess != nil {
				if now.Sub(sess.lastSeen) < s.sessionTTL {
					sess.lastSeen = now
					user = sess.user
				} else {
					delete(s.sessions, c.Value)
				}
			}
			s.mu.Unlock()
		}
		if user == "" {
			q := url.Values{"next": {r.URL.RequestURI()}}
			if err == nil {
				q.Set("reason", "expired")
			}
			http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/portal", MaxAge: -1})
			http.Redirect(w, r, "/portal/login?"+q.Encode(), http.StatusFound)
			return
		}
		h(w, r, user)
	}
}

func (s *Sandbox) handleHome(w http.ResponseWriter, _ *http.Request, user string) {
	s.page(w, http.StatusOK, "home", pageData{Title: "Home", User: user})
}

func (s *Sandbox) handleSearch(w http.ResponseWriter, r *http.Request, user string) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	switch {
	case q == "":
		http.Redirect(w, r, "/portal/", http.StatusFound)
	case strings.HasPrefix(strings.ToUpper(q), "P-"):
		if _, ok := placementJob(q); ok {
			http.Redirect(w, r, "/portal/placements/"+url.PathEscape(q), http.StatusFound)
			return
		}
		fallthrough
	default:
		if validRef(q) {
			http.Redirect(w, r, "/portal/jobs/"+url.PathEscape(q), http.StatusFound)
			return
		}
		s.page(w, http.StatusNotFound, "notfound", pageData{Title: "Not found", User: user, Message: "No requisition or placement matches " + q + "."})
	}
}

func (s *Sandbox) jobPage(j Job, user string) pageData {
	text, class := portalStatus(j.Status)
	return pageData{
		Title: j.Title + " (#" + j.Ref + ")", User: user, Job: j, StatusText: text, StatusClass: class,
		Updated: j.UpdatedAt.UTC().Format("01/02/2006 3:04 PM") + " UTC",
	}
}

// groups lays items out per packet group, numbering them and marking
// those the latest template version added.
func groups(items []Item, added []string) []groupView {
	var out []groupView
	for i, it := range items {
		if len(out) == 0 || out[len(out)-1].Name != it.PacketGroup {
			out = append(out, groupView{Name: it.PacketGroup})
		}
		g := &out[len(out)-1]
		g.Items = append(g.Items, itemView{Item: it, Seq: i + 1, New: slices.Contains(added, it.ID)})
	}
	return out
}

func latestAdded(changes []Change) []string {
	if len(changes) == 0 {
		return nil
	}
	return changes[len(changes)-1].Added
}

func (s *Sandbox) handleJobPage(w http.ResponseWriter, r *http.Request, user string) {
	ref := r.PathValue("ref")
	if _, ok := s.gate(w, r, surfacePortal, ref, "Requisition "+ref); !ok {
		return
	}
	jt := s.JobTruth(ref)
	d := s.jobPage(jt.Job, user)
	d.ItemCount = len(jt.Items)
	d.Groups = groups(jt.Items, latestAdded(jt.Changes))
	s.page(w, http.StatusOK, "job", d)
}

func (s *Sandbox) handlePlacementPage(w http.ResponseWriter, r *http.Request, user string) {
	ref := r.PathValue("ref")
	jobRef, ok := placementJob(ref)
	if !ok {
		s.page(w, http.StatusNotFound, "notfound", pageData{Title: "Not found", User: user, Message: "Placement " + ref + " was not found."})
		return
	}
	if _, ok := s.gate(w, r, surfacePortal, jobRef, "Placement "+ref); !ok {
		return
	}
	p, _ := s.PlacementTruth(ref)
	d := s.jobPage(p.Job, user)
	d.Title = "Placement " + ref
	d.Placement = ref
	d.ItemCount = len(p.Items)
	d.Groups = groups(p.Items, nil)
	s.page(w, http.StatusOK, "placement", d)
}
