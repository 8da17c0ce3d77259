import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { loginMachine } from '../../machines/login/login.machine';

describe('login chart: what it tells the app', () => {
  it('emits the hosted login’s error, then where to go, replacing /login in history', async () => {
    const actor = createActor(
      loginMachine.provide({
        delays: { minimumPending: 0 },
        actors: { signIn: fromPromise(async () => ({ needsOnboarding: false })) },
      }),
      { input: { error: 'Não foi possível entrar.', redirect: '/tasks' } },
    );
    const heard: unknown[] = [];
    actor.on('*', (event) => heard.push(event));
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual([
      { type: 'error', message: 'Não foi possível entrar.' },
      { type: 'navigate', to: '/tasks', replace: true },
    ]);
  });

  it('sends someone whose sign-up is not complete to /onboarding', async () => {
    const actor = createActor(
      loginMachine.provide({
        delays: { minimumPending: 0 },
        actors: { signIn: fromPromise(async () => ({ needsOnboarding: true })) },
      }),
      { input: { accessToken: 'a', refreshToken: 'r', redirect: '/tasks' } },
    );
    const heard: unknown[] = [];
    actor.on('navigate', (event) => heard.push(event));
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual([{ type: 'navigate', to: '/onboarding', replace: true }]);
  });
});
