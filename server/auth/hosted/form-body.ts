import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Forms here are a few short fields; anything bigger is not one of ours. */
const FORM_BODY_LIMIT = 16 * 1024;

export type FormFields = Record<string, string>;

/**
 * Parses the pages' forms (the app removed every parser but JSON). Registered inside the hosted
 * login's plugin, so the API still refuses form bodies. A repeated field keeps its first value.
 */
export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      // No prototype: a field named "__proto__" or "constructor" is just a field.
      const fields: FormFields = Object.create(null);
      for (const [name, value] of new URLSearchParams(body as string)) {
        if (!Object.hasOwn(fields, name)) fields[name] = value;
      }
      done(null, fields);
    },
  );
}

/** A submitted field as text; '' when missing (or when the body was not a form). */
export function formField(request: FastifyRequest, name: string): string {
  const body = request.body as Record<string, unknown> | null | undefined;
  const value = body && typeof body === 'object' && Object.hasOwn(body, name) ? body[name] : undefined;
  return typeof value === 'string' ? value : '';
}
