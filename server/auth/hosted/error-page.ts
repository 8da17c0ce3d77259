import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl } from '../../http/loggable-url';
import type { AssetUrls } from './assets';
import { sendPage } from './context';
import { problemPage } from './pages/problem';

/**
 * These are pages, so failures are pages too (the API's JSON envelope would be a dead end in a
 * browser): the rate limiter's 429 with its pt-BR wait, a body the forms never send, a crash.
 */
export function hostedErrorHandler(assets: AssetUrls) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    // Back to the page the form was on (a GET of the same path), or the sign-in page.
    const back = {
      href: request.method === 'GET' ? '/auth/login' : (request.routeOptions.url ?? '/auth/login'),
      label: 'Voltar',
    };

    if (status === 429) {
      request.log.warn({ url: loggableUrl(request.url) }, 'hosted login: rate limited');
      return sendPage(
        reply,
        429,
        problemPage(
          { assets },
          {
            title: 'Muitas tentativas',
            heading: 'Muitas tentativas seguidas',
            message: error.message,
            link: { ...back, label: 'Tentar de novo' },
          },
        ),
      );
    }
    if (status < 500) {
      request.log.info(
        { statusCode: status, code: error.code, url: loggableUrl(request.url) },
        `hosted login: request refused: ${error.message}`,
      );
      return sendPage(
        reply,
        status,
        problemPage(
          { assets },
          {
            title: 'Não foi possível continuar',
            heading: 'Não foi possível continuar',
            message: 'O pedido não pôde ser entendido. Volte à página anterior e tente de novo.',
            link: back,
          },
        ),
      );
    }
    request.log.error({ err: error }, 'hosted login: request failed');
    return sendPage(
      reply,
      500,
      problemPage(
        { assets },
        {
          title: 'Algo deu errado',
          heading: 'Algo deu errado',
          message: 'Ocorreu um erro inesperado. Tente novamente em instantes.',
          link: back,
        },
      ),
    );
  };
}
