package activities

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/clearedtostart/compliance/fraud"
	"github.com/clearedtostart/compliance/internal/sampledocs"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
	"github.com/clearedtostart/compliance/workflows"
)

// judge runs an intake's steps up to the fraud history check, as
// IntakeWorkflow does, and returns the check's result.
func (f *fixture) judge(t *testing.T, in *store.Intake) workflows.FraudHistoryResult {
	t.Helper()
	f.run(t, nil, f.acts.ProcessSegments, f.prepare(t, in))
	var res workflows.FraudHistoryResult
	f.run(t, &res, f.acts.CheckFraudHistory, workflows.FraudHistoryInput{AccountID: in.AccountID, IntakeID: in.ID.String()})
	return res
}

// verdicts are an intake's stored segment verdicts, in order (nil: none).
func verdicts(t *testing.T, st *store.Store, in *store.Intake) []*fraud.Verdict {
	t.Helper()
	segs, err := st.Segments(context.Background(), in.AccountID, in.ID)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]*fraud.Verdict, len(segs))
	for i, s := range segs {
		if s.FraudResult == nil {
			continue
		}
		var v fraud.Verdict
		if err := json.Unmarshal(s.FraudSignals, &v); err != nil {
			t.Fatal(err)
		}
		if v.Result != *s.FraudResult || v.Score != *s.FraudScore {
			t.Fatalf("segment %d: columns %s %v, verdict %s %v", i, *s.FraudResult, *s.FraudScore, v.Result, v.Score)
		}
		out[i] = &v
	}
	return out
}

func signalOf(v *fraud.Verdict, code string) *fraud.Signal {
	for i := range v.Signals {
		if v.Signals[i].Code == code {
			return &v.Signals[i]
		}
	}
	return nil
}

func setContext(t *testing.T, in *store.Intake, extra string) {
	t.Helper()
	if _, err := testenv.Conn(t).Exec(context.Background(), `UPDATE intakes SET context = context || $2::jsonb WHERE id = $1`, in.ID, extra); err != nil {
		t.Fatal(err)
	}
}

