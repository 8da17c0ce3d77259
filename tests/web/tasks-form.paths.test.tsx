import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  FORM_NOW,
  joao,
  maria,
  planTaskFormStep,
  type TaskFormScreen,
  type TaskFormUserAction,
  taskFormPathModel,
  taskFormScenarioOf,
} from '../../machines/task-form/task-form.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { expectKeysFollowSubmissions, sentAlongPath } from '../support/submission-keys';
import { customer, customersPage } from './support/customer-fixtures';
import { ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes, followUpAnswer, toastTitle } from './support/tasks-api';

const paths = generatePaths(taskFormPathModel);

const SWITCH = 'Enviar mensagem de follow-up no WhatsApp';

function field(label: string) {
  return screen.getByLabelText(label) as HTMLInputElement;
}

/** The error text beside a control (a `.form-error` it is described by), or null. */
function errorOf(control: HTMLElement | null): string | null {
  if (!control) return null;
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const errors = ids
    .map((id) => document.getElementById(id))
    .filter((element) => element?.classList.contains('form-error'));
  return errors.length > 0 ? errors.map((element) => element!.textContent).join(' ') : null;
}

function expectScreen(url: string, app: ReturnType<typeof openSignedIn>, seen: TaskFormScreen) {
  switch (seen.shows) {
    case 'form': {
      expect(app.url()).toBe(url);
      const form = screen.getByRole('button', { name: seen.submitLabel }).closest('form')!;
      expect(field('Título').value).toBe(seen.title);
      expect(field('Data').value).toBe(seen.date);
      expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveProperty('value', seen.customer);
      const toggle = screen.getByRole('switch', { name: SWITCH }) as HTMLInputElement;
      expect(toggle.checked).toBe(seen.followUp);
      expect(toggle.disabled).toBe(!seen.switchEnabled);
      const message = screen.queryByLabelText('Mensagem') as HTMLTextAreaElement | null;
      expect(message?.value ?? null).toBe(seen.message);
      expect({
        title: errorOf(field('Título')),
        due: errorOf(field('Data')),
        customer: errorOf(screen.getByRole('combobox', { name: 'Cliente' })),
        followUp: errorOf(toggle),
        message: errorOf(message),
      }).toEqual(seen.errors);
      expect(within(form).queryByRole('alert')?.textContent ?? null).toBe(seen.banner);
      expect(screen.getByRole('button', { name: seen.submitLabel })).toHaveProperty('disabled', false);
      return;
    }
    case 'saving':
      expect(screen.getByRole('button', { name: seen.label })).toHaveProperty('disabled', true);
      expect(field('Título').closest('fieldset')?.disabled).toBe(true);
      return;
    case 'saved':
      expect(app.url()).toBe(seen.path);
      expect(toastTitle('task-saved')).toBe(seen.toast);
      return;
  }
}

describe('the task form: chart paths, as the owner sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      // Only the date is fixed ("Nova tarefa" proposes the next full hour); timers stay real.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(FORM_NOW);
      let app: ReturnType<typeof openSignedIn> | undefined;
      const tasks = fakeTaskRoutes({
        customers: ok(
          customersPage([
            customer({ ...maria, phone: maria.phone }),
            customer({ ...joao, phone: joao.phone }),
          ]),
        ),
      });
      const perform = async (action: TaskFormUserAction) => {
        switch (action.do) {
          case 'open':
            if (action.loads) {
              tasks.detail.always(ok({ task: action.loads.task, showNubankWidget: true }));
              if (action.loads.followUp) tasks.followUp.always(followUpAnswer(action.loads.followUp));
            }
            app = openSignedIn(action.url, { routes: [tasks.routes] });
            await settleQueries();
            return;
          case 'type':
            await userEvent.clear(field(action.label));
            // Pasted: the same change events as typing, without a render per character.
            if (action.text !== '') await userEvent.paste(action.text);
            return;
          case 'set-date':
            fireEvent.change(field('Data'), { target: { value: action.value } });
            return;
          case 'pick-customer':
            await userEvent.click(screen.getByRole('combobox', { name: 'Cliente' }));
            await settleQueries();
            await userEvent.click(screen.getByRole('option', { name: new RegExp(`^${action.option}`) }));
            return;
          case 'toggle-follow-up':
            await userEvent.click(screen.getByRole('switch', { name: SWITCH }));
            return;
          case 'click':
            await userEvent.click(screen.getByRole('button', { name: action.button }));
            await settleQueries();
            return;
          case 'answer-save': {
            const endpoint = action.method === 'POST' ? tasks.create : tasks.update;
            const call = endpoint.requests.at(-1)!;
            expect([call.method, new URL(call.url).pathname]).toEqual([action.method, action.url]);
            expect(await call.clone().json()).toEqual(action.body);
            expect(endpoint.answer({ status: action.status, body: action.reply }), 'a save waited').toBe(1);
            await settleQueries();
            return;
          }
        }
      };
      await walkPath(taskFormPathModel, path, {
        act: async (index) => {
          for (const action of planTaskFormStep(path, index).actions) await perform(action);
        },
        check: (index) =>
          expectScreen(taskFormScenarioOf(path.scenario).url, app!, planTaskFormStep(path, index).screen),
      });
      // "Salvar" again after a refusal or a lost answer sent the same Idempotency-Key; changed values, a new one.
      const sent = await sentAlongPath(tasks.create.requests, path.steps, 'saveTask');
      for (const { key } of sent) expect(key).not.toBe('');
      expectKeysFollowSubmissions(sent);
      for (const request of tasks.update.requests) expect(request.headers.get('idempotency-key')).toBeNull();
      app?.unmount();
    },
    // A path is a whole visit (sign-in check, page, several calls): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
