package store_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/store"
)

func TestFraudSettings(t *testing.T) {
	ctx := context.Background()
	st := testenv.Store(t)
	db := testenv.Conn(t)
	acc := testenv.Account(t, st, "fraudset", "")
	got, err := st.FraudSettings(ctx, acc)
	if err != nil || !got.Enabled || got.Sensitivity != "MEDIUM" || got.ChangedAt != nil || got.ChangedBy != nil {
		t.Fatalf("a new account: %+v %v, want on at MEDIUM and never changed", got, err)
	}
	before := time.Now().UTC().Add(-time.Second)
	low, err := st.SetFraudSettings(ctx, acc, true, "LOW", "api-key:key1")
	if err != nil || !low.Enabled || low.Sensitivity != "LOW" || low.ChangedAt == nil || low.ChangedAt.Before(before) || deref(low.ChangedBy) != "api-key:key1" {
		t.Fatalf("LOW: %+v %v", low, err)
	}
	again, err := st.SetFraudSettings(ctx, acc, true, "LOW", "api-key:key2")
	if err != nil || deref(again.ChangedBy) != "api-key:key1" || !again.ChangedAt.Equal(*low.ChangedAt) {
		t.Fatalf("the same again changes nothing: %+v %v", again, err)
	}
	off, err := st.SetFraudSettings(ctx, acc, false, "HIGH", "api-key:key2")
	if err != nil || off.Enabled || off.Sensitivity != "HIGH" || deref(off.ChangedBy) != "api-key:key2" {
		t.Fatalf("off: %+v %v", off, err)
	}
	read, err := st.FraudSettings(ctx, acc)
	if err != nil || read.Enabled || read.Sensitivity != "HIGH" || !read.ChangedAt.Equal(*off.ChangedAt) {
		t.Fatalf("read back: %+v %v", read, err)
	}
	if got := auditOf(t, db, acc, "fraud_detection", acc); !slices.Equal(got, []string{
		"ON/MEDIUM>ON/LOW: changed by api-key:key1", "ON/LOW>OFF/HIGH: changed by api-key:key2"}) {
		t.Fatalf("audit trail %q", got)
	}
	for _, s := range []string{"", "low", "EXTREME"} {
		_, err := st.SetFraudSettings(ctx, acc, true, s, "k")
		if de, ok := derrors.As(err); !ok || de.Code != derrors.InvalidRequest || de.Message != "sensitivity must be LOW, MEDIUM or HIGH" {
			t.Errorf("sensitivity %q: %v", s, err)
		}
	}
	if _, err := st.SetFraudSettings(ctx, "no-such-account", true, "LOW", "k"); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("unknown account: %v", err)
	}
}

// printedIntake is an intake of one judged segment, clean at 0.2.
func printedIntake(t *testing.T, st *store.Store, acc string) (*store.Intake, uuid.UUID) {
	t.Helper()
	ctx := context.Background()
	in, _ := newIntake(t, st, acc)
	seg := uuid.New()
	if err := st.RecordSplit(ctx, acc, in.ID, 1, []store.SplitSegment{{ID: seg, Index: 0, PageStart: 1, PageEnd: 1}}); err != nil {
		t.Fatal(err)
	}
	v := fraud.Verdict{Result: fraud.Clean, Score: 0.2, Threshold: 0.5, Signals: []fraud.Signal{{Code: fraud.CodeModifiedAfter, Weight: 0.2, Detail: "modified"}}}
	raw, _ := json.Marshal(v)
	typ, res, score := "bls", v.Result, v.Score
	if err := st.SaveSegments(ctx, []*store.Segment{{ID: seg, AccountID: acc, IntakeID: in.ID, Index: 0, ScanStatus: "SUCCESS", DocumentType: &typ,
		FraudResult: &res, FraudScore: &score, FraudSignals: store.JSON(raw)}}); err != nil {
		t.Fatal(err)
	}
	return in, seg
}

