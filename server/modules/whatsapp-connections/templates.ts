import type { ApprovedTemplate, FollowUpTemplate } from '../../../contracts/whatsapp-templates';
import { HttpError } from '../../http/errors';
import { GraphError, type MessageTemplate } from '../../integrations/whatsapp/graph-client';
import { type LiveConnectionRow, liveConnectionRow } from '../whatsapp-status/company-connection';
import { markConnectionNeedsReconnect, publishConnectionChanged } from './connection-changes';
import type { ConnectionContext } from './connection-context';
import { templatesProblem } from './problems';

export const TEMPLATES_NOT_CONNECTED_TEXT =
  'Conecte o WhatsApp da sua empresa para usar os modelos de mensagem.';
export const TEMPLATES_RECONNECT_TEXT =
  'O WhatsApp da sua empresa precisa ser conectado de novo para usar os modelos de mensagem.';
export const TEMPLATES_UNAVAILABLE_TEXT =
  'Não foi possível falar com a Meta agora. Aguarde um instante e tente de novo.';

/** A body parameter: positional ({{1}}) or named ({{nome}}). */
const PARAMETER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
/** Buttons that send as they are; any other kind (or a URL with a variable) needs a parameter. */
const PLAIN_BUTTONS = new Set(['QUICK_REPLY', 'PHONE_NUMBER', 'URL']);

const parametersIn = (text: string | undefined) =>
  new Set([...(text ?? '').matchAll(PARAMETER)].map((m) => m[1]));

/**
 * Whether anything besides the body needs a value when sending: a header with a variable or media,
 * a button with a variable (URL) or a code, or a part a follow-up cannot fill (carousel, offer).
 */
function needsMoreThanBody(template: MessageTemplate): boolean {
  return template.components.some((part) => {
    switch (part.type.toUpperCase()) {
      case 'BODY':
      case 'FOOTER':
        return false;
      case 'HEADER':
        return (part.format ?? 'TEXT').toUpperCase() !== 'TEXT' || parametersIn(part.text).size > 0;
      case 'BUTTONS':
        return (part.buttons ?? []).some(
          (button) => !PLAIN_BUTTONS.has(button.type.toUpperCase()) || parametersIn(button.url).size > 0,
        );
      default:
        return true;
    }
  });
}

/** A template as the settings show it: its body and how many parameters that has. */
export function templateSummary(template: MessageTemplate): ApprovedTemplate {
  const body = template.components.find((part) => part.type.toUpperCase() === 'BODY')?.text ?? '';
  const parameterCount = parametersIn(body).size;
  return {
    name: template.name,
    language: template.language,
    category: template.category,
    body,
    parameterCount,
    followUpReady:
      parameterCount === 1 &&
      template.category.toUpperCase() !== 'AUTHENTICATION' &&
      !needsMoreThanBody(template),
  };
}

const isApproved = (template: MessageTemplate) => template.status.toUpperCase() === 'APPROVED';

function notConnected(message = TEMPLATES_NOT_CONNECTED_TEXT): HttpError {
  return new HttpError(409, 'WHATSAPP_NOT_CONNECTED', message);
}

/** The company's live connection, whatever its state; 409 without one. */
async function liveConnection(ctx: ConnectionContext, companyId: string): Promise<LiveConnectionRow> {
  const live = await liveConnectionRow(ctx.db, companyId);
  if (!live) throw notConnected();
  return live;
}

type Working = LiveConnectionRow & {
  waba_id: string;
  phone_number_id: string;
  access_token_encrypted: string;
};

/** The company's connection when it can talk to Meta; 409 otherwise (none, or one to reconnect). */
async function workingConnection(ctx: ConnectionContext, companyId: string): Promise<Working> {
  const live = await liveConnection(ctx, companyId);
  if (live.status !== 'connected' || !live.access_token_encrypted || !live.waba_id || !live.phone_number_id) {
    throw notConnected(
      live.status === 'connecting' ? TEMPLATES_NOT_CONNECTED_TEXT : TEMPLATES_RECONNECT_TEXT,
    );
  }
  return live as Working;
}

/**
 * Every template of the connection's WABA, read with its sealed token. A refused token (190) marks
 * the connection for reconnecting, as a send would; Meta out of reach is a 503; any other refusal a
 * 502 that says what to check.
 */
async function readTemplates(
  ctx: ConnectionContext,
  companyId: string,
  live: Working,
): Promise<MessageTemplate[]> {
  const token = await ctx.tokens.open(live.access_token_encrypted, companyId);
  try {
    return await ctx.settings.graph.listMessageTemplates(token, live.waba_id);
  } catch (err) {
    if (!(err instanceof GraphError)) throw err;
    if (err.retryable) {
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', TEMPLATES_UNAVAILABLE_TEXT, undefined, { cause: err });
    }
    if (err.kind === 'token') {
      await ctx.db.transaction((tx) => markConnectionNeedsReconnect(tx, ctx.bus, live.phone_number_id));
      throw new HttpError(409, 'WHATSAPP_NOT_CONNECTED', TEMPLATES_RECONNECT_TEXT, undefined, { cause: err });
    }
    throw new HttpError(502, 'WHATSAPP_GRAPH_REFUSED', templatesProblem(err).detail, undefined, {
      cause: err,
    });
  }
}

