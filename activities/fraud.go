package activities

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"runtime"
	"strings"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"golang.org/x/sync/errgroup"

	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// Fraud history: an intake's judged segments, and a judged document scan,
// against the account's other uploads (intakes and document scans alike)
// for other candidates (fraud/history.go).

type fraudStore interface {
	File(ctx context.Context, accountID string, id uuid.UUID) (*store.File, error)
	SaveFraudPrints(ctx context.Context, accountID string, prints []store.FraudPrint) error
	FraudPrintMatches(ctx context.Context, accountID string, own uuid.UUID, prints []fraud.Print, maxDistance int) ([]store.FraudPrint, error)
	SetFraudPrintPages(ctx context.Context, accountID string, id uuid.UUID, hashes []string) error
	RescoreSegmentFraud(ctx context.Context, accountID string, segmentID uuid.UUID, rescore func(fraud.Verdict) fraud.Verdict) (before, after *fraud.Verdict, err error)
	RescoreScanFraud(ctx context.Context, accountID string, scanID uuid.UUID, rescore func(fraud.Verdict) fraud.Verdict) (before, after *fraud.Verdict, err error)
	SetIntakeFraud(ctx context.Context, accountID string, intakeID uuid.UUID, rollup store.JSON) error
}

// CandidateOf is whom an intake was uploaded for: its context's candidateId
// (the caller's candidate, as statements name it), else its external_id
// (the document owner in the caller's system, whose placements its rows
// are looked up by).
func CandidateOf(intake *store.Intake) string {
	return candidateFrom(intake.Context, intake.ExternalID)
}

// ScanCandidateOf is whom a document scan was uploaded for, as for an
// intake: its context's candidateId, else its external_id. A scan and an
// intake of one external id are one candidate's.
func ScanCandidateOf(scan *store.DocumentScan) string {
	return candidateFrom(scan.Context, scan.ExternalID.String())
}

func candidateFrom(context store.JSON, externalID string) string {
	var c struct {
		CandidateID any `json:"candidateId"`
	}
	if len(context) > 0 && json.Unmarshal(context, &c) == nil {
		if s, ok := c.CandidateID.(string); ok && strings.TrimSpace(s) != "" {
			return strings.TrimSpace(s)
		}
	}
	return externalID
}

// CheckFraudHistory prints every judged segment of an intake (fraud checks
// on), records the prints, and rescores a segment found to reuse an earlier
// upload (an intake's segment or a document scan) of another candidate of
// the account. An earlier upload judged after this one (two uploads
// processed at once, or out of order) is the later one's reuse too: this
// intake's print rescores it, and its intake's rollup follows. A
// fraudulent rescore moves the requirement rows the segment had fulfilled
// to INVALIDATED (store.RescoreSegmentFraud). With fraud checks off it
// does nothing: no print, no lookup.
func (a *Activities) CheckFraudHistory(ctx context.Context, in workflows.FraudHistoryInput) (workflows.FraudHistoryResult, error) {
	var out workflows.FraudHistoryResult
	stop := heartbeat(ctx)
	defer stop()
	log := a.log.With("intake_id", in.IntakeID, "workflow_id", activity.GetInfo(ctx).WorkflowExecution.ID)
	id, intake, err := lookup(ctx, a.store.LiveIntake, in.AccountID, "intake_id", in.IntakeID)
	if err != nil {
		return out, err
	}
	settings, err := a.store.FraudSettings(ctx, in.AccountID)
	if err != nil {
		return out, classify(err)
	}
	if !settings.Enabled {
		return out, nil
	}
	segs, err := a.store.Segments(ctx, in.AccountID, id)
	if err != nil {
		return out, classify(err)
	}
	prints, err := a.printSegments(ctx, log, intake, segs)
	if err != nil {
		return out, err
	}
	if err := a.store.SaveFraudPrints(ctx, in.AccountID, prints); err != nil {
		return out, classify(err)
	}
	out.Printed = len(prints)
	if len(prints) == 0 {
		return out, nil
	}
	h, err := a.compareHistory(ctx, log, in.AccountID, id, prints, settings.Sensitivity)
	if err != nil {
		return out, err
	}
	out.Later = h.later
	for _, p := range prints {
		sigs := h.signals[p.ID()]
		if len(sigs) == 0 {
			continue
		}
		_, after, err := a.store.RescoreSegmentFraud(ctx, in.AccountID, p.SegmentID, func(v fraud.Verdict) fraud.Verdict {
			return fraud.Rescore(v, sigs, settings.Sensitivity)
		})
		if err != nil {
			return out, classify(err)
		}
		if after != nil {
			out.Flagged++
			log.Info("segment reuses an earlier upload", "segment_id", p.SegmentID, "signals", codesOf(sigs), "fraud", after.Result, "score", after.Score)
		}
	}
	return out, nil
}

