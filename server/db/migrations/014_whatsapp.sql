-- WhatsApp Business (issue 13): a company's connection to the Cloud API, the webhook payloads Meta
-- delivers (stored first, processed by a job), the conversation they become, and the numbers the
-- company ignores. ../shared/whatsapp-cloud-api.md is the contract with Meta.

-- One connection per company at a time; a disconnected one stays as history (status 'disconnected').
CREATE TABLE whatsapp_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  -- cloud_api: the number lives on the Cloud API only; coexistence: shared with the Business app.
  mode text NOT NULL CHECK (mode IN ('cloud_api', 'coexistence')),
  -- connecting: Embedded Signup finished, the server is setting the number up;
  -- connected: messages flow; not_ready: set up, but Meta will not let it send yet (why in problem_code);
  -- error: the set-up failed (why in problem_code); offboarded: Meta's ACCOUNT_OFFBOARDED;
  -- needs_reconnect: the token was refused (190); disconnected: the owner disconnected it.
  status text NOT NULL CHECK (
    status IN ('connecting', 'connected', 'not_ready', 'error', 'offboarded', 'needs_reconnect', 'disconnected')
  ),
  waba_id text,
  phone_number_id text,
  business_id text,
  -- Digits with the country code, as Meta shows it.
  display_phone_number text,
  verified_name text,
  -- The business token, encrypted (AES-256-GCM, key from the environment): iv.tag.ciphertext, base64url.
  access_token_encrypted text,
  problem_code text,
  problem_detail text,
  -- Coexistence: when each smb_app_data sync was asked for, and how far the history got (0–100).
  contacts_sync_requested_at timestamptz,
  history_sync_requested_at timestamptz,
  history_progress integer CHECK (history_progress IS NULL OR history_progress BETWEEN 0 AND 100),
  connected_at timestamptz,
  disconnected_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, id)
);
-- At most one live connection per company.
CREATE UNIQUE INDEX whatsapp_connections_company_live_idx ON whatsapp_connections (company_id)
  WHERE status <> 'disconnected';
-- The tenant of a webhook is found by its phone number id: one live connection per number.
CREATE UNIQUE INDEX whatsapp_connections_phone_number_live_idx ON whatsapp_connections (phone_number_id)
  WHERE status <> 'disconnected' AND phone_number_id IS NOT NULL;
CREATE INDEX whatsapp_connections_waba_idx ON whatsapp_connections (waba_id) WHERE waba_id IS NOT NULL;

-- Why owners disconnect (the feedback page), kept apart from the connection's own row.
CREATE TABLE whatsapp_disconnect_feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  connection_id uuid,
  reason text NOT NULL CHECK (length(btrim(reason)) > 0),
  comment text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT whatsapp_disconnect_feedback_connection_fkey FOREIGN KEY (company_id, connection_id)
    REFERENCES whatsapp_connections (company_id, id) ON DELETE SET NULL (connection_id)
);
CREATE INDEX whatsapp_disconnect_feedback_company_idx ON whatsapp_disconnect_feedback (company_id);

-- Every signed POST to /webhooks/whatsapp, exactly as received (the bytes that were signed), before
-- anything is made of it. A job processes each one; company_id is unknown until then (a batch may
-- even name several numbers).
CREATE TABLE whatsapp_webhook_payloads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  body text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);
CREATE INDEX whatsapp_webhook_payloads_unprocessed_idx ON whatsapp_webhook_payloads (received_at)
  WHERE processed_at IS NULL;

-- The conversation with a customer: what they sent (inbound), what the business sent from the app or
-- the phone (outbound; echo = sent from the Business app), and history synced at coexistence onboarding.
CREATE TABLE conversation_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  customer_id uuid NOT NULL,
  connection_id uuid,
  -- Meta's message id; one message is stored once whatever comes twice.
  wamid text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
  -- webhook: a live message; echo: sent by hand from the Business app; history: synced history;
  -- app: sent by Fechaí (follow-ups, issue 14).
  origin text NOT NULL CHECK (origin IN ('webhook', 'echo', 'history', 'app')),
  -- text, image, video, audio, document, sticker, location, contacts, interactive, button, reaction,
  -- unsupported, …: what Meta said.
  type text NOT NULL CHECK (type ~ '^[a-z_]{1,40}$'),
  -- The text to show: the body, a caption, a button's title; null for media without a caption.
  body text,
  -- Media: Meta's media id, mime type, file name, voice note; location; reaction target; … as JSON.
  details jsonb NOT NULL DEFAULT '{}',
  -- The wamid this one answers (context.id) or, for a reaction, the message reacted to.
  reply_to_wamid text,
  -- Outbound only: sent < delivered < read; failed ends it. Only ever moves forward.
  status text CHECK (status IS NULL OR status IN ('sent', 'delivered', 'read', 'failed')),
  error_code text,
  error_title text,
  sent_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, id),
  UNIQUE (company_id, wamid),
  CONSTRAINT conversation_messages_customer_fkey FOREIGN KEY (company_id, customer_id)
    REFERENCES customers (company_id, id) ON DELETE CASCADE,
  CONSTRAINT conversation_messages_connection_fkey FOREIGN KEY (company_id, connection_id)
    REFERENCES whatsapp_connections (company_id, id) ON DELETE SET NULL (connection_id)
);
-- A customer's timeline, newest first, paged by (sent_at, id).
CREATE INDEX conversation_messages_customer_idx ON conversation_messages (company_id, customer_id, sent_at DESC, id DESC);

-- A status that arrived before its message (unordered delivery): applied when the message is stored.
CREATE TABLE conversation_pending_statuses (
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  wamid text NOT NULL,
  status text NOT NULL CHECK (status IN ('sent', 'delivered', 'read', 'failed')),
  error_code text,
  error_title text,
  at timestamptz NOT NULL,
  PRIMARY KEY (company_id, wamid, status)
);

-- Customers whose last inbound message opens the 24-hour window (issue 14 reads it).
ALTER TABLE customers ADD COLUMN last_inbound_at timestamptz;
-- A contact may come with a business-scoped user id (BR.150…) and no phone: key customers on both.
ALTER TABLE customers ADD COLUMN whatsapp_user_id text;
CREATE UNIQUE INDEX customers_company_whatsapp_user_idx ON customers (company_id, whatsapp_user_id)
  WHERE whatsapp_user_id IS NOT NULL;

-- "Contatos ignorados": numbers whose messages are dropped before anything is stored about them.
CREATE TABLE whatsapp_blocklist (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  -- Digits with the country code (5511987654321).
  phone text NOT NULL CHECK (phone ~ '^[0-9]{10,15}$'),
  -- The same number with or without the Brazilian ninth digit is one entry (as customers' phone_key).
  phone_key text GENERATED ALWAYS AS (
    CASE WHEN phone ~ '^55[0-9]{2}9[0-9]{8}$' THEN substr(phone, 1, 4) || substr(phone, 6) ELSE phone END
  ) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, id),
  UNIQUE (company_id, phone_key)
);
