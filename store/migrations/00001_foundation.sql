-- +goose Up
-- Accounts own everything; their settings live here so that per-account
-- switches (fraud sensitivity, source validation, later retention) are one
-- row to read.
CREATE TABLE accounts (
    id                        text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
    name                      text        NOT NULL,
    fraud_enabled             boolean     NOT NULL DEFAULT true,
    fraud_sensitivity         text        NOT NULL DEFAULT 'MEDIUM' CHECK (fraud_sensitivity IN ('LOW', 'MEDIUM', 'HIGH')),
    source_validation_enabled boolean     NOT NULL DEFAULT false,
    created_at                timestamptz NOT NULL DEFAULT now(),
    updated_at                timestamptz NOT NULL DEFAULT now()
);

-- Keys are stored as SHA-256 of the whole key; id is the public part of the
-- key used to find the row before the constant-time hash comparison.
CREATE TABLE api_keys (
    id           text PRIMARY KEY,
    account_id   text        NOT NULL REFERENCES accounts (id),
    name         text        NOT NULL DEFAULT '',
    hash         bytea       NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    revoked_at   timestamptz
);
CREATE INDEX api_keys_account ON api_keys (account_id);

-- State transitions of every stateful object, for audits and support.
CREATE TABLE audit_events (
    id           bigserial PRIMARY KEY,
    account_id   text        NOT NULL REFERENCES accounts (id),
    subject_type text        NOT NULL,
    subject_id   text        NOT NULL,
    from_state   text        NOT NULL DEFAULT '',
    to_state     text        NOT NULL,
    reason       text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_subject ON audit_events (account_id, subject_type, subject_id, id);

-- +goose Down
DROP TABLE audit_events;
DROP TABLE api_keys;
DROP TABLE accounts;