// history is what compareHistory found: the signals of each of the
// upload's prints (by print id) against the earlier uploads, and how many
// later uploads it rescored.
type history struct {
	signals map[uuid.UUID][]fraud.Signal
	later   int
}

// compareHistory compares the prints of one upload (own: its intake's or
// its document scan's id; the prints already saved) with the account's
// other uploads. Earlier uploads give the prints their signals, returned
// for the caller to store; a later upload judged before this one is
// rescored here with this upload's prints as its earlier ones (its intake's
// rollup follows). A born-digital document on one side whose facts a
// scanned or photographed page on the other agrees with has its pages
// hashed first (fraud.PagesWanted): the only path on which a text PDF's
// pages are rendered.
func (a *Activities) compareHistory(ctx context.Context, log *slog.Logger, accountID string, own uuid.UUID, prints []store.FraudPrint, sensitivity string) (history, error) {
	h := history{signals: map[uuid.UUID][]fraud.Signal{}}
	// One lookup for the whole upload: its segments share the file, and
	// fraud.Reused tells which earlier print matches which segment.
	printsOnly := make([]fraud.Print, len(prints))
	for i, p := range prints {
		printsOnly[i] = p.Print
	}
	matches, err := a.store.FraudPrintMatches(ctx, accountID, own, printsOnly, fraud.MaxPageDistance)
	if err != nil {
		return h, classify(err)
	}
	if err := a.hashWantedPages(ctx, log, accountID, prints, matches); err != nil {
		return h, err
	}
	mine := make([]fraud.PriorUse, len(prints))
	for i, p := range prints {
		mine[i] = p.PriorUse()
	}
	touched := map[uuid.UUID]bool{}
	var earlier []fraud.PriorUse
	for _, m := range matches {
		if uploadedBefore(m, prints[0]) {
			earlier = append(earlier, m.PriorUse())
			continue
		}
		// A later upload judged before this one could not see it.
		sigs := fraud.Reused(m.Print, m.CandidateID, mine)
		if len(sigs) == 0 {
			continue
		}
		after, err := a.rescorePrint(ctx, accountID, m, sigs, sensitivity)
		if err != nil {
			return h, err
		}
		if after != nil {
			h.later++
			if m.ScanID == uuid.Nil {
				touched[m.IntakeID] = true
			}
			log.Info("later upload found reusing this one", "print_id", m.ID(), "later_intake_id", m.IntakeID, "later_scan_id", m.ScanID, "fraud", after.Result, "score", after.Score)
		}
	}
	for _, p := range prints {
		if sigs := fraud.Reused(p.Print, p.CandidateID, earlier); len(sigs) > 0 {
			h.signals[p.ID()] = sigs
		}
	}
	for other := range touched {
		if err := a.refreshFraudRollup(ctx, accountID, other); err != nil {
			return h, err
		}
	}
	return h, nil
}

// hashWantedPages hashes the pages of the born-digital prints, on either
// side, that a scanned or photographed page of another candidate's agrees
// with (fraud.PagesWanted), records them (a later lookup finds them by
// their pages) and puts them in the prints compared. A document whose
// pages cannot be rendered keeps the rest of its print (logged).
func (a *Activities) hashWantedPages(ctx context.Context, log *slog.Logger, accountID string, prints, matches []store.FraudPrint) error {
	ours := make([]fraud.PriorUse, len(prints))
	for i, p := range prints {
		ours[i] = p.PriorUse()
	}
	theirs := make([]fraud.PriorUse, len(matches))
	for i, m := range matches {
		theirs[i] = m.PriorUse()
	}
	oursWanted, theirsWanted := fraud.PagesToHash(ours, theirs)
	var unhashed []*store.FraudPrint
	for _, i := range theirsWanted {
		unhashed = append(unhashed, &matches[i])
	}
	for _, i := range oursWanted {
		unhashed = append(unhashed, &prints[i])
	}
	if len(unhashed) > maxPagesHashed {
		// Earliest first (the matches' order): the ones a reuse links to.
		log.Warn("more born-digital documents agree with this upload than are rendered", "wanted", len(unhashed), "rendered", maxPagesHashed)
		unhashed = unhashed[:maxPagesHashed]
	}
	for _, fp := range unhashed {
		if fp.PDFKey == "" {
			log.Warn("born-digital print without its pages' blob: its page images are not compared", "print_id", fp.ID())
			continue
		}
		pdf, err := a.blobs.Get(ctx, fp.PDFKey)
		if err != nil {
			err = classify(err)
			var appErr *temporal.ApplicationError
			if errors.As(err, &appErr) && appErr.Type() == workflows.ErrGone {
				continue // deleted with its upload meanwhile
			}
			return err
		}
		start := time.Now()
		hashes, err := fraud.HashPages(pdf)
		if err != nil {
			log.Warn("born-digital pages could not be hashed", "print_id", fp.ID(), "error", err)
			continue
		}
		if err := a.store.SetFraudPrintPages(ctx, accountID, fp.ID(), hashes); err != nil {
			return classify(err)
		}
		fp.Print.PageHashes, fp.Print.AllPages = hashes, true
		log.Info("born-digital pages hashed for a scan of another candidate's that agrees with them", "print_id", fp.ID(), "pages", len(hashes), "ms", time.Since(start).Milliseconds())
	}
	return nil
}

