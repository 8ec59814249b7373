-- Staff may hold a product's market open or closed whatever its sessions say (the back-office's
-- "market status override"): 0 follows the sessions, 1 open, 2 closed.
ALTER TABLE products ADD COLUMN market_status smallint NOT NULL DEFAULT 0 CHECK (market_status IN (0, 1, 2));
