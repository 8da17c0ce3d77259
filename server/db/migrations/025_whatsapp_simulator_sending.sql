-- The local WhatsApp Cloud API's sending side (dev pages only), beyond 015/018/020.

-- What the business put in biz_opaque_callback_data on a send: Meta repeats it in every status
-- webhook of that message.
ALTER TABLE dev_whatsapp_messages ADD COLUMN biz_opaque_callback_data text;

-- Refusals a tester queued for a number's next sends (POST /dev/whatsapp/api/send-faults): each
-- matching send takes one of `remaining`, oldest fault first. Kept in the database so every
-- instance of the simulator refuses the same sends.
CREATE TABLE dev_whatsapp_send_faults (
  seq bigserial PRIMARY KEY,
  phone_number_id text NOT NULL,
  code integer NOT NULL,
  http_status integer NOT NULL,
  -- Only sends to this person (their phone key); NULL: any recipient.
  to_key text,
  remaining integer NOT NULL CHECK (remaining >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_whatsapp_send_faults_number_idx ON dev_whatsapp_send_faults (phone_number_id, seq)
  WHERE remaining > 0;

-- Every POST /{phone_number_id}/messages the simulator refused, by Graph error code: what
-- GET /dev/whatsapp/api/send-stats counts (a benchmark must see zero 130429).
CREATE TABLE dev_whatsapp_send_refusals (
  phone_number_id text NOT NULL,
  code integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_whatsapp_send_refusals_number_idx ON dev_whatsapp_send_refusals (phone_number_id);

-- Sends of one number in time order (the stats' busiest second, the throughput limit).
CREATE INDEX dev_whatsapp_messages_sends_idx ON dev_whatsapp_messages (phone_number_id, created_at)
  WHERE direction = 'to_customer';
