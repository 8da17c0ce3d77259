import type { FastifySchemaCompiler } from 'fastify';
import { ptBR } from 'zod/locales';
import type { $ZodErrorMap, $ZodIssue, $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import type { Issue } from '../../contracts/envelope';
import { HttpError } from './errors';

const localeError = ptBR().localeError;

const formatMessages: Record<string, string> = {
  uuid: 'Identificador inválido',
  guid: 'Identificador inválido',
  email: 'E-mail inválido',
  url: 'Endereço (URL) inválido',
  datetime: 'Data e hora inválidas',
  date: 'Data inválida',
};

/** pt-BR messages about one field; the field itself is in the issue's path. Contracts' own messages win. */
const messages: $ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Campo obrigatório';
  if (issue.origin === 'string' && issue.code === 'too_small') {
    return Number(issue.minimum) === 1
      ? 'Não pode ficar vazio'
      : `Deve ter pelo menos ${issue.minimum} caracteres`;
  }
  if (issue.origin === 'string' && issue.code === 'too_big')
    return `Deve ter no máximo ${issue.maximum} caracteres`;
  if (issue.code === 'invalid_format' && issue.format in formatMessages) return formatMessages[issue.format];
  return localeError(issue);
};

/** The 400 of a body with bad fields (each named in the issues), also for checks made in handlers. */
export const INVALID_BODY_TEXT = 'Dados inválidos. Confira os campos informados.';

/** Where the bad value was sent; body fields are named bare because forms map them to inputs. */
export const inputParts = {
  body: { prefix: [], message: INVALID_BODY_TEXT },
  querystring: { prefix: ['query'], message: 'Parâmetros de consulta inválidos.' },
  params: { prefix: ['params'], message: 'Parâmetro inválido no endereço da requisição.' },
  headers: { prefix: ['headers'], message: 'Cabeçalho inválido na requisição.' },
} as const satisfies Record<string, { prefix: string[]; message: string }>;

/** One issue per offending field; an unknown-keys issue becomes one issue per unknown key. */
export function toIssues(zodIssues: readonly $ZodIssue[], prefix: readonly string[] = []): Issue[] {
  return zodIssues.flatMap((issue) => {
    const path = [...prefix, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, key].join('.'), message: 'Campo não permitido' }));
    }
    return [{ path: path.join('.'), message: capitalize(issue.message) }];
  });
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Fastify validator for a zod (or zod/mini) schema: on success the request part is replaced by the parsed
 * value (defaults and coercions applied); on failure a 400 with pt-BR issues goes to the error handler.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const part = inputParts[(httpPart ?? 'body') as keyof typeof inputParts] ?? inputParts.body;
  return (data) => {
    const result = safeParse(schema as $ZodType, data, { error: messages });
    if (result.success) return { value: result.data };
    return {
      error: new HttpError(400, 'VALIDATION_ERROR', part.message, toIssues(result.error.issues, part.prefix)),
    };
  };
};
