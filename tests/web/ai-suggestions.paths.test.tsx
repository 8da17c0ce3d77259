import { beforeAll, describe, expect, it } from 'vitest';
import { AI_SUGGESTION_ALREADY_DECIDED_TEXT, type AiSuggestion } from '../../contracts/ai-suggestions';
import {
  aiSuggestionPathModel,
  SUGGESTION_REASON,
  SUGGESTION_TITLE,
} from '../../machines/ai-suggestion/ai-suggestion.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type AiSuggestionLayer, aiSuggestionDriver } from '../support/drivers/ai-suggestion.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { type FakeRoutes, failed, HeldCalls, ok, settleQueries } from './support/fake-api';
import { dashboardData, fakeHomeRoutes, whatsappState } from './support/home-api';
import { withPagesPreloaded } from './support/preload-pages';
import { sessionCheck } from './support/session-cookies';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(aiSuggestionPathModel);

const suggestion: AiSuggestion = {
  id: '7d1c7c5e-2b1a-4c55-9a57-3f1d2b4c6e8a',
  kind: 'task',
  status: 'pending',
  customerId: 'c-mariana',
  customerName: 'Mariana Souza',
  reason: SUGGESTION_REASON,
  task: { description: SUGGESTION_TITLE, dueAt: '2031-05-06T13:00:00.000Z' },
  deal: null,
  stageChange: null,
  messageId: 'm-1',
  createdAt: '2031-05-05T18:00:00.000Z',
};

/** /home with the watcher on and one pending suggestion; its accept and dismiss held until a step answers. */
function homeLayer(opened: (app: ReturnType<typeof openSignedIn>) => void): AiSuggestionLayer {
  let decided = false;
  const list = new HeldCalls(() => ok({ suggestions: decided ? [] : [suggestion] }));
  const decisions = { accept: new HeldCalls(), dismiss: new HeldCalls() };
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === '/api/ai-suggestions') return list.receive(request);
    const decision = /^\/api\/ai-suggestions\/([^/]+)\/(accept|dismiss)$/.exec(pathname);
    if (request.method === 'POST' && decision?.[1] === suggestion.id)
      return decisions[decision[2] as 'accept' | 'dismiss'].receive(request);
    return undefined;
  };
  // As the server says: nothing waits once the suggestion is decided (the page refreshes it then).
  const home = fakeHomeRoutes({
    dashboard: () => ok(dashboardData({ hasPendingSuggestions: !decided })),
    whatsapp: ok(whatsappState()),
  });
  return {
    async open() {
      opened(
        openSignedIn('/home', {
          routes: [routes, home.routes],
          session: sessionCheck({
            featureFlags: { isSentinelWatcherEnabled: true, isMetaCoexistenceEnabled: false },
          }),
        }),
      );
      // The panel loads once the dashboard says suggestions wait: settle until it has asked for them.
      for (let round = 0; round < 100 && list.requests.length === 0; round++) await settleQueries(1);
      await settleQueries();
    },
    async answer(action) {
      const calls = decisions[action.call];
      for (let round = 0; round < 100 && calls.pending === 0; round++) await settleQueries(1);
      if (action.status === 200) {
        decided = true;
        const answer = {
          suggestion: { ...suggestion, status: action.call === 'accept' ? 'accepted' : 'dismissed' },
        };
        expect(
          calls.answer(ok(action.call === 'accept' ? { ...answer, taskId: 't-1', dealId: null } : answer)),
          'a decision waited',
        ).toBe(1);
      } else {
        expect(
          calls.answer(failed(409, AI_SUGGESTION_ALREADY_DECIDED_TEXT, 'CONFLICT')),
          'a decision waited',
        ).toBe(1);
      }
      await settleQueries();
    },
  };
}

describe("the watcher's suggestion cards: chart paths, as the owner sees them", () => {
  withPagesPreloaded();
  // The cards' chunk, loaded after first paint: downloaded here so the first path does not wait on it.
  beforeAll(() => import('../../src/features/ai-suggestions/AiSuggestionsPanel'));

  it.each(paths.map((path) => [`${path.number}`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openSignedIn> | undefined;
      const driver = aiSuggestionDriver(
        jsdomSurface({ url: () => app?.url() }),
        homeLayer((made) => {
          app = made;
        }),
      );
      await walkPath(aiSuggestionPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      app?.unmount();
    },
    20_000,
  );

  it('shows nothing for a company with the watcher off (and never asks)', async () => {
    const list = new HeldCalls(ok({ suggestions: [suggestion] }));
    const home = fakeHomeRoutes({
      dashboard: ok(dashboardData({ hasPendingSuggestions: true })),
      whatsapp: ok(whatsappState()),
    });
    const app = openSignedIn('/home', {
      routes: [
        (request) =>
          new URL(request.url).pathname === '/api/ai-suggestions' ? list.receive(request) : undefined,
        home.routes,
      ],
    });
    await settleQueries();
    await settleQueries();
    expect(document.querySelector('.ai-suggestions')).toBeNull();
    expect(list.requests).toHaveLength(0);
    app.unmount();
  });
});
