-- A transfer is credited once, but only a deposit waiting or credited holds its reference: a
-- rejected one (a mistyped amount, a wrong proof) frees it for the trader to send again.
DROP INDEX deposits_reference;
CREATE UNIQUE INDEX deposits_reference ON deposits (channel, lower(reference)) WHERE reference IS NOT NULL AND status IN (0, 1);
