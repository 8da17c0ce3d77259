import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NOW,
  planQuickTaskStep,
  type QuickTaskScreen,
  type QuickTaskUserAction,
  quickTaskPathModel,
  texts,
} from '../../machines/quick-task/quick-task.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { expectKeysFollowSubmissions, sentAlongPath } from '../support/submission-keys';
import { settleQueries } from './support/fake-api';
import { openHome, withHomePagesPreloaded } from './support/home-api';

const paths = generatePaths(quickTaskPathModel);

function sheet() {
  return screen.getByRole('dialog', { name: 'Nova tarefa' });
}

function field(label: string) {
  return within(sheet()).getByLabelText(label) as HTMLInputElement;
}

function expectScreen(seen: QuickTaskScreen) {
  if (seen.shows === 'closed') {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Adicionar tarefa' })).toBeDefined();
    if (seen.toast) {
      const shown = document.querySelector('[data-testid^="toast-task-created-"] [data-title]');
      expect(shown?.textContent).toBe(seen.toast);
    }
    return;
  }
  const dialog = sheet();
  expect(field('Título').value).toBe(seen.title);
  const checked = within(dialog)
    .getAllByRole('radio')
    .filter((radio) => (radio as HTMLInputElement).checked)
    .map((radio) => (radio as HTMLInputElement).value);
  expect(checked).toEqual([seen.day]);
  if (seen.date === null) expect(within(dialog).queryByLabelText('Data')).toBeNull();
  else expect(field('Data').value).toBe(seen.date);
  expect(field('Horário').value).toBe(seen.time);
  expect(
    (within(dialog).getByRole('combobox', { name: texts.customerLabel }) as HTMLInputElement).value,
  ).toBe(seen.customer ?? '');
  const { title, date, time, customer, form } = seen.errors;
  const expected = [title, date, time, customer, form].filter((text): text is string => text !== null);
  expect(
    within(dialog)
      .queryAllByRole('alert')
      .map((alert) => alert.textContent),
  ).toEqual(expected);
  expect(field('Título').getAttribute('aria-invalid')).toBe(title ? 'true' : null);
  const save = within(dialog).getByRole('button', { name: seen.saving ? 'Salvando...' : 'Salvar' });
  expect((save as HTMLButtonElement).disabled).toBe(seen.saving);
}

describe('the quick-add task sheet: chart paths, as the owner sees them on /home', () => {
  withHomePagesPreloaded();
  beforeAll(async () => {
    // The sheet's chunk, as the "+" fetches it on the first pointer or focus.
    await import('../../src/features/home/quick-task/QuickTaskHost');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: Awaited<ReturnType<typeof openHome>> | undefined;
      const perform = async (action: QuickTaskUserAction) => {
        switch (action.do) {
          case 'open-home':
            // The sheet reads "Hoje", "Amanhã" and the suggested time from the clock.
            vi.useFakeTimers({ toFake: ['Date'], now: NOW });
            app = await openHome({ create: undefined });
            return;
          case 'click': {
            const inSheet = screen.queryByRole('dialog');
            const scope = inSheet ? within(inSheet) : screen;
            await userEvent.click(scope.getByRole('button', { name: action.button }));
            break;
          }
          case 'choose-day':
            await userEvent.click(within(sheet()).getByRole('radio', { name: action.option }));
            break;
          case 'type':
            await userEvent.clear(field(action.label));
            if (action.text) await userEvent.type(field(action.label), action.text);
            break;
          case 'fill':
            fireEvent.change(field(action.label), { target: { value: action.value } });
            break;
          case 'choose-customer':
            await userEvent.click(within(sheet()).getByRole('combobox', { name: texts.customerLabel }));
            await settleQueries();
            await userEvent.click(
              await within(sheet()).findByRole('option', { name: new RegExp(`^${action.name}`) }),
            );
            break;
          case 'press-escape':
            await userEvent.keyboard('{Escape}');
            break;
          case 'tap-backdrop':
            await userEvent.click(document.querySelector('.sheet__backdrop')!);
            break;
          case 'answer-create': {
            const call = app!.home.create.requests.at(-1)!;
            expect(await call.clone().json()).toEqual(action.body);
            expect(
              app!.home.create.answer({ status: action.status, body: action.reply }),
              'a save waited',
            ).toBe(1);
            break;
          }
        }
        await settleQueries();
      };
      await walkPath(quickTaskPathModel, path, {
        act: async (index) => {
          for (const action of planQuickTaskStep(path, index).actions) await perform(action);
        },
        check: (index) => expectScreen(planQuickTaskStep(path, index).screen),
      });
      // "Salvar" again after a failure sent the same Idempotency-Key; another draft, or the next task, a new one.
      const sent = await sentAlongPath(app?.home.create.requests ?? [], path.steps, 'createTask');
      for (const { key } of sent) expect(key).not.toBe('');
      expectKeysFollowSubmissions(sent);
      app?.unmount();
    },
    // A path is a whole visit (several openings, saves and refusals): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
