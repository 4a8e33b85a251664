-- +goose Up
-- A statement: a document rendered from a template key and the data of a
-- candidate and placement (a packet's cover sheet, an attestation).
-- PENDING while its workflow renders it, then READY with its file or
-- FAILED with the reason.
CREATE TABLE statements (
    id                        uuid PRIMARY KEY,
    account_id                text        NOT NULL REFERENCES accounts (id),
    template                  text        NOT NULL,
    external_user_id          text        NOT NULL,
    -- As the caller sent them (context.partnerId, context.candidateId).
    partner_id                text        NOT NULL DEFAULT '',
    candidate_id              text        NOT NULL DEFAULT '',
    -- The placement partner_id named, when it named one.
    placement_id              uuid REFERENCES placements (id) ON DELETE SET NULL,
    -- The STATEMENT row the statement fulfils (one statement per row).
    placement_requirement_id  uuid REFERENCES placement_requirements (id) ON DELETE SET NULL,
    status                    text        NOT NULL CHECK (status IN ('PENDING', 'READY', 'FAILED')),
    reason                    text        NOT NULL DEFAULT '',
    file_id                   uuid REFERENCES files (id),
    workflow_id               text        NOT NULL,
    workflow_started_at       timestamptz,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX statements_row ON statements (placement_requirement_id) WHERE placement_requirement_id IS NOT NULL;
CREATE INDEX statements_placement ON statements (placement_id) WHERE placement_id IS NOT NULL;
CREATE INDEX statements_unstarted ON statements (created_at) WHERE workflow_started_at IS NULL;

-- +goose Down
DROP TABLE statements;
