-- +goose Up
-- A job of a VMS (vmsType), as the caller and the job's sources describe
-- it. The caller's (vms_type, vms_job_ref_id) names it within the account.
CREATE TABLE jobs (
    id                  uuid PRIMARY KEY,
    account_id          text        NOT NULL REFERENCES accounts (id),
    vms_type            text        NOT NULL,
    vms_job_ref_id      text        NOT NULL,
    ats_job_ref_id      text,
    ats_system          text,
    title               text,
    facility            text,
    client              text,
    location            text,
    department          text,
    role                text,
    status              text        NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'FILLED', 'CLOSED', 'UNAVAILABLE')),
    -- The last sync: when, how it ended, why it failed; the sources'
    -- disagreements it found.
    synced_at           timestamptz,
    sync_error          text,
    conflicts           jsonb,
    -- A sync asked for (by a create, an update, an email, a mapping) and
    -- the one last started; the starter starts the workflow when the ask
    -- is newer.
    sync_requested_at   timestamptz,
    sync_started_at     timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (account_id, vms_type, vms_job_ref_id)
);
CREATE INDEX jobs_sync_requested ON jobs (sync_requested_at) WHERE sync_requested_at IS NOT NULL;

-- What each source last listed for a job: the VMS, each client email, the
-- matrices that apply. Reconciliation reads them all.
CREATE TABLE job_sources (
    job_id      uuid        NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    account_id  text        NOT NULL REFERENCES accounts (id),
    source      text        NOT NULL,
    ref         text        NOT NULL DEFAULT '',
    items       jsonb       NOT NULL,
    exclusions  jsonb,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (job_id, source, ref)
);

-- The job's requirement template, reconciled from its sources. A row is
-- one requirement key (mapped) or one label nobody mapped yet.
CREATE TABLE job_requirements (
    id                 uuid PRIMARY KEY,
    account_id         text        NOT NULL REFERENCES accounts (id),
    job_id             uuid        NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    row_key            text        NOT NULL,
    label              text        NOT NULL,
    normalized_label   text        NOT NULL,
    requirement_key    text,
    fulfillment_type   text,
    document_category  text,
    document_type      text,
    packet_group       text        NOT NULL,
    sort_order         integer     NOT NULL,
    sources            jsonb       NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    UNIQUE (job_id, row_key)
);

-- A candidate on a job.
CREATE TABLE placements (
    id                    uuid PRIMARY KEY,
    account_id            text        NOT NULL REFERENCES accounts (id),
    job_id                uuid        NOT NULL REFERENCES jobs (id),
    external_id           text        NOT NULL,
    candidate_name        text,
    candidate_email       text,
    candidate_phone       text,
    ats_placement_ref_id  text,
    vms_placement_ref_id  text,
    start_date            date,
    status                text        NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'COMPLETED', 'CANCELLED')),
    sync_requested_at     timestamptz,
    sync_started_at       timestamptz,
    synced_at             timestamptz,
    sync_error            text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now(),
    UNIQUE (account_id, job_id, external_id)
);
CREATE INDEX placements_account_created ON placements (account_id, created_at DESC, id DESC);
CREATE INDEX placements_account_external ON placements (account_id, external_id);
CREATE INDEX placements_job ON placements (job_id);
CREATE INDEX placements_sync_requested ON placements (sync_requested_at) WHERE sync_requested_at IS NOT NULL;

