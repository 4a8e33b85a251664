package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/clearedtostart/compliance/fraud"
)

// Fraud history: each judged segment's print (fraud.Print), kept for the
// account's later uploads to be compared with, and the rescoring of a
// stored verdict when history finds a reuse.

// FraudPrint is a print as stored: of a segment of an intake (SegmentID,
// IntakeID) or of a document scan (ScanID).
type FraudPrint struct {
	SegmentID uuid.UUID
	IntakeID  uuid.UUID
	ScanID    uuid.UUID
	// CandidateID is whom the segment or scan was uploaded for.
	CandidateID string
	// UploadedAt is when its intake or scan was uploaded.
	UploadedAt time.Time
	// PDFKey is the blob of the print's own pages (the segment's PDF, the
	// scan's PDF), rendered when a born-digital document's pages are
	// wanted (fraud.PagesWanted).
	PDFKey string
	Print  fraud.Print
}

// ID is the print's key: its scan's id, else its segment's.
func (p FraudPrint) ID() uuid.UUID {
	if p.ScanID != uuid.Nil {
		return p.ScanID
	}
	return p.SegmentID
}

// Upload is the intake or the document scan the print was uploaded in.
func (p FraudPrint) Upload() uuid.UUID {
	if p.ScanID != uuid.Nil {
		return p.ScanID
	}
	return p.IntakeID
}

// PriorUse is the print as fraud.Reused compares it.
func (p FraudPrint) PriorUse() fraud.PriorUse {
	u := fraud.PriorUse{Print: p.Print, CandidateID: p.CandidateID, At: p.UploadedAt}
	if p.ScanID != uuid.Nil {
		u.DocumentID = p.ScanID.String()
	} else {
		u.IntakeID, u.SegmentID = p.IntakeID.String(), p.SegmentID.String()
	}
	return u
}

// fraudPrintRow is a fraud_prints row.
type fraudPrintRow struct {
	ID           uuid.UUID  `gorm:"primaryKey;type:uuid"`
	SegmentID    *uuid.UUID `gorm:"type:uuid"`
	IntakeID     *uuid.UUID `gorm:"type:uuid"`
	ScanID       *uuid.UUID `gorm:"type:uuid"`
	AccountID    string
	CandidateID  string
	DocumentType string
	ContentHash  string
	PDFKey       *string
	Print        JSON `gorm:"type:jsonb"`
	UploadedAt   time.Time
}

func (fraudPrintRow) TableName() string { return "fraud_prints" }

func (r fraudPrintRow) print() (FraudPrint, error) {
	fp := FraudPrint{CandidateID: r.CandidateID, UploadedAt: r.UploadedAt.UTC()}
	for dst, src := range map[*uuid.UUID]*uuid.UUID{&fp.SegmentID: r.SegmentID, &fp.IntakeID: r.IntakeID, &fp.ScanID: r.ScanID} {
		if src != nil {
			*dst = *src
		}
	}
	if r.PDFKey != nil {
		fp.PDFKey = *r.PDFKey
	}
	if err := json.Unmarshal(r.Print, &fp.Print); err != nil {
		return fp, fmt.Errorf("store: fraud print %s: %w", r.ID, err)
	}
	return fp, nil
}

// fraudPageRow is a fraud_print_pages row.
type fraudPageRow struct {
	PrintID      uuid.UUID `gorm:"primaryKey;type:uuid"`
	AccountID    string
	DocumentType string
	Page         int `gorm:"primaryKey"`
	Hash         string
}

func (fraudPageRow) TableName() string { return "fraud_print_pages" }

// idKeys are a print's numbers as the ids column holds them: a license
// number with its state is also kept without it, so that the same number
// read without its state finds it (fraud.SameID judges the pair).
func idKeys(p fraud.Print) []string {
	out := make([]string, 0, len(p.IDs))
	for f, v := range p.IDs {
		out = append(out, f+"="+v)
		if _, number, ok := strings.Cut(v, ":"); ok {
			out = append(out, f+"="+number)
		}
	}
	slices.Sort(out)
	return out
}

