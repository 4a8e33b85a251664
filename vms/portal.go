package vms

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// loginPath is the portal's sign-in form.
const loginPath = "/portal/login"

// portalPage GETs a portal page: signing in first when the connector has
// no session yet, and once more when the portal sends it to its sign-in
// form (the session expired or the VMS restarted).
func (c *SandboxConnector) portalPage(cl *call, path string) (*goquery.Document, error) {
	signedIn := false
	for {
		c.mu.Lock()
		gen := c.sessionGen
		c.mu.Unlock()
		if gen == 0 {
			if err := c.login(cl, gen); err != nil {
				return nil, err
			}
			signedIn = true
			continue
		}
		req, err := http.NewRequestWithContext(cl.reqCtx, http.MethodGet, c.base+path, nil)
		if err != nil {
			return nil, fmt.Errorf("vms: %w", err)
		}
		req.Header.Set("Accept", "text/html,application/xhtml+xml")
		req.Header.Set("User-Agent", c.userAgent)
		resp, raw, err := c.do(cl, req)
		if err != nil {
			return nil, err
		}
		doc, needLogin, err := c.portalAnswer(cl, resp, raw)
		if !needLogin {
			return doc, err
		}
		if signedIn {
			return nil, &Error{Class: ErrAuth, Status: resp.StatusCode,
				Reason: "the VMS portal asked us to sign in again right after signing in, for " + cl.subject}
		}
		c.log.Info("vms portal session ended, signing in again", "subject", cl.subject)
		if err := c.login(cl, gen); err != nil {
			return nil, err
		}
		signedIn = true
	}
}

// portalAnswer classifies a portal answer: the page, or that a sign-in is
// needed, or an error.
func (c *SandboxConnector) portalAnswer(cl *call, resp *http.Response, raw []byte) (*goquery.Document, bool, error) {
	status := resp.StatusCode
	if status >= 300 && status < 400 {
		loc, err := resp.Location()
		if err == nil && loc.Path == loginPath {
			return nil, true, nil
		}
		return nil, false, &Error{Class: ErrMalformed, Status: status,
			Reason: fmt.Sprintf("the VMS portal sent %s elsewhere (%d to %s)", cl.subject, status, resp.Header.Get("Location"))}
	}
	var doc *goquery.Document
	if looksHTML(raw) {
		doc, _ = goquery.NewDocumentFromReader(bytes.NewReader(raw))
	}
	said := ""
	if m := pageMessage(doc); m != "" {
		said = ": " + m
	}
	retry, _ := retryAfter(resp.Header.Get("Retry-After"), time.Now())
	switch {
	case status == http.StatusOK:
		if doc == nil {
			return nil, false, &Error{Class: ErrMalformed, Status: status, Reason: "the VMS portal answered something other than a web page for " + cl.subject}
		}
		if hasPasswordForm(doc) {
			return nil, true, nil
		}
		return doc, false, nil
	case status == http.StatusUnauthorized:
		return nil, true, nil
	case status == http.StatusNotFound || status == http.StatusGone:
		return nil, false, &Error{Class: ErrNotFound, Status: status, Reason: "the VMS portal does not know " + cl.subject + said}
	case status == http.StatusForbidden:
		return nil, false, &Error{Class: ErrAuth, Status: status, Reason: "the VMS portal refuses our account access to " + cl.subject + said}
	case status == http.StatusTooManyRequests || status == http.StatusRequestTimeout || status >= 500:
		return nil, false, &Error{Class: ErrUnavailable, Status: status, RetryAfter: retry,
			Reason: fmt.Sprintf("the VMS portal answered %d for %s%s", status, cl.subject, said)}
	}
	return nil, false, &Error{Class: ErrMalformed, Status: status, Reason: fmt.Sprintf("the VMS portal answered %d for %s%s", status, cl.subject, said)}
}

