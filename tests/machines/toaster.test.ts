import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { buildPromise, buildToast, type ToastOptions } from '../../machines/toasts/toast.build';
import type { ToastType } from '../../machines/toasts/toast.types';
import { revealedToasts, toasterMachine } from '../../machines/toasts/toaster.machine';

function toaster() {
  const actor = createActor(toasterMachine, { input: {} });
  actor.start();
  const show = (id: string, type: ToastType = 'success', options: ToastOptions = {}) =>
    actor.send({ type: 'SHOW', toast: buildToast(type, `Toast ${id}`, options, id) });
  const ids = () => actor.getSnapshot().context.toasts.map((t) => t.id);
  const visible = () => revealedToasts(actor.getSnapshot().context).map((t) => t.id);
  const stateOf = (id: string) =>
    actor
      .getSnapshot()
      .context.toasts.find((t) => t.id === id)
      ?.ref.getSnapshot();
  return { actor, show, ids, visible, stateOf };
}

describe('toaster machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps toasts in arrival order and shows at most 3; the others wait their turn', () => {
    const t = toaster();
    for (const id of ['a', 'b', 'c', 'd', 'e']) t.show(id);
    expect(t.ids()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(t.visible()).toEqual(['a', 'b', 'c']);
    expect(t.stateOf('d')?.value).toBe('queued');
    expect(t.stateOf('a')?.matches({ shown: { timed: 'running' } })).toBe(true);
  });

  it('a waiting toast’s timer only starts when its turn comes', async () => {
    const t = toaster();
    for (const id of ['a', 'b', 'c']) t.show(id, 'loading');
    t.show('d', 'success');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.stateOf('d')?.value).toBe('queued');
    t.actor.send({ type: 'DISMISS', id: 'a' });
    await vi.advanceTimersByTimeAsync(200);
    expect(t.visible()).toEqual(['b', 'c', 'd']);
    await vi.advanceTimersByTimeAsync(3999);
    expect(t.stateOf('d')?.matches('shown')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.stateOf('d')?.value).toBe('leaving');
  });

  it('a dismissed toast keeps its place until its exit animation ends, then is forgotten', async () => {
    const t = toaster();
    for (const id of ['a', 'b', 'c', 'd']) t.show(id);
    t.actor.send({ type: 'DISMISS', id: 'b', reason: 'close' });
    expect(t.stateOf('b')?.context.reason).toBe('close');
    await vi.advanceTimersByTimeAsync(199);
    expect(t.visible()).toEqual(['a', 'b', 'c']);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.ids()).toEqual(['a', 'c', 'd']);
    expect(t.visible()).toEqual(['a', 'c', 'd']);
    expect(Object.keys(t.actor.getSnapshot().children)).toHaveLength(3);
  });

  it('forgets toasts that time out, and ends up empty', async () => {
    const t = toaster();
    t.show('a');
    t.show('b');
    await vi.advanceTimersByTimeAsync(4200);
    expect(t.ids()).toEqual([]);
    expect(t.actor.getSnapshot().children).toEqual({});
  });

  it('a waiting toast dismissed before its turn goes without showing', () => {
    const t = toaster();
    for (const id of ['a', 'b', 'c', 'd']) t.show(id);
    t.actor.send({ type: 'DISMISS', id: 'd' });
    expect(t.ids()).toEqual(['a', 'b', 'c']);
  });

  it('SHOW with the id of a live toast updates it in place (sonner’s same-id update)', () => {
    const t = toaster();
    t.show('a', 'loading');
    t.show('b');
    t.show('a', 'success', { description: 'Feito' });
    expect(t.ids()).toEqual(['a', 'b']);
    expect(t.stateOf('a')?.context.toast).toMatchObject({ type: 'success', description: 'Feito' });
    expect(t.stateOf('a')?.matches({ shown: 'timed' })).toBe(true);
  });

  it('SHOW with the id of a leaving toast starts a new toast after it', () => {
    const t = toaster();
    t.show('a');
    t.actor.send({ type: 'DISMISS', id: 'a' });
    t.show('a', 'info');
    expect(t.ids()).toEqual(['a', 'a']);
    const [old, fresh] = t.actor.getSnapshot().context.toasts;
    expect(old!.ref.getSnapshot().value).toBe('leaving');
    expect(fresh!.ref.getSnapshot().context.toast.type).toBe('info');
  });

  it('a promise toast with the id of a live toast replaces it', () => {
    const t = toaster();
    t.show('a', 'loading');
    t.actor.send({
      type: 'SHOW',
      toast: buildToast('loading', 'Salvando…', {}, 'a'),
      promise: buildPromise(() => new Promise(() => {}), { success: 'ok', error: 'erro' }),
    });
    const [old, fresh] = t.actor.getSnapshot().context.toasts;
    expect(old!.ref.getSnapshot().value).toBe('leaving');
    expect(fresh!.ref.getSnapshot().matches({ shown: { loading: 'promised' } })).toBe(true);
  });

  it('DISMISS_ALL dismisses every toast, waiting ones included', async () => {
    const t = toaster();
    for (const id of ['a', 'b', 'c', 'd']) t.show(id, 'loading');
    t.actor.send({ type: 'DISMISS_ALL' });
    expect(t.ids()).toEqual(['a', 'b', 'c']);
    await vi.advanceTimersByTimeAsync(200);
    expect(t.ids()).toEqual([]);
  });

  it('PAUSE and RESUME reach every toast; a toast revealed while held starts paused', async () => {
    const t = toaster();
    for (const id of ['a', 'b', 'c']) t.show(id);
    t.show('d');
    t.actor.send({ type: 'PAUSE' });
    expect(t.stateOf('a')?.matches({ shown: { timed: 'paused' } })).toBe(true);
    t.actor.send({ type: 'DISMISS', id: 'a' });
    await vi.advanceTimersByTimeAsync(200);
    expect(t.stateOf('d')?.matches({ shown: { timed: 'paused' } })).toBe(true);
    t.show('e');
    expect(t.stateOf('e')?.context.held).toBe(true);
    t.actor.send({ type: 'RESUME' });
    expect(t.stateOf('d')?.matches({ shown: { timed: 'running' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(4000);
    expect(t.stateOf('b')?.value).toBe('leaving');
    expect(t.stateOf('d')?.value).toBe('leaving');
  });
});