// arrayLiteral writes a PostgreSQL array literal of strings (GORM expands
// a slice argument into a list, not an array).
func arrayLiteral(vals []string) string {
	quoted := make([]string, len(vals))
	for i, v := range vals {
		quoted[i] = `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
	}
	return "{" + strings.Join(quoted, ",") + "}"
}

// bitString writes a hex page hash as the bit(64) literal PostgreSQL reads.
func bitString(hexHash string) (string, bool) {
	v, err := strconv.ParseUint(hexHash, 16, 64)
	if err != nil {
		return "", false
	}
	return fmt.Sprintf("%064b", v), true
}

// SaveFraudPrints records the prints of an account's segments or document
// scans, replacing an earlier print of the same (a retried activity records
// the same again).
func (s *Store) SaveFraudPrints(ctx context.Context, accountID string, prints []FraudPrint) error {
	if len(prints) == 0 {
		return nil
	}
	return s.tx(ctx, func(tx *gorm.DB) error {
		for _, p := range prints {
			if (p.ScanID == uuid.Nil) == (p.SegmentID == uuid.Nil || p.IntakeID == uuid.Nil) {
				return fmt.Errorf("store: a fraud print belongs to a segment of an intake or to a document scan: %+v", p)
			}
			raw, err := json.Marshal(p.Print)
			if err != nil {
				return err
			}
			var pdfKey *string
			if p.PDFKey != "" {
				pdfKey = &p.PDFKey
			}
			if err := tx.Exec(`INSERT INTO fraud_prints (id, segment_id, intake_id, scan_id, account_id, candidate_id, document_type, content_hash, ids, print, pdf_key, uploaded_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?::text[], ?, ?, ?)
				ON CONFLICT (id) DO UPDATE SET candidate_id = EXCLUDED.candidate_id, document_type = EXCLUDED.document_type,
					content_hash = EXCLUDED.content_hash, ids = EXCLUDED.ids, print = EXCLUDED.print, pdf_key = EXCLUDED.pdf_key,
					uploaded_at = EXCLUDED.uploaded_at`,
				p.ID(), nullID(p.SegmentID), nullID(p.IntakeID), nullID(p.ScanID), accountID, p.CandidateID, p.Print.DocumentType,
				p.Print.ContentHash, arrayLiteral(idKeys(p.Print)), JSON(raw), pdfKey, p.UploadedAt.UTC()).Error; err != nil {
				return err
			}
			if err := savePrintPages(tx, accountID, p.ID(), p.Print); err != nil {
				return err
			}
		}
		return nil
	})
}

// savePrintPages replaces the page hashes of a print.
func savePrintPages(tx *gorm.DB, accountID string, id uuid.UUID, p fraud.Print) error {
	if err := tx.Where("print_id = ?", id).Delete(&fraudPageRow{}).Error; err != nil {
		return err
	}
	for i, h := range p.PageHashes {
		bits, ok := bitString(h)
		if !ok {
			continue
		}
		page := fraudPageRow{PrintID: id, AccountID: accountID, DocumentType: p.DocumentType, Page: i + 1, Hash: bits}
		if err := tx.Create(&page).Error; err != nil {
			return err
		}
	}
	return nil
}

// SetFraudPrintPages records the page hashes of a born-digital print,
// rendered after it was saved (fraud.HashPages): the print says every page
// was hashed (fraud.Print.AllPages), and later lookups find its pages as
// they find a scan's.
func (s *Store) SetFraudPrintPages(ctx context.Context, accountID string, id uuid.UUID, hashes []string) error {
	if hashes == nil {
		hashes = []string{}
	}
	raw, err := json.Marshal(hashes)
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *gorm.DB) error {
		var row fraudPrintRow
		res := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("account_id = ? AND id = ?", accountID, id).Limit(1).Find(&row)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			// Deleted with its intake or scan meanwhile: nothing to keep.
			return nil
		}
		var p fraud.Print
		if err := json.Unmarshal(row.Print, &p); err != nil {
			return fmt.Errorf("store: fraud print %s: %w", id, err)
		}
		p.PageHashes, p.AllPages = hashes, true
		if err := tx.Exec(`UPDATE fraud_prints SET print = jsonb_set(jsonb_set(print, '{page_hashes}', ?::jsonb), '{all_pages}', 'true') WHERE id = ?`,
			string(raw), id).Error; err != nil {
			return err
		}
		return savePrintPages(tx, accountID, id, p)
	})
}

// nullID is NULL for the zero id.
func nullID(id uuid.UUID) any {
	if id == uuid.Nil {
		return nil
	}
	return id
}

// FraudPrintMatches returns the prints of the account's live intakes and
// document scans other than own (an intake's or a scan's id) that may be
// one of prints again (the prints of one upload), earliest upload first:
// the same file, a number in common, a page image of the same document
// type at most maxDistance bits from one of a print's that shares at least
// one fact (Print.Facts) with it, or a print of the same document type
// sharing a fact whose pages are hashed where the print's are not, or the
// other way round (a born-digital document and a scan of it: whether its
// pages are rendered is fraud.PagesWanted's to say). Whose they are, which
// print they match and whether a fact contradicts are for fraud.Reused to
// judge. Each kind of match is looked up on its own and bounded
// (matchLimit): an account's hundreds of cards of one issuer's layout,
// whose pages all look alike, never crowd out the same file.
func (s *Store) FraudPrintMatches(ctx context.Context, accountID string, own uuid.UUID, prints []fraud.Print, maxDistance int) ([]FraudPrint, error) {
	type lookup struct {
		cond string
		args []any
	}
	var lookups []lookup
	var hashes, ids []string
	for _, p := range prints {
		if p.ContentHash != "" && !slices.Contains(hashes, p.ContentHash) {
			hashes = append(hashes, p.ContentHash)
		}
		for _, id := range idKeys(p) {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	if len(hashes) > 0 {
		lookups = append(lookups, lookup{"f.content_hash = ANY(?::text[])", []any{arrayLiteral(hashes)}})
	}
	if len(ids) > 0 {
		lookups = append(lookups, lookup{"f.ids && ?::text[]", []any{arrayLiteral(ids)}})
	}
	// The facts of the unhashed prints, looked up together.
	type fact struct {
		T string `json:"t"`
		K string `json:"k"`
		V string `json:"v"`
	}
	var unhashed []fact
	for _, p := range prints {
		if !fraud.ComparablePages(p.DocumentType) || len(p.Facts) == 0 {
			continue
		}
		var pages []string
		for _, h := range p.PageHashes {
			if b, ok := bitString(h); ok {
				pages = append(pages, b)
			}
		}
		if len(pages) == 0 {
			for k, v := range p.Facts {
				unhashed = append(unhashed, fact{p.DocumentType, k, v})
			}
			continue
		}
		facts, err := json.Marshal(p.Facts)
		if err != nil {
			return nil, err
		}
		sharesFact := `f.document_type = ? AND EXISTS (SELECT 1 FROM jsonb_each(?::jsonb) e WHERE f.print->'facts' @> jsonb_build_object(e.key, e.value))`
		lookups = append(lookups,
			lookup{sharesFact + ` AND EXISTS (SELECT 1 FROM fraud_print_pages pg, unnest(?::bit(64)[]) h
				WHERE pg.print_id = f.id AND bit_count(pg.hash # h) <= ?)`,
				[]any{p.DocumentType, string(facts), arrayLiteral(pages), maxDistance}},
			// Born digital, its pages never hashed.
			lookup{sharesFact + ` AND NOT EXISTS (SELECT 1 FROM fraud_print_pages pg WHERE pg.print_id = f.id)
				AND NOT coalesce((f.print->>'all_pages')::boolean, false)`,
				[]any{p.DocumentType, string(facts)}})
	}
	if len(unhashed) > 0 {
		facts, err := json.Marshal(unhashed)
		if err != nil {
			return nil, err
		}
		lookups = append(lookups, lookup{`EXISTS (SELECT 1 FROM jsonb_to_recordset(?::jsonb) q(t text, k text, v text)
				WHERE f.document_type = q.t AND f.print->'facts'->>q.k = q.v)
			AND EXISTS (SELECT 1 FROM fraud_print_pages pg WHERE pg.print_id = f.id)`, []any{string(facts)}})
	}
	seen := map[uuid.UUID]bool{}
	var out []FraudPrint
	for _, l := range lookups {
		var rows []fraudPrintRow
		err := s.db.WithContext(ctx).Table("fraud_prints f").
			Select("f.id, f.segment_id, f.intake_id, f.scan_id, f.account_id, f.candidate_id, f.document_type, f.content_hash, f.print, f.pdf_key, f.uploaded_at").
			Joins("LEFT JOIN intakes i ON i.id = f.intake_id").
			Joins("LEFT JOIN document_scans d ON d.id = f.scan_id").
			Where("f.account_id = ? AND coalesce(f.intake_id, f.scan_id) <> ?", accountID, own).
			Where("((i.id IS NOT NULL AND i.deleted_at IS NULL) OR (d.id IS NOT NULL AND d.deleted_at IS NULL))").
			Where(l.cond, l.args...).
			Order("f.uploaded_at, f.id").Limit(matchLimit).Scan(&rows).Error
		if err != nil {
			return nil, s.fail(err)
		}
		for _, r := range rows {
			if seen[r.ID] {
				continue
			}
			seen[r.ID] = true
			fp, err := r.print()
			if err != nil {
				return nil, err
			}
			out = append(out, fp)
		}
	}
	slices.SortStableFunc(out, func(a, b FraudPrint) int {
		if c := a.UploadedAt.Compare(b.UploadedAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID().String(), b.ID().String())
	})
	return out, nil
}

