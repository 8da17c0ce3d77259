import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { buildPromise, buildToast, type ToastOptions } from '../../machines/toasts/toast.build';
import {
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_OFFSET_DESKTOP_PX,
  TOAST_OFFSET_MOBILE_PX,
  TOAST_REMOVAL_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_SWIPE_VELOCITY,
  TOAST_VISIBLE_MAX,
  TOAST_WIDTH_PX,
} from '../../machines/toasts/toast.defaults';
import { toastMachine } from '../../machines/toasts/toast.machine';
import type { ToastInput, ToastType } from '../../machines/toasts/toast.types';

function start(type: ToastType, options: ToastOptions = {}, extra: Partial<ToastInput> = {}) {
  const actor = createActor(toastMachine, {
    input: { toast: buildToast(type, 'Título', options, 't1'), ...extra },
  });
  actor.start();
  return actor;
}

function shown(type: ToastType, options: ToastOptions = {}, extra: Partial<ToastInput> = {}) {
  const actor = start(type, options, extra);
  actor.send({ type: 'REVEAL' });
  return actor;
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('toast defaults (spec §9)', () => {
  it('are the spec values', () => {
    expect({
      TOAST_DURATION_MS,
      TOAST_VISIBLE_MAX,
      TOAST_GAP_PX,
      TOAST_WIDTH_PX,
      TOAST_SWIPE_THRESHOLD_PX,
      TOAST_SWIPE_VELOCITY,
      TOAST_REMOVAL_DELAY_MS,
      TOAST_OFFSET_DESKTOP_PX,
      TOAST_OFFSET_MOBILE_PX,
    }).toEqual({
      TOAST_DURATION_MS: 4000,
      TOAST_VISIBLE_MAX: 3,
      TOAST_GAP_PX: 14,
      TOAST_WIDTH_PX: 356,
      TOAST_SWIPE_THRESHOLD_PX: 45,
      TOAST_SWIPE_VELOCITY: 0.11,
      TOAST_REMOVAL_DELAY_MS: 200,
      TOAST_OFFSET_DESKTOP_PX: 24,
      TOAST_OFFSET_MOBILE_PX: 16,
    });
  });
});

describe('toast machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for its turn without a running timer', async () => {
    const actor = start('success');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().value).toBe('queued');
  });

  it('auto-dismisses after 4000 ms, then ends 200 ms later with reason timeout', async () => {
    const actor = shown('info');
    await vi.advanceTimersByTimeAsync(3999);
    expect(actor.getSnapshot().matches({ shown: { timed: 'running' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('leaving');
    await vi.advanceTimersByTimeAsync(199);
    expect(actor.getSnapshot().value).toBe('leaving');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ id: 't1', reason: 'timeout' });
  });

  it('honours its own duration', async () => {
    const actor = shown('warning', { duration: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('leaving');
  });

  it('with an infinite duration stays until dismissed', async () => {
    const actor = shown('default', { duration: Number.POSITIVE_INFINITY });
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(actor.getSnapshot().matches('shown')).toBe(true);
  });

  it('resumes with the time that was left when paused', async () => {
    const actor = shown('success');
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'PAUSE' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().matches({ shown: { timed: 'paused' } })).toBe(true);
    expect(actor.getSnapshot().context.remaining).toBe(3000);
    actor.send({ type: 'RESUME' });
    await vi.advanceTimersByTimeAsync(2999);
    expect(actor.getSnapshot().matches({ shown: { timed: 'running' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('leaving');
  });

  it('starts paused when its timer starts while the toaster is held', async () => {
    const actor = start('success', {}, { held: true });
    actor.send({ type: 'REVEAL' });
    expect(actor.getSnapshot().matches({ shown: { timed: 'paused' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    actor.send({ type: 'RESUME' });
    await vi.advanceTimersByTimeAsync(4000);
    expect(actor.getSnapshot().value).toBe('leaving');
  });

  it('never auto-closes while loading', async () => {
    const actor = shown('loading');
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    expect(actor.getSnapshot().matches({ shown: { loading: 'manual' } })).toBe(true);
  });

  it('starts its timer when a loading toast is updated into another type', async () => {
    const actor = shown('loading');
    await vi.advanceTimersByTimeAsync(5000);
    actor.send({ type: 'UPDATE', toast: { type: 'success', title: 'Pronto' } });
    expect(actor.getSnapshot().context.toast).toMatchObject({ type: 'success', title: 'Pronto', id: 't1' });
    await vi.advanceTimersByTimeAsync(3999);
    expect(actor.getSnapshot().matches({ shown: { timed: 'running' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('leaving');
  });

  it('restarts the full timer when a timed toast is updated; keeps fields the update leaves out', async () => {
    const actor = shown('success', { description: 'Detalhe' });
    await vi.advanceTimersByTimeAsync(3000);
    actor.send({ type: 'UPDATE', toast: { type: 'error', title: 'Falhou' } });
    expect(actor.getSnapshot().context.toast).toMatchObject({
      type: 'error',
      title: 'Falhou',
      description: 'Detalhe',
    });
    await vi.advanceTimersByTimeAsync(3999);
    expect(actor.getSnapshot().matches('shown')).toBe(true);
  });

  it('keeps the reason of a dismissal: close, swipe, programmatic', () => {
    for (const reason of ['close', 'swipe', 'programmatic'] as const) {
      const actor = shown('success');
      actor.send({ type: 'DISMISS', reason });
      expect(actor.getSnapshot().value).toBe('leaving');
      expect(actor.getSnapshot().context.reason).toBe(reason);
    }
  });

  it('cannot be closed or swiped by the user while loading or when not dismissible; the app still can', () => {
    for (const actor of [shown('loading'), shown('success', { dismissible: false })]) {
      actor.send({ type: 'DISMISS', reason: 'close' });
      actor.send({ type: 'DISMISS', reason: 'swipe' });
      expect(actor.getSnapshot().matches('shown')).toBe(true);
      actor.send({ type: 'DISMISS', reason: 'programmatic' });
      expect(actor.getSnapshot().context.reason).toBe('programmatic');
    }
  });

  it('ends at once when dismissed before its turn', () => {
    const actor = start('success');
    actor.send({ type: 'DISMISS', reason: 'programmatic' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  describe('promise toast', () => {
    const promiseToast = (settle: () => Promise<unknown>) =>
      shown(
        'loading',
        {},
        {
          promise: buildPromise(settle, {
            success: (value) => ({ title: `Salvo ${(value as { id: number }).id}`, description: 'ok' }),
            error: (reason) => (reason instanceof Error ? reason.message : 'Falhou'),
          }),
        },
      );

    it('is loading until the promise settles, whatever the time', async () => {
      const actor = promiseToast(() => new Promise(() => {}));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(actor.getSnapshot().matches({ shown: { loading: 'promised' } })).toBe(true);
      expect(actor.getSnapshot().context.toast.type).toBe('loading');
    });

    it('becomes success when it resolves, with content from the value', async () => {
      const actor = promiseToast(() => Promise.resolve({ id: 7 }));
      await flush();
      expect(actor.getSnapshot().matches({ shown: { timed: 'running' } })).toBe(true);
      expect(actor.getSnapshot().context.toast).toMatchObject({
        type: 'success',
        title: 'Salvo 7',
        description: 'ok',
      });
    });

    it('becomes error when it rejects', async () => {
      const actor = promiseToast(() => Promise.reject(new Error('Sem conexão')));
      await flush();
      expect(actor.getSnapshot().context.toast).toMatchObject({ type: 'error', title: 'Sem conexão' });
    });

    it('becomes error when it resolves with a response that is not ok', async () => {
      const actor = promiseToast(() => Promise.resolve(new Response('nope', { status: 503 })));
      await flush();
      expect(actor.getSnapshot().context.toast).toMatchObject({ type: 'error', title: 'Falhou' });
    });

    it('keeps its loading text if the caller’s content function throws', async () => {
      const actor = shown(
        'loading',
        {},
        {
          promise: buildPromise(() => Promise.resolve(1), {
            success: () => {
              throw new Error('bug');
            },
            error: 'x',
          }),
        },
      );
      await flush();
      expect(actor.getSnapshot().context.toast).toMatchObject({ type: 'success', title: 'Título' });
    });

    it('then times out like any other toast', async () => {
      const actor = promiseToast(() => Promise.resolve({ id: 1 }));
      await flush();
      await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS + TOAST_REMOVAL_DELAY_MS);
      expect(actor.getSnapshot().output).toEqual({ id: 't1', reason: 'timeout' });
    });
  });
});