// login signs in to the portal with the sign-in form as the portal serves
// it (its hidden fields carry the form's token). gen is the session the
// caller saw; when another call has signed in since, that session serves.
func (c *SandboxConnector) login(cl *call, gen int) error {
	c.loginMu.Lock()
	defer c.loginMu.Unlock()
	c.mu.Lock()
	current := c.sessionGen
	c.mu.Unlock()
	if current != gen {
		return nil
	}
	const what = "the VMS portal's sign-in page"
	formURL := c.base + loginPath
	req, err := http.NewRequestWithContext(cl.reqCtx, http.MethodGet, formURL, nil)
	if err != nil {
		return fmt.Errorf("vms: %w", err)
	}
	req.Header.Set("Accept", "text/html,application/xhtml+xml")
	req.Header.Set("User-Agent", c.userAgent)
	resp, raw, err := c.do(cl, req)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return signInFailure(resp, raw, what)
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(raw))
	if err != nil || !looksHTML(raw) {
		return &Error{Class: ErrMalformed, Status: resp.StatusCode, Reason: what + " is not a web page"}
	}
	form := doc.Find("form").FilterFunction(func(_ int, s *goquery.Selection) bool {
		return passwordInputs(s).Length() > 0
	}).First()
	if form.Length() == 0 {
		return layoutError(doc, what, "no sign-in form")
	}
	action, err := resolve(formURL, form.AttrOr("action", ""))
	if err != nil || !sameOrigin(action, c.base) {
		// The password goes nowhere but the VMS.
		return &Error{Class: ErrMalformed, Reason: fmt.Sprintf("%s posts its form to %q, not to the VMS", what, form.AttrOr("action", ""))}
	}
	vals := url.Values{}
	userSet, passwordSet := false, false
	form.Find("input[name]").Each(func(_ int, in *goquery.Selection) {
		name := in.AttrOr("name", "")
		switch strings.ToLower(in.AttrOr("type", "text")) {
		case "hidden":
			vals.Set(name, in.AttrOr("value", ""))
		case "password":
			vals.Set(name, c.password)
			passwordSet = true
		case "text", "email":
			if !userSet {
				vals.Set(name, c.username)
				userSet = true
			}
		case "checkbox", "radio":
			if _, checked := in.Attr("checked"); checked {
				vals.Add(name, in.AttrOr("value", "on"))
			}
		}
	})
	if !userSet || !passwordSet {
		return layoutError(doc, what, "no user name field")
	}
	post, err := http.NewRequestWithContext(cl.reqCtx, http.MethodPost, action, strings.NewReader(vals.Encode()))
	if err != nil {
		return fmt.Errorf("vms: %w", err)
	}
	post.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	post.Header.Set("User-Agent", c.userAgent)
	post.Header.Set("Origin", c.base)
	post.Header.Set("Referer", formURL)
	resp, raw, err = c.do(cl, post)
	if err != nil {
		return err
	}
	status := resp.StatusCode
	if status >= 300 && status < 400 {
		if loc, err := resp.Location(); err == nil && loc.Path != loginPath {
			c.mu.Lock()
			c.sessionGen++
			c.mu.Unlock()
			c.log.Info("vms portal signed in", "user", c.username)
			return nil
		}
		return &Error{Class: ErrAuth, Status: status, Reason: "the VMS portal refused our sign-in"}
	}
	if status == http.StatusOK {
		msg := "no reason given"
		if doc, err := goquery.NewDocumentFromReader(bytes.NewReader(raw)); err == nil {
			if m := firstText(doc, ".alert-danger, .alert-error, .error, .errors, [role=alert]"); m != "" {
				msg = m
			}
		}
		return &Error{Class: ErrAuth, Status: status, Reason: "the VMS portal refused our sign-in: " + msg}
	}
	return signInFailure(resp, raw, "the VMS portal's sign-in")
}

func signInFailure(resp *http.Response, raw []byte, what string) error {
	status := resp.StatusCode
	said := ""
	if looksHTML(raw) {
		if doc, err := goquery.NewDocumentFromReader(bytes.NewReader(raw)); err == nil {
			if m := pageMessage(doc); m != "" {
				said = ": " + m
			}
		}
	}
	retry, _ := retryAfter(resp.Header.Get("Retry-After"), time.Now())
	switch {
	case status == http.StatusTooManyRequests || status == http.StatusRequestTimeout || status >= 500:
		return &Error{Class: ErrUnavailable, Status: status, RetryAfter: retry, Reason: fmt.Sprintf("%s answered %d%s", what, status, said)}
	case status >= 400:
		return &Error{Class: ErrAuth, Status: status, Reason: fmt.Sprintf("%s answered %d%s", what, status, said)}
	}
	return &Error{Class: ErrMalformed, Status: status, Reason: fmt.Sprintf("%s answered %d", what, status)}
}

func resolve(base, ref string) (string, error) {
	b, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	r, err := url.Parse(ref)
	if err != nil {
		return "", err
	}
	return b.ResolveReference(r).String(), nil
}

