-- Exactly one engine acts on the record. The row names it by an epoch that only grows: a node takes
-- over by raising it, and every engine write checks it in its own transaction, so an engine that
-- was paused past its lease and wakes up can no longer write anything.
CREATE TABLE engine_leadership (
  id smallint PRIMARY KEY CHECK (id = 1),
  epoch bigint NOT NULL,
  node text NOT NULL,
  lease_until timestamp with time zone NOT NULL
);
