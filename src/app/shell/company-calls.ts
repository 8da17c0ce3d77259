import { type CompanyChoice, listMyCompaniesContract, switchCompanyContract } from '../../../contracts/team';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';

/** The person's companies and the switch between them; each rejects with an ApiError. */

export function listMyCompanies(): Promise<CompanyChoice[]> {
  return api
    .get(listMyCompaniesContract.url, { schema: listMyCompaniesContract.response })
    .then(unwrapEnvelope)
    .then((data) => data.companies);
}

export function switchCompany(companyId: string): Promise<unknown> {
  return api
    .put(switchCompanyContract.url, { body: { companyId }, schema: switchCompanyContract.response })
    .then(unwrapEnvelope);
}
