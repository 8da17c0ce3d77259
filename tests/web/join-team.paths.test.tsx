import { describe, expect, it } from 'vitest';
import { acceptInvitationContract, previewInvitationContract } from '../../contracts/team';
import {
  type JoinTeamCall,
  type JoinTeamUserAction,
  joinTeamPathModel,
} from '../../machines/join-team/join-team.paths';
import { sessionCheckAnswer } from '../../machines/session/session.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type JoinTeamLayer, joinTeamDriver } from '../support/drivers/join-team.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { type FakeRoutes, HeldCalls, sessionAnswer, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(joinTeamPathModel);

function fakeInvitationRoutes() {
  const calls: Record<JoinTeamCall, HeldCalls> = { preview: new HeldCalls(), accept: new HeldCalls() };
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'POST' && pathname === previewInvitationContract.url)
      return calls.preview.receive(request);
    if (request.method === 'POST' && pathname === acceptInvitationContract.url)
      return calls.accept.receive(request);
    return undefined;
  };
  return { calls, routes };
}

/** The session check for whoever is looking (Ana's account, with the visitor's e-mail). */
const sessionOf = (email: string, needsOnboarding = false) =>
  sessionCheckAnswer({
    user: { ...sessionCheckAnswer().user, email },
    ...(needsOnboarding ? { needsOnboarding: true, hasNoCurrentSubscriptionActive: true } : {}),
  });

describe('the invitation page: chart paths, as the invited person sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openSignedIn> | undefined;
      const server = fakeInvitationRoutes();
      let viewer: string | null = null;
      const layer: JoinTeamLayer = {
        async open(action: Extract<JoinTeamUserAction, { do: 'open' }>) {
          viewer = action.viewerEmail;
          app = openSignedIn(action.url, {
            session: viewer === null ? null : sessionOf(viewer),
            routes: [server.routes],
          });
          await settleQueries();
        },
        async answer(action) {
          const held = server.calls[action.call];
          for (let round = 0; round < 100 && held.pending === 0; round++) await settleQueries(1);
          if (action.call === 'accept' && action.status < 300) {
            // Joined: the session check that follows answers the person in the company.
            const { needsOnboarding } = action.body as { needsOnboarding: boolean };
            app?.server.session.always(sessionAnswer(sessionOf(viewer ?? '', needsOnboarding)));
          }
          const body =
            action.status >= 300
              ? action.body
              : {
                  success: true,
                  data:
                    action.call === 'preview'
                      ? { invitation: action.body }
                      : { companyId: '00000000-0000-4000-8000-00000000c0c0', role: 'staff' },
                };
          expect(held.answer({ status: action.status, body }), `a ${action.call} call waited`).toBe(1);
          await settleQueries();
        },
        async leftFor() {
          const call = app?.leaving.assign.mock.calls.at(-1);
          return call ? String(call[0]) : null;
        },
      };
      const driver = joinTeamDriver(jsdomSurface({ url: () => app?.url() }), layer);
      await walkPath(joinTeamPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      app?.unmount();
    },
    30_000,
  );
});
