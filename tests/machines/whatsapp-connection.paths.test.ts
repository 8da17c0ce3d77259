import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { disconnectedWhatsapp, type WhatsappConnectionState } from '../../contracts/whatsapp-status';
import type { WhatsappConnectionSnapshot } from '../../machines/whatsapp/whatsapp-connection.machine';
import {
  type ConnectInput,
  landing,
  whatsappConnectionMachine,
} from '../../machines/whatsapp/whatsapp-connection.machine';
import {
  connectedStatus,
  signupFinished,
  type WhatsappConnectionScenario,
  whatsappConnectionPathModel,
} from '../../machines/whatsapp/whatsapp-connection.paths';
import { connectionPages } from '../../machines/whatsapp/whatsapp-connection-pages';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(whatsappConnectionPathModel);

describe('whatsapp connection chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(whatsappConnectionPathModel, paths);
    expect(coverage.states.total).toBeGreaterThan(15);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(whatsappConnectionPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const connects: unknown[] = [];
      const navigations: string[] = [];
      const actor = await replayPath(whatsappConnectionPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ step, snapshot }) => {
          expectStepState(snapshot, step);
          const child = (snapshot as WhatsappConnectionSnapshot).children.connect;
          if (child) connects.push(child.getSnapshot().input);
        },
      });
      // The code and ids the popup handed back go to the server with the mode chosen.
      for (const input of connects)
        expect(input).toEqual({
          ...signupFinished,
          mode: expect.stringMatching(/^(cloud_api|coexistence)$/),
        });
      // select-your-connection is never shown without the coexistence flag.
      const scenario = path.scenario as WhatsappConnectionScenario;
      if (!scenario.input.coexistenceEnabled)
        for (const step of path.steps) expect(step.state.context.request).not.toBe('select');
      void navigations;
      actor.stop();
    },
  );

  it('emits the page of each state it enters: a redirect replaces, a step forward adds', async () => {
    const navigated: Array<{ to: string; replace?: boolean }> = [];
    const actor = createActor(
      whatsappConnectionMachine.provide({
        actors: {
          loadStatus: fromPromise<WhatsappConnectionState>(async () => disconnectedWhatsapp),
          embeddedSignup: fromPromise(async () => signupFinished),
          connect: fromPromise<WhatsappConnectionState, ConnectInput>(async () => connectedStatus),
        },
      }),
      { input: { request: 'select', coexistenceEnabled: false } },
    );
    actor.on('navigate', (event) => navigated.push({ to: event.to, replace: event.replace }));
    actor.start();
    await waitFor(actor, (s) => s.matches({ ready: 'introducing' }));
    actor.send({ type: 'CONTINUE' });
    actor.send({ type: 'START' });
    await waitFor(actor, (s) => s.matches({ ready: 'succeeded' }));
    expect(navigated).toEqual([
      { to: connectionPages.connectWhatsapp.path, replace: true },
      { to: connectionPages.headsUp.path, replace: undefined },
      { to: connectionPages.success.path, replace: undefined },
    ]);
    actor.stop();
  });

  it.each([
    ['select', 'disconnected', false, 'introducing'],
    ['select', 'disconnected', true, 'choosing'],
    ['connectBusiness', 'disconnected', false, 'introducing'],
    ['feedback', 'disconnected', false, 'feedback'],
    ['disconnect', 'connected', false, 'confirmingDisconnect'],
    ['headsUp', 'connected', false, 'connected'],
    ['index', 'offboarded', false, 'lost'],
    ['howToReconnect', 'needs_reconnect', false, 'howToReconnect'],
    ['index', 'not_ready', false, 'notReady'],
    ['success', 'error', false, 'failed'],
  ] as const)('lands %s with status %s (coexistence %s) on %s', (request, status, flag, to) => {
    expect(landing(request, { ...disconnectedWhatsapp, status }, flag).to).toBe(to);
  });
});

describe('whatsapp connection chart and the status query', () => {
  it('a status read again unchanged leaves the next step a new history entry', async () => {
    const navigated: Array<{ to: string; replace?: boolean }> = [];
    const actor = createActor(
      whatsappConnectionMachine.provide({
        actors: { loadStatus: fromPromise<WhatsappConnectionState>(async () => disconnectedWhatsapp) },
      }),
      { input: { request: 'index', coexistenceEnabled: true } },
    );
    actor.on('navigate', (event) => navigated.push({ to: event.to, replace: event.replace }));
    actor.start();
    await waitFor(actor, (s) => s.matches({ ready: 'notConnected' }));
    actor.send({ type: 'STATUS_CHANGED', status: disconnectedWhatsapp });
    actor.send({ type: 'CONNECT' });
    expect(navigated).toEqual([{ to: connectionPages.select.path, replace: undefined }]);
    actor.stop();
  });
});