-- The candidate's requirement rows: the job's template rows and the
-- placement's own, each with its progress.
CREATE TABLE placement_requirements (
    id                  uuid PRIMARY KEY,
    account_id          text        NOT NULL REFERENCES accounts (id),
    placement_id        uuid        NOT NULL REFERENCES placements (id) ON DELETE CASCADE,
    row_key             text        NOT NULL,
    label               text        NOT NULL,
    normalized_label    text        NOT NULL,
    requirement_key     text,
    fulfillment_type    text,
    document_category   text,
    document_type       text,
    packet_group        text        NOT NULL,
    sort_order          integer     NOT NULL,
    sources             jsonb       NOT NULL,
    status              text        NOT NULL CHECK (status IN ('PENDING', 'AWAITING_CONFIG', 'IN_PROGRESS', 'FULFILLED', 'REJECTED', 'INVALIDATED', 'EXPIRED', 'SKIPPED')),
    status_reason       text        NOT NULL DEFAULT '',
    -- What fulfilled (or was rejected for) the row: a segment, a registry
    -- check, a statement, a person.
    evidence_kind       text,
    evidence_id         text,
    expires_at          date,
    -- A registry match waiting for a person's review.
    review              jsonb,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (placement_id, row_key)
);
CREATE INDEX placement_requirements_evidence ON placement_requirements (evidence_kind, evidence_id) WHERE evidence_id IS NOT NULL;
CREATE INDEX placement_requirements_expiring ON placement_requirements (expires_at) WHERE status = 'FULFILLED' AND expires_at IS NOT NULL;
CREATE INDEX placement_requirements_awaiting ON placement_requirements (account_id, normalized_label) WHERE status = 'AWAITING_CONFIG';

-- A placement's packets: its rows grouped by packet_group.
CREATE TABLE packets (
    id            uuid PRIMARY KEY,
    account_id    text        NOT NULL REFERENCES accounts (id),
    placement_id  uuid        NOT NULL REFERENCES placements (id) ON DELETE CASCADE,
    packet_group  text        NOT NULL,
    status        text        NOT NULL CHECK (status IN ('INCOMPLETE', 'READY')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (placement_id, packet_group)
);

-- Labels mapped by people, per account and integration; they extend the
-- integration's own table.
CREATE TABLE label_mappings (
    account_id        text        NOT NULL REFERENCES accounts (id),
    vms_type          text        NOT NULL,
    normalized_label  text        NOT NULL,
    label             text        NOT NULL,
    requirement_key   text        NOT NULL,
    packet_group      text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, vms_type, normalized_label)
);

-- Requirement templates configured ahead of any source: per facility,
-- client or job.
CREATE TABLE requirement_matrices (
    id          uuid PRIMARY KEY,
    account_id  text        NOT NULL REFERENCES accounts (id),
    scope       text        NOT NULL CHECK (scope IN ('facility', 'client', 'job')),
    scope_key   text        NOT NULL,
    vms_type    text        NOT NULL DEFAULT '',
    mode        text        NOT NULL CHECK (mode IN ('add', 'replace')),
    items       jsonb       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (account_id, scope, scope_key, vms_type)
);

-- Client emails received (inbound endpoint or maildir): what was read
-- from them and which job they went to.
CREATE TABLE inbound_emails (
    id           uuid PRIMARY KEY,
    account_id   text        NOT NULL REFERENCES accounts (id),
    message_id   text        NOT NULL,
    subject      text        NOT NULL DEFAULT '',
    sender       text        NOT NULL DEFAULT '',
    job_id       uuid REFERENCES jobs (id) ON DELETE SET NULL,
    status       text        NOT NULL CHECK (status IN ('ATTACHED', 'UNMATCHED', 'NO_CHECKLIST')),
    reason       text        NOT NULL DEFAULT '',
    job_refs     jsonb       NOT NULL DEFAULT '[]',
    items        jsonb       NOT NULL,
    exclusions   jsonb,
    raw_key      text        NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (account_id, message_id)
);

-- Audit events of a placement's rows are read per placement.
ALTER TABLE audit_events ADD COLUMN scope_id text;
CREATE INDEX audit_events_scope ON audit_events (account_id, scope_id, id) WHERE scope_id IS NOT NULL;

-- +goose Down
DROP INDEX audit_events_scope;
ALTER TABLE audit_events DROP COLUMN scope_id;
DROP TABLE inbound_emails;
DROP TABLE requirement_matrices;
DROP TABLE label_mappings;
DROP TABLE packets;
DROP TABLE placement_requirements;
DROP TABLE placements;
DROP TABLE job_requirements;
DROP TABLE job_sources;
DROP TABLE jobs;
