import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import {
  type CompanyInfo,
  type CompanyInfoInput,
  getCompanyInfoContract,
  updateCompanyInfoContract,
} from '../../../contracts/company';
import {
  acceptInvitationContract,
  type CompanyChoice,
  inviteContract,
  listMyCompaniesContract,
  switchCompanyContract,
} from '../../../contracts/team';
import {
  type CompanySwitchCall,
  currentCompany,
  otherCompany,
} from '../../../machines/company-switch/company-switch.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type CompanySwitchLayer,
  companySwitchDriver,
  companySwitchExpectation,
} from '../../../tests/support/drivers/company-switch.driver';
import { namesFrom } from '../../../tests/support/drivers/model-names';
import { type Account, makeAccount, restoreAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { apiOf } from '../owner-api';
import { pollUntil } from '../poll';
import { invitationLinkFor, invitationToken } from '../team-invitations';
import { HeldCalls } from './held-calls';
import { perPage } from './per-page';

/**
 * The other owner's company, renamed so that the server's list (by name) shows it first, as the
 * model's does: the onboarded accounts' companies are all "Doces da Bia".
 */
const JOINED_COMPANY_NAME = 'Ateliê da Ana';

/** The run's people: Carla owns a company of her own and works, as Atendente, at Ana's. */
interface People {
  carla: Account;
  /** Ana's company, where Carla works and where every path starts. */
  joinedId: string;
  /** Carla's own company, where she is the owner. */
  ownId: string;
  /** The real companies' names, as the model's. */
  names: ReturnType<typeof namesFrom>;
}

/** A page of its own, signed in as `account`, for the real API and the dev outbox. */
async function withPageOf<T>(
  browser: Browser,
  baseURL: string,
  account: Account,
  use: (page: Page) => Promise<T>,
): Promise<T> {
  const made = await browser.newContext({ baseURL, locale: 'pt-BR' });
  try {
    const page = await made.newPage();
    await restoreAccount(page, account);
    return await use(page);
  } finally {
    await made.close();
  }
}

/** What `PUT /api/settings/company` takes, from what GET answers, with another name. */
function renamed(company: CompanyInfo, name: string): CompanyInfoInput {
  return {
    name,
    businessName: company.businessName ?? '',
    documentType: company.documentType,
    documentNumber: company.documentNumber ?? '',
    email: company.email,
    city: company.city,
    state: company.state,
    description: company.description,
    showNubankWidget: company.showNubankWidget,
  };
}

/**
 * Made once per run, for real: Carla and Ana sign up and onboard (each their own company), Ana
 * renames hers and invites Carla as Atendente through the real API, Carla accepts with the link from
 * the dev outbox, and Ana's company becomes her current one.
 */
function peopleOf(browser: Browser, context: ReplayContext): Promise<People> {
  return context.once('company-switch:people', async () => {
    const { baseURL } = context;
    const [carla, ana] = await Promise.all([
      makeAccount(browser, baseURL, { onboarded: true, tag: 'company-switch' }),
      makeAccount(browser, baseURL, { onboarded: true, tag: 'company-switch-ana' }),
    ]);
    const link = await withPageOf(browser, baseURL, ana, async (page) => {
      const api = apiOf(page, baseURL);
      const { company } = await api<{ company: CompanyInfo }>('GET', getCompanyInfoContract.url);
      await api('PUT', updateCompanyInfoContract.url, renamed(company, JOINED_COMPANY_NAME));
      await api('POST', inviteContract.url, { email: carla.person.email, role: currentCompany.role });
      return invitationLinkFor(page, carla.person.email);
    });
    const companies = await withPageOf(browser, baseURL, carla, async (page) => {
      const api = apiOf(page, baseURL);
      await api('POST', acceptInvitationContract.url, { token: invitationToken(link) });
      return (await api<{ companies: CompanyChoice[] }>('GET', listMyCompaniesContract.url)).companies;
    });
    const joined = companies.find((c) => c.current);
    const own = companies.find((c) => !c.current);
    if (companies.length !== 2 || joined?.role !== currentCompany.role || own?.role !== otherCompany.role)
      throw new Error(`Carla is not Atendente at Ana's and owner of her own: ${JSON.stringify(companies)}`);
    return {
      carla,
      joinedId: joined.id,
      ownId: own.id,
      names: namesFrom([
        [joined.name, currentCompany.name],
        [own.name, otherCompany.name],
      ]),
    };
  });
}

interface Run {
  driver: ReturnType<typeof companySwitchDriver>;
  /** Ana's company current again, through the real API, if a path switched Carla to her own. */
  arrange(): Promise<void>;
  /**
   * Throws unless /home greets Carla with her own company's name (and the server agrees it is her
   * current one): after a switch the page is the other company's, not the one she left.
   */
  showsOwnCompany(): Promise<void>;
}

const runs = perPage<Run>('company-switch run');

async function runFor(page: Page, context: ReplayContext): Promise<Run> {
  const people = await peopleOf(page.context().browser()!, context);
  await restoreAccount(page, people.carla);
  const api = apiOf(page, context.baseURL);
  const held: Record<CompanySwitchCall, HeldCalls> = {
    listCompanies: await HeldCalls.on(page, listMyCompaniesContract.method, listMyCompaniesContract.url),
    switchCompany: await HeldCalls.on(page, switchCompanyContract.method, switchCompanyContract.url),
  };

  const layer: CompanySwitchLayer = {
    async open() {
      await page.goto(new URL('/home', context.baseURL).toString());
    },
    async answer(action) {
      const calls = held[action.call];
      if (action.status < 300) await calls.answer('real-server');
      else if (action.call === 'switchCompany' && action.status === 404)
        // A company she does not belong to: the real server's refusal, its words.
        await calls.answer({ realServerWith: { companyId: randomUUID() } });
      // The 500 of the list, which the real server does not give on demand: served.
      else await calls.answer({ status: action.status, body: action.body });
    },
  };

  return {
    driver: companySwitchDriver(browserSurface(page), layer, people.names),
    async arrange() {
      const { companies } = await api<{ companies: CompanyChoice[] }>('GET', listMyCompaniesContract.url);
      if (!companies.find((c) => c.id === people.joinedId)?.current)
        await api('PUT', switchCompanyContract.url, { companyId: people.joinedId });
    },
    async showsOwnCompany() {
      const { companies } = await api<{ companies: CompanyChoice[] }>('GET', listMyCompaniesContract.url);
      if (!companies.find((c) => c.id === people.ownId)?.current)
        throw new Error(`the server did not switch Carla to her own company: ${JSON.stringify(companies)}`);
      const own = people.names.toApp(otherCompany.name);
      await pollUntil(
        `/home to show ${own}`,
        async () => (await page.locator('.home-hello').textContent()) ?? '',
        (text) => text.includes(own),
        5000,
      );
    },
  };
}

/**
 * The account box's "Trocar de empresa" in Chromium against the real server: a person in two real
 * companies, each call held until its step and answered by the real server where it can.
 */
export const companySwitchBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/home',
  setup:
    'Carla and Ana, two fresh onboarded accounts made through the real sign-up (dev outbox) once per ' +
    `run; Ana renames her company "${JOINED_COMPANY_NAME}" (listed first, as in the model) and ` +
    'invites Carla as Atendente through the real API, Carla accepts with the link from the dev ' +
    "outbox; per path, Ana's company made Carla's current one again through the real API if a path " +
    'switched her. Each call held until its step: the list and the switch by the real server, the 404 a ' +
    "switch sent with a company she is not in (the server's refusal); only the list's 500 served with " +
    'page.route.',
  expectation: companySwitchExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    runs.set(page, await runFor(page, context));
  },

  async act(page, path, index) {
    const run = runs.of(page);
    if (index === 0) await run.arrange();
    await run.driver.act(path, index);
  },
  async check(page, path, index) {
    const run = runs.of(page);
    await run.driver.check(path, index);
    if (path.steps[index]!.state.matches('switched')) await run.showsOwnCompany();
  },
};
