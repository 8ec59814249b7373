-- Staff edit the area codes of registration by mobile: one made inactive leaves the list traders
-- pick from, while the accounts registered with it keep logging in by it.
ALTER TABLE areas ADD COLUMN active boolean NOT NULL DEFAULT true;
