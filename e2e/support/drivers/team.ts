import type { Browser, Page } from 'playwright-core';
import {
  acceptInvitationContract,
  changeRoleContract,
  getTeamContract,
  inviteContract,
  removeMemberContract,
  resendInvitationContract,
  revokeInvitationContract,
  type Team,
} from '../../../contracts/team';
import {
  INVITED_EMAIL,
  openInvitation,
  ownerMember,
  staffMember,
  type TeamCall,
} from '../../../machines/team/team.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import { namesFrom } from '../../../tests/support/drivers/model-names';
import { type TeamLayer, teamDriver, teamExpectation } from '../../../tests/support/drivers/team.driver';
import { type Account, chartAccount, restoreAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { newPerson, signUpAndSignIn } from '../onboarding-account';
import { type ApiCall, apiOf } from '../owner-api';
import { pollUntil } from '../poll';
import { submitHostedLogin } from '../sign-in';
import { invitationLinkFor, invitationToken } from '../team-invitations';
import { HeldCalls } from './held-calls';
import { perPage } from './per-page';

/** An address pattern of the whole URL for a contract's url (`:id` segments as one segment). */
const addressOf = (url: string) => new RegExp(`^[^?#]*?${url.replace(/:[A-Za-z]+/g, '[^/?#]+')}(?:[?#].*)?$`);

const calls: Record<TeamCall, { method: string; url: string }> = {
  loadTeam: getTeamContract,
  invite: inviteContract,
  resend: resendInvitationContract,
  revoke: revokeInvitationContract,
  changeRole: changeRoleContract,
  remove: removeMemberContract,
};

/** Bruno: a person of his own, made once per run through the real sign-up (not onboarded). */
function brunoOf(browser: Browser, context: ReplayContext): Promise<Account> {
  return context.once('team:bruno', async () => {
    const made = await browser.newContext({ baseURL: context.baseURL, locale: 'pt-BR' });
    try {
      const person = { ...newPerson('team-bruno'), name: 'Bruno Lima' };
      await signUpAndSignIn(await made.newPage(), person);
      return { person, onboarded: false, storageState: await made.storageState() };
    } finally {
      await made.close();
    }
  });
}

/**
 * Bruno accepts the invitation the dev outbox holds for him through the real API, in his kept
 * session; signed in again on the hosted login first when a removal ended his sessions.
 */
async function brunoJoins(browser: Browser, baseURL: string, bruno: Account, link: string) {
  const made = await browser.newContext({ baseURL, locale: 'pt-BR' });
  try {
    const page = await made.newPage();
    const accept = () =>
      apiOf(page, baseURL)('POST', acceptInvitationContract.url, { token: invitationToken(link) });
    await restoreAccount(page, bruno);
    try {
      await accept();
      return;
    } catch (error) {
      if (!String(error).includes(': 401')) throw error;
    }
    await made.clearCookies();
    await page.goto('/home');
    await submitHostedLogin(page, bruno.person);
    await pollUntil('Bruno signed in', async () =>
      (await made.cookies(baseURL)).some((cookie) => cookie.name === 'access_token'),
    );
    await accept();
    bruno.storageState = await made.storageState();
  } finally {
    await made.close();
  }
}

interface Run {
  driver: ReturnType<typeof teamDriver>;
  arrange(): Promise<void>;
}

const runs = perPage<Run>('team run');

async function runFor(page: Page, context: ReplayContext): Promise<Run> {
  const browser = page.context().browser()!;
  const [owner, bruno] = await Promise.all([chartAccount(page, context, 'team'), brunoOf(browser, context)]);
  const api: ApiCall = apiOf(page, context.baseURL);
  const usedLinks = new Set<string>();
  // Every call of the page held until the path's step answers it.
  const held = Object.fromEntries(
    await Promise.all(
      Object.entries(calls).map(async ([call, { method, url }]) => [
        call,
        await HeldCalls.on(page, method, url.includes(':') ? addressOf(url) : url),
      ]),
    ),
  ) as Record<TeamCall, HeldCalls>;

  const teamNow = () => api<Team>('GET', getTeamContract.url);
  const carlaNow = async () => (await teamNow()).invitations.find((i) => i.email === openInvitation.email);
  const brunoNow = async () => (await teamNow()).members.find((m) => m.email === bruno.person.email);

  const layer: TeamLayer = {
    async open(action) {
      await page.goto(new URL(action.url, context.baseURL).toString());
    },
    async answer(action) {
      const calls = held[action.call];
      if (action.status < 300) {
        await calls.answer('real-server');
        return;
      }
      switch (action.status) {
        case 409:
          // Someone already on the team: the real server's refusal of Bruno's address.
          await calls.answer({ realServerWith: { email: bruno.person.email, role: 'manager' } });
          return;
        case 429: {
          // Sent again a moment before (as from another tab): the real server's "too soon".
          const carla = await carlaNow();
          await api('POST', resendInvitationContract.url.replace(':invitationId', carla!.id));
          await calls.answer('real-server');
          return;
        }
        default:
          // A 500 the real server does not give on demand: served.
          await calls.answer({ status: action.status, body: action.body });
      }
    },
  };

  // The people of the chart by the run's addresses: Ana is the run's owner, Bruno the run's Bruno.
  const pairs: [string, string][] = [
    [owner.person.email, ownerMember.email],
    [bruno.person.email, staffMember.email],
    [owner.person.name, ownerMember.name ?? ownerMember.email],
  ];
  const names = namesFrom(pairs);

  return {
    driver: teamDriver(browserSurface(page), layer, names),
    /**
     * Puts the company where every path starts, for real: Bruno on the team as Atendente (invited
     * and accepted again if a path removed him), Carla's invitation fresh, nobody else invited.
     */
    async arrange() {
      const team = await teamNow();
      for (const invitation of team.invitations)
        await api('DELETE', revokeInvitationContract.url.replace(':invitationId', invitation.id));
      const member = team.members.find((m) => m.email === bruno.person.email);
      if (!member) {
        await api('POST', inviteContract.url, { email: bruno.person.email, role: 'staff' });
        const link = await invitationLinkFor(page, bruno.person.email, (l) => !usedLinks.has(l));
        usedLinks.add(link);
        await brunoJoins(browser, context.baseURL, bruno, link);
      } else if (member.role !== 'staff')
        await api('PUT', changeRoleContract.url.replace(':userId', member.userId), { role: 'staff' });
      if (!(await brunoNow())) throw new Error('Bruno did not join the team');
      await api('POST', inviteContract.url, { email: openInvitation.email, role: openInvitation.role });
    },
  };
}

/**
 * The owner's "Equipe" in Chromium against the real server (see `arrange`); each call held until its
 * step and answered by the real server, a refusal being the server's own where it can give one.
 */
export const teamBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/settings/team',
  setup:
    'a fresh owner made through the real sign-up (dev outbox) and onboarded, and Bruno, a second ' +
    'person signed up once per run; per path, through the real API, Bruno invited and accepted again ' +
    'if a path removed him (he signs in on the hosted login, his sessions having ended) or set back ' +
    `to Atendente, every invitation revoked and ${openInvitation.email} invited anew. Each call held ` +
    `until its step and let through to the real server: the 409 is the server's refusal of Bruno's ` +
    'address (the invite sent with it), the 429 a resend made through the API just before; only the ' +
    '500s (team load, revoke, role change, removal) served with page.route. ' +
    `Carla's resend waits for INVITATION_RESEND_SECONDS (2 s on the e2e server). ${INVITED_EMAIL} is invited by the paths.`,
  expectation: teamExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    runs.set(page, await runFor(page, context));
  },

  async act(page, path, index) {
    const run = runs.of(page);
    if (index === 0) await run.arrange();
    await run.driver.act(path, index);
  },
  check: (page, path, index) => runs.of(page).driver.check(path, index),
};