func TestFraudPrints(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "prints")
	at := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	facts := map[string]string{"expiration_date": "2027-01-31", "issue_date": "2025-01-31"}
	base := fraud.Print{ContentHash: "aa11", PageHashes: []string{"00000000000000ff"}, IDs: map[string]string{"certificate_id": "244766174046"}, DocumentType: "bls", Facts: facts}
	save := func(acc string, cand string, p fraud.Print, at time.Time) (uuid.UUID, uuid.UUID) {
		in, seg := printedIntake(t, st, acc)
		if err := st.SaveFraudPrints(ctx, acc, []store.FraudPrint{{SegmentID: seg, IntakeID: in.ID, CandidateID: cand, UploadedAt: at, Print: p}}); err != nil {
			t.Fatal(err)
		}
		return in.ID, seg
	}
	sameFile := base
	sameFile.IDs, sameFile.PageHashes = nil, nil
	_, fileSeg := save(acc, "nurse-1", sameFile, at)
	sameID := fraud.Print{ContentHash: "bb22", IDs: map[string]string{"certificate_id": "244766174046"}, DocumentType: "bls", PageHashes: []string{}}
	_, idSeg := save(acc, "nurse-2", sameID, at.Add(time.Hour))
	// 2 bits from base's page, one fact in common (the other contradicts:
	// fraud.Reused's to judge).
	nearPage := fraud.Print{ContentHash: "cc33", PageHashes: []string{"ffffffff000000ff", "00000000000003ff"}, DocumentType: "bls",
		Facts: map[string]string{"expiration_date": "2027-01-31", "issue_date": "2024-01-01"}}
	_, pageSeg := save(acc, "nurse-3", nearPage, at.Add(2*time.Hour))
	farPage := fraud.Print{ContentHash: "dd44", PageHashes: []string{"ffffffffffff00ff"}, DocumentType: "bls", Facts: facts}
	_, farSeg := save(acc, "nurse-4", farPage, at)
	otherType := fraud.Print{ContentHash: "ee55", PageHashes: []string{"00000000000000ff"}, DocumentType: "acls", Facts: facts}
	save(acc, "nurse-5", otherType, at)
	// The same page, but the layout of another person's card: no fact in
	// common.
	otherFacts := fraud.Print{ContentHash: "ff66", PageHashes: []string{"00000000000000ff"}, DocumentType: "bls", Facts: map[string]string{"expiration_date": "2028-05-31"}}
	save(acc, "nurse-8", otherFacts, at)
	save(other, "nurse-1", base, at) // another account's copy of everything
	deletedIntake, _ := save(acc, "nurse-6", base, at)
	if _, _, err := st.DeleteIntake(ctx, acc, deletedIntake); err != nil {
		t.Fatal(err)
	}
	own, ownSeg := save(acc, "nurse-7", base, at.Add(3*time.Hour))

	got, err := st.FraudPrintMatches(ctx, acc, own, []fraud.Print{base}, fraud.MaxPageDistance)
	if err != nil {
		t.Fatal(err)
	}
	var segs []uuid.UUID
	for _, p := range got {
		segs = append(segs, p.SegmentID)
	}
	if want := []uuid.UUID{fileSeg, idSeg, pageSeg}; !slices.Equal(segs, want) {
		t.Fatalf("matches %v, want the same file, the same id and the near page %v", segs, want)
	}
	u := got[1].PriorUse()
	if u.CandidateID != "nurse-2" || u.SegmentID != idSeg.String() || !u.At.Equal(at.Add(time.Hour)) || u.Print.IDs["certificate_id"] != "244766174046" {
		t.Fatalf("prior use %+v", u)
	}
	// A retried activity records the print again: still one.
	if err := st.SaveFraudPrints(ctx, acc, []store.FraudPrint{{SegmentID: ownSeg, IntakeID: own, CandidateID: "nurse-7", UploadedAt: at, Print: base}}); err != nil {
		t.Fatal(err)
	}
	if got, err := st.FraudPrintMatches(ctx, acc, uuid.New(), []fraud.Print{{ContentHash: "aa11"}}, 0); err != nil || len(got) != 2 {
		t.Fatalf("the file's prints after a repeated save: %d %v", len(got), err)
	}
	if got, err := st.FraudPrintMatches(ctx, acc, uuid.New(), []fraud.Print{{}}, 0); err != nil || len(got) != 0 {
		t.Fatalf("an empty print matches %d, %v", len(got), err)
	}
	// A license number read without its state finds the one read with it.
	lic := fraud.Print{ContentHash: "ab01", IDs: map[string]string{"license_number": "TX:RN845120"}, DocumentType: "nursing_license"}
	_, licSeg := save(acc, "nurse-9", lic, at)
	got, err = st.FraudPrintMatches(ctx, acc, own, []fraud.Print{{IDs: map[string]string{"license_number": "RN845120"}}}, 0)
	if err != nil || len(got) != 1 || got[0].SegmentID != licSeg {
		t.Fatalf("a license number without its state: %+v %v", got, err)
	}
	// An intake's prints are looked up together: the union, once each.
	got, err = st.FraudPrintMatches(ctx, acc, own, []fraud.Print{{ContentHash: "dd44"}, {ContentHash: "aa11"}, sameID}, fraud.MaxPageDistance)
	segs = segs[:0]
	for _, p := range got {
		segs = append(segs, p.SegmentID)
	}
	if err != nil || len(segs) != 3 || !slices.Contains(segs[:2], fileSeg) || !slices.Contains(segs[:2], farSeg) || segs[2] != idSeg {
		t.Fatalf("several prints' matches %v, %v", segs, err)
	}
}

