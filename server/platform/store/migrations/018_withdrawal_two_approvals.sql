-- Whether a withdrawal needs two staff members is settled when the trader asks, at the threshold of
-- that moment: raising the threshold afterwards cannot let one person pay it alone.
ALTER TABLE withdrawals ADD COLUMN two_approvals boolean NOT NULL DEFAULT false;