// maxPagesHashed bounds the born-digital documents one upload has
// rendered: a document agreeing on every fact it shares with a scan of
// another candidate's is rare, and a flood of them is no reason for one
// upload to render an account's archive.
const maxPagesHashed = 8

// rescorePrint adds signals to the stored verdict of a segment or a
// document scan; nil when it has none (judged with fraud checks off) or is
// gone.
func (a *Activities) rescorePrint(ctx context.Context, accountID string, p store.FraudPrint, sigs []fraud.Signal, sensitivity string) (*fraud.Verdict, error) {
	rescore := func(v fraud.Verdict) fraud.Verdict { return fraud.Rescore(v, sigs, sensitivity) }
	var after *fraud.Verdict
	var err error
	if p.ScanID != uuid.Nil {
		_, after, err = a.store.RescoreScanFraud(ctx, accountID, p.ScanID, rescore)
	} else {
		_, after, err = a.store.RescoreSegmentFraud(ctx, accountID, p.SegmentID, rescore)
	}
	if err != nil {
		err = classify(err)
		var appErr *temporal.ApplicationError
		if errors.As(err, &appErr) && appErr.Type() == workflows.ErrGone {
			return nil, nil
		}
		return nil, err
	}
	return after, nil
}

// scanHistory is the history part of judging a document scan: the scan's
// print (fingerprinted from the file as received and its PDF) is
// recorded and compared with the account's intakes and other scans, and
// verdict comes back with the history signals, to be stored with the
// scan's SUCCESS (a reused file never shows clean). A later upload judged
// before it is rescored with it as its earlier one.
func (a *Activities) scanHistory(ctx context.Context, scan *store.DocumentScan, pdfKey string, pdf []byte, documentType string, fields map[string]any, verdict fraud.Verdict, sensitivity string) (fraud.Verdict, store.FraudPrint, error) {
	log := a.log.With("scan_id", scan.ID, "workflow_id", activity.GetInfo(ctx).WorkflowExecution.ID)
	var fp store.FraudPrint
	f, err := a.store.File(ctx, scan.AccountID, scan.FileID)
	if err != nil {
		return verdict, fp, classify(err)
	}
	upload, err := a.blobs.Get(ctx, f.BlobKey)
	if err != nil {
		return verdict, fp, classify(err)
	}
	p, err := fraud.Fingerprint(upload, pdf, documentType, fields)
	if err != nil {
		log.Warn("scan pages could not be printed", "error", err)
	}
	fp = store.FraudPrint{ScanID: scan.ID, CandidateID: ScanCandidateOf(scan), UploadedAt: scan.CreatedAt, PDFKey: pdfKey, Print: p}
	if err := a.store.SaveFraudPrints(ctx, scan.AccountID, []store.FraudPrint{fp}); err != nil {
		return verdict, fp, classify(err)
	}
	prints := []store.FraudPrint{fp}
	h, err := a.compareHistory(ctx, log, scan.AccountID, scan.ID, prints, sensitivity)
	if err != nil {
		return verdict, fp, err
	}
	sigs := h.signals[scan.ID]
	if len(sigs) > 0 {
		log.Info("document scan reuses an earlier upload", "signals", codesOf(sigs))
	}
	return fraud.Rescore(verdict, sigs, sensitivity), prints[0], nil
}