const byNameThenLanguage = (a: ApprovedTemplate, b: ApprovedTemplate) =>
  a.name.localeCompare(b.name) || a.language.localeCompare(b.language);

/** The company's approved templates, from Meta. */
export async function approvedTemplates(
  ctx: ConnectionContext,
  companyId: string,
): Promise<ApprovedTemplate[]> {
  const live = await workingConnection(ctx, companyId);
  const templates = await readTemplates(ctx, companyId, live);
  return templates.filter(isApproved).map(templateSummary).sort(byNameThenLanguage);
}

/** The follow-up template of the company's live connection, if one was chosen; 409 without one. */
export async function followUpTemplate(
  ctx: ConnectionContext,
  companyId: string,
): Promise<FollowUpTemplate | null> {
  const { rows } = await ctx.db.query<{ name: string | null; language: string | null }>(
    `SELECT follow_up_template_name AS name, follow_up_template_language AS language
       FROM whatsapp_connections WHERE company_id = $1 AND status <> 'disconnected'`,
    [companyId],
  );
  const row = rows[0];
  if (!row) throw notConnected();
  return row.name && row.language ? { name: row.name, language: row.language } : null;
}

const STATUS_TEXT: Record<string, string> = {
  PENDING: 'ainda está em análise pela Meta',
  IN_APPEAL: 'está em recurso na Meta',
  REJECTED: 'foi rejeitado pela Meta',
  PAUSED: 'foi pausado pela Meta',
  DISABLED: 'foi desativado pela Meta',
};

function unusable(message: string): HttpError {
  return new HttpError(422, 'WHATSAPP_TEMPLATE_UNUSABLE', message, [{ path: 'template.name', message }]);
}

/** Why a template of the account cannot be the follow-up template, or null when it can. */
function whyUnusable(template: MessageTemplate): string | null {
  if (!isApproved(template)) {
    const status = STATUS_TEXT[template.status.toUpperCase()] ?? `não está aprovado (${template.status})`;
    return `O modelo "${template.name}" ${status}. Só modelos aprovados podem ser enviados.`;
  }
  const summary = templateSummary(template);
  if (summary.parameterCount !== 1) {
    return `O modelo "${template.name}" tem ${summary.parameterCount} parâmetros no texto. Escolha um modelo com exatamente um ({{1}}), que recebe o texto do follow-up.`;
  }
  if (!summary.followUpReady) {
    return `O modelo "${template.name}" pede outros dados além do texto do follow-up (no cabeçalho ou nos botões). Escolha um modelo com um único parâmetro no texto.`;
  }
  return null;
}

/**
 * Chooses the follow-up template after checking it with Meta: approved, one body parameter and
 * nothing else to fill in (422 otherwise). Stored on the connection it was checked against, in one
 * transaction that tells open tabs; a connection replaced meanwhile is a 409.
 */
export async function chooseFollowUpTemplate(
  ctx: ConnectionContext,
  companyId: string,
  wanted: FollowUpTemplate,
): Promise<ApprovedTemplate> {
  const live = await workingConnection(ctx, companyId);
  const templates = await readTemplates(ctx, companyId, live);
  const found = templates.find(
    (template) => template.name === wanted.name && template.language === wanted.language,
  );
  if (!found) {
    throw unusable(
      `Não encontramos o modelo "${wanted.name}" (${wanted.language}) na conta do WhatsApp Business da sua empresa.`,
    );
  }
  const why = whyUnusable(found);
  if (why) throw unusable(why);
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `UPDATE whatsapp_connections
          SET follow_up_template_name = $3, follow_up_template_language = $4, updated_at = now()
        WHERE id = $1 AND company_id = $2 AND status = 'connected'
        RETURNING id`,
      [live.id, companyId, found.name, found.language],
    );
    if (rows.length === 0) throw notConnected(TEMPLATES_RECONNECT_TEXT);
    await publishConnectionChanged(ctx.bus, tx, companyId, live.id, 'connected');
  });
  return templateSummary(found);
}

/** No follow-up template any more. */
export async function clearFollowUpTemplate(ctx: ConnectionContext, companyId: string): Promise<void> {
  const live = await liveConnection(ctx, companyId);
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: LiveConnectionRow['status'] }>(
      `UPDATE whatsapp_connections
          SET follow_up_template_name = NULL, follow_up_template_language = NULL, updated_at = now()
        WHERE id = $1 AND company_id = $2 AND follow_up_template_name IS NOT NULL
        RETURNING status`,
      [live.id, companyId],
    );
    if (rows[0]) await publishConnectionChanged(ctx.bus, tx, companyId, live.id, rows[0].status);
  });
}