func sameOrigin(a, b string) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(b)
	return err1 == nil && err2 == nil && ua.Scheme == ub.Scheme && strings.EqualFold(ua.Host, ub.Host)
}

func hasPasswordForm(doc *goquery.Document) bool {
	return passwordInputs(doc.Find("form")).Length() > 0
}

// passwordInputs are the password fields within sel (type compared
// without regard to case, as browsers do).
func passwordInputs(sel *goquery.Selection) *goquery.Selection {
	return sel.Find("input").FilterFunction(func(_ int, in *goquery.Selection) bool {
		return strings.EqualFold(in.AttrOr("type", ""), "password")
	})
}

// firstText is the first non-empty text of the elements sel matches.
func firstText(doc *goquery.Document, sel string) string {
	out := ""
	doc.Find(sel).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		out = clean(s.Text())
		return out == ""
	})
	return out
}

// pageMessage is what an error page says: its message, or its heading.
func pageMessage(doc *goquery.Document) string {
	if doc == nil {
		return ""
	}
	if m := firstText(doc, ".error-message, .alert-danger, [role=alert]"); m != "" {
		return m
	}
	return firstText(doc, "h1, title")
}

// pageTitle is the title of an HTML answer, "" when none.
func pageTitle(raw []byte) string {
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	if t := firstText(doc, "title"); t != "" {
		return t
	}
	return firstText(doc, "h1")
}

// layoutError is a page without what the connector reads there: a
// maintenance page (retryable) or a changed layout (for people).
func layoutError(doc *goquery.Document, what, missing string) error {
	heading := firstText(doc, "title")
	if heading == "" {
		heading = firstText(doc, "h1")
	}
	lower := strings.ToLower(heading + " " + firstText(doc, "h1"))
	for _, m := range []string{"maintenance", "be back soon", "temporarily unavailable", "service unavailable"} {
		if strings.Contains(lower, m) {
			return &Error{Class: ErrUnavailable, Status: http.StatusOK,
				Reason: fmt.Sprintf("the VMS portal shows a maintenance page (%q) instead of %s", heading, what)}
		}
	}
	return &Error{Class: ErrMalformed, Status: http.StatusOK,
		Reason: fmt.Sprintf("%s does not have the layout the connector reads (%s); the portal may have changed", what, missing)}
}

// jobHeader finds the requisition header of a job page and checks that
// it is the job asked for.
func jobHeader(doc *goquery.Document, ref, subject string) (*goquery.Selection, error) {
	hdr := doc.Find("[data-req-id]").First()
	if hdr.Length() == 0 {
		return nil, layoutError(doc, "the portal page of "+subject, "no requisition header")
	}
	if id := clean(hdr.AttrOr("data-req-id", "")); id != ref {
		return nil, &Error{Class: ErrMalformed, Status: http.StatusOK, Reason: fmt.Sprintf("the VMS portal showed job %q when asked for %s", id, subject)}
	}
	return hdr, nil
}

// scrapeJob reads a job from its portal page.
func scrapeJob(doc *goquery.Document, ref, subject string) (Job, error) {
	hdr, err := jobHeader(doc, ref, subject)
	if err != nil {
		return Job{}, err
	}
	title := hdr.Find(".req-title").First().Clone()
	title.Find("small").Remove()
	facts := map[string]string{}
	hdr.Find("dl.req-facts dt").Each(func(_ int, dt *goquery.Selection) {
		key := strings.TrimSuffix(strings.ToLower(clean(dt.Text())), ":")
		facts[key] = clean(dt.NextFiltered("dd").Text())
	})
	fact := func(prefixes ...string) string {
		for _, p := range prefixes {
			for k, v := range facts {
				if strings.HasPrefix(k, p) {
					return v
				}
			}
		}
		return ""
	}
	pill := clean(hdr.Find(".status-pill").First().Text())
	status, ok := normStatus(pill)
	if !ok {
		return Job{}, &Error{Class: ErrMalformed, Status: http.StatusOK, Reason: fmt.Sprintf("the VMS portal shows %s as %q, a status the connector does not know", subject, pill)}
	}
	j := Job{
		Ref:        ref,
		Title:      clean(title.Text()),
		Facility:   fact("facility"),
		Location:   fact("location", "worksite"),
		Department: fact("department", "unit"),
		Role:       fact("job type", "role", "profession"),
		Status:     status,
		Portal:     true,
	}
	if f := strings.Fields(fact("checklist version")); len(f) > 0 {
		j.ChecklistVersion = f[0]
	}
	if j.Title == "" {
		return Job{}, layoutError(doc, "the portal page of "+subject, "no title")
	}
	return j, nil
}

