package rules

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/namematch"
)

// Source validation: a judged document checked at its primary source (a
// nursing license at the board's license lookup, an AHA card at the AHA's
// eCard verification) adds one rule, source_validation, to its tree.
// This package decides what to ask (PlanSource) and judges the answer
// (JudgeSource, AddSourceRule); the asking is the caller's, so the rules
// stay free of I/O and of the clock.
//
// A wrong pass here would clear a nurse on the strength of a source that
// was never reached, so the rule passes only on a found record that agrees
// with the document: number, holder (namematch), type or course, status
// active and not encumbered, current on the as-of date, and an expiry no
// earlier than the one printed. A record that disagrees fails the rule
// (the tree is INVALID). A source that could not be asked skips it with
// the reason, and a tree that would have been VALID is NOT_SUPPORTED: a
// person must check at the source. A card of an issuer no source is
// connected for (American Red Cross...) is skipped with that reason and
// judged on the document alone, as without source validation.

// RuleSourceValidation is the rule a source check adds to a tree.
const RuleSourceValidation = "source_validation"

// The primary sources.
const (
	// SourceNursys is the Nursys license lookup (package nursys).
	SourceNursys = "nursys"
	// SourceAHAECard is the AHA eCard verification (package ahaecard).
	SourceAHAECard = "aha_ecard"
)

// Outcomes of asking a source (SourceAnswer.Outcome).
const (
	OutcomeFound       = "found"
	OutcomeNotFound    = "not_found"
	OutcomeUnavailable = "unavailable"
)

// Reason codes of source_validation (besides missing_field and
// low_confidence for a license number or eCard code the document does
// not show surely, and the not_evaluated reasons of its tree).
const (
	ReasonConfirmedAtSource      = "confirmed_at_source"
	ReasonNotFoundAtSource       = "not_found_at_source"
	ReasonNumberMismatchAtSource = "number_mismatch_at_source"
	ReasonNameMismatchAtSource   = "name_mismatch_at_source"
	ReasonTypeMismatchAtSource   = "license_type_mismatch_at_source"
	ReasonCourseMismatchAtSource = "course_mismatch_at_source"
	ReasonStatusAtSource         = "status_not_active_at_source"
	ReasonEncumberedAtSource     = "encumbered_at_source"
	ReasonExpiredAtSource        = "expired_at_source"
	ReasonExpiryMismatchAtSource = "expiry_mismatch_at_source"
	ReasonMalformedECardCode     = "malformed_ecard_code"
	// Skipped: the source could not be asked (down, too slow after
	// retries, refusing us). The tree is not VALID.
	ReasonSourceUnavailable = "source_unavailable"
	// Skipped: the card's issuer could not be read and its code is not an
	// eCard code, so no source could be chosen. The tree is not VALID.
	ReasonIssuerUnknown = "issuer_unknown"
	// Skipped: no source is connected for this issuer or document type;
	// the document is judged on what it shows.
	ReasonNoSourceConnector = "no_source_connector"
)

// Field names of the documents a source checks.
const (
	fieldLicenseNumber = "license_number"
	fieldState         = "state"
	fieldLicenseType   = "license_type"
	fieldIssuer        = "issuer"
	fieldCertificateID = "certificate_id"
)

// SourceRequest is what to ask a primary source about one document, or,
// when Decided is set, the rule already settled without asking.
type SourceRequest struct {
	// Source is SourceNursys or SourceAHAECard; "" when Decided is set.
	Source string
	// State, LicenseNumber and LicenseType (as printed, possibly empty)
	// name a license.
	State, LicenseNumber, LicenseType string
	// ECardCode is the card's code, digits only.
	ECardCode string
	// Holder is the name the answer's holder is compared with: the
	// document's, else the candidate's.
	Holder namematch.Name
	// Decided is the rule when no source is asked.
	Decided *RuleResult
}

