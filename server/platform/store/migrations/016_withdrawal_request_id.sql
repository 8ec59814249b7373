-- A withdrawal sent again with its request id (an answer lost on the way, a second tap) returns the
-- first request instead of holding the money twice.
ALTER TABLE withdrawals ADD COLUMN request_id text;
CREATE UNIQUE INDEX withdrawals_request_id ON withdrawals (user_id, request_id) WHERE request_id IS NOT NULL;
