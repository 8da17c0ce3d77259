import { describe, expect, test } from 'vitest';
import { clientDefines } from '../../scripts/client-defines';
import { FIREBASE_APP } from '../../src/lib/build-config';

describe('the Firebase app of remote configuration (set at build time)', () => {
  test('unset: none, so the server serves the parameters (as in these tests)', () => {
    expect(clientDefines({}).__FIREBASE_APP__).toBe('null');
    expect(FIREBASE_APP).toBeNull();
  });

  test('all three set: the settings Firebase initialises with', () => {
    const defines = clientDefines({
      FIREBASE_API_KEY: ' AIzaExemplo ',
      FIREBASE_PROJECT_ID: 'fechai-prod',
      FIREBASE_APP_ID: '1:123:web:abc',
    });
    expect(JSON.parse(defines.__FIREBASE_APP__)).toEqual({
      apiKey: 'AIzaExemplo',
      projectId: 'fechai-prod',
      appId: '1:123:web:abc',
    });
  });

  test('some but not all set: the build stops, naming the three', () => {
    expect(() => clientDefines({ FIREBASE_API_KEY: 'AIzaExemplo' })).toThrow(
      'Set FIREBASE_API_KEY, FIREBASE_PROJECT_ID and FIREBASE_APP_ID together, or none',
    );
  });
});
