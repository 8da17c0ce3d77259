import type { preHandlerAsyncHookHandler } from 'fastify';
import { loggableUrl } from '../../../http/loggable-url';
import { type HostedContext, sendPage } from '../context';
import { CSRF_FIELD, csrfMatches } from '../csrf';
import { formField } from '../form-body';
import { problemPage } from '../pages/problem';
import { targetQuery } from '../return-target';
import { formTarget } from './target';

/**
 * Refuses a POST whose form token does not match the cookie (another site's form, or a page kept open
 * from before the cookie changed) with a 403 page that leads back to a fresh form.
 */
export function csrfGuard(context: HostedContext): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    if (csrfMatches(request, formField(request, CSRF_FIELD) || undefined)) return;
    request.log.warn(
      { url: loggableUrl(request.url) },
      'hosted login: form refused, CSRF token missing or mismatched',
    );
    const query = new URLSearchParams(targetQuery(formTarget(request, context.config)));
    const token = formField(request, 'token');
    if (token) query.set('token', token);
    const back = `${request.routeOptions.url}${query.size > 0 ? `?${query}` : ''}`;
    await sendPage(
      reply,
      403,
      problemPage(context, {
        title: 'Formulário expirado',
        heading: 'Não foi possível enviar o formulário',
        message:
          'Por segurança, este formulário não pôde ser aceito. Isso acontece quando a página fica aberta por muito tempo ou quando os cookies estão bloqueados. Abra o formulário de novo e tente outra vez.',
        link: { href: back, label: 'Abrir o formulário de novo' },
      }),
    );
  };
}
