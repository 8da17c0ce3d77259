import type { Browser, Page } from 'playwright-core';
import { type CompanyInfo, getCompanyInfoContract } from '../../../contracts/company';
import {
  acceptInvitationContract,
  getTeamContract,
  inviteContract,
  previewInvitationContract,
  removeMemberContract,
  resendInvitationContract,
  revokeInvitationContract,
  type Team,
} from '../../../contracts/team';
import type { InvitationPreview } from '../../../machines/join-team/join-team.machine';
import {
  INVITATION_TOKEN,
  INVITED_EMAIL,
  type JoinTeamCall,
  OTHER_EMAIL,
  openPreview,
} from '../../../machines/join-team/join-team.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type JoinTeamLayer,
  joinTeamDriver,
  joinTeamExpectation,
} from '../../../tests/support/drivers/join-team.driver';
import { namesFrom } from '../../../tests/support/drivers/model-names';
import { type Account, makeAccount, restoreAccount, signInAgain } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { type ApiCall, apiOf } from '../owner-api';
import { pollUntil } from '../poll';
import { invitationLinkFor, invitationToken } from '../team-invitations';
import { HeldCalls } from './held-calls';
import { holdHostedLogout } from './hosted-logout';
import { perPage } from './per-page';

/** The people of a run: Ana owns the company and invites, Carla is invited; both onboarded. */
interface People {
  ana: Account;
  carla: Account;
  /** A page of Ana's own (her browser context), for the real API and the dev outbox. */
  anaPage: Page;
  /** Invitation links already used by a path (a resend's too): each path gets a new one. */
  usedLinks: Set<string>;
  /** Carla's kept session ended (she was removed from Ana's team): she signs in again. */
  carlaSignedOut: boolean;
}

function peopleOf(browser: Browser, context: ReplayContext): Promise<People> {
  return context.once('join-team:people', async () => {
    const [ana, carla] = await Promise.all([
      makeAccount(browser, context.baseURL, { onboarded: true, tag: 'join-team' }),
      // Onboarded too: joining then leaves her nothing to do (the chart's needsOnboarding: false).
      makeAccount(browser, context.baseURL, { onboarded: true, tag: 'join-team-carla' }),
    ]);
    const anaContext = await browser.newContext({ baseURL: context.baseURL, locale: 'pt-BR' });
    const anaPage = await anaContext.newPage();
    await restoreAccount(anaPage, ana);
    return { ana, carla, anaPage, usedLinks: new Set(), carlaSignedOut: false };
  });
}

/** Calls `call` until the server's "too soon" (429) is over: a resend waits INVITATION_RESEND_SECONDS. */
const whenAllowed = (what: string, call: () => Promise<unknown>) =>
  pollUntil(what, async () => {
    try {
      await call();
      return true;
    } catch (error) {
      if (String(error).includes(': 429')) return false;
      throw error;
    }
  });

interface Run {
  driver: ReturnType<typeof joinTeamDriver>;
  /** Puts Carla's fresh invitation in place (through Ana's real API); its link is the path's. */
  arrange(): Promise<void>;
}

const runs = perPage<Run>('join-team run');

