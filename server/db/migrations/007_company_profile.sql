-- "Sobre a empresa" (/settings/company-info) and what the sales workspace reads from the company:
-- the time zone its task filters ("hoje", "atrasadas") use, and the bank's charge shortcut on task
-- details (spec §3 showNubankWidget). Every column is defaulted or nullable, so existing inserts stay valid.
ALTER TABLE companies
  ADD COLUMN timezone text NOT NULL DEFAULT 'America/Sao_Paulo' CHECK (length(timezone) BETWEEN 1 AND 64),
  ADD COLUMN show_nubank_widget boolean NOT NULL DEFAULT true,
  ADD COLUMN email text CHECK (email IS NULL OR email LIKE '%_@_%'),
  ADD COLUMN city text CHECK (city IS NULL OR length(btrim(city)) > 0),
  ADD COLUMN state text CHECK (state IS NULL OR state ~ '^[A-Z]{2}$'),
  ADD COLUMN description text;
