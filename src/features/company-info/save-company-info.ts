import {
  type CompanyInfo,
  type CompanyInfoInput,
  updateCompanyInfoContract,
} from '../../../contracts/company';
import { api } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';

/** PUT /api/settings/company: the company as saved (a 400 names the fields it refuses). */
export async function saveCompanyInfo(body: CompanyInfoInput): Promise<CompanyInfo> {
  const answer = await api.put(updateCompanyInfoContract.url, {
    body,
    schema: updateCompanyInfoContract.response,
  });
  return unwrapEnvelope(answer).company;
}
