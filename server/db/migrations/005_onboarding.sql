-- Onboarding (spec §2, §4): "Sobre você" confirmed, the company, the verified mobile, the trial.
-- Phone verification codes are never stored: only an HMAC of the code under a per-send salt.

-- The name comes prefilled from sign-up; the step is done once the person confirms it.
ALTER TABLE users ADD COLUMN name_confirmed_at timestamptz;
-- Accounts that finished sign-up before this column existed went through that step.
UPDATE users SET name_confirmed_at = signup_completed_at WHERE signup_completed_at IS NOT NULL;

-- A verified mobile belongs to one account: codes sent to it identify that person.
CREATE UNIQUE INDEX users_verified_mobile_phone_key ON users (mobile_phone)
  WHERE mobile_phone_verified_at IS NOT NULL;

-- The code a user is waiting for, one row per user and purpose: a new send replaces the code (and
-- its attempts) in place, so the row also carries the resend cooldown and the hourly send count.
CREATE TABLE phone_verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('onboarding', 'phone_change')),
  -- Digits with the country code (5511912345678), where the code went.
  phone text NOT NULL CHECK (phone ~ '^55[0-9]{10,11}$'),
  -- HMAC-SHA256 (hex) of purpose, phone and code, keyed by code_salt (random per send).
  code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  code_salt text NOT NULL CHECK (code_salt ~ '^[0-9a-f]{32}$'),
  -- New on every send: the SMS job of a replaced code sees it changed and sends nothing.
  send_id uuid NOT NULL DEFAULT gen_random_uuid(),
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  last_sent_at timestamptz NOT NULL DEFAULT now(),
  -- Sends in the hour that started at send_window_started_at (the hourly cap).
  send_window_started_at timestamptz NOT NULL DEFAULT now(),
  sends_in_window integer NOT NULL DEFAULT 1 CHECK (sends_in_window >= 1),
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT phone_verifications_user_purpose_key UNIQUE (user_id, purpose)
);
CREATE TRIGGER phone_verifications_set_updated_at BEFORE UPDATE ON phone_verifications
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
