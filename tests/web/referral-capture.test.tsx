import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFERRAL_STORAGE_KEY } from '../../contracts/referral';
import { onboardingStatuses } from '../../machines/onboarding/onboarding.paths';
import { sessionCheckAnswer } from '../../machines/session/session.paths';
import { registerAppReferralCaptures } from '../../src/lib/referral/app-referral-captures';
import { branchReferralLinks } from '../../src/lib/referral/branch-referral-links';
import { BRANCH_TEST_KEY, madeLinkPayload } from '../support/branch-stand-in';
import { startBranchApi } from './support/branch-api';
import { type Reply, settle } from './support/fake-api';
import { openOnboarding } from './support/onboarding-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const REFERRER_ID = '7d9f3c1e-5b2a-4c8e-9f10-2a3b4c5d6e7f';
const REFERRER_COMPANY_ID = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const IGNORED = '[referral] link data without user_id and company_id ignored';

const kept = () => {
  const raw = localStorage.getItem(REFERRAL_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
};

/** "/" opened by a visitor without a session, with the app's captures registered as at start. */
async function arrive(url: string, branch: Parameters<typeof registerAppReferralCaptures>[0] = null) {
  const unregister = registerAppReferralCaptures(branch);
  const app = openSignedIn(url, { session: null });
  try {
    await vi.waitFor(() => expect(app.url()).toBe('/login'), { timeout: 10_000 });
  } finally {
    unregister();
  }
  return app;
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('"/" captures who referred the newcomer', () => {
  withPagesPreloaded();

  it('from the address: user_id and company_id become the referral record, then /login', async () => {
    const before = Date.now();
    await arrive(`/?user_id=${REFERRER_ID}&company_id=${REFERRER_COMPANY_ID}&utm_source=whatsapp`);
    const record = kept();
    expect(record).toEqual({
      referrerId: REFERRER_ID,
      referrerCompanyId: REFERRER_COMPANY_ID,
      branchLink: '',
      timestamp: expect.any(Number),
    });
    expect(record.timestamp).toBeGreaterThanOrEqual(before);
    expect(record.timestamp).toBeLessThanOrEqual(Date.now());
  });

  it.each([
    ['an empty company_id', `/?user_id=${REFERRER_ID}&company_id=`],
    ['no company_id', `/?user_id=${REFERRER_ID}`],
    ['an empty user_id', `/?user_id=&company_id=${REFERRER_COMPANY_ID}`],
  ])('ignores link data with %s, with a warning; the person goes on', async (_what, url) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await arrive(url);
    expect(kept()).toBeNull();
    expect(warn.mock.calls.filter(([what]) => what === IGNORED)).toHaveLength(1);
    expect(warn.mock.calls.filter(([what]) => what === '[referral] capture failed')).toHaveLength(0);
    warn.mockRestore();
  });

  it('an address with other parameters only is no referral: nothing kept, nothing said', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await arrive('/?utm_source=whatsapp&utm_campaign=indicacao');
    expect(kept()).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('with Branch configured (its API stood in on a local port)', () => {
  withPagesPreloaded();

  it("keeps the matched link's data from Branch's session; the invite page's link uses the same start", async () => {
    // Safari on an iPhone: branch-sdk opens the session at once (no fingerprint script first).
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    const referringLink = 'https://fechai.app.link/convite-bia';
    const api = await startBranchApi(
      { user_id: REFERRER_ID, company_id: REFERRER_COMPANY_ID, '~referring_link': referringLink },
      'https://fechai.app.link/novo-convite',
    );
    try {
      const branch = { key: BRANCH_TEST_KEY, apiUrl: api.url };
      await arrive('/?_branch_match_id=1234567890123456789', branch);
      expect(kept()).toEqual({
        referrerId: REFERRER_ID,
        referrerCompanyId: REFERRER_COMPANY_ID,
        branchLink: referringLink,
        timestamp: expect.any(Number),
      });
      const opens = api.calls.filter((call) => call.path === '/v1/open');
      expect(opens).toHaveLength(1);
      expect(opens[0]!.fields.branch_key).toBe(BRANCH_TEST_KEY);

      const links = branchReferralLinks(branch, 'https://app.fechai.test');
      await links.init();
      expect(await links.createLink('u-bia', 'c-bia')).toBe('https://fechai.app.link/novo-convite');
      // Started once for the page: no second session.
      expect(api.calls.filter((call) => call.path === '/v1/open')).toHaveLength(1);
      const made = api.calls.filter((call) => call.path === '/v1/url');
      expect(made).toHaveLength(1);
      const payload = madeLinkPayload(made[0]!);
      expect(payload).toMatchObject({ feature: 'referrals', campaign: 'member_get_member' });
      const landing = 'https://app.fechai.test/?user_id=u-bia&company_id=c-bia';
      expect(payload.data).toMatchObject({
        $canonical_identifier: 'referral/u-bia/c-bia',
        $fallback_url: landing,
        $desktop_url: landing,
        $ios_url: landing,
        $android_url: landing,
        $web_only: true,
        user_id: 'u-bia',
        company_id: 'c-bia',
      });
    } finally {
      await api.close();
    }
  });
});

const needsOnboarding = sessionCheckAnswer({
  user: {
    id: 'u-novo',
    email: 'novo@lojadocarlos.com.br',
    name: 'Carlos Souza',
    mobilePhone: null,
    currentCompanyId: null,
  },
  company: null,
  needsOnboarding: true,
  hasCompany: false,
  hasNoCurrentSubscriptionActive: true,
});
const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });

async function saveCompany() {
  const app = openOnboarding('/onboarding/company', needsOnboarding, {
    status: ok(onboardingStatuses.named),
    company: ok(onboardingStatuses.withCompany),
  });
  await settle();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Nome da empresa'), 'Loja do Carlos');
  await user.type(screen.getByLabelText('Razão social'), 'Carlos Souza');
  await user.type(screen.getByLabelText('Número do CPF'), '52998224725');
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  await settle();
  expect(app.calls.company.requests).toHaveLength(1);
  return app.calls.company.requests[0]!.clone().json();
}

describe('"Sobre sua empresa" sends the kept referral with the company', () => {
  withPagesPreloaded();

  it('sends it as `referral`, then forgets it once the company is saved', async () => {
    localStorage.setItem(
      REFERRAL_STORAGE_KEY,
      JSON.stringify({
        referrerId: REFERRER_ID,
        referrerCompanyId: REFERRER_COMPANY_ID,
        branchLink: 'https://fechai.app.link/convite-bia',
        timestamp: 1_700_000_000_000,
      }),
    );
    expect(await saveCompany()).toEqual({
      name: 'Loja do Carlos',
      businessName: 'Carlos Souza',
      documentType: 'cpf',
      documentNumber: '529.982.247-25',
      referral: {
        referrerId: REFERRER_ID,
        referrerCompanyId: REFERRER_COMPANY_ID,
        branchLink: 'https://fechai.app.link/convite-bia',
      },
    });
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });

  it('an ill-formed record is not sent (a warning), and never blocks the sign-up', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(
      REFERRAL_STORAGE_KEY,
      JSON.stringify({ referrerId: 'not-an-id', referrerCompanyId: REFERRER_COMPANY_ID, branchLink: '' }),
    );
    const body = await saveCompany();
    expect(body).not.toHaveProperty('referral');
    expect(
      warn.mock.calls.filter(([what]) => what === '[referral] kept referral is ill-formed, not sent'),
    ).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Telefone' })).toBeTruthy();
    warn.mockRestore();
  });

  it('without a kept referral the company goes alone', async () => {
    expect(await saveCompany()).not.toHaveProperty('referral');
  });
});
