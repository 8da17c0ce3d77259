import {
  AI_TRAINING_CONFLICT_TEXT,
  AI_TRAINING_VERSION_NOT_FOUND_TEXT,
  AI_TRAINING_VERSIONS_LISTED,
  type AiTrainingInput,
  type AiTrainingVersion,
  type AiTrainingVersionSummary,
  EMPTY_AI_TRAINING,
} from '../../../contracts/ai-training';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { withUniqueConflict } from '../../db/unique-violation';
import { HttpError } from '../../http/errors';

/** The primary key of migration 032: two writers of the same next number, one of them refused. */
const VERSION_KEY = 'ai_training_versions_pkey';

interface VersionRow extends Record<string, unknown> {
  version: number;
  created_at: Timestamp;
  author_name: string | null;
  restored_from: number | null;
  content?: Partial<AiTrainingInput>;
}

// The author's name, else their e-mail; null once the user no longer exists (author_id set null).
const SELECT_SUMMARY = `SELECT v.version, v.created_at, v.restored_from,
       COALESCE(NULLIF(btrim(u.name), ''), u.email) AS author_name`;
const FROM_VERSIONS = `FROM ai_training_versions v LEFT JOIN users u ON u.id = v.author_id`;

const conflict = () => new HttpError(409, 'CONFLICT', AI_TRAINING_CONFLICT_TEXT);
const notFound = () => new HttpError(404, 'NOT_FOUND', AI_TRAINING_VERSION_NOT_FOUND_TEXT);

function toSummary(row: VersionRow): AiTrainingVersionSummary {
  return {
    version: row.version,
    createdAt: row.created_at,
    authorName: row.author_name,
    restoredFrom: row.restored_from,
  };
}

/** Fields a later release adds read as empty from older versions (as loadCurrentTraining does). */
const complete = (content: Partial<AiTrainingInput> | undefined): AiTrainingInput => ({
  ...EMPTY_AI_TRAINING,
  ...content,
});

const toVersion = (row: VersionRow): AiTrainingVersion => ({
  ...toSummary(row),
  content: complete(row.content),
});

/** Same texts in the same places (jsonb keeps no key order, so none is compared): "nothing changed". */
const canonical = (c: AiTrainingInput) =>
  JSON.stringify([
    c.businessDescription,
    c.toneOfVoice,
    c.openingHours,
    c.paymentPolicy,
    c.deliveryPolicy,
    c.faqs.map((f) => [f.question, f.answer]),
    c.wordsToAvoid,
  ]);
const sameContent = (a: AiTrainingInput, b: AiTrainingInput) => canonical(a) === canonical(b);

export async function currentVersion(q: Queryable, companyId: string): Promise<AiTrainingVersion | null> {
  const { rows } = await q.query<VersionRow>(
    `${SELECT_SUMMARY}, v.content ${FROM_VERSIONS} WHERE v.company_id = $1 ORDER BY v.version DESC LIMIT 1`,
    [companyId],
  );
  return rows[0] ? toVersion(rows[0]) : null;
}

export async function listVersions(q: Queryable, companyId: string): Promise<AiTrainingVersionSummary[]> {
  const { rows } = await q.query<VersionRow>(
    `${SELECT_SUMMARY} ${FROM_VERSIONS} WHERE v.company_id = $1 ORDER BY v.version DESC LIMIT $2`,
    [companyId, AI_TRAINING_VERSIONS_LISTED],
  );
  return rows.map(toSummary);
}

export async function findVersion(
  q: Queryable,
  companyId: string,
  version: number,
): Promise<AiTrainingVersion> {
  const { rows } = await q.query<VersionRow>(
    `${SELECT_SUMMARY}, v.content ${FROM_VERSIONS} WHERE v.company_id = $1 AND v.version = $2`,
    [companyId, version],
  );
  if (!rows[0]) throw notFound();
  return toVersion(rows[0]);
}

/**
 * Writes `content` as the version after `baseVersion` (null: the first), in one statement: nothing
 * is written unless `baseVersion` is still the newest, and two saves on the same base compute the
 * same number, so the primary key refuses the second. Both are the 409.
 */
async function insertAfter(
  q: Queryable,
  companyId: string,
  authorId: string,
  baseVersion: number | null,
  content: AiTrainingInput,
  restoredFrom: number | null,
): Promise<AiTrainingVersion> {
  const { rows } = await withUniqueConflict(VERSION_KEY, conflict, () =>
    q.query<{ version: number }>(
      `INSERT INTO ai_training_versions (company_id, version, content, author_id, restored_from)
       SELECT $1, COALESCE(max(version), 0) + 1, $2::jsonb, $3, $4
         FROM ai_training_versions WHERE company_id = $1
       HAVING COALESCE(max(version), 0) = $5
       RETURNING version`,
      [companyId, JSON.stringify(content), authorId, restoredFrom, baseVersion ?? 0],
    ),
  );
  if (!rows[0]) throw conflict();
  return findVersion(q, companyId, rows[0].version);
}

/**
 * A save from the form opened on `baseVersion`. The same content as the newest version writes
 * nothing and answers it (even when another save landed since: nothing of the caller's would be
 * lost); otherwise a stale `baseVersion` is the 409.
 */
export async function saveTraining(
  q: Queryable,
  companyId: string,
  authorId: string,
  baseVersion: number | null,
  content: AiTrainingInput,
): Promise<AiTrainingVersion> {
  const current = await currentVersion(q, companyId);
  if (current && sameContent(current.content, content)) return current;
  return insertAfter(q, companyId, authorId, baseVersion, content, null);
}

/** Restoring copies an earlier version as the newest; restoring what is already current writes nothing. */
export async function restoreVersion(
  q: Queryable,
  companyId: string,
  authorId: string,
  version: number,
): Promise<AiTrainingVersion> {
  const earlier = await findVersion(q, companyId, version);
  const current = await currentVersion(q, companyId);
  if (!current || sameContent(current.content, earlier.content)) return current ?? earlier;
  return insertAfter(q, companyId, authorId, current.version, earlier.content, version);
}
