-- +goose Up
-- A packet's uploads to its VMS: compiled into one PDF, then sent with an
-- idempotency key derived from the packet and the compiled bytes, so a
-- retried or resumed send leaves one copy at the VMS.
ALTER TABLE packets DROP CONSTRAINT packets_status_check;
ALTER TABLE packets ADD CONSTRAINT packets_status_check
    CHECK (status IN ('INCOMPLETE', 'READY', 'UPLOADING', 'UPLOADED', 'FAILED'));
ALTER TABLE packets
    ADD COLUMN compiled_file_id uuid REFERENCES files (id) ON DELETE SET NULL,
    ADD COLUMN uploaded_at      timestamptz,
    ADD COLUMN upload_reason    text,
    -- The digest of the rows (status and evidence) the last upload
    -- compiled: rows that differ from it need a new upload.
    ADD COLUMN upload_digest    text;

CREATE TABLE packet_uploads (
    id                  uuid PRIMARY KEY,
    account_id          text        NOT NULL REFERENCES accounts (id),
    packet_id           uuid        NOT NULL REFERENCES packets (id) ON DELETE CASCADE,
    placement_id        uuid        NOT NULL REFERENCES placements (id) ON DELETE CASCADE,
    packet_group        text        NOT NULL,
    status              text        NOT NULL CHECK (status IN ('UPLOADING', 'UPLOADED', 'FAILED')),
    idempotency_key     text,
    compiled_file_id    uuid REFERENCES files (id) ON DELETE SET NULL,
    sha256              text,
    rows_digest         text,
    vms_receipt         jsonb,
    reason              text,
    attempts            integer     NOT NULL DEFAULT 0,
    workflow_id         text        NOT NULL,
    workflow_started_at timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    finished_at         timestamptz
);
-- At most one running upload per packet.
CREATE UNIQUE INDEX packet_uploads_running ON packet_uploads (packet_id) WHERE status = 'UPLOADING';
CREATE INDEX packet_uploads_packet ON packet_uploads (packet_id, created_at DESC);
CREATE INDEX packet_uploads_unstarted ON packet_uploads (created_at) WHERE workflow_started_at IS NULL;

-- +goose Down
DROP TABLE packet_uploads;
ALTER TABLE packets DROP COLUMN upload_digest, DROP COLUMN upload_reason, DROP COLUMN uploaded_at, DROP COLUMN compiled_file_id;
ALTER TABLE packets DROP CONSTRAINT packets_status_check;
ALTER TABLE packets ADD CONSTRAINT packets_status_check CHECK (status IN ('INCOMPLETE', 'READY'));