func TestFraudRescoreInvalidatesRows(t *testing.T) {
	ctx, st, acc := setUp(t, "rescore")
	in, seg := printedIntake(t, st, acc)
	p := newPlacement(t, st, acc, sandboxJob(t, st, acc, "R-1").ID, "nurse-1", nil)
	apply(t, st, acc, p.ID, keyRow(t, "bls", "BLS", "Credentials", 1), keyRow(t, "acls", "ACLS", "Credentials", 2))
	got := load(t, st, acc, p.ID)
	bls := rowOf(t, got, "key:bls").ID
	update(t, st, acc, p.ID, bls, store.RowUpdate{Status: "FULFILLED", Reason: "fulfilled", EvidenceKind: store.EvidenceSegment, EvidenceID: seg.String()})
	if err := st.FinishIntake(ctx, acc, in.ID, store.IntakeOutcome{Status: "SUCCESS", Fraud: store.JSON(`{"result":"clean"}`)}); err != nil {
		t.Fatal(err)
	}

	// A weak signal leaves it clean and the row fulfilled.
	weak := fraud.Signal{Code: fraud.CodeReusedPageImage, Weight: 0.45, Detail: "the same page image was uploaded for another candidate (nurse-2) on 2026-10-01"}
	before, after, err := st.RescoreSegmentFraud(ctx, acc, seg, func(v fraud.Verdict) fraud.Verdict { return fraud.Rescore(v, []fraud.Signal{weak}, "LOW") })
	if err != nil || before.Result != fraud.Clean || before.Score != 0.2 || len(before.Signals) != 1 || after.Result != fraud.Clean || after.Score != 0.56 {
		t.Fatalf("weak rescore: %+v -> %+v, %v", before, after, err)
	}
	if r := rowOf(t, load(t, st, acc, p.ID), "key:bls"); r.Status != "FULFILLED" {
		t.Fatalf("a clean rescore moved the row to %s", r.Status)
	}

	// The same file of another candidate: fraudulent, the row INVALIDATED
	// with the reason, the segment's verdict stored.
	file := fraud.Signal{Code: fraud.CodeReusedFile, Weight: 0.95, Detail: "the same file, byte for byte, was uploaded for another candidate (nurse-2) on 2026-10-01"}
	_, after, err = st.RescoreSegmentFraud(ctx, acc, seg, func(v fraud.Verdict) fraud.Verdict { return fraud.Rescore(v, []fraud.Signal{file}, "LOW") })
	if err != nil || after.Result != fraud.Fraudulent || len(after.Signals) != 3 || after.Signals[0].Code != fraud.CodeReusedFile {
		t.Fatalf("file rescore: %+v, %v", after, err)
	}
	s, err := st.Segment(ctx, acc, in.ID, seg)
	if err != nil || deref(s.FraudResult) != fraud.Fraudulent || *s.FraudScore != after.Score || s.UpdatedAt == nil {
		t.Fatalf("stored segment %+v %v", s, err)
	}
	var stored fraud.Verdict
	if err := json.Unmarshal(s.FraudSignals, &stored); err != nil || len(stored.Signals) != 3 || stored.Threshold != 0.70 {
		t.Fatalf("stored verdict %+v %v", stored, err)
	}
	got = load(t, st, acc, p.ID)
	r := rowOf(t, got, "key:bls")
	wantReason := "the document was found fraudulent: " + file.Detail
	if r.Status != "INVALIDATED" || r.StatusReason != wantReason || deref(r.EvidenceID) != seg.String() {
		t.Fatalf("row after the rescore: %s %q", r.Status, r.StatusReason)
	}
	if tr := trailOf(t, st, acc, p.ID, bls.String()); tr[len(tr)-1] != "FULFILLED>INVALIDATED: "+wantReason {
		t.Fatalf("trail %q", tr)
	}
	// Again (a retried activity): nothing more moves.
	n := len(mustAudit(t, st, acc, p.ID))
	if _, _, err := st.RescoreSegmentFraud(ctx, acc, seg, func(v fraud.Verdict) fraud.Verdict { return fraud.Rescore(v, []fraud.Signal{file}, "LOW") }); err != nil {
		t.Fatal(err)
	}
	if len(mustAudit(t, st, acc, p.ID)) != n {
		t.Fatal("a repeated rescore wrote audit events")
	}

	// The finished intake's rollup is replaced; a segment judged with fraud
	// checks off keeps no verdict.
	if err := st.SetIntakeFraud(ctx, acc, in.ID, store.JSON(`{"result":"fraudulent"}`)); err != nil {
		t.Fatal(err)
	}
	if i, _, err := st.Intake(ctx, acc, in.ID); err != nil || string(i.Fraud) != `{"result": "fraudulent"}` {
		t.Fatalf("intake fraud %s %v", i.Fraud, err)
	}
	off, _ := newIntake(t, st, acc)
	offSeg := uuid.New()
	if err := st.RecordSplit(ctx, acc, off.ID, 1, []store.SplitSegment{{ID: offSeg, Index: 0, PageStart: 1, PageEnd: 1}}); err != nil {
		t.Fatal(err)
	}
	if b, a, err := st.RescoreSegmentFraud(ctx, acc, offSeg, func(v fraud.Verdict) fraud.Verdict { return fraud.Rescore(v, []fraud.Signal{file}, "LOW") }); err != nil || b != nil || a != nil {
		t.Fatalf("a segment without a verdict: %v %v %v", b, a, err)
	}
	if s, _ := st.Segment(ctx, acc, off.ID, offSeg); s.FraudResult != nil || s.FraudSignals != nil {
		t.Fatalf("a segment without a verdict got one: %+v", s)
	}
	if _, _, err := st.RescoreSegmentFraud(ctx, "someone-else", seg, func(v fraud.Verdict) fraud.Verdict { return v }); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("another account's segment: %v", err)
	}
}

