-- The live market: the instrument catalogue (seeded by server/market/seed.ts when empty, then
-- edited by staff), the candles built from bid ticks, and each instrument's last quote.

CREATE TABLE product_categories (
  id    integer PRIMARY KEY,
  sort  integer NOT NULL DEFAULT 0,
  -- {"en": "Metals", "fr": "Métaux", ...}: one name per language code.
  names jsonb NOT NULL
);

CREATE TABLE products (
  id               serial PRIMARY KEY,
  code             text NOT NULL UNIQUE,
  show_code        text NOT NULL,
  logo             text NOT NULL DEFAULT '',
  category_id      integer NOT NULL REFERENCES product_categories(id),
  price_precision  smallint NOT NULL CHECK (price_precision BETWEEN 0 AND 10),
  -- Lot step.
  pip              numeric(20, 8) NOT NULL CHECK (pip > 0),
  min_cont         numeric(20, 8) NOT NULL CHECK (min_cont > 0),
  max_cont         numeric(20, 8) NOT NULL CHECK (max_cont >= min_cont),
  -- Units per lot.
  cont_num         numeric(20, 8) NOT NULL CHECK (cont_num > 0),
  margin_mode      smallint NOT NULL DEFAULT 2,
  fee_rate         numeric(20, 8) NOT NULL DEFAULT 0 CHECK (fee_rate >= 0),
  -- Leverage values, ascending.
  leverages        integer[] NOT NULL,
  -- ask - bid, in price units.
  spread           numeric(20, 8) NOT NULL CHECK (spread >= 0),
  -- Annualised volatility of the simulated feed.
  volatility       double precision NOT NULL CHECK (volatility >= 0),
  start_price      numeric(20, 8) NOT NULL CHECK (start_price > 0),
  -- forex | metals | energy | index_us | index_eu | crypto (server/market/sessions.ts)
  session          text NOT NULL,
  quote_currency   text NOT NULL DEFAULT 'USD',
  sort             integer NOT NULL DEFAULT 0,
  enabled          boolean NOT NULL DEFAULT true
);

-- Bid candles. `time` is the bucket start (epoch ms); the 1day bucket starts 17:00 New York.
CREATE TABLE candles (
  product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  period     text NOT NULL,
  time       bigint NOT NULL,
  open       double precision NOT NULL,
  high       double precision NOT NULL,
  low        double precision NOT NULL,
  close      double precision NOT NULL,
  volume     integer NOT NULL,
  PRIMARY KEY (product_id, period, time)
);

-- The newest tick of each instrument: where the feed continues after a restart.
CREATE TABLE last_quotes (
  product_id integer PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
  bid        double precision NOT NULL,
  ask        double precision NOT NULL,
  time       bigint NOT NULL
);