func TestCheckFraudHistory(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	first := f.intake(t, nil) // nurse-1
	if res := f.judge(t, first); res != (workflows.FraudHistoryResult{Printed: 2}) {
		t.Fatalf("the first upload: %+v", res)
	}
	firstSegs, _ := f.st.Segments(ctx, first.AccountID, first.ID)

	// The same file again for the same candidate, named by candidateId
	// under another external id: nothing.
	same := f.intake(t, nil)
	same.ExternalID = "upload-77"
	if _, err := testenv.Conn(t).Exec(ctx, `UPDATE intakes SET external_id = 'upload-77' WHERE id = $1`, same.ID); err != nil {
		t.Fatal(err)
	}
	setContext(t, same, `{"candidateId":"nurse-1"}`)
	if res := f.judge(t, same); res != (workflows.FraudHistoryResult{Printed: 2}) {
		t.Fatalf("the same candidate again: %+v", res)
	}
	for i, v := range verdicts(t, f.st, same) {
		if v == nil || v.Result != fraud.Clean || signalOf(v, fraud.CodeReusedFile) != nil {
			t.Fatalf("segment %d of the same candidate's upload: %+v", i, v)
		}
	}

	// The same file for another candidate: every segment fraudulent, linked
	// to the first upload's segment; the intake's rollup says so.
	other := f.intake(t, nil)
	setContext(t, other, `{"candidateId":"nurse-2"}`)
	if res := f.judge(t, other); res != (workflows.FraudHistoryResult{Printed: 2, Flagged: 2}) {
		t.Fatalf("another candidate: %+v", res)
	}
	for i, v := range verdicts(t, f.st, other) {
		s := signalOf(v, fraud.CodeReusedFile)
		if v.Result != fraud.Fraudulent || s == nil || s.Evidence == nil || s.Evidence.Earlier == nil ||
			s.Evidence.Earlier.IntakeID != first.ID.String() || s.Evidence.Earlier.SegmentID != firstSegs[i].ID.String() ||
			s.Evidence.Earlier.CandidateID != "nurse-1" || !strings.Contains(s.Detail, "for another candidate (nurse-1)") {
			t.Fatalf("segment %d of another candidate's upload: %+v %+v", i, v, s)
		}
		if signalOf(v, fraud.CodeReusedID) == nil && i == 0 {
			t.Errorf("the BLS card's eCard code was not found reused: %+v", v.Signals)
		}
	}
	f.run(t, nil, f.acts.FinishIntake, workflows.FinishIntakeInput{AccountID: other.AccountID, IntakeID: other.ID.String(), Status: "SUCCESS"})
	done, _, _ := f.st.Intake(ctx, other.AccountID, other.ID)
	var rollup struct {
		Result             string   `json:"result"`
		FraudulentSegments []string `json:"fraudulent_segments"`
	}
	if err := json.Unmarshal(done.Fraud, &rollup); err != nil || rollup.Result != fraud.Fraudulent || len(rollup.FraudulentSegments) != 2 {
		t.Fatalf("the intake's rollup: %s %v", done.Fraud, err)
	}
	// A retried check finds the same and changes nothing more.
	before := verdicts(t, f.st, other)
	var again workflows.FraudHistoryResult
	f.run(t, &again, f.acts.CheckFraudHistory, workflows.FraudHistoryInput{AccountID: other.AccountID, IntakeID: other.ID.String()})
	if after := verdicts(t, f.st, other); again.Flagged != 2 || after[0].Score != before[0].Score || len(after[0].Signals) != len(before[0].Signals) {
		t.Fatalf("retried: %+v %+v, before %+v", again, after[0], before[0])
	}
	// The earlier uploads stay clean.
	for i, v := range verdicts(t, f.st, first) {
		if v.Result != fraud.Clean {
			t.Fatalf("the first upload's segment %d became %s", i, v.Result)
		}
	}

	// Fraud checks off: nothing is printed and nothing judged. (The
	// account is shared with other tests: on again afterwards.)
	if _, err := f.st.SetFraudSettings(ctx, "acct-acts", false, "MEDIUM", "test"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := f.st.SetFraudSettings(context.Background(), "acct-acts", true, "MEDIUM", "test"); err != nil {
			t.Error(err)
		}
	})
	off := f.intake(t, nil)
	setContext(t, off, `{"candidateId":"nurse-3"}`)
	if res := f.judge(t, off); res != (workflows.FraudHistoryResult{}) {
		t.Fatalf("fraud checks off: %+v", res)
	}
	for i, v := range verdicts(t, f.st, off) {
		if v != nil {
			t.Fatalf("segment %d judged with fraud checks off: %+v", i, v)
		}
	}

	// A deleted intake is gone, not retried.
	if _, _, err := f.st.DeleteIntake(ctx, off.AccountID, off.ID); err != nil {
		t.Fatal(err)
	}
	_, err := f.env.ExecuteActivity(f.acts.CheckFraudHistory, workflows.FraudHistoryInput{AccountID: off.AccountID, IntakeID: off.ID.String()})
	appError(t, err, workflows.ErrGone)
	_, err = f.env.ExecuteActivity(f.acts.CheckFraudHistory, workflows.FraudHistoryInput{AccountID: off.AccountID, IntakeID: "not-a-uuid"})
	appError(t, err, workflows.ErrBadInput)
}

func TestCandidateOf(t *testing.T) {
	for _, tc := range []struct {
		context, external, want string
	}{
		{`{"candidateId":"c-17","partnerId":"p-1"}`, "nurse-1", "c-17"},
		{`{"candidateId":"  c-17 "}`, "nurse-1", "c-17"},
		{`{"candidateId":""}`, "nurse-1", "nurse-1"},
		{`{"candidateId":17}`, "nurse-1", "nurse-1"},
		{`{"first_name":"Maria"}`, "nurse-1", "nurse-1"},
		{``, "nurse-1", "nurse-1"},
	} {
		if got := CandidateOf(&store.Intake{Context: store.JSON(tc.context), ExternalID: tc.external}); got != tc.want {
			t.Errorf("CandidateOf(%s, %s) = %q, want %q", tc.context, tc.external, got, tc.want)
		}
	}
}