// newScan is a document scan; judged, it is SUCCESS with a clean verdict
// at 0.2, else IN_PROGRESS without one.
func newScan(t *testing.T, st *store.Store, acc string, judged bool) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	f := &store.File{ID: uuid.New(), AccountID: acc, BlobKey: "uploads/" + acc + "/" + uuid.NewString(), MimeType: "application/pdf", SizeBytes: 1, SHA256: "z"}
	d := &store.DocumentScan{ID: uuid.New(), AccountID: acc, ExternalID: uuid.New(), FileID: f.ID, TaskID: uuid.New(), WorkflowID: "document-scan/" + uuid.NewString()}
	if err := st.CreateDocumentScan(ctx, d, f); err != nil {
		t.Fatal(err)
	}
	if err := st.StartDocumentScan(ctx, acc, d.ID); err != nil {
		t.Fatal(err)
	}
	if judged {
		v := fraud.Verdict{Result: fraud.Clean, Score: 0.2, Threshold: 0.5, Signals: []fraud.Signal{{Code: fraud.CodeModifiedAfter, Weight: 0.2, Detail: "modified"}}}
		raw, _ := json.Marshal(v)
		typ := "bls"
		if err := st.FinishDocumentScan(ctx, acc, d.ID, store.ScanOutcome{Status: "SUCCESS", DocumentType: &typ, Fraud: store.JSON(raw)}); err != nil {
			t.Fatal(err)
		}
	}
	return d.ID
}

