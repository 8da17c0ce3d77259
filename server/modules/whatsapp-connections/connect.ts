import { randomInt } from 'node:crypto';
import type { output } from 'zod/v4/core';
import type { connectWhatsappContract } from '../../../contracts/whatsapp-connection';
import type { WhatsappConnectionProblem, WhatsappConnectionState } from '../../../contracts/whatsapp-status';
import type { Queryable } from '../../db/types';
import { isUniqueViolation } from '../../db/unique-violation';
import { HttpError } from '../../http/errors';
import { GraphError } from '../../integrations/whatsapp/graph-client';
import { countReferral } from '../referral/referral-progress';
import { resumeWaitingFollowUps } from '../whatsapp-sending/requeue-follow-ups';
import {
  connectionState,
  type LiveConnectionRow,
  liveConnectionRow,
} from '../whatsapp-status/company-connection';
import { publishConnectionChanged } from './connection-changes';
import type { ConnectionContext } from './connection-context';
import {
  connectionProblems,
  exchangeProblem,
  lookupProblem,
  registerProblem,
  subscribeProblem,
} from './problems';

type ConnectInput = output<(typeof connectWhatsappContract)['body']>;

export const ALREADY_CONNECTED_TEXT =
  'Sua empresa já tem um WhatsApp conectado. Desconecte-o antes de conectar outro.';
export const NUMBER_IN_USE_TEXT = 'Este número de WhatsApp já está conectado a outra empresa no Fechaí.';
export const GRAPH_UNAVAILABLE_TEXT =
  'Não foi possível falar com a Meta agora. Aguarde um instante e conecte de novo.';

/** Statuses a new connect may replace: a number that never worked, or one that stopped. */
const REPLACEABLE = new Set(['not_ready', 'error', 'offboarded', 'needs_reconnect']);

function invalid(path: string, message: string): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', message, [{ path, message }]);
}

