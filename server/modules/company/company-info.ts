import type * as z from 'zod/mini';
import { formatDocumentNumber, normalizeDocumentNumber } from '../../../contracts/brazil/document-number';
import type { CompanyInfo, companyInfoInputSchema } from '../../../contracts/company';
import type { Db, Queryable } from '../../db/types';
import { blankToNull } from '../../http/blank-to-null';

export type CompanyInfoBody = z.output<typeof companyInfoInputSchema>;

interface CompanyRow extends Record<string, unknown> {
  id: string;
  name: string | null;
  business_name: string | null;
  document_type: CompanyInfo['documentType'];
  document_number: string | null;
  email: string | null;
  city: string | null;
  state: CompanyInfo['state'];
  description: string | null;
  show_nubank_widget: boolean;
  timezone: string;
}

const COLUMNS = `id, name, business_name, document_type, document_number, email, city, state, description,
  show_nubank_widget, timezone`;

function toCompanyInfo(row: CompanyRow): CompanyInfo {
  return {
    id: row.id,
    name: row.name,
    businessName: row.business_name,
    documentType: row.document_type,
    // Stored as its characters; people read it masked, as they typed it.
    documentNumber: row.document_number ? formatDocumentNumber(row.document_type, row.document_number) : null,
    email: row.email,
    city: row.city,
    state: row.state,
    description: row.description,
    showNubankWidget: row.show_nubank_widget,
    timezone: row.timezone,
  };
}

/** "Sobre a empresa": the caller's current company (it exists: requireCompany checked the membership). */
export async function loadCompanyInfo(q: Queryable, companyId: string): Promise<CompanyInfo> {
  const { rows } = await q.query<CompanyRow>(`SELECT ${COLUMNS} FROM companies WHERE id = $1`, [companyId]);
  return toCompanyInfo(rows[0]!);
}

/**
 * Saves "Sobre a empresa" (PUT: every field). The document number is kept as its characters, as
 * onboarding keeps it; empty optional texts are stored as null. Who may: the contract's minRole.
 */
export async function saveCompanyInfo(
  db: Db,
  caller: { userId: string; companyId: string },
  body: CompanyInfoBody,
): Promise<CompanyInfo> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<CompanyRow>(
      `UPDATE companies
          SET name = $2, business_name = $3, document_type = $4, document_number = $5, email = $6, city = $7,
              state = $8, description = $9, show_nubank_widget = $10
        WHERE id = $1
       RETURNING ${COLUMNS}`,
      [
        caller.companyId,
        body.name,
        body.businessName,
        body.documentType,
        normalizeDocumentNumber(body.documentType, body.documentNumber),
        blankToNull(body.email),
        blankToNull(body.city),
        body.state ?? null,
        blankToNull(body.description),
        body.showNubankWidget,
      ],
    );
    return toCompanyInfo(rows[0]!);
  });
}
