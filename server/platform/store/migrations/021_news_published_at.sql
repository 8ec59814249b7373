-- Readers see news dated and ordered by when it was published: a draft written last week and
-- published today is today's news, not buried under a week of others.
ALTER TABLE news ADD COLUMN published_at timestamptz;
UPDATE news SET published_at = created_at WHERE published;
CREATE INDEX news_published_order ON news (published_at DESC, id DESC);