// matchLimit bounds each kind of FraudPrintMatches lookup: the earliest
// uploads are the ones a reuse links to.
const matchLimit = 100

// RescoreSegmentFraud applies rescore to a segment's stored verdict and
// saves the result, under a lock on the segment so that two rescores of
// one segment (two uploads found reusing each other at once) do not lose
// each other's signals. A segment without a verdict (fraud checks were
// off when it was judged) is left alone: before and after are nil. A
// fraudulent result moves the requirement rows the segment had fulfilled
// to INVALIDATED, in the same transaction.
func (s *Store) RescoreSegmentFraud(ctx context.Context, accountID string, segmentID uuid.UUID, rescore func(fraud.Verdict) fraud.Verdict) (before, after *fraud.Verdict, err error) {
	err = s.tx(ctx, func(tx *gorm.DB) error {
		seg, err := takeOne[Segment](tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("account_id = ? AND id = ?", accountID, segmentID))
		if err != nil {
			return err
		}
		if seg.FraudResult == nil {
			return nil
		}
		var v fraud.Verdict
		if len(seg.FraudSignals) > 0 {
			if err := json.Unmarshal(seg.FraudSignals, &v); err != nil {
				return fmt.Errorf("store: fraud verdict of segment %s: %w", segmentID, err)
			}
		}
		v.Result = *seg.FraudResult
		if seg.FraudScore != nil {
			v.Score = *seg.FraudScore
		}
		was := v
		now := rescore(v)
		raw, err := json.Marshal(now)
		if err != nil {
			return err
		}
		if err := tx.Model(&Segment{}).Where("id = ?", segmentID).Updates(map[string]any{
			"fraud_result": now.Result, "fraud_score": now.Score, "fraud_signals": JSON(raw), "updated_at": time.Now().UTC(),
		}).Error; err != nil {
			return err
		}
		if now.Result == fraud.Fraudulent {
			reason := "the document was found fraudulent"
			if len(now.Signals) > 0 {
				reason += ": " + now.Signals[0].Detail
			}
			if err := invalidateEvidence(tx, EvidenceSegment, []string{segmentID.String()}, reason); err != nil {
				return err
			}
		}
		before, after = &was, &now
		return nil
	})
	return before, after, err
}

