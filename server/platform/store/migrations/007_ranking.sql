-- The trader ranking, worked out periodically from real accounts (docs/ranking.md). Each run replaces
-- every entry in one transaction and records when it ran: the list's "as of" time.
CREATE TABLE ranking_runs (
  id           serial PRIMARY KEY,
  computed_at  timestamptz NOT NULL DEFAULT now(),
  listed       integer NOT NULL
);

CREATE TABLE ranking_entries (
  position           integer PRIMARY KEY,
  user_id            integer NOT NULL UNIQUE,
  masked_name        text NOT NULL,
  code               text NOT NULL,
  multiple           numeric(10, 1) NOT NULL,
  three_week_rate    numeric(20, 2) NOT NULL,
  three_week_win     numeric(5, 2) NOT NULL,
  three_week_profit  numeric(20, 2) NOT NULL,
  total_rate         numeric(20, 2) NOT NULL,
  total_trade_num    integer NOT NULL,
  -- Cumulative result after fees at the end of each day of the window, oldest first (USD), as JSON.
  curve              text NOT NULL
);
