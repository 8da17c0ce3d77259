-- WhatsApp sending (issue 14): follow-ups and replies go out through one dispatcher that records
-- every attempt before its Graph call, keeps the number's throughput and the per-recipient pair rate,
-- and lets Meta's error table decide retry, stop or flag.

-- paused: the owner answered the customer by hand from the phone (a coexistence echo); automatic
-- follow-ups wait until resumed. sending: an attempt is recorded and WhatsApp has not answered (or the
-- answer was lost in a crash: never sent again automatically). expired: it waited for a connection
-- longer than the cut-off and was not sent.
ALTER TABLE follow_up_messages DROP CONSTRAINT follow_up_messages_status_check;
ALTER TABLE follow_up_messages ADD CONSTRAINT follow_up_messages_status_check
  CHECK (status IN ('scheduled', 'waiting_connection', 'paused', 'sending', 'sent', 'failed', 'expired', 'cancelled'));
-- A follow-up that went out and later failed (a `failed` status from Meta) keeps when it went out.
ALTER TABLE follow_up_messages DROP CONSTRAINT follow_up_messages_sent_at_matches_status;
ALTER TABLE follow_up_messages ADD CONSTRAINT follow_up_messages_sent_at_when_sent
  CHECK (status <> 'sent' OR sent_at IS NOT NULL);
-- text inside the 24-hour window, template outside it.
ALTER TABLE follow_up_messages ADD COLUMN sent_as text CHECK (sent_as IS NULL OR sent_as IN ('text', 'template'));
-- The conversation message it became: its status (delivered, read, failed) is the follow-up's.
ALTER TABLE follow_up_messages ADD COLUMN conversation_message_id uuid;
ALTER TABLE follow_up_messages ADD CONSTRAINT follow_up_messages_conversation_message_fkey
  FOREIGN KEY (company_id, conversation_message_id) REFERENCES conversation_messages (company_id, id)
  ON DELETE SET NULL (conversation_message_id);
-- Why it is held back or failed: Meta's code (131047, 131026, 190…) or ours (NO_TEMPLATE, EXPIRED,
-- PAUSED, UNCERTAIN…); last_error keeps the owner's pt-BR text.
ALTER TABLE follow_up_messages ADD COLUMN problem_code text;
-- "Enviar agora": the cut-off counts from here rather than from scheduled_for.
ALTER TABLE follow_up_messages ADD COLUMN send_requested_at timestamptz;
-- A customer's paused follow-ups are resumed together.
CREATE INDEX follow_up_messages_paused_idx ON follow_up_messages (company_id, customer_id) WHERE status = 'paused';

-- One row per call to POST /{phone_number_id}/messages, written and committed before the call. An
-- attempt without an outcome is a call whose answer never came back (in flight, or the process died):
-- its message may have gone out, so it is never made again by itself. biz_opaque_callback_data
-- carries the attempt's id, so a status webhook can still tell which message it was.
CREATE TABLE whatsapp_send_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  connection_id uuid NOT NULL,
  customer_id uuid NOT NULL,
  -- follow_up: a follow-up at its time; reply: the owner's reply from the customer page.
  purpose text NOT NULL CHECK (purpose IN ('follow_up', 'reply')),
  follow_up_message_id uuid,
  sent_as text NOT NULL CHECK (sent_as IN ('text', 'template')),
  -- The number as sent (digits with the country code).
  recipient text NOT NULL,
  body text,
  template_name text,
  template_language text,
  template_parameters jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- accepted: Meta answered with a wamid; refused: Meta answered with an error (nothing went out);
  -- NULL: no answer (yet).
  outcome text CHECK (outcome IS NULL OR outcome IN ('accepted', 'refused')),
  answered_at timestamptz,
  wamid text,
  -- What Meta said the recipient's WhatsApp id is (may differ from recipient by the ninth digit).
  wa_id text,
  error_code text,
  error_title text,
  UNIQUE (company_id, id),
  CONSTRAINT whatsapp_send_attempts_wamid_when_accepted CHECK ((outcome = 'accepted') = (wamid IS NOT NULL)),
  CONSTRAINT whatsapp_send_attempts_connection_fkey FOREIGN KEY (company_id, connection_id)
    REFERENCES whatsapp_connections (company_id, id) ON DELETE CASCADE,
  CONSTRAINT whatsapp_send_attempts_customer_fkey FOREIGN KEY (company_id, customer_id)
    REFERENCES customers (company_id, id) ON DELETE CASCADE,
  CONSTRAINT whatsapp_send_attempts_follow_up_fkey FOREIGN KEY (company_id, follow_up_message_id)
    REFERENCES follow_up_messages (company_id, id) ON DELETE SET NULL (follow_up_message_id)
);
CREATE INDEX whatsapp_send_attempts_company_id_idx ON whatsapp_send_attempts (company_id);
CREATE INDEX whatsapp_send_attempts_follow_up_idx ON whatsapp_send_attempts (company_id, follow_up_message_id)
  WHERE follow_up_message_id IS NOT NULL;
CREATE UNIQUE INDEX whatsapp_send_attempts_wamid_idx ON whatsapp_send_attempts (company_id, wamid)
  WHERE wamid IS NOT NULL;
-- The pair rate: the last sends from one number to one person.
CREATE INDEX whatsapp_send_attempts_pair_idx ON whatsapp_send_attempts (connection_id, recipient, created_at DESC);

-- The number's throughput, kept by reserving send slots on its connection row: the next free one.
ALTER TABLE whatsapp_connections ADD COLUMN next_send_slot_at timestamptz;

-- The owner answered by hand from the phone: automatic follow-ups wait until resumed.
ALTER TABLE customers ADD COLUMN follow_ups_paused_at timestamptz;
-- Meta said this number cannot receive WhatsApp messages (131026).
ALTER TABLE customers ADD COLUMN whatsapp_undeliverable_at timestamptz;