// TestFraudHistoryInvalidatesLaterUpload is the late path to a
// requirement row: a card fulfils a candidate's BLS row, then the same
// file uploaded earlier for another candidate (an upload judged late) is
// judged. The later upload is the reuse: its segment turns fraudulent,
// the row it fulfilled moves to INVALIDATED with the reason, and its
// intake's rollup follows.
func TestFraudHistoryInvalidatesLaterUpload(t *testing.T) {
	sf := newSyncFixture(t, nil)
	f := &fixture{acts: sf.acts, st: sf.st, blobs: sf.blobs, activityRunner: sf.activityRunner}
	ctx := context.Background()
	person := sampledocs.NewPerson(sampledocs.Seeded(81))
	start := time.Date(2026, 12, 15, 0, 0, 0, 0, time.UTC)
	job := sf.job(t, "NICU-5")
	sf.syncJob(t, job)
	p := sf.placement(t, job, "nurse-late", person.FullName(), "P-NICU-5-9", &start)
	sf.syncPlacement(t, p)
	row := sf.row(t, p, "bls")
	pdf, err := sampledocs.RenderPDF(sf.doc(t, "bls", person, sampledocs.Options{AsOf: start}))
	if err != nil {
		t.Fatal(err)
	}

	late := &store.Intake{AccountID: sf.account, ExternalID: "nurse-late"}
	storeIntake(t, sf.st, sf.blobs, late, person, &store.ValidateOptions{PlacementID: p.ID.String(), RequirementID: row.ID.String()}, pdf)
	if res := f.judge(t, late); res != (workflows.FraudHistoryResult{Printed: 1}) {
		t.Fatalf("the later upload, judged first: %+v", res)
	}
	f.run(t, nil, f.acts.FinishIntake, workflows.FinishIntakeInput{AccountID: sf.account, IntakeID: late.ID.String(), Status: "SUCCESS"})
	var applied workflows.ApplyIntakeResult
	f.run(t, &applied, f.acts.ApplyIntake, workflows.ApplyIntakeInput{AccountID: sf.account, IntakeID: late.ID.String()})
	lateSeg := verdicts(t, sf.st, late)
	if applied.Fulfilled != 1 || lateSeg[0].Result != fraud.Clean {
		t.Fatalf("the card did not fulfil the row: %+v, %+v", applied, lateSeg[0])
	}
	segIDs := sf.segmentIDs(t, workflows.ApplyIntakeInput{AccountID: sf.account, IntakeID: late.ID.String()})
	if r := sf.row(t, p, "bls"); r.Status != requirements.StatusFulfilled || deref(r.EvidenceID) != segIDs[0] {
		t.Fatalf("row %s by %s", r.Status, deref(r.EvidenceID))
	}

	// The same file, uploaded an hour earlier for another candidate.
	early := &store.Intake{AccountID: sf.account, ExternalID: "nurse-early"}
	storeIntake(t, sf.st, sf.blobs, early, person, nil, pdf)
	if _, err := testenv.Conn(t).Exec(ctx, `UPDATE intakes SET created_at = created_at - interval '1 hour' WHERE id = $1`, early.ID); err != nil {
		t.Fatal(err)
	}
	if res := f.judge(t, early); res != (workflows.FraudHistoryResult{Printed: 1, Later: 1}) {
		t.Fatalf("the earlier upload, judged last: %+v", res)
	}
	if v := verdicts(t, sf.st, early)[0]; v.Result != fraud.Clean {
		t.Fatalf("the earlier upload was flagged: %+v", v)
	}
	v := verdicts(t, sf.st, late)[0]
	s := signalOf(v, fraud.CodeReusedFile)
	if v.Result != fraud.Fraudulent || s == nil || s.Evidence.Earlier.IntakeID != early.ID.String() || s.Evidence.Earlier.CandidateID != "nurse-early" {
		t.Fatalf("the later upload after the earlier was judged: %+v", v)
	}
	r := sf.row(t, p, "bls")
	if r.Status != requirements.StatusInvalidated || !strings.HasPrefix(r.StatusReason, "the document was found fraudulent: the same file, byte for byte, was uploaded for another candidate (nurse-early)") ||
		deref(r.EvidenceID) != segIDs[0] {
		t.Fatalf("row after the rescore: %s %q", r.Status, r.StatusReason)
	}
	done, _, _ := sf.st.Intake(ctx, sf.account, late.ID)
	if !strings.Contains(string(done.Fraud), `"result": "fraudulent"`) || !strings.Contains(string(done.Fraud), segIDs[0]) {
		t.Fatalf("the later intake's rollup: %s", done.Fraud)
	}
	// Its intake deleted, a later upload's rescore has no rollup to redo.
	if _, _, err := sf.st.DeleteIntake(ctx, sf.account, late.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.acts.refreshFraudRollup(ctx, sf.account, late.ID); err != nil {
		t.Fatalf("rollup of a deleted intake: %v", err)
	}
	if err := f.acts.refreshFraudRollup(ctx, sf.account, uuid.New()); err != nil {
		t.Fatalf("rollup of an unknown intake: %v", err)
	}
}

// scanHistoryAccount is TestScanFraudHistory's own account: its uploads
// meet no other test's.
const scanHistoryAccount = "acct-scan-history"

// upload stores a file of the account as the API does.
func (f *fixture) upload(t *testing.T, acc string, data []byte, mime string) *store.File {
	t.Helper()
	sum := sha256.Sum256(data)
	file := &store.File{ID: uuid.New(), AccountID: acc, MimeType: mime, SizeBytes: int64(len(data)), SHA256: hex.EncodeToString(sum[:])}
	file.BlobKey = "uploads/" + acc + "/" + file.ID.String()
	if err := f.blobs.PutBytes(context.Background(), file.BlobKey, data, mime); err != nil {
		t.Fatal(err)
	}
	return file
}

// judgeScan stores a document scan of data for candidate (its
// context.candidateId), uploaded at (zero: now), and runs it through
// JudgeScan as DocumentScanWorkflow does; it returns the scan as stored
// and its verdict (nil: none).
func (f *fixture) judgeScan(t *testing.T, data []byte, mime, candidate string, at time.Time) (*store.DocumentScan, *fraud.Verdict) {
	t.Helper()
	ctx := context.Background()
	file := f.upload(t, scanHistoryAccount, data, mime)
	if at.IsZero() {
		at = time.Now().UTC()
	}
	d := &store.DocumentScan{ID: uuid.New(), AccountID: scanHistoryAccount, ExternalID: uuid.New(), FileID: file.ID, TaskID: uuid.New(),
		Context: store.JSON(`{"candidateId":"` + candidate + `"}`), CreatedAt: at.Truncate(time.Microsecond)}
	d.UpdatedAt, d.WorkflowID = d.CreatedAt, workflows.DocumentScanWorkflowID(d.ID.String())
	if err := f.st.CreateDocumentScan(ctx, d, file); err != nil {
		t.Fatal(err)
	}
	f.run(t, nil, f.acts.StartScan, workflows.ScanRef{AccountID: d.AccountID, ScanID: d.ID.String()})
	an, pages := f.readUpload(t, workflows.KindDocumentScan, d.ID.String(), file)
	var keys []string
	for _, pg := range pages {
		keys = append(keys, pg.TextKey)
	}
	f.run(t, nil, f.acts.JudgeScan, workflows.JudgeScanInput{AccountID: d.AccountID, ScanID: d.ID.String(), TextKeys: keys, UploadPDF: an.UploadPDF})
	return f.storedScan(t, d.ID)
}

func (f *fixture) storedScan(t *testing.T, id uuid.UUID) (*store.DocumentScan, *fraud.Verdict) {
	t.Helper()
	got, err := f.st.DocumentScan(context.Background(), scanHistoryAccount, id)
	if err != nil {
		t.Fatal(err)
	}
	if got.ScanStatus != "SUCCESS" {
		t.Fatalf("scan %s is %s", id, got.ScanStatus)
	}
	if len(got.Fraud) == 0 || string(got.Fraud) == "null" {
		return got, nil
	}
	v := storedVerdict(t, got.Fraud)
	return got, &v
}

// printOf is the stored print of a segment or scan (false: none).
func printOf(t *testing.T, id uuid.UUID) (fraud.Print, bool) {
	t.Helper()
	var raw []byte
	err := testenv.Conn(t).QueryRow(context.Background(), `SELECT print FROM fraud_prints WHERE id = $1`, id).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return fraud.Print{}, false
	}
	var p fraud.Print
	if err != nil || json.Unmarshal(raw, &p) != nil {
		t.Fatalf("print of %s: %s %v", id, raw, err)
	}
	return p, true
}