// SourceAnswer is what a source answered, as the rule shows it.
type SourceAnswer struct {
	Source  string `json:"source"`
	Outcome string `json:"outcome"`
	// Error is why the source could not be asked (unavailable).
	Error string `json:"error,omitempty"`
	// Holder is the name as the source records it.
	Holder        *namematch.Name `json:"holder,omitempty"`
	LicenseNumber string          `json:"license_number,omitempty"`
	State         string          `json:"state,omitempty"`
	LicenseType   string          `json:"license_type,omitempty"`
	ECardCode     string          `json:"ecard_code,omitempty"`
	// Course is BLS, ACLS, PALS, PEARS, HEARTSAVER or OTHER; CourseName
	// as the card prints it.
	Course     string `json:"course,omitempty"`
	CourseName string `json:"course_name,omitempty"`
	// Status is the source's status folded to one word (active, inactive,
	// expired, lapsed, suspended, revoked...); StatusText its wording.
	Status     string `json:"status,omitempty"`
	StatusText string `json:"status_text,omitempty"`
	Encumbered bool   `json:"encumbered,omitempty"`
	// IssueDate and ExpirationDate are YYYY-MM-DD; a card's expiration is
	// its recommended renewal date.
	IssueDate      string `json:"issue_date,omitempty"`
	ExpirationDate string `json:"expiration_date,omitempty"`
	TrainingCenter string `json:"training_center,omitempty"`
}

// sourceTypes are the document types a source is connected for.
func sourceOf(documentType string) string {
	switch documentType {
	case "nursing_license":
		return SourceNursys
	case "bls", "acls", "pals":
		return SourceAHAECard
	}
	return ""
}

// PlanSource decides how the document judged in tree is checked at its
// primary source: what to ask whom, or (Decided) the rule without asking.
// in is the document the tree judged.
func PlanSource(tree *Tree, in Input) SourceRequest {
	rr := RuleResult{Rule: RuleSourceValidation}
	decided := func(result, reason, message string) SourceRequest {
		rr.Result, rr.Reason, rr.Message = result, reason, message
		return SourceRequest{Decided: &rr}
	}
	if tree.Result == NotSupported && (len(tree.Rules) == 0 || tree.Rules[0].Result == NotEvaluated) {
		reason := ReasonUnreadable
		if len(tree.Rules) > 0 {
			reason = tree.Rules[0].Reason
		}
		return decided(NotEvaluated, reason, "Not checked at a primary source because the document could not be judged.")
	}
	if len(tree.Rules) > 0 && tree.Rules[0].Rule == RuleDocumentType && tree.Rules[0].Result != Pass {
		return decided(NotEvaluated, ReasonWrongDocumentType, "Not checked at a primary source because the document is not of a type this requirement accepts.")
	}
	j := &judge{in: in}
	holder := sourceHolder(j)
	switch sourceOf(in.DocumentType) {
	case SourceNursys:
		number, state := readString(in.Fields, fieldLicenseNumber), readString(in.Fields, fieldState)
		rr.Field = fieldLicenseNumber
		if failed, unread := failUnread(rr, number.state, number.raw,
			"The document shows no license number, so the license could not be looked up at the board.",
			"The license number on the document, %s, could not be read as text, so the license could not be looked up at the board."); unread {
			failed = j.unsure(failed)
			return SourceRequest{Decided: &failed}
		}
		rr.Field = fieldState
		if failed, unread := failUnread(rr, state.state, state.raw,
			"The document does not show the state that issued the license, so it could not be looked up at the board.",
			"The state on the document, %s, could not be read as text, so the license could not be looked up at the board."); unread {
			failed = j.unsure(failed)
			return SourceRequest{Decided: &failed}
		}
		if st := strings.ToUpper(state.text); len(st) != 2 || strings.Trim(st, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
			return SourceRequest{Decided: ptr(failUnreadable(rr, state.raw,
				"The state on the document, %s, is not a two-letter state code, so the license could not be looked up at the board."))}
		}
		return SourceRequest{Source: SourceNursys, State: strings.ToUpper(state.text), LicenseNumber: number.text,
			LicenseType: readString(in.Fields, fieldLicenseType).text, Holder: holder}
	case SourceAHAECard:
		issuer := readString(in.Fields, fieldIssuer)
		code := readString(in.Fields, fieldCertificateID)
		digits, twelve := eCardDigits(code.text)
		switch {
		case issuer.state == present && !isAHA(issuer.text):
			rr.Field, rr.Actual = fieldIssuer, issuer.text
			return decided(Skipped, ReasonNoSourceConnector, fmt.Sprintf(
				"No source connector for this issuer (%s): the card was not checked at its source and is judged on what it shows.", issuer.text))
		case issuer.state != present && !twelve:
			rr.Field = fieldIssuer
			return decided(Skipped, ReasonIssuerUnknown,
				"The card's issuer could not be read and its code is not an AHA eCard code, so no source could be asked; a person must check the card with its issuer.")
		}
		rr.Field = fieldCertificateID
		if failed, unread := failUnread(rr, code.state, code.raw,
			"The card shows no eCard code, so it could not be verified with the AHA.",
			"The eCard code on the card, %s, could not be read as text, so it could not be verified with the AHA."); unread {
			failed = j.unsure(failed)
			return SourceRequest{Decided: &failed}
		}
		if problem := eCardCodeProblem(digits, twelve, in.AsOf); problem != "" {
			rr.Result, rr.Reason, rr.Actual = Fail, ReasonMalformedECardCode, code.text
			rr.Message = fmt.Sprintf("The eCard code on the card, %s, is not an AHA eCard code: %s. An eCard code is 12 digits: the last two digits of the year the eCard was issued, a 3-digit course code and a 7-digit number.",
				quote(code.text), problem)
			return SourceRequest{Decided: &rr}
		}
		return SourceRequest{Source: SourceAHAECard, ECardCode: digits, Holder: holder}
	}
	return decided(Skipped, ReasonNoSourceConnector, fmt.Sprintf(
		"No primary source is connected for documents of type %s, so this one was not checked at its source.", quote(in.DocumentType)))
}

