-- +goose Up
-- Every edition of a bulk exclusion or sanction list ever imported. One per
-- registry is current; searches name the edition they were run against.
CREATE TABLE registry_lists (
    id           uuid PRIMARY KEY,
    registry     text        NOT NULL,
    -- The list's own date (LEIE: Last-Modified of the download; SAM: the
    -- extract's Julian date; OFAC: Publish_Date).
    list_date    timestamptz NOT NULL,
    -- Data rows in the file (people and entities) and individuals kept.
    row_count    integer     NOT NULL,
    record_count integer     NOT NULL,
    source       text        NOT NULL,
    sha256       text        NOT NULL,
    imported_at  timestamptz NOT NULL DEFAULT now(),
    current      boolean     NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX registry_lists_current ON registry_lists (registry) WHERE current;
CREATE INDEX registry_lists_registry ON registry_lists (registry, imported_at DESC);

-- The listed individuals of an edition. Searches run on in-memory indexes
-- built from these rows; the name columns serve operators' own queries.
CREATE TABLE registry_records (
    list_id    uuid    NOT NULL REFERENCES registry_lists (id) ON DELETE CASCADE,
    idx        integer NOT NULL,
    source_id  text    NOT NULL,
    last_name  text    NOT NULL,
    first_name text    NOT NULL,
    record     jsonb   NOT NULL,
    PRIMARY KEY (list_id, idx)
);
CREATE INDEX registry_records_name ON registry_records (list_id, last_name, first_name);

-- Every import attempt, from the command or the refresh schedule, kept or
-- refused, with the reason.
CREATE TABLE registry_imports (
    id          bigserial PRIMARY KEY,
    registry    text        NOT NULL,
    source      text        NOT NULL,
    outcome     text        NOT NULL CHECK (outcome IN ('imported', 'unchanged', 'failed')),
    reason      text        NOT NULL DEFAULT '',
    list_id     uuid REFERENCES registry_lists (id) ON DELETE SET NULL,
    started_at  timestamptz NOT NULL,
    finished_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registry_imports_registry ON registry_imports (registry, id DESC);

-- A registry check: an audit record of who was searched, in which lists
-- (editions), with which results. Results are stored as answered; the
-- workflow completes live registries and certificate files in place.
CREATE TABLE registry_searches (
    id                  uuid PRIMARY KEY,
    account_id          text        NOT NULL REFERENCES accounts (id),
    external_id         text        NOT NULL,
    query               jsonb       NOT NULL,
    results             jsonb       NOT NULL,
    status              text        NOT NULL CHECK (status IN ('PENDING', 'COMPLETE')),
    workflow_id         text        NOT NULL,
    -- The search's workflow is started off the request path: rows wait
    -- here (the outbox) until a starter, holding a short lease on them,
    -- has handed them to Temporal.
    workflow_started_at timestamptz,
    start_lease         timestamptz,
    -- When the search's PDF certificate was stored.
    certificate_at      timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    completed_at        timestamptz
);
-- Results are written once per search on the hot path: lz4 compresses
-- their JSON at a fraction of the default's CPU.
ALTER TABLE registry_searches ALTER COLUMN results SET COMPRESSION lz4;
CREATE INDEX registry_searches_account ON registry_searches (account_id, created_at DESC);
CREATE INDEX registry_searches_account_external ON registry_searches (account_id, external_id, created_at DESC);
CREATE INDEX registry_searches_unstarted ON registry_searches (created_at) WHERE workflow_started_at IS NULL;

-- +goose Down
DROP TABLE registry_searches;
DROP TABLE registry_imports;
DROP TABLE registry_records;
DROP TABLE registry_lists;
