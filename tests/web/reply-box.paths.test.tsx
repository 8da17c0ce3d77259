import { describe, expect, it } from 'vitest';
import { realtimeEvent } from '../../contracts/realtime';
import { replyOf } from '../../machines/reply-box/reply-box.machine';
import { REPLY_MESSAGE, replyBoxPathModel } from '../../machines/reply-box/reply-box.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type ReplyBoxLayer, replyBoxDriver } from '../support/drivers/reply-box.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { customer } from './support/customer-fixtures';
import { fakeCustomersServer, settleCustomers, withCustomerPagesPreloaded } from './support/customers-api';
import { failed, ok, settleQueries } from './support/fake-api';
import { installScriptedSocket } from './support/realtime-socket';
import { openSignedIn } from './support/signed-in';

/** How long an open window lasts in a path whose window closes while the box is open (real time). */
const CLOSING_WINDOW_MS = 5000;
const CLOSES = 'xstate.after.windowCloses.replyBox.text';

const paths = generatePaths(replyBoxPathModel);

describe("the customer page's reply box: chart paths, as the owner sees them", () => {
  withCustomerPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const server = fakeCustomersServer({ customers: [customer({ id: 'c-maria', name: 'Maria Silva' })] });
      const { whatsapp, templates, reply } = server.sending;
      whatsapp.always(undefined);
      const Socket = installScriptedSocket();
      let app: ReturnType<typeof openSignedIn> | undefined;
      // A window that closes during the path ends a few seconds after it was read: time really passes.
      const closesDuringPath = path.steps.some((step) => step.event.type === CLOSES);
      let windowClosesAt: string | null = null;
      let socketReady = false;
      const whatsappAnswer = (windowEnd: string | null) =>
        ok({ canSend: true, windowClosesAt: windowEnd, followUpsPausedAt: null, undeliverable: false });
      const waitFor = async (calls: { pending: number }, what: string) => {
        for (let round = 0; round < 100 && calls.pending === 0; round++) await settleQueries(1);
        expect(calls.pending, `${what} waited`).toBeGreaterThan(0);
      };
      const layer: ReplyBoxLayer = {
        async open() {
          app = openSignedIn('/customers/c-maria', { routes: [server.routes] });
          await settleCustomers(server);
        },
        async answerLoad(action) {
          await waitFor(whatsapp, "the customer's window");
          if ('status' in action) {
            whatsapp.answer(failed(500, action.error));
          } else {
            const { canSend, templates: approved } = action.setting;
            windowClosesAt =
              action.setting.windowClosesAt && closesDuringPath
                ? new Date(Date.now() + CLOSING_WINDOW_MS).toISOString()
                : action.setting.windowClosesAt;
            // Inside the window the templates wait until it closes (then the box reads them).
            templates.always(windowClosesAt ? undefined : ok({ templates: approved }));
            whatsapp.answer(ok({ canSend, windowClosesAt, followUpsPausedAt: null, undeliverable: false }));
          }
          await settleQueries();
        },
        async answerSend(action) {
          await waitFor(reply, 'the reply');
          reply.answer(
            action.status === 201
              ? ok({ message: REPLY_MESSAGE }, 201)
              : failed(502, action.error, 'WHATSAPP_GRAPH_REFUSED'),
          );
          await settleQueries();
        },
        async customerWrites(action) {
          windowClosesAt = action.windowClosesAt;
          whatsapp.always(whatsappAnswer(windowClosesAt));
          const socket = Socket.opened.at(-1);
          expect(socket, 'the realtime socket').toBeDefined();
          if (!socketReady) socket!.push({ type: 'ready' });
          socketReady = true;
          socket!.push(
            realtimeEvent('message.received', { messageId: 'm-in', customerId: 'c-maria', preview: 'Oi' }),
          );
          await settleQueries();
        },
        async windowPasses() {
          const left = Date.parse(windowClosesAt!) - Date.now();
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, left) + 50));
          await settleQueries();
        },
        async answerTemplates(action) {
          await waitFor(templates, 'the templates');
          templates.answer(
            'status' in action ? failed(500, action.error) : ok({ templates: action.templates }),
          );
          windowClosesAt = null;
          await settleQueries();
        },
        conversationReads: async () => server.conversationRequests.length,
        windowClosesAt: () => windowClosesAt,
      };
      const driver = replyBoxDriver(jsdomSurface({ url: () => app?.url() }), layer);
      await walkPath(replyBoxPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      // Each reply went out as composed, under one Idempotency-Key per reply that a retry keeps.
      const sends = path.steps.filter((step) => step.state.matches('sending'));
      const bodies = await Promise.all(reply.requests.map((request) => request.clone().json()));
      expect(bodies).toEqual(sends.map((step) => replyOf(step.state.context)));
      const keys = reply.requests.map((request) => request.headers.get('Idempotency-Key'));
      const failedAfter = (step: (typeof sends)[number]) =>
        path.steps[path.steps.indexOf(step) + 1]?.event.type === 'xstate.error.actor.sendReply';
      sends.forEach((_step, index) => {
        expect(keys[index]).toBeTruthy();
        if (index === 0) return;
        const previous = sends[index - 1]!;
        const sameReply =
          failedAfter(previous) && JSON.stringify(bodies[index]) === JSON.stringify(bodies[index - 1]);
        expect(keys[index] === keys[index - 1]).toBe(sameReply);
      });
      app?.unmount();
    },
    // A path is a whole visit (sign-in check, page, calls): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