// RescoreScanFraud applies rescore to a document scan's stored verdict and
// saves the result, under a lock on the scan (see RescoreSegmentFraud). A
// scan without a verdict (judged with fraud checks off, failed, or not
// judged yet) is left alone: before and after are nil. A scan fulfils no
// requirement row: nothing else moves.
func (s *Store) RescoreScanFraud(ctx context.Context, accountID string, scanID uuid.UUID, rescore func(fraud.Verdict) fraud.Verdict) (before, after *fraud.Verdict, err error) {
	err = s.tx(ctx, func(tx *gorm.DB) error {
		d, err := lockLiveScan(tx, accountID, scanID)
		if err != nil {
			return err
		}
		if len(d.Fraud) == 0 || string(d.Fraud) == "null" {
			return nil
		}
		var v fraud.Verdict
		if err := json.Unmarshal(d.Fraud, &v); err != nil {
			return fmt.Errorf("store: fraud verdict of document scan %s: %w", scanID, err)
		}
		was := v
		now := rescore(v)
		raw, err := json.Marshal(now)
		if err != nil {
			return err
		}
		if err := tx.Model(&DocumentScan{}).Where("id = ?", scanID).Updates(map[string]any{
			"fraud": JSON(raw), "updated_at": time.Now().UTC(),
		}).Error; err != nil {
			return err
		}
		before, after = &was, &now
		return nil
	})
	return before, after, err
}

// SetIntakeFraud replaces the fraud rollup of a finished intake (one of
// its segments was rescored after it finished); an intake still being
// processed rolls up its segments when it finishes and is left alone.
func (s *Store) SetIntakeFraud(ctx context.Context, accountID string, intakeID uuid.UUID, rollup JSON) error {
	return s.fail(s.db.WithContext(ctx).Model(&Intake{}).
		Where("account_id = ? AND id = ? AND deleted_at IS NULL AND scan_status = 'SUCCESS'", accountID, intakeID).
		Updates(map[string]any{"fraud": rollup, "updated_at": time.Now().UTC()}).Error)
}
