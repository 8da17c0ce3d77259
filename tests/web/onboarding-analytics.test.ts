import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NAME_PREFILLED_EVENT,
  SIGN_UP_STARTED_EVENT,
  trackNamePrefilled,
  trackSignupStarted,
} from '../../src/features/onboarding/onboarding-analytics';
import { onTrack, trackEvent } from '../../src/lib/analytics/track-event';

describe('trackEvent', () => {
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('hands every listener the event: name, properties, user id and properties', () => {
    const seen = vi.fn();
    stops.push(onTrack(seen));
    trackEvent(
      'sign_up_started',
      { from: 'onboarding' },
      { userId: 'u-1', userProperties: { plan: 'trial' } },
    );
    expect(seen).toHaveBeenCalledWith({
      name: 'sign_up_started',
      properties: { from: 'onboarding' },
      userId: 'u-1',
      userProperties: { plan: 'trial' },
    });
  });

  it('never throws: a listener that throws or rejects is logged, the others still hear it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const after = vi.fn();
    stops.push(
      onTrack(() => {
        throw new Error('provider down');
      }),
    );
    stops.push(onTrack(async () => Promise.reject(new Error('pixel blocked'))));
    stops.push(onTrack(after));
    expect(() => trackEvent('x')).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
  });

  it('a listener removed hears nothing more', () => {
    const seen = vi.fn();
    const stop = onTrack(seen);
    stop();
    trackEvent('x');
    expect(seen).not.toHaveBeenCalled();
  });
});

describe('onboarding analytics (spec §4)', () => {
  it('"sign-up started" goes out once per user per session; the prefilled name each time', () => {
    const seen: string[] = [];
    const stop = onTrack((event) => {
      seen.push(`${event.name} ${event.userId}`);
    });
    trackSignupStarted('u-1');
    trackSignupStarted('u-1');
    trackSignupStarted('u-2');
    trackNamePrefilled('u-1', 'Ana');
    expect(seen).toEqual([
      `${SIGN_UP_STARTED_EVENT} u-1`,
      `${SIGN_UP_STARTED_EVENT} u-2`,
      `${NAME_PREFILLED_EVENT} u-1`,
    ]);
    // A new session (logout clears session storage) counts again.
    sessionStorage.clear();
    trackSignupStarted('u-1');
    expect(seen.at(-1)).toBe(`${SIGN_UP_STARTED_EVENT} u-1`);
    stop();
  });
});
