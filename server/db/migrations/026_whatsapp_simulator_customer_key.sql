-- The local Cloud API looks a customer up by phone key (the Brazilian ninth digit dropped) on every
-- send: their last message (the 24-hour window) and their recent sends (the pair rate). Without
-- this index both scan the number's whole history, which grows with every message.
CREATE INDEX dev_whatsapp_messages_customer_key_idx ON dev_whatsapp_messages (
  phone_number_id,
  direction,
  (CASE WHEN customer ~ '^55[0-9]{2}9[0-9]{8}$' THEN substr(customer, 1, 4) || substr(customer, 6) ELSE customer END),
  created_at
);
