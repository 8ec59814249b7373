-- A payout currency worth many dollars (BTC) needs a rate finer than 6 places: 1 USD is 0.0000153846 BTC.
ALTER TABLE withdraw_currencies ALTER COLUMN usd_price TYPE numeric(24, 12);
