-- News written by staff: the HTML is sanitised before it is stored. `lang` NULL: shown in every language.
CREATE TABLE news (
  id           serial PRIMARY KEY,
  title        text NOT NULL,
  description  text NOT NULL DEFAULT '',
  logo         text NOT NULL DEFAULT '',
  content      text NOT NULL,
  lang         text,
  published    boolean NOT NULL DEFAULT true,
  created_by   integer,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX news_published ON news (published, id DESC);

-- Staff upload images too (news logos and pictures); those are public, a trader's never are.
ALTER TABLE uploads ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE uploads ADD COLUMN staff_id integer;
ALTER TABLE uploads ADD COLUMN public boolean NOT NULL DEFAULT false;

-- What traders write on /feedback, for staff to read.
CREATE TABLE feedback (
  id          bigserial PRIMARY KEY,
  user_id     integer,
  text        text NOT NULL,
  contact     text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_by     integer,
  read_at     timestamptz
);

-- The company directory of the main mode (`company/getCompany`).
CREATE TABLE companies (
  id                  serial PRIMARY KEY,
  name                text NOT NULL,
  logo                text NOT NULL DEFAULT '',
  url                 text NOT NULL DEFAULT '',
  subject             text NOT NULL DEFAULT '',
  registered_address  text NOT NULL DEFAULT '',
  location            text NOT NULL DEFAULT '',
  email               text NOT NULL DEFAULT '',
  active              boolean NOT NULL DEFAULT true
);
