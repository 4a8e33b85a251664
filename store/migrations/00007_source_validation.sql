-- +goose Up
-- An account's source validation is switched by the account itself
-- (PUT /source-validation/settings): when and with which API key it was
-- last changed is kept beside the switch, and each change is an audit
-- event of the account.
ALTER TABLE accounts
    ADD COLUMN source_validation_changed_at timestamptz,
    ADD COLUMN source_validation_changed_by text;

-- +goose Down
ALTER TABLE accounts
    DROP COLUMN source_validation_changed_by,
    DROP COLUMN source_validation_changed_at;
