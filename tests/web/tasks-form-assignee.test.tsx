import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ASSIGNEE_NOT_MEMBER_TEXT } from '../../contracts/activity';
import { formFollowUp, formTask } from '../../machines/task-form/task-form.paths';
import { failed, type HeldCalls, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes, followUpAnswer } from './support/tasks-api';
import { type FakeMember, membersNamed, teamRoutes } from './support/team-api';

/** Ana (signed in), Carla, and Bia who has not given a name yet. */
const team: FakeMember[] = [
  ...membersNamed(['Ana Souza', 'Carla Dias'], ['u-ana', 'u-carla']),
  { userId: 'u-bia', name: null, email: 'bia@docesdaana.com.br', role: 'staff' },
];

async function open(url: string, members: FakeMember[] = team) {
  // Saves wait for the test: what was sent is read from the call.
  const tasks = fakeTaskRoutes();
  tasks.detail.always(
    ok({ task: formTask({ assignee: { userId: 'u-carla', name: 'Carla Dias' } }), showNubankWidget: false }),
  );
  tasks.followUp.always(followUpAnswer(formFollowUp()));
  const app = openSignedIn(url, { routes: [tasks.routes, teamRoutes(members)] });
  await settleQueries();
  return { ...app, tasks };
}

const assignee = () => screen.getByLabelText('Responsável') as HTMLSelectElement;
const optionTexts = () => Array.from(assignee().options, (option) => option.textContent);
const chosen = () => assignee().selectedOptions[0]?.textContent;

async function bodyOf(calls: HeldCalls): Promise<Record<string, unknown>> {
  return calls.requests.at(-1)!.clone().json();
}

describe('the task form\'s "Responsável"', () => {
  withPagesPreloaded();

  test('new: the members by name (e-mail without one), "(Você)" marked, "Sem responsável"; the signed-in person by default', async () => {
    const app = await open('/tasks/new');
    expect(optionTexts()).toEqual([
      'Ana Souza (Você)',
      'bia@docesdaana.com.br',
      'Carla Dias',
      'Sem responsável',
    ]);
    expect(assignee().value).toBe('u-ana');

    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Ligar para a Marina' } });
    await userEvent.click(screen.getByRole('button', { name: 'Criar tarefa' }));
    // Untouched, the body leaves it to the server: whoever creates the task.
    expect(await bodyOf(app.tasks.create)).not.toHaveProperty('assigneeUserId');
  });

  test('new: the member picked is sent', async () => {
    const app = await open('/home/new');
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Ligar para a Marina' } });
    await userEvent.selectOptions(assignee(), 'Carla Dias');
    expect(chosen()).toBe('Carla Dias');
    await userEvent.click(screen.getByRole('button', { name: 'Criar tarefa' }));
    expect(await bodyOf(app.tasks.create)).toMatchObject({
      title: 'Ligar para a Marina',
      assigneeUserId: 'u-carla',
    });
  });

  test('edit: the task\'s assignee is chosen; "Sem responsável" sends null', async () => {
    const app = await open('/tasks/t-ana/edit');
    expect(chosen()).toBe('Carla Dias');
    await userEvent.selectOptions(assignee(), 'Sem responsável');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(app.tasks.update.requests[0]!.method).toBe('PUT');
    expect(await bodyOf(app.tasks.update)).toMatchObject({ assigneeUserId: null });
  });

  test('edit: someone who left the team stays on screen while the task is theirs', async () => {
    await open('/tasks/t-ana/edit', team.slice(0, 1).concat(team[2]!));
    expect(chosen()).toBe('Carla Dias');
    expect(optionTexts()).toContain('bia@docesdaana.com.br');
  });

  test('the server refuses the person: its text beside the select until another is picked', async () => {
    const app = await open('/tasks/new');
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Ligar para a Marina' } });
    await userEvent.selectOptions(assignee(), 'Carla Dias');
    await userEvent.click(screen.getByRole('button', { name: 'Criar tarefa' }));
    app.tasks.create.answer(
      failed(400, 'Confira os campos.', 'VALIDATION_ERROR', [
        { path: 'assigneeUserId', message: ASSIGNEE_NOT_MEMBER_TEXT },
      ]),
    );
    await settleQueries();
    expect(assignee().getAttribute('aria-invalid')).toBe('true');
    const described = assignee().getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      ASSIGNEE_NOT_MEMBER_TEXT,
    );

    await userEvent.selectOptions(assignee(), 'Ana Souza (Você)');
    expect(assignee().getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(ASSIGNEE_NOT_MEMBER_TEXT)).toBeNull();
  });

  test('alone in the company, no "Responsável" is offered and nothing is sent for it', async () => {
    const app = await open('/tasks/t-ana/edit', membersNamed(['Ana Souza'], ['u-ana']));
    expect(screen.getByLabelText('Título')).toHaveProperty('value', 'Confirmar encomenda');
    expect(screen.queryByLabelText('Responsável')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await bodyOf(app.tasks.update)).not.toHaveProperty('assigneeUserId');
  });
});
