-- An advisor answer erased at a customer's request (LGPD, server/modules/customer-data) keeps no
-- mode: nothing of it is left to say how it was written, so the offline notice no longer shows
-- above "Conteúdo apagado a pedido do cliente.". Questions still never have a mode.
ALTER TABLE advisor_messages DROP CONSTRAINT advisor_messages_check;
ALTER TABLE advisor_messages
  ADD CONSTRAINT advisor_messages_question_mode_check CHECK (role = 'assistant' OR mode IS NULL);
-- Answers erased before this migration: the erase left exactly this text and no sources.
UPDATE advisor_messages SET mode = NULL
 WHERE role = 'assistant' AND text = 'Conteúdo apagado a pedido do cliente.' AND sources = '[]'::jsonb;
