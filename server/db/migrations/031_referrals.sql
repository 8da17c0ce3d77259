-- Indique e Ganhe (issue 17): who referred each company, when it counted as an install (sign-up
-- finished) and as a watcher (first WhatsApp connection), and the reward its first payment earned
-- the referrer. A company is referred at most once; a referral earns at most one reward.
CREATE TABLE referrals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  referred_company_id uuid NOT NULL UNIQUE REFERENCES companies ON DELETE CASCADE,
  referrer_company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  referrer_user_id uuid REFERENCES users ON DELETE SET NULL,
  -- The deep link the newcomer arrived by ('' when it was the app's own link).
  branch_link text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  installed_at timestamptz,
  watcher_at timestamptz,
  CHECK (referred_company_id <> referrer_company_id)
);
CREATE INDEX referrals_referrer_installed_idx ON referrals (referrer_company_id, installed_at);
CREATE INDEX referrals_referrer_watcher_idx ON referrals (referrer_company_id, watcher_at);

-- The credit a referrer company earned; pending until Stripe holds it as a customer balance
-- transaction (the credit on its next invoice). Amounts are integer centavos.
CREATE TABLE referral_rewards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  referral_id uuid NOT NULL UNIQUE REFERENCES referrals ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  months integer NOT NULL CHECK (months > 0),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL DEFAULT 'brl' CHECK (currency ~ '^[a-z]{3}$'),
  earned_at timestamptz NOT NULL DEFAULT now(),
  stripe_balance_transaction_id text UNIQUE,
  applied_at timestamptz,
  -- The end of the referrer's paid period when the credit reached Stripe: the invoice at that end uses
  -- it, so once the period moves past it the credit is spent (null: no paid period then).
  applied_period_end timestamptz,
  CHECK ((applied_at IS NULL) = (stripe_balance_transaction_id IS NULL))
);
CREATE INDEX referral_rewards_company_idx ON referral_rewards (company_id, earned_at DESC);
