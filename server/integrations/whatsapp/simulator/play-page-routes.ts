import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { customerPhoneKey } from '../../../../contracts/brazil/customer-phone';
import type { SimulatorAssets } from './assets';
import type { MessagingContext } from './business-send';
import { createSimNumber } from './control-api';
import {
  contactSync,
  customerMessage,
  historySync,
  offboard,
  ownerEcho,
  readReplies,
  SimulatorActionError,
  uploadMedia,
} from './customer-actions';
import { decodeMultipart, decodeUrlEncoded, type FormFields, type MultipartFile } from './form-bodies';
import { setPageHeaders } from './page-headers';
import { playPage } from './play-page';
import {
  conversation,
  findMedia,
  findNumber,
  isUnreachable,
  listNumbers,
  recentCustomers,
  type SimNumber,
  setUnreachable,
} from './store';
import { latestDeliveries } from './webhook-emitter';

export interface PlayPageOptions {
  ctx: MessagingContext;
  webhookUrl: () => string;
  assets: SimulatorAssets;
}

/** Only our own files; forms post back here. */
const FORM_LIMIT = 64 * 1024;
/** WhatsApp's limit for images. */
const PHOTO_LIMIT = 5 * 1024 * 1024;

type PageBody = { fields: FormFields; files: MultipartFile[] };

const digitsOf = (value: string | undefined) => (value ?? '').replace(/[^0-9]/g, '').slice(0, 15);
/** A phone number id as the forms carry it (numeric, up to 20 digits), or ''. */
const idOf = (value: string | undefined) => (/^[0-9]{1,20}$/.test(value ?? '') ? value! : '');

/**
 * GET /dev/whatsapp, the play-the-customer page, and the forms it posts (POST /dev/whatsapp/play/*),
 * each a redirect back to the page with what happened. Works without JavaScript.
 */
