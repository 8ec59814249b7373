CREATE SEQUENCE users_uid_seq;

CREATE TABLE users (
  id            serial PRIMARY KEY,
  uid           text NOT NULL UNIQUE DEFAULT (10000000 + nextval('users_uid_seq'))::text,
  email         text UNIQUE,
  mobile        text,
  area_id       integer,
  password_hash text,
  is_demo       boolean NOT NULL DEFAULT false,
  demo_id       text UNIQUE,
  invite_code   text NOT NULL UNIQUE,
  invited_by    integer REFERENCES users(id),
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wallets (
  user_id      integer PRIMARY KEY REFERENCES users(id),
  balance      numeric(20, 6) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  lock_balance numeric(20, 6) NOT NULL DEFAULT 0 CHECK (lock_balance >= 0)
);

-- Every change of a balance is one row here, written in the same transaction as the change.
CREATE TABLE ledger (
  id            bigserial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(id),
  kind          text NOT NULL,
  amount        numeric(20, 6) NOT NULL,
  balance_after numeric(20, 6) NOT NULL,
  ref           text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_user ON ledger (user_id, id DESC);

CREATE TABLE sessions (
  token_hash   text PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE email_codes (
  id         bigserial PRIMARY KEY,
  email      text NOT NULL,
  purpose    smallint NOT NULL,
  code_hash  text NOT NULL,
  attempts   smallint NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_codes_lookup ON email_codes (email, purpose, id DESC);

CREATE TABLE captchas (
  id          text PRIMARY KEY,
  answer      text NOT NULL,
  expires_at  timestamptz NOT NULL
);

CREATE TABLE settings (
  key   text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE areas (
  id          serial PRIMARY KEY,
  code        text NOT NULL,
  global_code text NOT NULL
);

CREATE TABLE staff (
  id            serial PRIMARY KEY,
  email         text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
