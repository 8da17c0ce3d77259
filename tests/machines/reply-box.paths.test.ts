import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplyInput } from '../../contracts/whatsapp-sending';
import { replyOf } from '../../machines/reply-box/reply-box.machine';
import {
  REPLY_TEMPLATE,
  REPLY_TEXT,
  replyBoxPathModel,
  TEMPLATE_PARAMETER,
} from '../../machines/reply-box/reply-box.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(replyBoxPathModel);

describe('reply-box chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(replyBoxPathModel, paths);
    expect(coverage.states.total).toBe(9);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(replyBoxPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine: each reply sent as the window allows, the timeline told once per reply',
    async (_name, path) => {
      let sent = 0;
      const actor = await replayPath(replyBoxPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        provide: { actions: { sent: () => sent++ } },
        onStep: ({ step, snapshot }) => {
          expectStepState(snapshot, step);
          // What goes to the server: the text inside the window, the template and its parameter outside.
          if (snapshot.matches('sending'))
            expect(replyOf(snapshot.context)).toEqual(
              snapshot.context.mode === 'text' ? { text: REPLY_TEXT } : templateReply,
            );
          // Nothing goes out half-composed, and nothing twice at once.
          if (snapshot.matches('sending')) expect(snapshot.can({ type: 'SEND' })).toBe(false);
          if (snapshot.matches('text') && !snapshot.context.text)
            expect(snapshot.can({ type: 'SEND' })).toBe(false);
          if (snapshot.matches('template') && !snapshot.context.parameters[0])
            expect(snapshot.can({ type: 'SEND' })).toBe(false);
        },
      });
      const ended = (kind: string) =>
        path.steps.filter((step) => step.event.type === `xstate.${kind}.actor.sendReply`).length;
      expect(sent).toBe(ended('done'));
      actor.stop();
    },
  );
});

const templateReply: ReplyInput = {
  template: { name: REPLY_TEMPLATE.name, language: REPLY_TEMPLATE.language },
  parameters: [TEMPLATE_PARAMETER],
};
