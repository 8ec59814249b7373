-- Nodes of a cluster sign upload links and the support signature with one secret. Without
-- APP_SECRET, the first node makes it and every other reads it here.
CREATE TABLE cluster_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);