// TestScanFraudHistory: document scans are compared with intakes and with
// each other, the scan's verdict stored with its history signals in the
// step that marks it SUCCESS; a born-digital card's pages are hashed only
// when a picture of another candidate's agrees with it.
func TestScanFraudHistory(t *testing.T) {
	f := newFixture(t)
	f.acts.RegisterOCR(f.env)
	ctx := context.Background()
	if _, err := f.st.EnsureAccount(ctx, scanHistoryAccount, ""); err != nil {
		t.Fatal(err)
	}
	r := sampledocs.Seeded(91)
	card := sampledocs.Generate(r, "bls", sampledocs.NewPerson(r), sampledocs.Options{Variant: "aha_ecard"})
	cardPDF, err := sampledocs.RenderPDF(card)
	if err != nil {
		t.Fatal(err)
	}

	// A text PDF card scanned for nurse-a: clean, printed, its pages not
	// rendered.
	first, v := f.judgeScan(t, cardPDF, "application/pdf", "nurse-a", time.Time{})
	if v == nil || v.Result != fraud.Clean {
		t.Fatalf("the first scan: %+v", v)
	}
	if p, ok := printOf(t, first.ID); !ok || len(p.PageHashes) != 0 || p.AllPages || p.DocumentType != "bls" {
		t.Fatalf("the first scan's print %+v %v", p, ok)
	}

	// For nurse-a again: nothing.
	third, v := f.judgeScan(t, cardPDF, "application/pdf", "nurse-a", time.Time{})
	if v.Result != fraud.Clean || signalOf(v, fraud.CodeReusedFile) != nil {
		t.Fatalf("the same candidate again: %+v", v)
	}
	// The same file as a scan for nurse-b: stored fraudulent with SUCCESS,
	// linked to the first scan.
	second, v := f.judgeScan(t, cardPDF, "application/pdf", "nurse-b", time.Time{})
	s := signalOf(v, fraud.CodeReusedFile)
	if v.Result != fraud.Fraudulent || s == nil || s.Evidence.Earlier.DocumentID != first.ID.String() || s.Evidence.Earlier.IntakeID != "" ||
		s.Evidence.Earlier.CandidateID != "nurse-a" || !strings.Contains(s.Detail, "for another candidate (nurse-a)") {
		t.Fatalf("the same file for another candidate: %+v", v)
	}

	// An intake of the file for nurse-c sees the earlier scans.
	file := f.upload(t, scanHistoryAccount, cardPDF, "application/pdf")
	in := &store.Intake{ID: uuid.New(), AccountID: scanHistoryAccount, ExternalID: "nurse-c", FileID: file.ID, CreatedAt: time.Now().UTC()}
	in.WorkflowID = workflows.IntakeWorkflowID(in.ID.String())
	if err := f.st.CreateIntake(ctx, in, file); err != nil {
		t.Fatal(err)
	}
	in.File = file
	if res := f.judge(t, in); res != (workflows.FraudHistoryResult{Printed: 1, Flagged: 1}) {
		t.Fatalf("an intake of the scanned file: %+v", res)
	}
	iv := verdicts(t, f.st, in)[0]
	if s := signalOf(iv, fraud.CodeReusedFile); iv.Result != fraud.Fraudulent || s == nil || s.Evidence.Earlier.DocumentID != first.ID.String() ||
		!strings.Contains(s.Detail, "(and in 2 more earlier uploads)") {
		t.Fatalf("the intake's segment: %+v", iv)
	}
	segs, _ := f.st.Segments(ctx, scanHistoryAccount, in.ID)

	// A scan of the intake's file for nurse-d, the scans deleted: it sees
	// the intake's segment.
	for _, d := range []uuid.UUID{first.ID, second.ID, third.ID} {
		if _, _, err := f.st.DeleteDocumentScan(ctx, scanHistoryAccount, d); err != nil {
			t.Fatal(err)
		}
	}
	if _, v := f.judgeScan(t, cardPDF, "application/pdf", "nurse-d", time.Time{}); signalOf(v, fraud.CodeReusedFile) == nil ||
		signalOf(v, fraud.CodeReusedFile).Evidence.Earlier.SegmentID != segs[0].ID.String() ||
		signalOf(v, fraud.CodeReusedFile).Evidence.Earlier.IntakeID != in.ID.String() {
		t.Fatalf("a scan of an intake's file: %+v", v)
	}

	// A born-digital card for nurse-e, then a picture of it for nurse-f:
	// the card's pages are hashed then, and the picture's page is found.
	r2 := sampledocs.Seeded(92)
	card2 := sampledocs.Generate(r2, "bls", sampledocs.NewPerson(r2), sampledocs.Options{Variant: "aha_ecard"})
	card2PDF, err := sampledocs.RenderPDF(card2)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := f.judgeScan(t, card2PDF, "application/pdf", "nurse-e", time.Time{})
	photo, err := sampledocs.RenderImage(card2, "png", 150)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := printOf(t, text.ID); len(p.PageHashes) != 0 || p.AllPages {
		t.Fatalf("the born-digital card was rendered before a picture agreed with it: %+v", p)
	}
	_, v = f.judgeScan(t, photo, "image/png", "nurse-f", time.Time{})
	s = signalOf(v, fraud.CodeReusedPageImage)
	if s == nil || s.Evidence.Earlier.DocumentID != text.ID.String() || s.Evidence.Earlier.Distance == nil {
		t.Fatalf("a picture of another candidate's born-digital card: %+v", v)
	}
	if p, _ := printOf(t, text.ID); len(p.PageHashes) != 1 || !p.AllPages {
		t.Fatalf("the born-digital card's print after the picture: %+v", p)
	}

	// A born-digital card in an intake for nurse-g, then a picture of it
	// as a scan for nurse-h: the intake's segment is rendered from its own
	// PDF and found.
	r4 := sampledocs.Seeded(94)
	card4 := sampledocs.Generate(r4, "bls", sampledocs.NewPerson(r4), sampledocs.Options{Variant: "aha_ecard"})
	card4PDF, err := sampledocs.RenderPDF(card4)
	if err != nil {
		t.Fatal(err)
	}
	file4 := f.upload(t, scanHistoryAccount, card4PDF, "application/pdf")
	in4 := &store.Intake{ID: uuid.New(), AccountID: scanHistoryAccount, ExternalID: "nurse-g", FileID: file4.ID, CreatedAt: time.Now().UTC()}
	in4.WorkflowID = workflows.IntakeWorkflowID(in4.ID.String())
	if err := f.st.CreateIntake(ctx, in4, file4); err != nil {
		t.Fatal(err)
	}
	in4.File = file4
	if res := f.judge(t, in4); res != (workflows.FraudHistoryResult{Printed: 1}) {
		t.Fatalf("the born-digital intake: %+v", res)
	}
	// (At 200 dpi: at 150 OCR misreads this card's expiry, a fact that
	// then contradicts the card's and rules the page comparison out.)
	photo4, err := sampledocs.RenderImage(card4, "png", 200)
	if err != nil {
		t.Fatal(err)
	}
	seg4, _ := f.st.Segments(ctx, scanHistoryAccount, in4.ID)
	_, v = f.judgeScan(t, photo4, "image/png", "nurse-h", time.Time{})
	if s := signalOf(v, fraud.CodeReusedPageImage); s == nil || s.Evidence.Earlier.SegmentID != seg4[0].ID.String() || s.Evidence.Earlier.IntakeID != in4.ID.String() {
		t.Fatalf("a picture of an intake's born-digital card: %+v", v)
	}
	if p, _ := printOf(t, seg4[0].ID); len(p.PageHashes) != 1 || !p.AllPages {
		t.Fatalf("the intake segment's print after the picture: %+v", p)
	}

	// The other way round: a picture first (nurse-i), then the
	// born-digital card (nurse-j), whose own pages are hashed to compare.
	r5 := sampledocs.Seeded(95)
	card5 := sampledocs.Generate(r5, "bls", sampledocs.NewPerson(r5), sampledocs.Options{Variant: "aha_ecard"})
	card5PDF, err := sampledocs.RenderPDF(card5)
	if err != nil {
		t.Fatal(err)
	}
	photo5, err := sampledocs.RenderImage(card5, "png", 200)
	if err != nil {
		t.Fatal(err)
	}
	pic, _ := f.judgeScan(t, photo5, "image/png", "nurse-i", time.Time{})
	born, v := f.judgeScan(t, card5PDF, "application/pdf", "nurse-j", time.Time{})
	if s := signalOf(v, fraud.CodeReusedPageImage); s == nil || s.Evidence.Earlier.DocumentID != pic.ID.String() {
		t.Fatalf("a born-digital card after a picture of it: %+v", v)
	}
	if p, _ := printOf(t, born.ID); len(p.PageHashes) != 1 || !p.AllPages {
		t.Fatalf("the born-digital card's own print: %+v", p)
	}

	// An earlier upload judged last rescores the later scan.
	r3 := sampledocs.Seeded(93)
	card3PDF, err := sampledocs.RenderPDF(sampledocs.Generate(r3, "bls", sampledocs.NewPerson(r3), sampledocs.Options{Variant: "aha_ecard"}))
	if err != nil {
		t.Fatal(err)
	}
	late, v := f.judgeScan(t, card3PDF, "application/pdf", "nurse-late", time.Time{})
	if v.Result != fraud.Clean {
		t.Fatalf("the later scan, judged first: %+v", v)
	}
	early, v := f.judgeScan(t, card3PDF, "application/pdf", "nurse-early", late.CreatedAt.Add(-time.Hour))
	if v.Result != fraud.Clean {
		t.Fatalf("the earlier scan was flagged: %+v", v)
	}
	if _, v := f.storedScan(t, late.ID); signalOf(v, fraud.CodeReusedFile) == nil || v.Result != fraud.Fraudulent ||
		signalOf(v, fraud.CodeReusedFile).Evidence.Earlier.DocumentID != early.ID.String() {
		t.Fatalf("the later scan after the earlier was judged: %+v", v)
	}

	// Fraud checks off: no verdict, no print. (On again afterwards: the
	// account is TestRecheckScanHistory's too.)
	if _, err := f.st.SetFraudSettings(ctx, scanHistoryAccount, false, "MEDIUM", "test"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := f.st.SetFraudSettings(context.Background(), scanHistoryAccount, true, "MEDIUM", "test"); err != nil {
			t.Error(err)
		}
	})
	off, v := f.judgeScan(t, card3PDF, "application/pdf", "nurse-off", time.Time{})
	if _, printed := printOf(t, off.ID); v != nil || printed {
		t.Fatalf("fraud checks off: verdict %+v, printed %v", v, printed)
	}
}

