-- Orders of the trading engine. A row is pending (0), open (1), closed (3) or cancelled (4); money
-- columns are USD at 6 places, prices in the product's quote currency.

CREATE TABLE orders (
  id           bigserial PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users(id),
  product_id   integer NOT NULL REFERENCES products(id),
  side         smallint NOT NULL CHECK (side IN (1, 2)),
  lots         numeric(20, 8) NOT NULL CHECK (lots > 0),
  leverage     integer NOT NULL CHECK (leverage > 0),
  status       smallint NOT NULL CHECK (status IN (0, 1, 3, 4)),
  -- buy_limit | buy_stop | sell_limit | sell_stop while pending; null for market orders.
  pending_type text,
  -- Requested: the pending target, or the quote a market order was asked at.
  origin_price numeric(24, 10) NOT NULL,
  -- Fill price; null while pending.
  price        numeric(24, 10),
  close_price  numeric(24, 10),
  stop_loss    numeric(24, 10) NOT NULL DEFAULT 0 CHECK (stop_loss >= 0),
  take_profit  numeric(24, 10) NOT NULL DEFAULT 0 CHECK (take_profit >= 0),
  margin       numeric(20, 6) NOT NULL CHECK (margin >= 0),
  fee          numeric(20, 6) NOT NULL CHECK (fee >= 0),
  -- Realised P&L in USD once closed.
  profit       numeric(20, 6) NOT NULL DEFAULT 0,
  closed_type  smallint NOT NULL DEFAULT 0,
  -- The client's id of the submit, so that a retried submit finds its first order.
  request_id   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  UNIQUE (user_id, request_id)
);
CREATE INDEX orders_user_status ON orders (user_id, status, id DESC);
CREATE INDEX orders_live ON orders (product_id) WHERE status IN (0, 1);