func ptr[T any](v T) *T { return &v }

// sourceHolder is the name a source's holder must match: the document's,
// else the candidate's.
func sourceHolder(j *judge) namematch.Name {
	if name, _, _, state := j.documentName(); state == present {
		return name
	}
	c := j.in.Candidate
	return namematch.Name{First: strings.TrimSpace(c.FirstName), Middle: strings.TrimSpace(c.MiddleName), Last: strings.TrimSpace(c.LastName)}
}

// isAHA reports whether an issuer as read is the American Heart
// Association.
func isAHA(issuer string) bool {
	i := strings.ToLower(issuer)
	return strings.Contains(i, "american heart") || strings.Contains(i, "heart association") || slices.Contains(strings.Fields(i), "aha")
}

// eCardDigits is a code with its spaces and dashes dropped, and whether it
// is then 12 digits.
func eCardDigits(code string) (string, bool) {
	var b strings.Builder
	for _, r := range code {
		switch {
		case r == ' ' || r == '-' || r == '\u00a0':
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			return code, false
		}
	}
	return b.String(), b.Len() == 12
}

// eCardCodeProblem says what makes a code no eCard code: not 12 digits,
// or a year of issue after the as-of date (eCards began in 2015, so the
// two digits are 20YY).
func eCardCodeProblem(digits string, twelve bool, asOf time.Time) string {
	if !twelve {
		return "it is not 12 digits"
	}
	yy, _ := strconv.Atoi(digits[:2])
	if year := 2000 + yy; year > asOf.Year() {
		return fmt.Sprintf("its first two digits name the year %d, after the as-of date", year)
	}
	return ""
}