/** What the popup reported must agree with itself before anything is sent to Meta. */
function checkInput(input: ConnectInput): void {
  if (input.finish === 'FINISH_ONLY_WABA' && input.phoneNumberId !== null) {
    throw invalid(
      'phoneNumberId',
      'Com FINISH_ONLY_WABA o número é procurado pelo servidor: envie phoneNumberId nulo.',
    );
  }
  if (input.finish !== 'FINISH_ONLY_WABA' && input.phoneNumberId === null) {
    throw invalid('phoneNumberId', 'Informe o phoneNumberId que o cadastro da Meta devolveu.');
  }
  if (input.finish === 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING' && input.mode !== 'coexistence') {
    throw invalid('finish', 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING só vale para o modo coexistence.');
  }
}

async function checkCompanyFree(q: Queryable, companyId: string): Promise<LiveConnectionRow | null> {
  const live = await liveConnectionRow(q, companyId);
  if (live && !REPLACEABLE.has(live.status)) {
    throw new HttpError(409, 'WHATSAPP_ALREADY_CONNECTED', ALREADY_CONNECTED_TEXT);
  }
  return live;
}

async function checkNumberFree(q: Queryable, companyId: string, phoneNumberId: string): Promise<void> {
  const { rows } = await q.query(
    `SELECT 1 FROM whatsapp_connections
      WHERE phone_number_id = $1 AND status <> 'disconnected' AND company_id <> $2`,
    [phoneNumberId, companyId],
  );
  if (rows.length > 0) throw new HttpError(409, 'WHATSAPP_NUMBER_IN_USE', NUMBER_IN_USE_TEXT);
}

/** Meta did not answer or asked to slow down (time-out, network, 5xx, rate limits): nothing is stored, the owner tries again. */
function unavailable(err: unknown): never {
  throw new HttpError(503, 'SERVICE_UNAVAILABLE', GRAPH_UNAVAILABLE_TEXT, undefined, { cause: err });
}

function asGraphError(err: unknown): GraphError {
  if (!(err instanceof GraphError)) throw err;
  if (err.retryable) unavailable(err);
  return err;
}

interface Outcome {
  status: 'connected' | 'not_ready' | 'error';
  problem: WhatsappConnectionProblem | null;
  wabaId: string | null;
  phoneNumberId: string | null;
  token: string | null;
  pin: string | null;
  displayPhoneNumber: string | null;
  verifiedName: string | null;
  contactsSyncRequested: boolean;
  historySyncRequested: boolean;
}

const digits = (value: string | null | undefined) => (value ? value.replace(/\D/g, '') || null : null);

/**
 * Embedded Signup's server half (../shared/whatsapp-cloud-api.md): the code exchanged at once, the
 * number looked up when only a WABA came back, the app subscribed, the number registered (Cloud API)
 * or the contacts and history syncs asked for (coexistence). Every Graph call comes first; then one
 * transaction stores the result (connected, not ready or error, with why) and tells open tabs.
 */
export async function connectWhatsapp(
  ctx: ConnectionContext,
  companyId: string,
  input: ConnectInput,
): Promise<WhatsappConnectionState> {
  checkInput(input);
  await checkCompanyFree(ctx.db, companyId);
  if (input.phoneNumberId) await checkNumberFree(ctx.db, companyId, input.phoneNumberId);

  const outcome = await setUpWithMeta(ctx, companyId, input);
  try {
    return await store(ctx, companyId, input, outcome);
  } catch (err) {
    // Another request got there first: the same 409s the checks give.
    if (isUniqueViolation(err, 'whatsapp_connections_company_live_idx')) {
      throw new HttpError(409, 'WHATSAPP_ALREADY_CONNECTED', ALREADY_CONNECTED_TEXT, undefined, {
        cause: err,
      });
    }
    if (isUniqueViolation(err, 'whatsapp_connections_phone_number_live_idx')) {
      throw new HttpError(409, 'WHATSAPP_NUMBER_IN_USE', NUMBER_IN_USE_TEXT, undefined, { cause: err });
    }
    throw err;
  }
}

async function setUpWithMeta(
  ctx: ConnectionContext,
  companyId: string,
  input: ConnectInput,
): Promise<Outcome> {
  const { graph } = ctx.settings;
  const failed = (problem: WhatsappConnectionProblem, known: Partial<Outcome> = {}): Outcome => ({
    status: 'error',
    problem,
    wabaId: null,
    phoneNumberId: null,
    token: null,
    pin: null,
    displayPhoneNumber: null,
    verifiedName: null,
    contactsSyncRequested: false,
    historySyncRequested: false,
    ...known,
  });

  // 1. The code lives 30 s: exchanged before anything else.
  let token: string;
  try {
    const app = await ctx.settings.app();
    ({ accessToken: token } = await graph.exchangeCode({
      clientId: app.appId,
      clientSecret: app.appSecret,
      code: input.code,
    }));
  } catch (err) {
    return failed(exchangeProblem(asGraphError(err)));
  }
  const wabaId = input.wabaId;

  // 2. Only a WABA came back: its number, if it has one.
  let phoneNumberId = input.phoneNumberId;
  let displayPhoneNumber: string | null = null;
  let verifiedName: string | null = null;
  if (!phoneNumberId) {
    let numbers: Awaited<ReturnType<typeof graph.listPhoneNumbers>>;
    try {
      numbers = await graph.listPhoneNumbers(token, wabaId);
    } catch (err) {
      return failed(lookupProblem(asGraphError(err)), { wabaId });
    }
    const first = numbers[0];
    if (!first) return failed(connectionProblems.noPhoneNumber, { wabaId });
    phoneNumberId = first.id;
    displayPhoneNumber = digits(first.display_phone_number);
    verifiedName = first.verified_name || null;
    await checkNumberFree(ctx.db, companyId, phoneNumberId);
  }

  const known = { wabaId, phoneNumberId, token, displayPhoneNumber, verifiedName };

  // 3. Webhooks of this WABA reach the app.
  try {
    await graph.subscribeApp(token, wabaId);
  } catch (err) {
    return failed(subscribeProblem(asGraphError(err)), known);
  }

  // 4. Cloud API: register with a PIN of its own; coexistence: never register, ask for the syncs.
  let pin: string | null = null;
  let problem: WhatsappConnectionProblem | null = null;
  let contactsSyncRequested = false;
  let historySyncRequested = false;
  if (input.mode === 'cloud_api') {
    pin =
      (await previousPin(ctx, companyId, phoneNumberId)) ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      await graph.registerNumber(token, phoneNumberId, pin);
    } catch (err) {
      problem = registerProblem(asGraphError(err));
    }
  } else {
    for (const syncType of ['smb_app_state_sync', 'history'] as const) {
      try {
        await graph.requestSmbSync(token, phoneNumberId, syncType);
        if (syncType === 'history') historySyncRequested = true;
        else contactsSyncRequested = true;
      } catch (err) {
        // The number works without them: messages flow, only the past is missing.
        ctx.log.warn({ err, syncType }, 'whatsapp: a coexistence sync could not be requested');
      }
    }
  }

  // 5. The number as Meta shows it (not worth failing the connection over).
  if (!displayPhoneNumber || !verifiedName) {
    try {
      const number = await graph.getPhoneNumber(token, phoneNumberId);
      displayPhoneNumber = digits(number.display_phone_number);
      verifiedName = number.verified_name || null;
    } catch (err) {
      ctx.log.warn({ err }, 'whatsapp: the phone number could not be read');
    }
  }

  return {
    status: problem ? 'not_ready' : 'connected',
    problem,
    ...known,
    displayPhoneNumber,
    verifiedName,
    pin,
    contactsSyncRequested,
    historySyncRequested,
  };
}

