import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { loginMachine } from '../../machines/login/login.machine';

/** The chart with its app-facing actions recorded, signing in as `needsOnboarding` says. */
function recorded(needsOnboarding: boolean) {
  const done: unknown[] = [];
  const machine = loginMachine.provide({
    delays: { minimumPending: 0 },
    actors: { signIn: fromPromise(async () => ({ needsOnboarding })) },
    actions: {
      showError: (_, params) => done.push({ showError: params }),
      leave: (_, params) => done.push({ leave: params }),
    },
  });
  return { machine, done };
}

describe('login chart: what it tells the app', () => {
  it('shows the hosted login’s error, then leaves for the redirect value', async () => {
    const { machine, done } = recorded(false);
    createActor(machine, { input: { error: 'Não foi possível entrar.', redirect: '/tasks' } }).start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toEqual([
      { showError: { message: 'Não foi possível entrar.' } },
      { leave: { to: '/tasks' } },
    ]);
  });

  it('sends someone whose sign-up is not complete to /onboarding', async () => {
    const { machine, done } = recorded(true);
    createActor(machine, { input: { accessToken: 'a', refreshToken: 'r', redirect: '/tasks' } }).start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toEqual([{ leave: { to: '/onboarding' } }]);
  });

  it('sends someone who signed up from a team invitation back to it, to join before onboarding', async () => {
    const { machine, done } = recorded(true);
    const invitation = '/convite/tok_carla_0123456789abcdef';
    createActor(machine, { input: { accessToken: 'a', refreshToken: 'r', redirect: invitation } }).start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toEqual([{ leave: { to: invitation } }]);
  });
});
