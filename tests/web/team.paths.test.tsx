import { describe, it } from 'vitest';
import {
  changeRoleContract,
  getTeamContract,
  inviteContract,
  removeMemberContract,
  resendInvitationContract,
  revokeInvitationContract,
} from '../../contracts/team';
import { type TeamCall, type TeamUserAction, teamPathModel } from '../../machines/team/team.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type TeamLayer, teamDriver } from '../support/drivers/team.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { settleQueries } from './support/fake-api';
import { answerPlannedCall, heldContractRoutes } from './support/held-contract-routes';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(teamPathModel);

/** Each call of "Equipe" by method and address (`:id` segments matched as one segment). */
const contracts: Record<TeamCall, { method: string; url: string }> = {
  loadTeam: getTeamContract,
  invite: inviteContract,
  resend: resendInvitationContract,
  revoke: revokeInvitationContract,
  changeRole: changeRoleContract,
  remove: removeMemberContract,
};

/** The data each call answers, around the chart's output. */
const dataOf: Record<TeamCall, (output: unknown) => unknown> = {
  loadTeam: (team) => team,
  invite: (invitation) => ({ invitation }),
  resend: (invitation) => ({ invitation }),
  revoke: () => ({ revoked: true }),
  changeRole: (member) => ({ member }),
  remove: () => ({ removed: true }),
};

const fakeTeamRoutes = () => heldContractRoutes(contracts);

function layerFor(
  server: ReturnType<typeof fakeTeamRoutes>,
  opened: (app: ReturnType<typeof openSignedIn>) => void,
) {
  return {
    async open(action: Extract<TeamUserAction, { do: 'open' }>) {
      opened(openSignedIn(action.url, { routes: [server.routes] }));
      await settleQueries();
    },
    async answer(action: Extract<TeamUserAction, { do: 'answer' }>) {
      await answerPlannedCall(server.calls[action.call], action, dataOf[action.call]);
    },
  } satisfies TeamLayer;
}

describe('"Equipe": chart paths, as the owner sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [String(path.number), path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openSignedIn> | undefined;
      const server = fakeTeamRoutes();
      const driver = teamDriver(
        jsdomSurface({ url: () => app?.url() }),
        layerFor(server, (made) => {
          app = made;
        }),
      );
      await walkPath(teamPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      app?.unmount();
    },
    // A path is a whole visit (sign-in check, page, calls): more than a unit test's 5 s on a busy machine.
    30_000,
  );
});