async function store(
  ctx: ConnectionContext,
  companyId: string,
  input: ConnectInput,
  outcome: Outcome,
): Promise<WhatsappConnectionState> {
  // A set-up that failed keeps no secret: there is nothing to send with.
  const sealedToken =
    outcome.token && outcome.status !== 'error' ? await ctx.tokens.seal(outcome.token, companyId) : null;
  const sealedPin = outcome.pin ? await ctx.tokens.seal(outcome.pin, companyId) : null;
  return ctx.db.transaction(async (tx) => {
    // Re-checked inside: a connection that started working meanwhile is not replaced.
    const previous = await checkCompanyFree(tx, companyId);
    if (previous) await retire(tx, previous.id);
    const { rows } = await tx.query<LiveConnectionRow & Record<string, unknown>>(
      `INSERT INTO whatsapp_connections (
         company_id, mode, status, waba_id, phone_number_id, business_id, display_phone_number, verified_name,
         access_token_encrypted, register_pin_encrypted, problem_code, problem_detail,
         contacts_sync_requested_at, history_sync_requested_at, history_progress, connected_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
         CASE WHEN $13::boolean THEN now() END, CASE WHEN $14::boolean THEN now() END,
         CASE WHEN $14::boolean THEN 0 END, CASE WHEN $3 = 'connected' THEN now() END)
       RETURNING id, company_id, mode, status, waba_id, phone_number_id, display_phone_number, verified_name,
         access_token_encrypted, problem_code, problem_detail, history_progress, connected_at`,
      [
        companyId,
        input.mode,
        outcome.status,
        outcome.wabaId,
        outcome.phoneNumberId,
        outcome.wabaId ? input.businessId : null,
        outcome.displayPhoneNumber,
        outcome.verifiedName,
        sealedToken,
        sealedPin,
        outcome.problem?.code ?? null,
        outcome.problem?.detail ?? null,
        outcome.contactsSyncRequested,
        outcome.historySyncRequested,
      ],
    );
    const row = rows[0]!;
    await publishConnectionChanged(ctx.bus, tx, companyId, row.id, row.status);
    // What waited for a connection goes out now, in the same commit (or expires, if it waited too long).
    if (row.status === 'connected') {
      await resumeWaitingFollowUps(tx, companyId, ctx.followUpExpiryHours);
      // Indique e Ganhe: a referred company's first WhatsApp connection makes it a watcher.
      await countReferral(tx, companyId, 'watcher');
    }
    return connectionState(row);
  });
}

/**
 * The PIN this company registered the number with before: Meta keeps it as the number's two-step
 * verification PIN, so connecting the number again must send the same one (another is 133005).
 */
async function previousPin(
  ctx: ConnectionContext,
  companyId: string,
  phoneNumberId: string,
): Promise<string | null> {
  const { rows } = await ctx.db.query<{ register_pin_encrypted: string }>(
    `SELECT register_pin_encrypted FROM whatsapp_connections
      WHERE company_id = $1 AND phone_number_id = $2 AND register_pin_encrypted IS NOT NULL
      ORDER BY created_at DESC LIMIT 1`,
    [companyId, phoneNumberId],
  );
  return rows[0] ? ctx.tokens.open(rows[0].register_pin_encrypted, companyId) : null;
}

/**
 * A connection being replaced or disconnected: kept as history, its token and follow-up template
 * forgotten (the next connection's account has templates of its own). The register PIN stays
 * (sealed): Meta keeps it on the number, and reconnecting it needs the same one. False when it was
 * already retired (a connect or disconnect at the same moment got there first).
 */
export async function retire(tx: Queryable, connectionId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE whatsapp_connections
        SET status = 'disconnected', access_token_encrypted = NULL,
            follow_up_template_name = NULL, follow_up_template_language = NULL,
            disconnected_at = now(), updated_at = now()
      WHERE id = $1 AND status <> 'disconnected'
      RETURNING id`,
    [connectionId],
  );
  return rows.length > 0;
}
