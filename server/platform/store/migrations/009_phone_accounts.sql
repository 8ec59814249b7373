-- An account made by mobile logs in with its full international number ("+<global_code><number>"),
-- unique like the email; accounts made by email have none.
ALTER TABLE users ADD COLUMN phone text UNIQUE;
