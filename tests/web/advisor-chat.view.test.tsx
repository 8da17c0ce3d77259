import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { askAdvisorContract, getAdvisorConversationContract } from '../../contracts/advisor';
import { earlierConversation } from '../../machines/advisor-chat/advisor-chat.paths';
import { HeldEventStreams } from './support/event-stream';
import { type FakeRoutes, HeldCalls, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

function openAdvisor() {
  const questions = new HeldEventStreams();
  const conversation = new HeldCalls(ok({ messages: earlierConversation }));
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === getAdvisorConversationContract.url) return conversation.receive(request);
    if (pathname === askAdvisorContract.url) return questions.receive(request);
    return undefined;
  };
  const app = openSignedIn('/home/advisor', { routes: [routes] });
  return { app, questions };
}

describe('/home/advisor', () => {
  withPagesPreloaded();

  it('starts a new line on Shift+Enter and sends on Enter', async () => {
    const { app, questions } = openAdvisor();
    await settleQueries();
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Sua pergunta');
    await user.click(field);
    await user.keyboard('Quem comprou{Shift>}{Enter}{/Shift}este mês?');
    await settleQueries();
    expect(field).toHaveProperty('value', 'Quem comprou\neste mês?');
    expect(questions.requests).toHaveLength(0);
    await user.keyboard('{Enter}');
    await settleQueries();
    expect(questions.requests).toHaveLength(1);
    expect(await questions.requests[0]!.json()).toEqual({ question: 'Quem comprou\neste mês?' });
    expect(field).toHaveProperty('value', '');
    app.unmount();
  });

  it('opens the record an answer used from its link, inside the app', async () => {
    const { app } = openAdvisor();
    await settleQueries();
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Maria Souza' }));
    await settleQueries();
    expect(app.url()).toBe('/customers/c-maria');
  });
});
