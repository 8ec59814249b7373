-- A deposit sent again with its request id (an answer lost on the way, a second tap) returns the
-- first request instead of recording the transfer twice.
ALTER TABLE deposits ADD COLUMN request_id text;
CREATE UNIQUE INDEX deposits_request_id ON deposits (user_id, request_id) WHERE request_id IS NOT NULL;
