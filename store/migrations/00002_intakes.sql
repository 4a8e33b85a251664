-- +goose Up
-- The people documents belong to, as the caller's system names them
-- (external_id). Later issues hang placements and registry checks here.
CREATE TABLE external_users (
    account_id  text        NOT NULL REFERENCES accounts (id),
    external_id text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    deleted_at  timestamptz,
    PRIMARY KEY (account_id, external_id)
);

-- An uploaded file as received. Blobs are addressed by key only; the
-- client's file name is kept as data, never used in a path.
CREATE TABLE files (
    id         uuid PRIMARY KEY,
    account_id text        NOT NULL REFERENCES accounts (id),
    blob_key   text        NOT NULL UNIQUE,
    name       text,
    mime_type  text        NOT NULL,
    size_bytes bigint      NOT NULL,
    sha256     text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
);
CREATE INDEX files_account_sha256 ON files (account_id, sha256);

CREATE TABLE intakes (
    id               uuid PRIMARY KEY,
    account_id       text        NOT NULL REFERENCES accounts (id),
    external_id      text        NOT NULL,
    client_reference text,
    file_id          uuid        NOT NULL REFERENCES files (id),
    context          jsonb,
    validate         jsonb,
    scan_status      text        NOT NULL DEFAULT 'PENDING' CHECK (scan_status IN ('PENDING', 'SUCCESS', 'FAILED')),
    page_count       integer,
    split_done       boolean     NOT NULL DEFAULT false,
    validation       jsonb,
    fraud            jsonb,
    error_code       text,
    error_message    text,
    workflow_id      text        NOT NULL,
    -- Set once Temporal has the workflow; rows left NULL (Temporal was down
    -- at upload, or the API died in between) are started by the resumer.
    workflow_started_at timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz,
    deleted_at       timestamptz,
    -- Set when a deleted intake's files are gone; the resumer finishes
    -- purges that were interrupted.
    purged_at        timestamptz
);
CREATE INDEX intakes_account_created ON intakes (account_id, created_at DESC);
CREATE INDEX intakes_account_external ON intakes (account_id, external_id);

CREATE TABLE segments (
    id                uuid PRIMARY KEY,
    account_id        text        NOT NULL REFERENCES accounts (id),
    intake_id         uuid        NOT NULL REFERENCES intakes (id) ON DELETE CASCADE,
    idx               integer     NOT NULL,
    page_start        integer,
    page_end          integer,
    document_type     text,
    document_category text,
    schema_id         text,
    fields            jsonb,
    derived_fields    jsonb,
    external_fields   jsonb,
    validation_result text CHECK (validation_result IN ('VALID', 'INVALID', 'NOT_SUPPORTED')),
    validations       jsonb,
    expires_at        date,
    redacted_at       timestamptz,
    scan_status       text        NOT NULL DEFAULT 'PENDING' CHECK (scan_status IN ('PENDING', 'SUCCESS', 'FAILED')),
    fraud_result      text CHECK (fraud_result IN ('clean', 'fraudulent')),
    fraud_score       double precision,
    fraud_signals     jsonb,
    error_code        text,
    error_message     text,
    file_key          text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz,
    UNIQUE (intake_id, idx)
);
CREATE INDEX segments_account ON segments (account_id, intake_id);

CREATE TABLE document_scans (
    id                uuid PRIMARY KEY,
    account_id        text        NOT NULL REFERENCES accounts (id),
    external_id       uuid        NOT NULL,
    file_id           uuid        NOT NULL REFERENCES files (id),
    validation        boolean     NOT NULL DEFAULT false,
    context           jsonb,
    scan_status       text        NOT NULL DEFAULT 'PENDING' CHECK (scan_status IN ('PENDING', 'IN_PROGRESS', 'SUCCESS', 'FAILED')),
    validation_result text CHECK (validation_result IN ('VALID', 'INVALID')),
    document_type     text,
    fields            jsonb,
    validations       jsonb,
    fraud             jsonb,
    task_id           uuid        NOT NULL,
    task_status       text        NOT NULL DEFAULT 'PENDING' CHECK (task_status IN ('PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED')),
    task_started_at   timestamptz,
    task_completed_at timestamptz,
    task_error        text,
    task_result       jsonb,
    workflow_id       text        NOT NULL,
    workflow_started_at timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    deleted_at        timestamptz,
    purged_at         timestamptz
);
CREATE INDEX document_scans_account_created ON document_scans (account_id, created_at DESC);

-- The resumer's work lists stay tiny: only rows whose workflow has not been
-- started or whose purge has not finished.
CREATE INDEX intakes_unstarted ON intakes (created_at) WHERE workflow_started_at IS NULL AND deleted_at IS NULL;
CREATE INDEX intakes_unpurged ON intakes (deleted_at) WHERE deleted_at IS NOT NULL AND purged_at IS NULL;
CREATE INDEX document_scans_unstarted ON document_scans (created_at) WHERE workflow_started_at IS NULL AND deleted_at IS NULL;
CREATE INDEX document_scans_unpurged ON document_scans (deleted_at) WHERE deleted_at IS NOT NULL AND purged_at IS NULL;

-- +goose Down
DROP TABLE document_scans;
DROP TABLE segments;
DROP TABLE intakes;
DROP TABLE files;
DROP TABLE external_users;
