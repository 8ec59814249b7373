-- The ledger knows two amounts per account: available (`wallets.balance`) and frozen
-- (`wallets.lock_balance`). Each row moves available by `amount` and frozen by `frozen`, so that for
-- every account balance = sum(amount) and lock_balance = sum(frozen).
ALTER TABLE ledger ADD COLUMN frozen numeric(20, 6) NOT NULL DEFAULT 0;

-- Money set aside (available -> frozen) until it is paid out (posted: frozen -> out) or given back
-- (voided: frozen -> available). A hold leaves `held` once; the update that does it checks the status.
CREATE TABLE holds (
  id          bigserial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id),
  amount      numeric(20, 6) NOT NULL CHECK (amount > 0),
  status      text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'posted', 'voided')),
  ref         text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE INDEX holds_user ON holds (user_id, id DESC);
