-- +goose Up
-- Fraud history: what each judged segment leaves behind for later uploads
-- of the account to be compared with (the same file, number or page image
-- sent for another candidate; fraud.Print). A print goes with its segment:
-- deleting the intake deletes its segments and so their prints.
CREATE TABLE fraud_prints (
    segment_id    uuid        PRIMARY KEY REFERENCES segments (id) ON DELETE CASCADE,
    account_id    text        NOT NULL REFERENCES accounts (id),
    intake_id     uuid        NOT NULL REFERENCES intakes (id) ON DELETE CASCADE,
    -- The candidate the segment was uploaded for (the intake's
    -- context.candidateId, else its external_id).
    candidate_id  text        NOT NULL,
    document_type text        NOT NULL DEFAULT '',
    -- SHA-256 of the upload as received, hex.
    content_hash  text        NOT NULL,
    -- "field=value" of each identifying number (license_number=TX:RN845120).
    ids           text[]      NOT NULL DEFAULT '{}',
    print         jsonb       NOT NULL,
    -- When the intake was uploaded: "earlier" and "later" compare these.
    uploaded_at   timestamptz NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fraud_prints_content ON fraud_prints (account_id, content_hash);
CREATE INDEX fraud_prints_ids ON fraud_prints USING gin (ids);

-- A print's page images: one perceptual hash per page with enough ink.
-- Pages of another document are compared by Hamming distance
-- (bit_count(hash # other)) within the account and document type.
CREATE TABLE fraud_print_pages (
    segment_id    uuid    NOT NULL REFERENCES fraud_prints (segment_id) ON DELETE CASCADE,
    account_id    text    NOT NULL,
    document_type text    NOT NULL,
    page          integer NOT NULL,
    hash          bit(64) NOT NULL,
    PRIMARY KEY (segment_id, page)
);
CREATE INDEX fraud_print_pages_account ON fraud_print_pages (account_id, document_type);

-- The account's fraud settings are changed by the account itself (PUT
-- /fraud-detection/settings): when and with which API key, beside them;
-- each change is an audit event of the account.
ALTER TABLE accounts
    ADD COLUMN fraud_changed_at timestamptz,
    ADD COLUMN fraud_changed_by text;

-- +goose Down
ALTER TABLE accounts
    DROP COLUMN fraud_changed_by,
    DROP COLUMN fraud_changed_at;
DROP TABLE fraud_print_pages;
DROP TABLE fraud_prints;