func TestScanCandidateOf(t *testing.T) {
	ext := uuid.MustParse("6f1c2a8e-0d0e-4c4b-9b1a-2f0b7d9e6c11")
	for _, tc := range []struct{ context, want string }{
		{`{"candidateId":"c-17"}`, "c-17"},
		{`{"candidateId":" "}`, ext.String()},
		{`{"first_name":"Maria"}`, ext.String()},
		{``, ext.String()},
	} {
		if got := ScanCandidateOf(&store.DocumentScan{Context: store.JSON(tc.context), ExternalID: ext}); got != tc.want {
			t.Errorf("ScanCandidateOf(%s) = %q, want %q", tc.context, got, tc.want)
		}
	}
}

// An earlier upload judged at the same moment as a scan can save its print
// after the scan looked and find the scan not yet judged: the scan looks
// again once its verdict is stored and rescores itself, once.
func TestRecheckScanHistory(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if _, err := f.st.EnsureAccount(ctx, scanHistoryAccount, ""); err != nil {
		t.Fatal(err)
	}
	r := sampledocs.Seeded(96)
	cardPDF, err := sampledocs.RenderPDF(sampledocs.Generate(r, "bls", sampledocs.NewPerson(r), sampledocs.Options{Variant: "aha_ecard"}))
	if err != nil {
		t.Fatal(err)
	}
	late, v := f.judgeScan(t, cardPDF, "application/pdf", "nurse-k", time.Time{})
	if v == nil || v.Result != fraud.Clean {
		t.Fatalf("the scan alone: %+v", v)
	}
	p, _ := printOf(t, late.ID)
	mine := store.FraudPrint{ScanID: late.ID, CandidateID: "nurse-k", UploadedAt: late.CreatedAt, Print: p}

	// The earlier upload's print, saved after the scan's lookup.
	file := f.upload(t, scanHistoryAccount, cardPDF, "application/pdf")
	early := &store.DocumentScan{ID: uuid.New(), AccountID: scanHistoryAccount, ExternalID: uuid.New(), FileID: file.ID, TaskID: uuid.New(),
		CreatedAt: late.CreatedAt.Add(-time.Minute)}
	early.UpdatedAt, early.WorkflowID = early.CreatedAt, workflows.DocumentScanWorkflowID(early.ID.String())
	if err := f.st.CreateDocumentScan(ctx, early, file); err != nil {
		t.Fatal(err)
	}
	if err := f.st.SaveFraudPrints(ctx, scanHistoryAccount, []store.FraudPrint{{ScanID: early.ID, CandidateID: "nurse-l", UploadedAt: early.CreatedAt, Print: p}}); err != nil {
		t.Fatal(err)
	}
	if err := f.acts.recheckScanHistory(ctx, late, mine, *v, "MEDIUM"); err != nil {
		t.Fatal(err)
	}
	_, after := f.storedScan(t, late.ID)
	s := signalOf(after, fraud.CodeReusedFile)
	if after.Result != fraud.Fraudulent || s == nil || s.Evidence.Earlier.DocumentID != early.ID.String() || s.Evidence.Earlier.CandidateID != "nurse-l" {
		t.Fatalf("the scan after its recheck: %+v", after)
	}
	// Looked at again with the stored verdict: nothing new, nothing written.
	before, _ := f.st.DocumentScan(ctx, scanHistoryAccount, late.ID)
	if err := f.acts.recheckScanHistory(ctx, late, mine, *after, "MEDIUM"); err != nil {
		t.Fatal(err)
	}
	if again, _ := f.st.DocumentScan(ctx, scanHistoryAccount, late.ID); !again.UpdatedAt.Equal(before.UpdatedAt) {
		t.Fatalf("a recheck finding nothing new wrote the scan (%v -> %v)", before.UpdatedAt, again.UpdatedAt)
	}
}
