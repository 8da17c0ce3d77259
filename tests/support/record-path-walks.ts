/**
 * vitest setup (machines and web projects): every chart path a test file replays is recorded for the
 * per-layer coverage (path-coverage.ts), written once the file's tests are done. Machine replays
 * count for the machine layer, driver walks in jsdom for the jsdom layer.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { recordWalks, type WalkRecording } from './path-coverage';

let recording: WalkRecording | undefined;

beforeAll(() => {
  const file = expect.getState().testPath;
  if (file) recording = recordWalks({ driverLayer: 'jsdom', source: file });
});

afterAll(() => {
  recording?.write();
  recording?.stop();
});
