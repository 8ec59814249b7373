-- What one node kept on its own disk, kept where every node of a cluster sees it (docs/scaling.md,
-- "Where shared state lives"). Each table is used only when its setting asks for it.

-- The uploads' bytes by the random name of their `uploads` row (UPLOADS_STORE=database). Written
-- before that row, so no foreign key: an upload refused on the way is deleted again.
CREATE TABLE upload_blobs (
  name       text PRIMARY KEY,
  bytes      bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The development outbox (MAIL_OUTBOX=database, no SMTP_URL): every node's mails in one table.
CREATE TABLE mail_outbox (
  id         bigserial PRIMARY KEY,
  recipient  text NOT NULL,
  subject    text NOT NULL,
  text       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
