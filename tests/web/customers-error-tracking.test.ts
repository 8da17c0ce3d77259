import { beforeEach, describe, expect, test, vi } from 'vitest';
import {
  createErrorTracker,
  ERROR_DEDUPE_CLEANUP_MS,
  ERROR_DEDUPE_WINDOW_MS,
  normalizeTag,
  type TrackedError,
} from '../../src/lib/error-tracking/error-tracker';
import { addErrorTransport, reportError } from '../../src/lib/error-tracking/report-error';
import { FAKE_CLOCK, settle } from './support/fake-api';
import { interceptFetch, json } from './support/network';

/** A tracker on the fake clock, its reports collected. */
function tracker() {
  const sent: TrackedError[] = [];
  const tracking = createErrorTracker({
    transport: (report) => sent.push(report),
    now: () => Date.now(),
    pageUrl: () => 'http://localhost:3000/customers/new',
  });
  return { sent, tracking };
}

describe('error tracking (spec §8, §9): deduplicated within 5 s, cache cleaned every 60 s', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
    vi.setSystemTime(new Date('2030-01-15T12:00:00Z'));
  });

  test('the spec constants', () => {
    expect(ERROR_DEDUPE_WINDOW_MS).toBe(5_000);
    expect(ERROR_DEDUPE_CLEANUP_MS).toBe(60_000);
  });

  test('the same tag and message twice within 5 s: reported once; again after 5 s', () => {
    const { sent, tracking } = tracker();
    expect(tracking.capture(new Error('customer create failed: 500 INTERNAL_ERROR'), 'customer.create')).toBe(
      true,
    );
    vi.advanceTimersByTime(4_999);
    expect(tracking.capture(new Error('customer create failed: 500 INTERNAL_ERROR'), 'customer.create')).toBe(
      false,
    );
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(tracking.capture(new Error('customer create failed: 500 INTERNAL_ERROR'), 'customer.create')).toBe(
      true,
    );
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      tag: 'customer.create',
      message: 'customer create failed: 500 INTERNAL_ERROR',
      url: 'http://localhost:3000/customers/new',
    });
    expect(sent[0]!.stack).toContain('customer create failed');
  });

  test('another tag or another message is another report', () => {
    const { sent, tracking } = tracker();
    tracking.capture(new Error('customer create failed: 500 INTERNAL_ERROR'), 'customer.create');
    tracking.capture(new Error('customer create failed: 500 INTERNAL_ERROR'), 'customer.update');
    tracking.capture(new Error('customer create failed: no answer NETWORK_ERROR'), 'customer.create');
    expect(sent.map((r) => [r.tag, r.message])).toEqual([
      ['customer.create', 'customer create failed: 500 INTERNAL_ERROR'],
      ['customer.update', 'customer create failed: 500 INTERNAL_ERROR'],
      ['customer.create', 'customer create failed: no answer NETWORK_ERROR'],
    ]);
  });

  test('the cleanup every 60 s forgets what is older than the window, and stops when nothing is left', () => {
    const { tracking } = tracker();
    tracking.capture(new Error('a'), 'customer.create');
    vi.advanceTimersByTime(30_000);
    tracking.capture(new Error('b'), 'customer.create');
    expect(tracking.remembered()).toBe(2);
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(29_999);
    expect(tracking.remembered()).toBe(2);
    vi.advanceTimersByTime(1);
    // At 60 s both are older than 5 s: both forgotten, and the timer is gone with them.
    expect(tracking.remembered()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('an entry younger than the window survives a cleanup', () => {
    const { tracking } = tracker();
    tracking.capture(new Error('a'), 'customer.create');
    vi.advanceTimersByTime(57_000);
    tracking.capture(new Error('b'), 'customer.create');
    vi.advanceTimersByTime(3_000);
    expect(tracking.remembered()).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(tracking.remembered()).toBe(0);
  });

  test('a transport that throws changes nothing for the caller', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tracking = createErrorTracker({
      transport: () => {
        throw new Error('offline');
      },
      pageUrl: () => 'http://localhost:3000/',
    });
    expect(() => tracking.capture('x', 'customer.create')).not.toThrow();
    expect(warn).toHaveBeenCalled();
    tracking.reset();
  });

  test.each([
    ['customer.create', 'customer.create'],
    ['Customer Create!', 'customer-create-'],
    ['', 'untagged'],
  ])('tag %j is sent as %j', (tag, sent) => {
    expect(normalizeTag(tag)).toBe(sent);
  });

  test("the app's tracker posts to /api/client-errors with the tag", async () => {
    const network = interceptFetch(() => json({ success: true, data: { received: true } }, 202));
    reportError(new Error('customer update failed: 409 CONFLICT'), 'customer.update');
    reportError(new Error('customer update failed: 409 CONFLICT'), 'customer.update');
    await settle(2);
    expect(network.calls).toHaveLength(1);
    const { request } = network.calls[0]!;
    expect(new URL(request.url).pathname).toBe('/api/client-errors');
    expect(await request.json()).toMatchObject({
      message: 'customer update failed: 409 CONFLICT',
      tag: 'customer.update',
      url: 'http://localhost:3000/',
    });
  });

  test('with monitoring running, each report also goes to it, once, and still to our server', async () => {
    const network = interceptFetch(() => json({ success: true, data: { received: true } }, 202));
    const monitored: TrackedError[] = [];
    const stop = addErrorTransport((report) => monitored.push(report));
    const failing = addErrorTransport(() => {
      throw new Error('monitoring offline');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    reportError(new Error('customer create failed: 500 INTERNAL_ERROR'), 'customer.create');
    reportError(new Error('customer create failed: 500 INTERNAL_ERROR'), 'customer.create');
    await settle(2);
    expect(network.calls).toHaveLength(1);
    expect(monitored).toEqual([
      expect.objectContaining({
        tag: 'customer.create',
        message: 'customer create failed: 500 INTERNAL_ERROR',
      }),
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    stop();
    failing();
  });
});
