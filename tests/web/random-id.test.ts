import { afterEach, expect, test, vi } from 'vitest';
import { randomId } from '../../src/lib/random-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

test('a UUID v4, also on a page without crypto.randomUUID (a local network address)', () => {
  expect(randomId()).toMatch(UUID_V4);
  vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
  const made = [randomId(), randomId()];
  for (const id of made) expect(id).toMatch(UUID_V4);
  expect(made[0]).not.toBe(made[1]);
});
