-- +goose Up
-- Document scans (the single-document API) leave fraud prints too, so that
-- the same file, number or page image is found between scans and intakes.
-- A print now belongs to a segment of an intake or to a document scan; its
-- key, id, is the segment's or the scan's id, and its pages hang on it.
ALTER TABLE fraud_print_pages DROP CONSTRAINT fraud_print_pages_segment_id_fkey;
ALTER TABLE fraud_print_pages RENAME COLUMN segment_id TO print_id;

ALTER TABLE fraud_prints ADD COLUMN id uuid;
UPDATE fraud_prints SET id = segment_id;
ALTER TABLE fraud_prints DROP CONSTRAINT fraud_prints_pkey;
ALTER TABLE fraud_prints ALTER COLUMN id SET NOT NULL;
ALTER TABLE fraud_prints ADD PRIMARY KEY (id);
ALTER TABLE fraud_prints
    ALTER COLUMN segment_id DROP NOT NULL,
    ALTER COLUMN intake_id DROP NOT NULL,
    -- A scan's print goes with its scan, as a segment's with its segment.
    ADD COLUMN scan_id uuid REFERENCES document_scans (id) ON DELETE CASCADE,
    -- The blob of the print's own pages (the segment's PDF, the scan's
    -- PDF): a born-digital document's pages are hashed from it when a
    -- later scan agrees with its facts (fraud.PagesWanted).
    ADD COLUMN pdf_key text,
    ADD CONSTRAINT fraud_prints_owner CHECK (
        (scan_id IS NULL AND segment_id IS NOT NULL AND intake_id IS NOT NULL AND id = segment_id)
        OR (scan_id IS NOT NULL AND segment_id IS NULL AND intake_id IS NULL AND id = scan_id));
UPDATE fraud_prints f SET pdf_key = s.file_key FROM segments s WHERE s.id = f.segment_id;
-- Deleting a segment or a scan finds its print by these.
CREATE UNIQUE INDEX fraud_prints_segment ON fraud_prints (segment_id);
CREATE UNIQUE INDEX fraud_prints_scan ON fraud_prints (scan_id);

ALTER TABLE fraud_print_pages ADD CONSTRAINT fraud_print_pages_print_id_fkey
    FOREIGN KEY (print_id) REFERENCES fraud_prints (id) ON DELETE CASCADE;

-- +goose Down
DELETE FROM fraud_prints WHERE scan_id IS NOT NULL;
ALTER TABLE fraud_print_pages DROP CONSTRAINT fraud_print_pages_print_id_fkey;
DROP INDEX fraud_prints_segment;
ALTER TABLE fraud_prints
    DROP CONSTRAINT fraud_prints_owner,
    DROP COLUMN pdf_key,
    DROP COLUMN scan_id,
    ALTER COLUMN intake_id SET NOT NULL,
    ALTER COLUMN segment_id SET NOT NULL;
ALTER TABLE fraud_prints DROP CONSTRAINT fraud_prints_pkey;
ALTER TABLE fraud_prints ADD PRIMARY KEY (segment_id);
ALTER TABLE fraud_prints DROP COLUMN id;
ALTER TABLE fraud_print_pages RENAME COLUMN print_id TO segment_id;
ALTER TABLE fraud_print_pages ADD CONSTRAINT fraud_print_pages_segment_id_fkey
    FOREIGN KEY (segment_id) REFERENCES fraud_prints (segment_id) ON DELETE CASCADE;
