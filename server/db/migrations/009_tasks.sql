-- Tasks with follow-up messages (issue 5): every task has a due time, follow-ups that could not go
-- out for want of a WhatsApp connection wait for one, and the task lists' filters read indexes made
-- for them (200,000 tasks in one company).

-- A task without a due time was due when it was made (or done); the filters need one on every task.
-- A row written without one (the API always sends one) is due at once.
UPDATE tasks SET due_at = COALESCE(completed_at, created_at) WHERE due_at IS NULL;
ALTER TABLE tasks ALTER COLUMN due_at SET NOT NULL, ALTER COLUMN due_at SET DEFAULT now();

-- The task whose completion created this occurrence of a recurring task: at most one per task, so
-- completing a task twice (or again after reopening it) never creates a second next occurrence.
ALTER TABLE tasks ADD COLUMN recurrence_source_id uuid;
ALTER TABLE tasks ADD CONSTRAINT tasks_recurrence_source_fkey FOREIGN KEY (company_id, recurrence_source_id)
  REFERENCES tasks (company_id, id) ON DELETE SET NULL (recurrence_source_id);
CREATE UNIQUE INDEX tasks_recurrence_source_key ON tasks (company_id, recurrence_source_id)
  WHERE recurrence_source_id IS NOT NULL;

-- today / overdue / future walk pending tasks by (due_at, id); completed walks newest completion
-- first. Partial indexes keep each list's rows together and make the keyset pages index range scans.
DROP INDEX tasks_company_status_due_idx;
CREATE INDEX tasks_pending_due_idx ON tasks (company_id, due_at, id) WHERE status = 'pending';
CREATE INDEX tasks_completed_idx ON tasks (company_id, completed_at DESC, id DESC) WHERE status = 'completed';

-- The task summary's counts (GET /api/tasks/summary, the home page): how many tasks each company has
-- per status and UTC day of due_at, kept by statement triggers. The summary adds up these rows and
-- counts only the partial days at its edges in the index, instead of counting up to 200,000 index
-- entries per filter (PGlite never vacuums, so index-only counts visit the heap too).
CREATE TABLE task_day_counts (
  company_id uuid NOT NULL REFERENCES companies ON DELETE CASCADE,
  status text NOT NULL,
  due_day date NOT NULL,
  total integer NOT NULL,
  PRIMARY KEY (company_id, status, due_day)
);
INSERT INTO task_day_counts (company_id, status, due_day, total)
  SELECT company_id, status, (due_at AT TIME ZONE 'UTC')::date, count(*) FROM tasks GROUP BY 1, 2, 3;

CREATE FUNCTION task_day_counts_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_counts AS counts (company_id, status, due_day, total)
    SELECT company_id, status, (due_at AT TIME ZONE 'UTC')::date, count(*)
      FROM inserted_tasks GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, status, due_day) DO UPDATE SET total = counts.total + EXCLUDED.total;
  RETURN NULL;
END;
$$;

CREATE FUNCTION task_day_counts_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Net change per (company, status, day); a key seen only with a negative change already has its row.
  INSERT INTO task_day_counts AS counts (company_id, status, due_day, total)
    SELECT company_id, status, due_day, sum(change)
      FROM (SELECT company_id, status, (due_at AT TIME ZONE 'UTC')::date AS due_day, 1 AS change
              FROM updated_tasks
            UNION ALL
            SELECT company_id, status, (due_at AT TIME ZONE 'UTC')::date, -1 FROM previous_tasks) changes
     GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (company_id, status, due_day) DO UPDATE SET total = counts.total + EXCLUDED.total;
  RETURN NULL;
END;
$$;

CREATE FUNCTION task_day_counts_subtract() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE task_day_counts counts
     SET total = counts.total - removed.total
    FROM (SELECT company_id, status, (due_at AT TIME ZONE 'UTC')::date AS due_day, count(*) AS total
            FROM deleted_tasks GROUP BY 1, 2, 3) removed
   WHERE counts.company_id = removed.company_id AND counts.status = removed.status
     AND counts.due_day = removed.due_day;
  RETURN NULL;
END;
$$;

CREATE FUNCTION task_day_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM task_day_counts;
  RETURN NULL;
END;
$$;

CREATE TRIGGER tasks_day_count_insert AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS inserted_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION task_day_counts_add();
CREATE TRIGGER tasks_day_count_update AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS previous_tasks NEW TABLE AS updated_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION task_day_counts_move();
CREATE TRIGGER tasks_day_count_delete AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS deleted_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION task_day_counts_subtract();
CREATE TRIGGER tasks_day_count_truncate AFTER TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION task_day_counts_clear();

-- waiting_connection: its time came and no WhatsApp connection could send it; it goes out once one
-- exists. last_error says why a message failed.
ALTER TABLE follow_up_messages DROP CONSTRAINT follow_up_messages_status_check;
ALTER TABLE follow_up_messages ADD CONSTRAINT follow_up_messages_status_check
  CHECK (status IN ('scheduled', 'waiting_connection', 'sent', 'failed', 'cancelled'));
ALTER TABLE follow_up_messages ADD COLUMN last_error text;
-- A company's waiting messages are resumed together when its WhatsApp connects.
CREATE INDEX follow_up_messages_waiting_idx ON follow_up_messages (company_id) WHERE status = 'waiting_connection';

-- A message removed with its customer (ON DELETE CASCADE) leaves no task pointing at it.
CREATE OR REPLACE FUNCTION follow_up_messages_clear_task_reference() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET reference_entity_name = NULL, reference_entity_id = NULL
   WHERE company_id = OLD.company_id AND id = OLD.task_id
     AND reference_entity_name = 'follow_up_message' AND reference_entity_id = OLD.id;
  RETURN OLD;
END;
$$;
CREATE TRIGGER follow_up_messages_clear_task_reference AFTER DELETE ON follow_up_messages
  FOR EACH ROW EXECUTE FUNCTION follow_up_messages_clear_task_reference();

-- Messages scheduled before follow-ups were sent by jobs (the old demo seed wrote some) would never
-- go out: each gets the send job saving its task queues (server/modules/tasks/follow-up-job.ts
-- enqueueFollowUpSend: the same kind, key, payload and time), so saving the task again queues no second one.
INSERT INTO jobs (company_id, kind, payload, run_at, idempotency_key)
SELECT m.company_id, 'followup.send',
       jsonb_build_object('followUpMessageId', m.id, 'scheduledFor', s.at),
       m.scheduled_for,
       'followup.send:' || m.id || ':' || s.at
  FROM follow_up_messages m
 CROSS JOIN LATERAL (
   SELECT to_char(m.scheduled_for AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
 ) s
 WHERE m.status = 'scheduled'
ON CONFLICT (idempotency_key) DO NOTHING;