// Document scans leave prints as segments do: intakes find them, they find
// intakes, and a born-digital print is found by its facts from a scan's
// (and a scan's from a born-digital one's) until its pages are hashed.
func TestFraudScanPrints(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "scanprints")
	at := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	facts := map[string]string{"expiration_date": "2027-01-31", "issue_date": "2025-01-31"}
	scanned := fraud.Print{ContentHash: "a1", PageHashes: []string{"00000000000000ff"}, DocumentType: "bls", Facts: facts}
	scan := newScan(t, st, acc, true)
	if err := st.SaveFraudPrints(ctx, acc, []store.FraudPrint{{ScanID: scan, CandidateID: "nurse-1", UploadedAt: at, PDFKey: "uploads/scan.pdf", Print: scanned}}); err != nil {
		t.Fatal(err)
	}
	text := fraud.Print{ContentHash: "b2", PageHashes: []string{}, DocumentType: "bls", Facts: facts}
	in, seg := printedIntake(t, st, acc)
	if err := st.SaveFraudPrints(ctx, acc, []store.FraudPrint{{SegmentID: seg, IntakeID: in.ID, CandidateID: "nurse-2", UploadedAt: at.Add(time.Hour), PDFKey: "work/seg.pdf", Print: text}}); err != nil {
		t.Fatal(err)
	}
	// Another account's copies are never found.
	otherScan := newScan(t, st, other, true)
	if err := st.SaveFraudPrints(ctx, other, []store.FraudPrint{{ScanID: otherScan, CandidateID: "nurse-1", UploadedAt: at, Print: scanned}}); err != nil {
		t.Fatal(err)
	}
	ids := func(got []store.FraudPrint, err error) []uuid.UUID {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		out := []uuid.UUID{}
		for _, p := range got {
			out = append(out, p.ID())
		}
		return out
	}

	got, err := st.FraudPrintMatches(ctx, acc, uuid.New(), []fraud.Print{{ContentHash: "a1"}}, 0)
	if err != nil || len(got) != 1 || got[0].ScanID != scan || got[0].SegmentID != uuid.Nil || got[0].PDFKey != "uploads/scan.pdf" || got[0].CandidateID != "nurse-1" {
		t.Fatalf("an intake's lookup of the scan's file: %+v %v", got, err)
	}
	if u := got[0].PriorUse(); u.DocumentID != scan.String() || u.IntakeID != "" || u.SegmentID != "" || !u.At.Equal(at) {
		t.Fatalf("the scan's prior use %+v", u)
	}
	for _, tc := range []struct {
		name  string
		own   uuid.UUID
		print fraud.Print
		want  []uuid.UUID
	}{
		{"the scan's own print is not its match", scan, fraud.Print{ContentHash: "a1"}, []uuid.UUID{}},
		{"a scan finds an intake's segment by its file", scan, fraud.Print{ContentHash: "b2"}, []uuid.UUID{seg}},
		{"a scanned page far from the scan's finds the born-digital segment by a fact", uuid.New(),
			fraud.Print{PageHashes: []string{"ffffffffffffff00"}, DocumentType: "bls", Facts: map[string]string{"issue_date": "2025-01-31"}}, []uuid.UUID{seg}},
		{"a near page finds the scan too", uuid.New(),
			fraud.Print{PageHashes: []string{"00000000000000fe"}, DocumentType: "bls", Facts: map[string]string{"issue_date": "2025-01-31"}}, []uuid.UUID{scan, seg}},
		{"a born-digital print finds the scanned one by a fact", uuid.New(),
			fraud.Print{PageHashes: []string{}, DocumentType: "bls", Facts: map[string]string{"expiration_date": "2027-01-31"}}, []uuid.UUID{scan}},
		{"no fact in common", uuid.New(),
			fraud.Print{PageHashes: []string{"ffffffffffffff00"}, DocumentType: "bls", Facts: map[string]string{"issue_date": "2020-01-01"}}, []uuid.UUID{}},
		{"another document type", uuid.New(),
			fraud.Print{PageHashes: []string{"ffffffffffffff00"}, DocumentType: "acls", Facts: facts}, []uuid.UUID{}},
		{"pages of no document type are not compared", uuid.New(),
			fraud.Print{PageHashes: []string{}, DocumentType: "other", Facts: facts}, []uuid.UUID{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ids(st.FraudPrintMatches(ctx, acc, tc.own, []fraud.Print{tc.print}, fraud.MaxPageDistance)); !slices.Equal(got, tc.want) {
				t.Fatalf("matches %v, want %v", got, tc.want)
			}
		})
	}

	// The born-digital segment's pages, hashed later: its print says so,
	// and it is found by its page, no longer as unhashed.
	if err := st.SetFraudPrintPages(ctx, acc, seg, []string{"00000000000000ff"}); err != nil {
		t.Fatal(err)
	}
	got, err = st.FraudPrintMatches(ctx, acc, uuid.New(), []fraud.Print{{ContentHash: "b2"}}, 0)
	if err != nil || len(got) != 1 || !got[0].Print.AllPages || !slices.Equal(got[0].Print.PageHashes, []string{"00000000000000ff"}) || got[0].Print.ContentHash != "b2" {
		t.Fatalf("the segment's print after its pages were hashed: %+v %v", got, err)
	}
	far := fraud.Print{PageHashes: []string{"ffffffffffffff00"}, DocumentType: "bls", Facts: map[string]string{"issue_date": "2025-01-31"}}
	if got := ids(st.FraudPrintMatches(ctx, acc, uuid.New(), []fraud.Print{far}, fraud.MaxPageDistance)); len(got) != 0 {
		t.Fatalf("a hashed print found as unhashed: %v", got)
	}
	near := fraud.Print{PageHashes: []string{"00000000000001ff"}, DocumentType: "bls", Facts: map[string]string{"issue_date": "2025-01-31"}}
	if got := ids(st.FraudPrintMatches(ctx, acc, uuid.New(), []fraud.Print{near}, fraud.MaxPageDistance)); !slices.Equal(got, []uuid.UUID{scan, seg}) {
		t.Fatalf("near page after hashing: %v", got)
	}
	if err := st.SetFraudPrintPages(ctx, other, seg, []string{"ffffffffffffffff"}); err != nil {
		t.Fatal(err)
	}
	if got := ids(st.FraudPrintMatches(ctx, acc, uuid.New(), []fraud.Print{near}, fraud.MaxPageDistance)); !slices.Equal(got, []uuid.UUID{scan, seg}) {
		t.Fatalf("another account changed the segment's pages: %v", got)
	}

	// A print belongs to a segment of an intake or to a scan, not both.
	for _, p := range []store.FraudPrint{{CandidateID: "x", Print: text}, {ScanID: scan, SegmentID: seg, IntakeID: in.ID, Print: text}} {
		if err := st.SaveFraudPrints(ctx, acc, []store.FraudPrint{p}); err == nil {
			t.Errorf("saved the print %+v", p)
		}
	}

	// Rescoring a scan's verdict.
	file := fraud.Signal{Code: fraud.CodeReusedFile, Weight: 0.95, Detail: "the same file"}
	before, after, err := st.RescoreScanFraud(ctx, acc, scan, func(v fraud.Verdict) fraud.Verdict { return fraud.Rescore(v, []fraud.Signal{file}, "LOW") })
	if err != nil || before.Result != fraud.Clean || before.Score != 0.2 || after.Result != fraud.Fraudulent || after.Signals[0].Code != fraud.CodeReusedFile {
		t.Fatalf("scan rescore: %+v -> %+v, %v", before, after, err)
	}
	d, err := st.DocumentScan(ctx, acc, scan)
	var stored fraud.Verdict
	if err != nil || json.Unmarshal(d.Fraud, &stored) != nil || stored.Result != fraud.Fraudulent || len(stored.Signals) != 2 || stored.Threshold != 0.70 {
		t.Fatalf("stored scan verdict %s %v", d.Fraud, err)
	}
	if b, a, err := st.RescoreScanFraud(ctx, acc, newScan(t, st, acc, false), func(v fraud.Verdict) fraud.Verdict { return fraud.Rescore(v, []fraud.Signal{file}, "LOW") }); err != nil || b != nil || a != nil {
		t.Fatalf("a scan not judged yet: %v %v %v", b, a, err)
	}
	if _, _, err := st.RescoreScanFraud(ctx, other, scan, func(v fraud.Verdict) fraud.Verdict { return v }); !derrors.Is(err, derrors.NotFound) {
		t.Fatalf("another account's scan: %v", err)
	}

	// A deleted scan's print is no longer found.
	if _, _, err := st.DeleteDocumentScan(ctx, acc, scan); err != nil {
		t.Fatal(err)
	}
	if got := ids(st.FraudPrintMatches(ctx, acc, uuid.New(), []fraud.Print{{ContentHash: "a1"}}, 0)); len(got) != 0 {
		t.Fatalf("a deleted scan's print found: %v", got)
	}
}
