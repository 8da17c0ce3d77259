import { expect } from 'vitest';

/** One create a form sent: its body and the Idempotency-Key it went with. */
export interface SentCreate {
  body: unknown;
  key: string;
  /** An earlier create of the same form succeeded since the one before this. */
  afterSuccess: boolean;
}

/**
 * The keys follow the submissions: a create sent again with the same body, its last try having
 * failed, repeats the key (the server answers it instead of creating twice); another body, or the
 * next create after a success, gets a key not used before.
 */
export function expectKeysFollowSubmissions(sent: readonly SentCreate[]): void {
  sent.forEach((create, i) => {
    const before = sent[i - 1];
    const retry = before !== undefined && !create.afterSuccess && isEqual(before.body, create.body);
    if (retry) expect(create.key, `create ${i + 1} retries create ${i}`).toBe(before.key);
    else {
      const used = sent.slice(0, i).map((earlier) => earlier.key);
      expect(used, `create ${i + 1} is a new submission`).not.toContain(create.key);
    }
  });
}

function isEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The creates a view sent along a chart path, with their keys: `requests` in order, and which of
 * them the path answered with success (the `xstate.done.actor.<actorId>` steps, against the errors).
 */
export async function sentAlongPath(
  requests: readonly Request[],
  steps: ReadonlyArray<{ event: { type: string } }>,
  actorId: string,
): Promise<SentCreate[]> {
  const succeeded = steps
    .map((step) => step.event.type)
    .filter((type) => type === `xstate.done.actor.${actorId}` || type === `xstate.error.actor.${actorId}`)
    .map((type) => type.startsWith('xstate.done.'));
  return Promise.all(
    requests.map(async (request, i) => ({
      body: await request.clone().json(),
      key: request.headers.get('idempotency-key') ?? '',
      afterSuccess: i > 0 && succeeded[i - 1] === true,
    })),
  );
}