// JudgeSource turns a source's answer to req into the rule. checkedAt is
// when the source answered (or was last asked, when it could not be).
func JudgeSource(in Input, req SourceRequest, ans SourceAnswer, checkedAt time.Time) RuleResult {
	if req.Decided != nil {
		return *req.Decided
	}
	asOf := dateOf(in.AsOf)
	at := checkedAt.UTC()
	ans.Source = req.Source
	rr := RuleResult{Rule: RuleSourceValidation, Source: &ans, CheckedAt: &at,
		Expected: map[string]string{"status": "active", "valid_on": iso(asOf)}}
	name := "the board's license lookup (Nursys)"
	what := fmt.Sprintf("license %s (%s)", req.LicenseNumber, req.State)
	if req.LicenseType != "" {
		what = fmt.Sprintf("%s license %s (%s)", req.LicenseType, req.LicenseNumber, req.State)
	}
	actual := map[string]string{"license_number": req.LicenseNumber, "state": req.State, "license_type": req.LicenseType}
	rr.Field = fieldLicenseNumber
	if req.Source == SourceAHAECard {
		name, what = "the AHA eCard verification", "eCard "+req.ECardCode
		actual = map[string]string{"ecard_code": req.ECardCode, "course": strings.ToUpper(in.DocumentType)}
		rr.Field = fieldCertificateID
	}
	actual["holder_name"] = req.Holder.Full()
	printedExpiry := readDate(in.Fields, fieldExpirationDate)
	if printedExpiry.state == present {
		actual["expiration_date"] = iso(printedExpiry.date)
	}
	for k, v := range actual {
		if v == "" {
			delete(actual, k)
		}
	}
	rr.Actual = actual
	fail := func(reason, format string, args ...any) RuleResult {
		rr.Result, rr.Reason, rr.Message = Fail, reason, fmt.Sprintf(format, args...)
		return rr
	}
	switch ans.Outcome {
	case OutcomeUnavailable:
		rr.Result, rr.Reason = Skipped, ReasonSourceUnavailable
		rr.Message = fmt.Sprintf("%s could not be asked about %s (%s), so the document was not confirmed at its source; check it there or upload it again later.",
			capitalize(name), what, cmp.Or(ans.Error, "no answer"))
		return rr
	case OutcomeNotFound:
		return fail(ReasonNotFoundAtSource, "%s holds no %s.", capitalize(name), what)
	case OutcomeFound:
	default:
		rr.Result, rr.Reason = Skipped, ReasonSourceUnavailable
		rr.Message = fmt.Sprintf("%s gave no usable answer about %s, so the document was not confirmed at its source.", capitalize(name), what)
		return rr
	}

	// Found: the record must be the document's.
	if req.Source == SourceNursys && ans.LicenseNumber != "" && alnum(ans.LicenseNumber) != alnum(req.LicenseNumber) {
		return fail(ReasonNumberMismatchAtSource, "%s answered license %s, not the document's %s.", capitalize(name), ans.LicenseNumber, req.LicenseNumber)
	}
	if req.Source == SourceAHAECard && ans.ECardCode != "" && ans.ECardCode != req.ECardCode {
		return fail(ReasonNumberMismatchAtSource, "%s answered eCard %s, not the card's %s.", capitalize(name), ans.ECardCode, req.ECardCode)
	}
	holder := namematch.Name{}
	if ans.Holder != nil {
		holder = *ans.Holder
	}
	if req.Holder.Empty() {
		rr.Field = fieldFullName
		return fail(ReasonMissingField, "Neither the document nor the candidate gives a name to compare with the holder %s records, %s.", name, quote(holder.Full()))
	}
	if m := namematch.Match(req.Holder, holder); !m.Match {
		return fail(ReasonNameMismatchAtSource, "%s records %s as %s's, not %s's: %s.", capitalize(name), what, quote(holder.Full()), quote(req.Holder.Full()), mismatchDetail(m.Reason))
	}
	if req.Source == SourceNursys {
		if want, ok := nursingType(req.LicenseType); ok && want != "" && !typeAgrees(want, ans.LicenseType) {
			return fail(ReasonTypeMismatchAtSource, "The document shows a %s license, but the board records license %s as %s.", req.LicenseType, req.LicenseNumber, ans.LicenseType)
		}
	} else if want := strings.ToUpper(in.DocumentType); ans.Course != want {
		return fail(ReasonCourseMismatchAtSource, "The AHA records eCard %s as a %s card, not %s.", req.ECardCode, cmp.Or(ans.CourseName, ans.Course), want)
	}
	status := cmp.Or(ans.StatusText, ans.Status)
	expires, hasExpiry := parseISO(ans.ExpirationDate)
	switch {
	case ans.Status == "expired" || ans.Status == "lapsed":
		if hasExpiry {
			return fail(ReasonExpiredAtSource, "%s records %s as %s since %s.", capitalize(name), what, quote(status), long(expires))
		}
		return fail(ReasonExpiredAtSource, "%s records %s as %s.", capitalize(name), what, quote(status))
	case ans.Status != "active":
		return fail(ReasonStatusAtSource, "%s records %s as %s, not active.", capitalize(name), what, quote(cmp.Or(status, "of unknown status")))
	case ans.Encumbered:
		return fail(ReasonEncumberedAtSource, "%s records %s as encumbered (%s, with a restriction or discipline in effect).", capitalize(name), what, quote(status))
	case hasExpiry && expires.Before(asOf):
		return fail(ReasonExpiredAtSource, "%s records %s as current only through %s, before the as-of date, %s.", capitalize(name), what, long(expires), long(asOf))
	case hasExpiry && printedExpiry.state == present && printedExpiry.date.After(expires):
		return fail(ReasonExpiryMismatchAtSource, "The document shows an expiration date, %s, later than the one %s records, %s.", long(printedExpiry.date), name, long(expires))
	}
	rr.Result, rr.Reason = Pass, ReasonConfirmedAtSource
	rr.Message = fmt.Sprintf("%s confirms %s of %s: %s", capitalize(name), what, quote(holder.Full()), quote(cmp.Or(status, "active")))
	if hasExpiry {
		rr.Message += ", current through " + long(expires)
	}
	rr.Message += "."
	return rr
}

