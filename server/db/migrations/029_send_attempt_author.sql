-- Who a message sent from Fechaí goes out for: the person replying from the customer page, or the
-- one who wrote a task's follow-up. Kept on the attempt, as the message it becomes may be stored
-- later (a status webhook completing an attempt whose answer was lost).
ALTER TABLE whatsapp_send_attempts ADD COLUMN sent_by_user_id uuid REFERENCES users ON DELETE SET NULL;
