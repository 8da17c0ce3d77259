import type * as z from 'zod/mini';
import {
  type BusinessService,
  SERVICE_NAME_TAKEN_TEXT,
  type serviceInputSchema,
} from '../../../contracts/services';
import type { Timestamp } from '../../db/timestamp';
import type { Db } from '../../db/types';
import { withUniqueConflict } from '../../db/unique-violation';
import { isUuid } from '../../db/uuid';
import { blankToNull } from '../../http/blank-to-null';
import { HttpError } from '../../http/errors';

export type ServiceBody = z.output<typeof serviceInputSchema>;

/** The server's 404 (the contract's SERVICE_NOT_FOUND_TEXT is the client's own text of spec §8). */
export const UNKNOWN_SERVICE_TEXT = 'Serviço não encontrado.';

/** The unique index of migration 010: names compared without case, accents or extra spaces. */
const NAME_KEY = 'services_company_name_key';

interface ServiceRow extends Record<string, unknown> {
  id: string;
  name: string;
  description: string | null;
  price_cents: number;
  duration_minutes: number | null;
  active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

const COLUMNS = 'id, name, description, price_cents, duration_minutes, active, created_at, updated_at';

function toService(row: ServiceRow): BusinessService {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    durationMinutes: row.duration_minutes,
    active: row.active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const values = (body: ServiceBody) => [
  body.name,
  blankToNull(body.description),
  body.priceCents,
  body.durationMinutes ?? null,
  body.active,
];

const nameTaken = () =>
  new HttpError(409, 'CONFLICT', SERVICE_NAME_TAKEN_TEXT, [
    { path: 'name', message: SERVICE_NAME_TAKEN_TEXT },
  ]);

/** A duplicate name is a 409 on the name field, whichever writer got there first. */
const withUniqueName = <T>(write: () => Promise<T>) => withUniqueConflict(NAME_KEY, nameTaken, write);

/** Every service of the company: active first, then by name (case and accents aside). */
export async function listServices(db: Db, companyId: string): Promise<BusinessService[]> {
  const { rows } = await db.query<ServiceRow>(
    `SELECT ${COLUMNS} FROM services WHERE company_id = $1
      ORDER BY active DESC, service_name_key(name), name, id`,
    [companyId],
  );
  return rows.map(toService);
}

export async function createService(db: Db, companyId: string, body: ServiceBody): Promise<BusinessService> {
  return withUniqueName(async () => {
    const { rows } = await db.query<ServiceRow>(
      `INSERT INTO services (company_id, name, description, price_cents, duration_minutes, active)
       VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING ${COLUMNS}`,
      [companyId, ...values(body)],
    );
    return toService(rows[0]!);
  });
}

/** Saves the whole service (PUT); `active: false` archives it (deals keep their lines). */
export async function updateService(
  db: Db,
  companyId: string,
  serviceId: string,
  body: ServiceBody,
): Promise<BusinessService> {
  if (!isUuid(serviceId)) throw new HttpError(404, 'NOT_FOUND', UNKNOWN_SERVICE_TEXT);
  return withUniqueName(async () => {
    const { rows } = await db.query<ServiceRow>(
      `UPDATE services
          SET name = $3, description = $4, price_cents = $5, duration_minutes = $6, active = $7
        WHERE company_id = $1 AND id = $2
       RETURNING ${COLUMNS}`,
      [companyId, serviceId, ...values(body)],
    );
    const row = rows[0];
    if (!row) throw new HttpError(404, 'NOT_FOUND', UNKNOWN_SERVICE_TEXT);
    return toService(row);
  });
}