// Source returns the tree's source_validation rule, or nil when the
// document was not checked at its source.
func (t Tree) Source() *RuleResult {
	for i := range t.Rules {
		if t.Rules[i].Rule == RuleSourceValidation {
			return &t.Rules[i]
		}
	}
	return nil
}

// AddSourceRule appends the source_validation rule to tree and settles
// the tree's result: a failed rule makes it INVALID; a source that could
// not be asked, or chosen, leaves a VALID tree NOT_SUPPORTED.
func AddSourceRule(tree *Tree, rr RuleResult) {
	tree.Rules = append(tree.Rules, rr)
	switch {
	case rr.Result == Fail:
		// INVALID even over a field read unsurely (NOT_SUPPORTED): the
		// source contradicts the document.
		tree.Result = Invalid
	case rr.Result == Skipped && tree.Result == Valid &&
		slices.Contains([]string{ReasonSourceUnavailable, ReasonIssuerUnknown, ReasonLowConfidence}, rr.Reason):
		tree.Result = NotSupported
	}
}

// nursingType folds a printed license type the way Nursys types them: RN;
// PN for LPN, LVN and PN; an APRN role; "" for a bare APRN (any role).
func nursingType(printed string) (string, bool) {
	t := strings.ToUpper(strings.Join(strings.FieldsFunc(printed, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') }), " "))
	switch t {
	case "RN", "REGISTERED NURSE":
		return "RN", true
	case "PN", "LPN", "LVN", "VN", "LICENSED PRACTICAL NURSE", "LICENSED VOCATIONAL NURSE":
		return "PN", true
	case "APRN", "ADVANCED PRACTICE REGISTERED NURSE":
		return "APRN", true
	}
	for _, w := range strings.Fields(t) {
		switch w {
		case "CRNA", "CNM", "CNS", "CNP":
			return w, true
		case "NP":
			return "CNP", true
		}
	}
	return "", false
}

// typeAgrees reports whether the source's license type is the one the
// document shows (an APRN is any of the four roles).
func typeAgrees(want, got string) bool {
	got = strings.ToUpper(strings.TrimSpace(got))
	if want == "APRN" {
		return slices.Contains([]string{"APRN", "CNP", "CNS", "CNM", "CRNA"}, got)
	}
	return want == got
}

func alnum(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func parseISO(s string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