// scrapeJobChecklist reads a job's checklist from its portal page: a
// table per packet group, one row per item.
func scrapeJobChecklist(doc *goquery.Document, ref, subject string) ([]SourceRequirement, error) {
	if _, err := jobHeader(doc, ref, subject); err != nil {
		return nil, err
	}
	sections := doc.Find("section.checklist-group")
	if sections.Length() == 0 {
		return nil, layoutError(doc, "the portal page of "+subject, "no checklist")
	}
	out, err := scrapeItems(sections, subject,
		func(sec *goquery.Selection) (string, *goquery.Selection) {
			return clean(sec.Find(".panel-title, h3").First().Text()), sec.Find("table.checklist tbody tr")
		},
		func(row *goquery.Selection) SourceRequirement {
			name := row.Find("td.item-name").First().Clone()
			name.Find(".req-flag, .badge").Remove()
			return SourceRequirement{
				Label:    clean(name.Text()),
				Notes:    clean(row.Find("td.item-notes").Text()),
				Ref:      clean(row.AttrOr("data-item", "")),
				Optional: strings.EqualFold(clean(row.Find("td.item-required").Text()), "no"),
			}
		})
	if err != nil {
		return nil, err
	}
	// The page announces its count ("Onboarding Requirements (31)"): a
	// row the scraper missed must not go unnoticed.
	if n, ok := announced(doc.Find(".section-heading .count").First().Text()); ok && n != len(out) {
		return nil, &Error{Class: ErrMalformed, Status: http.StatusOK,
			Reason: fmt.Sprintf("the portal page of %s announces %d requirements and %d were read", subject, n, len(out))}
	}
	if len(out) == 0 {
		return nil, layoutError(doc, "the portal page of "+subject, "no checklist rows")
	}
	return out, nil
}

// announced reads a count such as "(31)".
func announced(s string) (int, bool) {
	s = strings.Trim(clean(s), "()")
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// scrapePlacementChecklist reads a placement's checklist from its portal
// page: a fieldset per packet group, a list item per requirement.
func scrapePlacementChecklist(doc *goquery.Document, ref, subject string) ([]SourceRequirement, error) {
	hdr := doc.Find("[data-placement-id]").First()
	if hdr.Length() == 0 {
		return nil, layoutError(doc, "the portal page of "+subject, "no placement header")
	}
	if id := clean(hdr.AttrOr("data-placement-id", "")); id != ref {
		return nil, &Error{Class: ErrMalformed, Status: http.StatusOK, Reason: fmt.Sprintf("the VMS portal showed placement %q when asked for %s", id, subject)}
	}
	out, err := scrapeItems(doc.Find("fieldset.checklist-section"), subject,
		func(sec *goquery.Selection) (string, *goquery.Selection) {
			return clean(sec.ChildrenFiltered("legend").First().Text()), sec.Find("li.checklist-item")
		},
		func(li *goquery.Selection) SourceRequirement {
			return SourceRequirement{
				Label:    clean(li.Find(".item-label").First().Text()),
				Notes:    clean(li.Find(".item-note").First().Text()),
				Ref:      clean(li.AttrOr("data-item-id", "")),
				Optional: !li.HasClass("is-required"),
			}
		})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, layoutError(doc, "the portal page of "+subject, "no checklist")
	}
	return out, nil
}

// scrapeItems reads the items of a portal checklist: each of sections is
// a packet group, section giving its name and its item elements, and item
// reading one of them. An item without a label fails the whole read: a
// checklist missing an item must not pass for complete.
func scrapeItems(sections *goquery.Selection, subject string,
	section func(sec *goquery.Selection) (group string, items *goquery.Selection),
	item func(el *goquery.Selection) SourceRequirement) ([]SourceRequirement, error) {
	out := []SourceRequirement{}
	for _, sec := range sections.EachIter() {
		group, items := section(sec)
		for _, el := range items.EachIter() {
			r := item(el)
			r.PacketGroup = group
			if r.Label == "" {
				return nil, &Error{Class: ErrMalformed, Status: http.StatusOK, Reason: fmt.Sprintf("item %d on the portal page of %s has no label", len(out)+1, subject)}
			}
			out = append(out, r)
		}
	}
	return out, nil
}