async function runFor(page: Page, context: ReplayContext): Promise<Run> {
  const browser = page.context().browser()!;
  const people = await peopleOf(browser, context);
  const { ana, carla, anaPage, usedLinks } = people;
  const api: ApiCall = apiOf(anaPage, context.baseURL);
  const held: Record<JoinTeamCall, HeldCalls> = {
    preview: await HeldCalls.on(page, previewInvitationContract.method, previewInvitationContract.url),
    accept: await HeldCalls.on(page, acceptInvitationContract.method, acceptInvitationContract.url),
  };
  // /logout hands over to the hosted logout: held there, so the address stays readable and Ana's
  // session (the run's API caller) lives on.
  await holdHostedLogout(page);

  let token = '';
  let names = namesFrom([]);
  const invitationId = async () =>
    (await api<Team>('GET', getTeamContract.url)).invitations.find((i) => i.email === carla.person.email)!.id;
  const revoke = async () =>
    api('DELETE', revokeInvitationContract.url.replace(':invitationId', await invitationId()));
  const newLink = async () => {
    const link = await invitationLinkFor(anaPage, carla.person.email, (l) => !usedLinks.has(l));
    usedLinks.add(link);
    return link;
  };

  const layer: JoinTeamLayer = {
    async open(action) {
      if (action.viewerEmail === INVITED_EMAIL) {
        if (people.carlaSignedOut) {
          await signInAgain(browser, context.baseURL, carla);
          people.carlaSignedOut = false;
        }
        await restoreAccount(page, carla);
      } else if (action.viewerEmail === OTHER_EMAIL) await restoreAccount(page, ana);
      await page.goto(new URL(names.toApp(action.url), context.baseURL).toString());
    },
    async answer(action) {
      const calls = held[action.call];
      if (action.call === 'preview' && action.status === 200) {
        // Revoked by Ana through the API while the page asked: the real server says so.
        if ((action.body as InvitationPreview).status === 'revoked') await revoke();
        await calls.answer('real-server');
        return;
      }
      if (action.status === 404) {
        // Ana resent the invitation: a new secret, the link Carla opened no longer works.
        const id = await invitationId();
        await whenAllowed('the invitation resent', () =>
          api('POST', resendInvitationContract.url.replace(':invitationId', id)),
        );
        await newLink();
        await calls.answer('real-server');
        return;
      }
      if (action.call === 'accept' && action.status === 410) {
        // Ana revoked it after Carla opened the page: the real server's 410 to the accept.
        await revoke();
        await calls.answer('real-server');
        return;
      }
      if (action.status < 300) {
        await calls.answer('real-server');
        return;
      }
      // The 500s, and the preview's 410 (the real server answers an ended invitation's status
      // instead): served.
      await calls.answer({ status: action.status, body: action.body });
    },
    async leftFor() {
      const url = new URL(page.url());
      return url.pathname.startsWith('/auth/') ? url.toString() : null;
    },
  };

  return {
    driver: joinTeamDriver(browserSurface(page), layer, {
      toApp: (text) => names.toApp(text),
      toModel: (text) => names.toModel(text),
    }),
    async arrange() {
      const team = await api<Team>('GET', getTeamContract.url);
      const member = team.members.find((m) => m.email === carla.person.email);
      if (member) {
        // Joined on an earlier path: Ana removes her (which ends her sessions) to invite her again.
        await api('DELETE', removeMemberContract.url.replace(':userId', member.userId));
        people.carlaSignedOut = true;
      }
      for (const invitation of team.invitations)
        await api('DELETE', revokeInvitationContract.url.replace(':invitationId', invitation.id));
      await api('POST', inviteContract.url, { email: carla.person.email, role: openPreview.role });
      const link = await newLink();
      token = invitationToken(link);
      // Not the preview call (its 20 a minute per address are the page's): Ana's company as it shows.
      const { company } = await api<{ company: CompanyInfo }>('GET', getCompanyInfoContract.url);
      names = namesFrom([
        [token, INVITATION_TOKEN],
        [carla.person.email, INVITED_EMAIL],
        [company.name || company.businessName || '', openPreview.companyName],
        [ana.person.name, openPreview.invitedByName ?? ''],
      ]);
    },
  };
}

/**
 * The invitation page in Chromium against the real server: Ana's real invitation to Carla, its link
 * from the dev outbox, opened signed out, as Carla or as Ana; each call held until its step and
 * answered by the real server for real causes (see `answer`).
 */
export const joinTeamBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/convite/:token',
  setup:
    'Ana and Carla, two fresh onboarded accounts made through the real sign-up (dev outbox) once per ' +
    'run; per path, through the real API, Carla removed if a path let her join (she signs in again ' +
    'on the hosted login), every invitation revoked and Carla invited anew, the link from the dev ' +
    'outbox; the page opened signed out, as Carla or as Ana. Each call held until its step: a ' +
    'revoked invitation and the 410 to "Entrar na equipe" by Ana revoking it through the API, the ' +
    '404 by Ana resending it (the old link stops working; waits INVITATION_RESEND_SECONDS, 2 s on the ' +
    'e2e server), the rest the real server; served with page.route only the 500s (preview, accept) ' +
    "and the preview's 410 (the server answers an ended invitation's status instead). The hosted " +
    'logout held so /logout stays readable.',
  expectation: joinTeamExpectation,

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