// recheckScanHistory looks again, after the scan's verdict was stored, for
// earlier uploads it reuses. An earlier upload judged at the same moment
// may have saved its print after the scan looked, and found the scan not
// yet judged (no verdict to rescore): the scan rescores itself now.
func (a *Activities) recheckScanHistory(ctx context.Context, scan *store.DocumentScan, fp store.FraudPrint, stored fraud.Verdict, sensitivity string) error {
	matches, err := a.store.FraudPrintMatches(ctx, scan.AccountID, scan.ID, []fraud.Print{fp.Print}, fraud.MaxPageDistance)
	if err != nil {
		return classify(err)
	}
	var earlier []fraud.PriorUse
	for _, m := range matches {
		if uploadedBefore(m, fp) {
			earlier = append(earlier, m.PriorUse())
		}
	}
	sigs := fraud.Reused(fp.Print, fp.CandidateID, earlier)
	if !newSignals(stored, sigs) {
		return nil
	}
	after, err := a.rescorePrint(ctx, scan.AccountID, fp, sigs, sensitivity)
	if err != nil {
		return err
	}
	if after != nil {
		a.log.Info("document scan found reusing an upload judged at the same time", "scan_id", scan.ID, "signals", codesOf(sigs), "fraud", after.Result, "score", after.Score)
	}
	return nil
}

// newSignals is true when sigs holds a signal v has not, or links to
// another earlier upload, or another number, than v's of its code.
func newSignals(v fraud.Verdict, sigs []fraud.Signal) bool {
	key := func(s fraud.Signal) string {
		k := s.Code
		if e := s.Evidence; e != nil {
			k += "|" + e.Field + "|" + e.Value
			if e.Earlier != nil {
				k += "|" + e.Earlier.IntakeID + "|" + e.Earlier.SegmentID + "|" + e.Earlier.DocumentID
			}
		}
		return k
	}
	have := map[string]bool{}
	for _, s := range v.Signals {
		have[key(s)] = true
	}
	for _, s := range sigs {
		if !have[key(s)] {
			return true
		}
	}
	return false
}

// printSegments fingerprints the intake's judged segments that carry a
// fraud verdict, in parallel. A segment whose pages do not render keeps
// the print of its file and numbers (logged): the other comparisons still
// hold.
func (a *Activities) printSegments(ctx context.Context, log *slog.Logger, intake *store.Intake, segs []store.Segment) ([]store.FraudPrint, error) {
	var judged []store.Segment
	for _, s := range segs {
		if s.ScanStatus == "SUCCESS" && s.FraudResult != nil && s.FileKey != nil {
			judged = append(judged, s)
		}
	}
	if len(judged) == 0 {
		return nil, nil
	}
	f, err := a.store.File(ctx, intake.AccountID, intake.FileID)
	if err != nil {
		return nil, classify(err)
	}
	upload, err := a.blobs.Get(ctx, f.BlobKey)
	if err != nil {
		return nil, classify(err)
	}
	candidate := CandidateOf(intake)
	prints := make([]store.FraudPrint, len(judged))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, s := range judged {
		g.Go(func() error {
			pdf, err := a.blobs.Get(gctx, *s.FileKey)
			if err != nil {
				return classify(err)
			}
			var fields map[string]any
			if err := decodeStored(s.Fields, &fields, "segment fields"); err != nil {
				return err
			}
			var docType string
			if s.DocumentType != nil {
				docType = *s.DocumentType
			}
			p, err := fraud.Fingerprint(upload, pdf, docType, fields)
			if err != nil {
				log.Warn("segment pages could not be printed", "segment_id", s.ID, "error", err)
			}
			prints[i] = store.FraudPrint{SegmentID: s.ID, IntakeID: intake.ID, CandidateID: candidate, UploadedAt: intake.CreatedAt, PDFKey: *s.FileKey, Print: p}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return prints, nil
}

// uploadedBefore orders uploads by when their intakes or scans were
// created (the intake's or scan's id breaks a tie), whatever order they
// were judged in.
func uploadedBefore(m, p store.FraudPrint) bool {
	if !m.UploadedAt.Equal(p.UploadedAt) {
		return m.UploadedAt.Before(p.UploadedAt)
	}
	return m.Upload().String() < p.Upload().String()
}

// refreshFraudRollup rolls a finished intake's segments up again after one
// of them was rescored.
func (a *Activities) refreshFraudRollup(ctx context.Context, accountID string, intakeID uuid.UUID) error {
	var out store.IntakeOutcome
	if err := a.rollup(ctx, accountID, intakeID, &out); err != nil {
		err = classify(err)
		var appErr *temporal.ApplicationError
		if errors.As(err, &appErr) && appErr.Type() == workflows.ErrGone {
			// The later intake was deleted meanwhile: nothing to roll up.
			return nil
		}
		return err
	}
	if out.Fraud == nil {
		return nil
	}
	return classify(a.store.SetIntakeFraud(ctx, accountID, intakeID, out.Fraud))
}

func codesOf(sigs []fraud.Signal) []string {
	out := make([]string, len(sigs))
	for i, s := range sigs {
		out[i] = s.Code
	}
	return out
}
