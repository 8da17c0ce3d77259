import type * as z from 'zod/mini';
import type { Issue } from '../../../contracts/envelope';
import type { dealInputSchema } from '../../../contracts/sales';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { blankToNull } from '../../http/blank-to-null';
import { HttpError } from '../../http/errors';
import { INVALID_BODY_TEXT } from '../../http/request-validation';
import { customerToReference } from '../customers/company-customer';
import { CUSTOMER_NOT_FOUND_TEXT } from '../customers/texts';
import { UNKNOWN_SERVICE_TEXT } from '../services/catalogue';
import { type StageRow, stageIn } from './stage-row';
import { DEAL_SERVICE_ARCHIVED_TEXT, DEAL_SERVICE_REPEATED_TEXT, STAGE_NOT_FOUND_TEXT } from './texts';

export type DealBody = z.output<typeof dealInputSchema>;

/** A deal's fields as stored: ids checked against the company, empty texts as null. */
export interface CheckedDeal {
  title: string;
  customerId: string | null;
  /** Undefined when the body named no stage (create: the first one; update: where it is). */
  stage: StageRow | undefined;
  valueCents: number;
  expectedCloseDate: string | null;
  notes: string | null;
  lostReason: string | null;
  lines: { serviceId: string; quantity: number }[];
}

/**
 * Checks what the body points at, within the caller's company: its customer, stage and services
 * (each once; a service must be active unless the deal already has it). Every problem is a 400 on
 * its field, all of them at once.
 */
export async function checkDealInput(
  q: Queryable,
  companyId: string,
  body: DealBody,
  context: { stages: StageRow[]; currentServiceIds?: ReadonlySet<string> },
): Promise<CheckedDeal> {
  const issues: Issue[] = [];

  const customer = body.customerId ? await customerToReference(q, companyId, body.customerId) : null;
  if (body.customerId && !customer) issues.push({ path: 'customerId', message: CUSTOMER_NOT_FOUND_TEXT });

  const stage = body.stageId === undefined ? undefined : stageIn(context.stages, body.stageId);
  if (body.stageId !== undefined && !stage) issues.push({ path: 'stageId', message: STAGE_NOT_FOUND_TEXT });

  const lines = body.services.map((line) => ({
    serviceId: line.serviceId.toLowerCase(),
    quantity: line.quantity,
  }));
  const wanted = lines.map((line) => line.serviceId).filter(isUuid);
  const catalogue = new Map<string, boolean>();
  if (wanted.length > 0) {
    const { rows } = await q.query<{ id: string; active: boolean }>(
      'SELECT id, active FROM services WHERE company_id = $1 AND id = ANY($2::uuid[])',
      [companyId, wanted],
    );
    for (const row of rows) catalogue.set(row.id, row.active);
  }
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const path = `services.${index}.serviceId`;
    const active = catalogue.get(line.serviceId);
    if (active === undefined) issues.push({ path, message: UNKNOWN_SERVICE_TEXT });
    else if (seen.has(line.serviceId)) issues.push({ path, message: DEAL_SERVICE_REPEATED_TEXT });
    else if (!active && !context.currentServiceIds?.has(line.serviceId)) {
      issues.push({ path, message: DEAL_SERVICE_ARCHIVED_TEXT });
    }
    seen.add(line.serviceId);
  });

  if (issues.length > 0) throw new HttpError(400, 'VALIDATION_ERROR', INVALID_BODY_TEXT, issues);
  return {
    title: body.title,
    customerId: customer?.id ?? null,
    stage,
    valueCents: body.valueCents,
    expectedCloseDate: body.expectedCloseDate ?? null,
    notes: blankToNull(body.notes),
    lostReason: blankToNull(body.lostReason),
    lines,
  };
}
