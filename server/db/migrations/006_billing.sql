-- Paid subscriptions through Stripe (Checkout + signed webhooks), beside the trial rows onboarding
-- writes (status 'trialing', plan 'trial', no Stripe ids). Every new column is nullable or defaulted,
-- so those inserts stay valid. Amounts are integer centavos.

-- The Stripe customer a company pays as, created at its first checkout and reused afterwards.
ALTER TABLE companies ADD COLUMN stripe_customer_id text UNIQUE;

-- A paid row mirrors one Stripe subscription. last_event_at is the Stripe `created` time of the newest
-- event applied to it: an older event arriving late is recognised and changes nothing.
ALTER TABLE subscriptions
  ADD COLUMN stripe_subscription_id text UNIQUE,
  ADD COLUMN stripe_customer_id text,
  ADD COLUMN stripe_price_id text,
  ADD COLUMN amount_cents integer CHECK (amount_cents IS NULL OR amount_cents >= 0),
  ADD COLUMN currency text CHECK (currency IS NULL OR currency ~ '^[a-z]{3}$'),
  ADD COLUMN billing_interval text CHECK (billing_interval IS NULL OR billing_interval IN ('day', 'week', 'month', 'year')),
  ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
  ADD COLUMN ended_at timestamptz,
  ADD COLUMN last_event_at timestamptz;

-- 'essencial' is the old default (rows written before plans existed), 'trial' the free trial.
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_plan_check
  CHECK (plan IN ('essencial', 'trial', 'monthly', 'yearly'));
CREATE INDEX subscriptions_company_created_idx ON subscriptions (company_id, created_at DESC);

-- Every webhook event received with a valid signature, once (Stripe delivers at least once).
CREATE TABLE billing_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  -- Stripe's `created` (when the event happened there), not when it arrived here.
  created timestamptz NOT NULL,
  payload jsonb NOT NULL,
  company_id uuid REFERENCES companies ON DELETE SET NULL,
  -- applied, stale (older than what the subscription already reflects), ignored, unmatched.
  outcome text NOT NULL CHECK (outcome IN ('applied', 'stale', 'ignored', 'unmatched')),
  processed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_events_company_id_idx ON billing_events (company_id);

-- The embedded Stripe simulator's state (dev pages only): customers, checkout sessions,
-- subscriptions and invoices as Stripe's JSON, and the events it sends to the webhook.
CREATE TABLE dev_stripe_objects (
  id text PRIMARY KEY,
  object text NOT NULL,
  -- What the API answers for it.
  data jsonb NOT NULL,
  -- What Stripe knows but does not show on the object (a checkout session's line items).
  internal jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_stripe_objects_object_idx ON dev_stripe_objects (object, created_at DESC);

CREATE TABLE dev_stripe_events (
  id text PRIMARY KEY,
  -- Order of creation (several events share one transaction's now()).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The last delivery attempt: when, and the webhook's HTTP status (null: no answer).
  delivered_at timestamptz,
  delivery_status integer
);
CREATE INDEX dev_stripe_events_seq_idx ON dev_stripe_events (seq DESC);
