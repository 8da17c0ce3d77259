import { expect, vi } from 'vitest';
import type { CompanyInfo } from '../../../contracts/company';
import { type FakeRoutes, HeldCalls, ok, type Reply, settleQueries } from './fake-api';
import { openSignedIn } from './signed-in';

/** Doces da Ana as GET /api/settings/company answers it, unless overridden. */
export function companyInfo(overrides: Partial<CompanyInfo> = {}): CompanyInfo {
  return {
    id: 'c-doces',
    name: 'Doces da Ana',
    businessName: 'Ana Souza Doces ME',
    documentType: 'cnpj',
    documentNumber: '11.222.333/0001-81',
    email: 'contato@docesdaana.com.br',
    city: 'São Paulo',
    state: 'SP',
    description: 'Bolos e doces por encomenda.',
    showNubankWidget: true,
    timezone: 'America/Sao_Paulo',
    ...overrides,
  };
}

/** GET and PUT /api/settings/company, each held until the test answers, or answered with a standing reply. */
export function fakeCompanyInfoRoutes(standing: { load?: Reply; save?: Reply } = {}) {
  const load = new HeldCalls(standing.load);
  const save = new HeldCalls(standing.save);
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (pathname !== '/api/settings/company') return undefined;
    if (request.method === 'GET') return load.receive(request);
    if (request.method === 'PUT') return save.receive(request);
    return undefined;
  };
  return { load, save, routes };
}

export async function openCompanyInfo(standing: Parameters<typeof fakeCompanyInfoRoutes>[0] = {}) {
  const replies = { load: ok({ company: companyInfo() }), ...standing };
  const company = fakeCompanyInfoRoutes(replies);
  const app = openSignedIn('/settings/company-info', { routes: [company.routes] });
  await settleQueries();
  // On a busy machine the answer may take a few more rounds: wait until the page shows it.
  if (replies.load) {
    await vi.waitFor(() =>
      expect(document.querySelector('.company-form, .company-info__error')).not.toBeNull(),
    );
  }
  return { ...app, company };
}