export const playPageRoutes: FastifyPluginAsync<PlayPageOptions> = async (
  app,
  { ctx, webhookUrl, assets },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, { fields: decodeUrlEncoded(body as string), files: [] }),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: PHOTO_LIMIT + FORM_LIMIT },
    (request, body, done) => {
      const decoded = decodeMultipart(body as Buffer, request.headers['content-type'] ?? '');
      done(null, decoded ?? { fields: {}, files: [] });
    },
  );

  app.addHook('onRequest', (_request, reply, done) => {
    setPageHeaders(reply);
    done();
  });

  app.get<{ Querystring: Record<string, string | string[] | undefined> }>(
    '/dev/whatsapp',
    async (request, reply) => {
      const one = (name: string) => {
        const value = request.query[name];
        return (Array.isArray(value) ? value[0] : value)?.slice(0, 4096) ?? '';
      };
      const numbers = await listNumbers(ctx.db);
      const wanted = idOf(one('number'));
      const number = numbers.find((candidate) => candidate.phoneNumberId === wanted) ?? numbers[0] ?? null;
      const customer = digitsOf(one('customer'));
      const key = customerPhoneKey(customer);
      const hasCustomer = number !== null && customer.length >= 8;
      return reply.type('text/html; charset=utf-8').send(
        playPage({
          assets,
          numbers,
          number,
          customer: hasCustomer ? customer : '',
          name: one('name').slice(0, 100),
          messages: hasCustomer ? await conversation(ctx.db, number.phoneNumberId, key) : [],
          customerUnreachable: hasCustomer ? await isUnreachable(ctx.db, key) : false,
          recentCustomers: number ? await recentCustomers(ctx.db, number.phoneNumberId) : [],
          deliveries: await latestDeliveries(ctx.db, 15),
          webhookUrl: webhookUrl(),
          ...(one('notice') && { notice: one('notice').slice(0, 300) }),
          ...(one('error') && { error: one('error').slice(0, 300) }),
        }),
      );
    },
  );

  /** The page's own view of a photo in the chat (the app fetches media through the Graph API). */
  app.get<{ Params: { mediaId: string } }>('/dev/whatsapp/preview/:mediaId', async (request, reply) => {
    const media = /^[0-9]{1,20}$/.test(request.params.mediaId)
      ? await findMedia(ctx.db, request.params.mediaId, { withBytes: true })
      : null;
    if (!media) return reply.code(404).type('text/plain; charset=utf-8').send('Não encontrado.');
    return reply.type(media.mimeType).header('x-content-type-options', 'nosniff').send(media.bytes);
  });

  type Action = (number: SimNumber, fields: FormFields, files: MultipartFile[]) => Promise<string>;
  const customerOf = (fields: FormFields) => digitsOf(fields.customer);
  const message =
    (faults: { copies?: number; batch?: 'messages' }): Action =>
    async (number, fields) => {
      const count = faults.batch
        ? Math.min(10, Math.max(2, Number(fields.count) || 3))
        : Number(fields.count) || 1;
      const { wamids } = await customerMessage(ctx, number, {
        from: customerOf(fields),
        name: fields.name ?? '',
        text: (fields.text ?? '').slice(0, 4096),
        count: Math.min(10, Math.max(1, count)),
        faults,
      });
      return faults.copies
        ? 'Mensagem enviada duas vezes (webhook duplicado).'
        : faults.batch
          ? `${wamids.length} mensagens enviadas num só webhook.`
          : wamids.length > 1
            ? `${wamids.length} mensagens enviadas.`
            : 'Mensagem enviada.';
    };
  const actions: Record<string, Action> = {
    message: message({}),
    duplicate: message({ copies: 2 }),
    batch: message({ batch: 'messages' }),
    async photo(number, fields, files) {
      const photo = files.find((file) => file.field === 'photo');
      if (!photo || photo.bytes.length === 0) throw new SimulatorActionError('Escolha uma foto.');
      if (!photo.mimeType.startsWith('image/')) throw new SimulatorActionError('O arquivo não é uma imagem.');
      const media = await uploadMedia(ctx, number, photo);
      await customerMessage(ctx, number, {
        from: customerOf(fields),
        name: fields.name ?? '',
        image: { mediaId: media.id, ...(fields.caption && { caption: fields.caption.slice(0, 1024) }) },
      });
      return 'Foto enviada.';
    },
    async read(number, fields) {
      const { wamids } = await readReplies(ctx, number, customerOf(fields));
      return wamids.length ? `${wamids.length} resposta(s) lida(s).` : 'Nenhuma resposta a ler.';
    },
    async 'read-reordered'(number, fields) {
      const { wamids } = await readReplies(ctx, number, customerOf(fields), { reorder: true });
      return wamids.length
        ? `${wamids.length} resposta(s) lida(s): "lida" enviada antes de "entregue".`
        : 'Nenhuma resposta a ler.';
    },
    async echo(number, fields) {
      await ownerEcho(ctx, number, { to: customerOf(fields), text: (fields.text ?? '').slice(0, 4096) });
      return 'Eco enviado (smb_message_echoes).';
    },
    async history(number, fields) {
      const { chunks } = await historySync(ctx, number, {
        customer: customerOf(fields),
        ...(fields.name && { name: fields.name.slice(0, 100) }),
        outOfOrder: true,
      });
      return `Histórico enviado em ${chunks} partes, fora de ordem.`;
    },
    async contacts(number, fields) {
      await contactSync(ctx, number, [
        { name: fields.name?.trim() || 'Contato do celular', phone: customerOf(fields) },
        { name: 'Fornecedor Exemplo', phone: '5511930000001' },
      ]);
      return 'Contatos sincronizados (smb_app_state_sync).';
    },
    async offboard(number) {
      await offboard(ctx, number);
      return 'ACCOUNT_OFFBOARDED enviado.';
    },
    async unreachable(_number, fields) {
      if (customerOf(fields).length < 8) throw new SimulatorActionError('Informe o número do cliente.');
      await setUnreachable(ctx.db, customerPhoneKey(customerOf(fields)), true);
      return 'Número marcado como sem WhatsApp.';
    },
    async reachable(_number, fields) {
      await setUnreachable(ctx.db, customerPhoneKey(customerOf(fields)), false);
      return 'Número marcado como com WhatsApp.';
    },
  };

  const back = (
    reply: FastifyReply,
    fields: FormFields,
    outcome: { notice?: string; error?: string },
    number?: string,
  ) => {
    const query = new URLSearchParams();
    const chosen = number ?? idOf(fields.number);
    if (chosen) query.set('number', chosen);
    if (customerOf(fields)) query.set('customer', customerOf(fields));
    if (fields.name) query.set('name', fields.name.slice(0, 100));
    if (outcome.notice) query.set('notice', outcome.notice);
    if (outcome.error) query.set('error', outcome.error);
    return reply.redirect(`/dev/whatsapp?${query}`, 303);
  };

  app.post<{ Params: { action: string } }>('/dev/whatsapp/play/:action', async (request, reply) => {
    const { fields = {}, files = [] } = (request.body ?? {}) as Partial<PageBody>;
    if (request.params.action === 'create-number') {
      const created = await createSimNumber(ctx, {});
      return back(
        reply,
        fields,
        { notice: `Número ${created.displayPhoneNumber} criado.` },
        created.phoneNumberId,
      );
    }
    const action = Object.hasOwn(actions, request.params.action) ? actions[request.params.action] : undefined;
    if (!action) return back(reply, fields, { error: 'Ação desconhecida.' });
    const found = idOf(fields.number);
    const number = found ? await findNumber(ctx.db, found) : null;
    if (!number) return back(reply, fields, { error: 'Escolha um número da empresa.' });
    try {
      return back(reply, fields, { notice: await action(number, fields, files) });
    } catch (err) {
      if (err instanceof SimulatorActionError) return back(reply, fields, { error: err.message });
      throw err;
    }
  });
};
