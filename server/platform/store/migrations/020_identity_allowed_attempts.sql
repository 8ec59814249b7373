-- Five submissions, and one more each time compliance reopens a case that used them all: without it a
-- trader rejected five times could never verify, nor withdraw.
ALTER TABLE identity_checks ADD COLUMN allowed_attempts smallint NOT NULL DEFAULT 5;
