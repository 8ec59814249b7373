-- Uploaded images (deposit proofs, identity documents): the bytes live under DATA_DIR/uploads by
-- `name`; a row says whose they are, what they are for, and what they were attached to (once).
CREATE TABLE uploads (
  id          bigserial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id),
  name        text NOT NULL UNIQUE,
  sha256      text NOT NULL,
  mime        text NOT NULL,
  bytes       integer NOT NULL,
  attached_to text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_user ON uploads (user_id, id DESC);

-- What staff set up for money in and out. `example` marks the rows a fresh install comes with.
CREATE TABLE deposit_networks (
  id            serial PRIMARY KEY,
  currency_code text NOT NULL,
  protocol_code text NOT NULL,
  address       text NOT NULL,
  min_amount    numeric(20, 6) NOT NULL DEFAULT 10,
  max_amount    numeric(20, 6) NOT NULL DEFAULT 1000000,
  active        boolean NOT NULL DEFAULT true,
  example       boolean NOT NULL DEFAULT false
);

CREATE TABLE bank_coins (
  id     serial PRIMARY KEY,
  name   text NOT NULL,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE wire_accounts (
  id             serial PRIMARY KEY,
  bank_coin_id   integer NOT NULL REFERENCES bank_coins(id),
  bank_name      text NOT NULL,
  bank_address   text NOT NULL,
  bank_swift     text NOT NULL,
  payee_name     text NOT NULL,
  payee_account  text NOT NULL,
  bank_remark    text,
  min_amount     numeric(20, 6) NOT NULL DEFAULT 10,
  max_amount     numeric(20, 6) NOT NULL DEFAULT 1000000,
  active         boolean NOT NULL DEFAULT true,
  example        boolean NOT NULL DEFAULT false
);

-- Payout currencies: type 1 to a crypto address (protocol names the network), 2 to a bank account.
CREATE TABLE withdraw_currencies (
  id          serial PRIMARY KEY,
  type        smallint NOT NULL CHECK (type IN (1, 2)),
  code        text NOT NULL,
  protocol    text NOT NULL,
  fee_type    smallint NOT NULL DEFAULT 2,
  draw_rate   numeric(20, 6) NOT NULL DEFAULT 0 CHECK (draw_rate >= 0),
  usd_price   numeric(20, 6) NOT NULL DEFAULT 1 CHECK (usd_price > 0),
  min_amount  numeric(20, 6) NOT NULL DEFAULT 10,
  active      boolean NOT NULL DEFAULT true,
  example     boolean NOT NULL DEFAULT false
);

-- A trader's bound payout method. Deleting archives it, so past withdrawals keep their destination.
CREATE TABLE payout_methods (
  id             serial PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users(id),
  currency_id    integer NOT NULL REFERENCES withdraw_currencies(id),
  type           smallint NOT NULL CHECK (type IN (1, 2)),
  dc_address     text,
  bank_name      text,
  bank_address   text,
  bank_swift     text,
  payee_name     text,
  payee_account  text,
  archived_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payout_methods_user ON payout_methods (user_id) WHERE archived_at IS NULL;

-- Deposit requests: money moves only when staff approve (status 0 -> 1, once).
-- status: 0 unchecked, 1 finished, 2 rejected, 3 invalid (cancelled by the trader).
CREATE TABLE deposits (
  id             bigserial PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users(id),
  type           smallint NOT NULL CHECK (type IN (0, 1)),
  channel        text NOT NULL,
  currency_code  text NOT NULL,
  amount         numeric(20, 6) NOT NULL CHECK (amount > 0),
  reference      text,
  proof_upload   bigint NOT NULL REFERENCES uploads(id),
  status         smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
  remark         text,
  lang           text NOT NULL DEFAULT 'en',
  reviewed_by    integer,
  reviewed_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
-- One transfer is credited once: a hash or bank reference is unique per channel.
CREATE UNIQUE INDEX deposits_reference ON deposits (channel, lower(reference)) WHERE reference IS NOT NULL;
CREATE INDEX deposits_user ON deposits (user_id, id DESC);
CREATE INDEX deposits_queue ON deposits (status, id);

-- Withdrawal requests: the amount is held at once; staff pay (post the hold) or reject (void it),
-- the trader may cancel while it waits. status: waiting, approved (first of four eyes), paid,
-- rejected, cancelled.
CREATE TABLE withdrawals (
  id              bigserial PRIMARY KEY,
  user_id         integer NOT NULL REFERENCES users(id),
  currency_id     integer NOT NULL REFERENCES withdraw_currencies(id),
  method_id       integer NOT NULL REFERENCES payout_methods(id),
  type            smallint NOT NULL CHECK (type IN (1, 2)),
  amount          numeric(20, 6) NOT NULL CHECK (amount > 0),
  fee             numeric(20, 6) NOT NULL CHECK (fee >= 0),
  received        numeric(20, 6) NOT NULL CHECK (received >= 0),
  hold_id         bigint NOT NULL REFERENCES holds(id),
  memo            text,
  lang            text NOT NULL DEFAULT 'en',
  status          text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'approved', 'paid', 'rejected', 'cancelled')),
  first_approver  integer,
  txid            text,
  reason          text,
  resolved_by     integer,
  resolved_at     timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, id DESC);
CREATE INDEX withdrawals_queue ON withdrawals (status, id);

-- Identity verification, one row per trader. status: 0 not submitted, 1 waiting, 2 finished;
-- review_status: 0 none, 1 pending, 2 approved, 3 rejected (with reason).
CREATE TABLE identity_checks (
  user_id        integer PRIMARY KEY REFERENCES users(id),
  name           text NOT NULL,
  card_id        text NOT NULL,
  card_key       text NOT NULL,
  front_upload   bigint NOT NULL REFERENCES uploads(id),
  back_upload    bigint NOT NULL REFERENCES uploads(id),
  status         smallint NOT NULL DEFAULT 1,
  review_status  smallint NOT NULL DEFAULT 1,
  reason         text,
  attempts       smallint NOT NULL DEFAULT 1,
  lang           text NOT NULL DEFAULT 'en',
  reviewed_by    integer,
  submitted_at   timestamptz NOT NULL DEFAULT now(),
  reviewed_at    timestamptz
);
CREATE INDEX identity_checks_queue ON identity_checks (review_status, submitted_at);
CREATE INDEX identity_checks_card ON identity_checks (card_key);

-- Staff: roles and TOTP; their own sessions.
ALTER TABLE staff ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('finance', 'compliance', 'admin'));
ALTER TABLE staff ADD COLUMN totp_secret text;
ALTER TABLE staff ADD COLUMN active boolean NOT NULL DEFAULT true;
CREATE UNIQUE INDEX staff_email ON staff (lower(email));

CREATE TABLE staff_sessions (
  token_hash  text PRIMARY KEY,
  staff_id    integer NOT NULL REFERENCES staff(id),
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Manual balance adjustments wait for a second staff member (four eyes).
CREATE TABLE adjustments (
  id            bigserial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(id),
  amount        numeric(20, 6) NOT NULL CHECK (amount <> 0),
  reason        text NOT NULL,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'rejected')),
  requested_by  integer NOT NULL REFERENCES staff(id),
  resolved_by   integer REFERENCES staff(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  resolved_at   timestamptz
);

-- Every staff action; the database refuses to change or delete a row.
CREATE TABLE audit_log (
  id         bigserial PRIMARY KEY,
  staff_id   integer,
  action     text NOT NULL,
  target     text NOT NULL,
  before     jsonb,
  after      jsonb,
  reason     text,
  ip         text,
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_staff ON audit_log (staff_id, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
