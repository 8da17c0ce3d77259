import {
  normalizeDocumentNumber,
  type OnboardingStatus,
  type SaveCompanyBody,
} from '../../../contracts/onboarding';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { lockUser } from '../phone-verification/locked-user';
import { type ReferralLog, recordReferral } from '../referral/record-referral';
import { loadOnboardingStatus, type OnboardingStatusOptions } from './status';
import { NOT_COMPANY_OWNER_TEXT, SIGNUP_COMPLETE_TEXT } from './texts';

/**
 * "Sobre sua empresa": the first time, creates the company, the user's owner membership and makes it
 * their current company, and records who referred it when the claim holds (in the same transaction);
 * sent again (the person went back a step), corrects that same company (a claim then is ignored). The
 * document number is kept as its digits (and letters, for a CNPJ); the contract checked its digits.
 * After sign-up, company details belong to Configurações.
 */
export async function saveCompany(
  db: Db,
  userId: string,
  details: SaveCompanyBody,
  options: OnboardingStatusOptions,
  log: ReferralLog,
): Promise<OnboardingStatus> {
  const documentNumber = normalizeDocumentNumber(details.documentType, details.documentNumber);
  const values = [details.name, details.businessName, details.documentType, documentNumber];
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.signupCompleted) throw new HttpError(409, 'CONFLICT', SIGNUP_COMPLETE_TEXT);

    const current = (
      await tx.query<{ company_id: string | null; role: string | null }>(
        `SELECT u.current_company_id AS company_id, m.role
           FROM users u LEFT JOIN memberships m ON m.user_id = u.id AND m.company_id = u.current_company_id
          WHERE u.id = $1`,
        [userId],
      )
    ).rows[0];
    if (current?.company_id) {
      if (current.role !== 'owner') throw new HttpError(403, 'FORBIDDEN', NOT_COMPANY_OWNER_TEXT);
      await tx.query(
        `UPDATE companies SET name = $2, business_name = $3, document_type = $4, document_number = $5
          WHERE id = $1`,
        [current.company_id, ...values],
      );
    } else {
      const companyId = (
        await tx.query<{ id: string }>(
          `INSERT INTO companies (name, business_name, document_type, document_number)
           VALUES ($1, $2, $3, $4) RETURNING id`,
          values,
        )
      ).rows[0]!.id;
      await tx.query(`INSERT INTO memberships (company_id, user_id, role) VALUES ($1, $2, 'owner')`, [
        companyId,
        userId,
      ]);
      await tx.query('UPDATE users SET current_company_id = $2 WHERE id = $1', [userId, companyId]);
      if (details.referral) {
        await recordReferral(tx, { referredCompanyId: companyId, userId, claim: details.referral }, log);
      }
    }
    return loadOnboardingStatus(tx, userId, options);
  });
}
