-- Message templates (issue 14): the follow-up template the owner chose, and the local Cloud API's
-- templates per WhatsApp Business account.

-- The approved template (name + language) sent when a follow-up falls outside the 24-hour window,
-- its one body parameter being the follow-up's text. Both set or both null; a connection that is
-- replaced or disconnected forgets it.
ALTER TABLE whatsapp_connections ADD COLUMN follow_up_template_name text;
ALTER TABLE whatsapp_connections ADD COLUMN follow_up_template_language text;
ALTER TABLE whatsapp_connections ADD CONSTRAINT whatsapp_connections_follow_up_template_check
  CHECK ((follow_up_template_name IS NULL) = (follow_up_template_language IS NULL));

-- GET /{waba_id}/message_templates of the local Cloud API: Meta's template objects, seeded for every
-- account the first time it is asked (templates.ts), listed in (name, language) order by cursor.
CREATE TABLE dev_whatsapp_templates (
  waba_id text NOT NULL,
  name text NOT NULL,
  language text NOT NULL,
  template_id text NOT NULL,
  -- APPROVED, PENDING, REJECTED, PAUSED, DISABLED…, as Meta spells them.
  status text NOT NULL,
  -- UTILITY, MARKETING or AUTHENTICATION.
  category text NOT NULL,
  -- Meta's components array: HEADER, BODY, FOOTER, BUTTONS.
  components jsonb NOT NULL,
  rejected_reason text,
  PRIMARY KEY (waba_id, name, language)
);
