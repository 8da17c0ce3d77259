-- The local WhatsApp Cloud API (server/integrations/whatsapp/simulator, dev pages only): the
-- accounts Embedded Signup made, the tokens and codes it issued, the messages both sides sent, media,
-- and the webhook deliveries it owes the app (retried until answered 200).

-- A WhatsApp Business account with one phone number, as the simulator's signup page creates it.
CREATE TABLE dev_whatsapp_numbers (
  phone_number_id text PRIMARY KEY,
  waba_id text NOT NULL,
  business_id text NOT NULL,
  display_phone_number text NOT NULL,
  verified_name text NOT NULL,
  -- Shared with the Business app (coexistence): 20 messages/s, echoes, history, no /register.
  coexistence boolean NOT NULL DEFAULT false,
  registered_at timestamptz,
  -- Where webhooks go once the app subscribed (subscribed_apps); null when not subscribed.
  subscribed_at timestamptz,
  contacts_sync_at timestamptz,
  history_sync_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_whatsapp_numbers_waba_idx ON dev_whatsapp_numbers (waba_id);

-- Authorization codes (live 30 s, used once) and the business tokens they became.
CREATE TABLE dev_whatsapp_codes (
  code text PRIMARY KEY,
  waba_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE TABLE dev_whatsapp_tokens (
  token text PRIMARY KEY,
  waba_id text NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every message through the simulated number: from a (played) customer to the business, from the
-- business to a customer (POST /messages), and echoes of what the owner sent from the phone app.
CREATE TABLE dev_whatsapp_messages (
  wamid text PRIMARY KEY,
  phone_number_id text NOT NULL,
  -- The customer's number (wa_id).
  customer text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('to_business', 'to_customer', 'echo')),
  type text NOT NULL,
  -- The message object as Meta's API carries it ({"text":{"body":…}}, a template, an image…).
  content jsonb NOT NULL,
  status text CHECK (status IS NULL OR status IN ('accepted', 'sent', 'delivered', 'read', 'failed')),
  error_code integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_whatsapp_messages_conversation_idx ON dev_whatsapp_messages (phone_number_id, customer, created_at);

CREATE TABLE dev_whatsapp_media (
  media_id text PRIMARY KEY,
  phone_number_id text NOT NULL,
  mime_type text NOT NULL,
  sha256 text NOT NULL,
  file_name text,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Webhook POSTs the simulator owes the app: the exact bytes it signs and sends, retried on non-200.
CREATE TABLE dev_whatsapp_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_status integer,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_whatsapp_deliveries_due_idx ON dev_whatsapp_deliveries (next_attempt_at) WHERE delivered_at IS NULL;
