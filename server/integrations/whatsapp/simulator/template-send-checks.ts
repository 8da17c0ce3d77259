import type { Queryable } from '../../../db/types';
import { GraphRefusal } from './graph-errors';
import { insertTemplates, SEEDED_TEMPLATES } from './templates';

/**
 * Meta's checks on a template send: the template (name + language) must exist in the number's
 * account and be APPROVED (132001), each component with {{n}} placeholders must get exactly that
 * many parameters (132000), and a text parameter may not hold a newline, a tab or more than four
 * spaces in a row (Meta answers that one with 132018).
 */

const PLACEHOLDER = /\{\{\s*([0-9]+)\s*\}\}/g;
/** Meta's rule for text parameters. */
const BAD_PARAMETER_TEXT = /[\n\t]| {5,}/;

type TemplateComponent = { type?: unknown; text?: unknown };

function placeholders(text: unknown): number {
  if (typeof text !== 'string') return 0;
  return new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1])).size;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

async function findTemplate(
  q: Queryable,
  wabaId: string,
  name: string,
  language: string,
): Promise<{ status: string; components: TemplateComponent[] } | null> {
  const select = () =>
    q.query<{ status: string; components: TemplateComponent[] }>(
      'SELECT status, components FROM dev_whatsapp_templates WHERE waba_id = $1 AND name = $2 AND language = $3',
      [wabaId, name, language],
    );
  let { rows } = await select();
  // An account has the seeded templates from the start, even before anyone listed them.
  if (!rows[0]) {
    await insertTemplates(q, wabaId, SEEDED_TEMPLATES);
    ({ rows } = await select());
  }
  return rows[0] ?? null;
}

const templateMissing = (name: string, language: string) =>
  new GraphRefusal(
    404,
    132001,
    '(#132001) Template name does not exist in the translation',
    'OAuthException',
    undefined,
    `template name (${name}) does not exist in ${language}`,
  );

/** Throws Meta's refusal when the template part of a send would not go out. */
export async function checkTemplateSend(
  q: Queryable,
  wabaId: string,
  template: { name: string; language: { code: string }; components?: unknown },
): Promise<void> {
  const { name } = template;
  const language = template.language.code;
  const found = await findTemplate(q, wabaId, name, language);
  if (found?.status !== 'APPROVED') throw templateMissing(name, language);
  const sent = Array.isArray(template.components) ? template.components.filter(isObject) : [];
  for (const kind of ['header', 'body'] as const) {
    const expected = placeholders(
      found.components.find((component) => String(component.type).toLowerCase() === kind)?.text,
    );
    const part = sent.find((component) => String(component.type).toLowerCase() === kind);
    const parameters = Array.isArray(part?.parameters) ? part.parameters : [];
    if (parameters.length !== expected)
      throw new GraphRefusal(
        400,
        132000,
        '(#132000) Number of parameters does not match the expected number of params',
        'OAuthException',
        undefined,
        `${kind}: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`,
      );
    for (const parameter of parameters) {
      if (
        isObject(parameter) &&
        typeof parameter.text === 'string' &&
        BAD_PARAMETER_TEXT.test(parameter.text)
      )
        throw new GraphRefusal(
          400,
          132018,
          '(#132018) There was an issue with the parameters in your template.',
          'OAuthException',
          undefined,
          'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
        );
    }
  }
}
