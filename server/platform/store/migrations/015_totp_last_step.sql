-- RFC 6238 section 5.2: a code is accepted once. The time step of the last code a staff member
-- logged in with; a code of that step or an earlier one is refused.
ALTER TABLE staff ADD COLUMN totp_last_step bigint;
