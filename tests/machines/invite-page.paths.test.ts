import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { invitePageMachine, type LoadedInvite } from '../../machines/invite-page/invite-page.machine';
import {
  INVITE_LINK,
  invitePagePathModel,
  referralAnswer,
} from '../../machines/invite-page/invite-page.paths';
import { expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { checkCoverage, generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(invitePagePathModel);

describe('invite-page chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart, on both devices', () => {
    const coverage = checkCoverage(invitePagePathModel, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(paths.map((path) => path.scenario.name)).toContain('desktop');
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(invitePagePathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine: the link copied and shared is the person’s, the counters the last read',
    async (_name, path) => {
      const copied: string[] = [];
      const shared: string[] = [];
      const actor = await replayPath(invitePagePathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ step, snapshot, actor: running }) => {
          expectStepState(snapshot, step);
          // The share sheet is offered only where the device has one.
          if (snapshot.matches({ ready: { share: 'idle' } }))
            expect(snapshot.can({ type: 'SHARE' })).toBe(path.scenario.input.canShare);
          const children = (running as { getSnapshot(): { children: Record<string, unknown> } }).getSnapshot()
            .children;
          const input = (id: string) =>
            (children[id] as { options?: { input?: { link: string } } } | undefined)?.options?.input?.link;
          if (step.event.type === 'COPY') copied.push(input('copyLink') ?? '');
          if (step.event.type === 'SHARE') shared.push(input('shareLink') ?? '');
        },
      });
      expect([...copied, ...shared].every((link) => link === INVITE_LINK)).toBe(true);
      const last = path.steps.at(-1)!.state;
      expect(actor.getSnapshot().context.referral).toEqual(last.context.referral);
      actor.stop();
    },
  );
});

describe('invite-page chart: the referral-link service', () => {
  it('logs a failed start and loads the page anyway', async () => {
    const logged: unknown[] = [];
    const failure = new Error('Branch indisponível');
    const actor = createActor(
      invitePageMachine.provide({
        actors: {
          initLinkService: fromPromise<void>(async () => {
            throw failure;
          }),
          loadInvite: fromPromise<LoadedInvite>(async () => ({
            referral: referralAnswer,
            serviceLink: null,
          })),
        },
        actions: { logInitFailure: (_, error) => logged.push(error) },
      }),
      { input: { canShare: false } },
    ).start();
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(logged).toEqual([failure]);
    expect(ready.context.link).toBe(INVITE_LINK);
  });

  it('prefers the link the service made, else the server’s first link, else its single address', async () => {
    const load = (serviceLink: string | null, referral = referralAnswer) =>
      waitFor(
        createActor(
          invitePageMachine.provide({
            actors: { loadInvite: fromPromise<LoadedInvite>(async () => ({ referral, serviceLink })) },
          }),
          { input: { canShare: false } },
        ).start(),
        (s) => s.matches('ready'),
      );
    expect((await load('https://fechai.app.link/abc')).context.link).toBe('https://fechai.app.link/abc');
    expect((await load(null)).context.link).toBe(INVITE_LINK);
    const single = { ...referralAnswer, referralLinks: undefined, referralUrl: 'https://x.test/?user_id=u' };
    expect((await load(null, single)).context.link).toBe('https://x.test/?user_id=u');
  });
});
