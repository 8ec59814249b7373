-- One transfer is credited once however its hash is written ("0x…", "tx:…", any case): a deposit
-- is unique by the key the server makes of its reference (funds/reference-key.ts). Rows from
-- before keep the key they were unique by, so that no existing pair can stop this migration.
ALTER TABLE deposits ADD COLUMN reference_key text;
UPDATE deposits SET reference_key = lower(reference) WHERE reference IS NOT NULL;
DROP INDEX deposits_reference;
CREATE UNIQUE INDEX deposits_reference ON deposits (channel, reference_key) WHERE reference_key IS NOT NULL AND status IN (0, 1);
