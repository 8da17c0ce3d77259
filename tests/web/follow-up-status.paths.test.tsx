import { describe, expect, it } from 'vitest';
import { realtimeEvent } from '../../contracts/realtime';
import { followUpStatusPathModel } from '../../machines/follow-up-status/follow-up-status.paths';
import { formTask } from '../../machines/task-form/task-form.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type FollowUpStatusLayer, followUpStatusDriver } from '../support/drivers/follow-up-status.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { failed, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { installScriptedSocket } from './support/realtime-socket';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes, followUpAnswer } from './support/tasks-api';
import { notConnectedCustomer } from './support/whatsapp-sending-api';

const paths = generatePaths(followUpStatusPathModel);

const mariaTask = formTask({ id: 't-maria', title: 'Cobrar orçamento', referenceEntityId: 'f-maria' });

describe("one follow-up on its task's page: chart paths, as the owner sees them", () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const Socket = installScriptedSocket();
      const tasks = fakeTaskRoutes({ detail: ok({ task: mariaTask, showNubankWidget: false }) });
      let app: ReturnType<typeof openSignedIn> | undefined;
      const waitFor = async (calls: { pending: number }, what: string) => {
        for (let round = 0; round < 100 && calls.pending === 0; round++) await settleQueries(1);
        expect(calls.pending, `${what} waited`).toBeGreaterThan(0);
      };
      const socket = () => {
        const opened = Socket.opened.at(-1);
        if (!opened) throw new Error('the app dialled no realtime socket');
        return opened;
      };
      const layer: FollowUpStatusLayer = {
        async open({ followUp }) {
          tasks.followUp.always(followUpAnswer(followUp));
          app = openSignedIn('/tasks/t-maria', { routes: [tasks.routes] });
          // The page is live once the realtime socket is up (the first page may still be loading).
          for (let round = 0; round < 100 && Socket.opened.length === 0; round++) await settleQueries(1);
          socket().push({ type: 'ready' });
          await settleQueries();
        },
        async serverMoves({ followUp }) {
          tasks.followUp.always(followUpAnswer(followUp));
          socket().push(
            realtimeEvent('followup.changed', {
              followUpMessageId: followUp.id,
              taskId: followUp.taskId,
              customerId: followUp.customerId,
              status: followUp.status,
            }),
          );
          await settleQueries();
        },
        async answer(action) {
          const calls = action.command === 'send_now' ? tasks.sendNow : tasks.resume;
          await waitFor(calls, action.command === 'send_now' ? '"Enviar agora"' : '"Retomar follow-ups"');
          if ('error' in action) {
            calls.answer(
              failed(
                action.status,
                action.error,
                action.status === 409 ? 'FOLLOW_UP_NOT_SENDABLE' : undefined,
              ),
            );
          } else {
            // From now on the server holds the follow-up as it answered.
            tasks.followUp.always(followUpAnswer(action.followUp));
            calls.answer(
              action.command === 'send_now'
                ? ok({ followUpMessage: action.followUp })
                : ok({ whatsapp: notConnectedCustomer, resumed: 1 }),
            );
          }
          await settleQueries();
        },
      };
      const driver = followUpStatusDriver(jsdomSurface({ url: () => app?.url() }), layer);
      await walkPath(followUpStatusPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      // Each click reached the server once, for this follow-up or its customer.
      const clicks = (type: string) => path.steps.filter((step) => step.event.type === type).length;
      expect(tasks.sendNow.paths).toEqual(
        Array.from({ length: clicks('SEND_NOW') }, () => '/api/followup/f-maria/send-now'),
      );
      expect(tasks.resume.paths).toEqual(
        Array.from({ length: clicks('RESUME') }, () => '/api/customers/c-maria/follow-ups/resume'),
      );
      app?.unmount();
    },
    // A path is a whole visit (sign-in check, page, calls): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
