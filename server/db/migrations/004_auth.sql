-- Sign-in: the hosted login's accounts, sessions and one-time tokens; what the session check
-- answers (onboarding progress, subscription, feature flags); the dev outbox; shared secrets.
-- Secrets are never stored: tokens are kept as SHA-256 hex digests, passwords as argon2id hashes.

-- Onboarding progress the session check reads (the onboarding steps fill these in).
ALTER TABLE users
  ADD COLUMN mobile_phone_verified_at timestamptz,
  ADD COLUMN signup_completed_at timestamptz;

-- Per-company feature flags (spec §3), off unless switched on for a company.
ALTER TABLE companies
  ADD COLUMN sentinel_watcher_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN meta_coexistence_enabled boolean NOT NULL DEFAULT false;

-- A company's subscriptions over time; the current one is the newest whose period has not ended.
CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('trialing', 'active', 'past_due', 'canceled')),
  plan text NOT NULL DEFAULT 'essencial',
  current_period_start timestamptz NOT NULL DEFAULT now(),
  current_period_end timestamptz NOT NULL,
  canceled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (current_period_end > current_period_start)
);
CREATE INDEX subscriptions_company_period_idx ON subscriptions (company_id, current_period_end DESC);
CREATE TRIGGER subscriptions_set_updated_at BEFORE UPDATE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE password_credentials (
  user_id uuid PRIMARY KEY REFERENCES users ON DELETE CASCADE,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One sign-in on one device: the hosted login's own cookie (sso_secret_hash) and the family of
-- refresh tokens handed to the app. Revoking it (logout, reuse of a rotated token, password reset)
-- ends both at once, and access tokens naming it stop working on their next request.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  sso_secret_hash text NOT NULL UNIQUE,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('logout', 'refresh_token_reuse', 'password_reset'))
);
CREATE INDEX auth_sessions_user_id_idx ON auth_sessions (user_id);

-- Opaque, single use: a refresh rotates it (used_at set, a new one issued in the same session).
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);

-- E-mail links: verification (24 h) and password reset. Single use.
CREATE TABLE email_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_tokens_user_purpose_idx ON email_tokens (user_id, purpose);

-- Failed sign-ins per e-mail address, whether or not an account has it (so a lockout tells nobody
-- which addresses exist). key = SHA-256 of the normalised address.
CREATE TABLE sign_in_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

-- Messages the dev outbox delivered instead of an SMTP relay or SMS provider (shown on /dev/outbox).
CREATE TABLE dev_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL,
  subject text,
  body_text text NOT NULL,
  body_html text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_outbox_recipient_idx ON dev_outbox (recipient, created_at DESC);

-- Secrets every instance must share and that must survive restarts (the token signing key when
-- AUTH_SECRET is not set), generated once by whichever instance gets there first.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
