import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { askAdvisorContract, getAdvisorConversationContract } from '../../contracts/advisor';
import { earlierConversation } from '../../machines/advisor-chat/advisor-chat.paths';
import { HeldEventStreams } from './support/event-stream';
import { type FakeRoutes, HeldCalls, ok, settleQueries } from './support/fake-api';
import { dashboardData, fakeHomeRoutes, whatsappState } from './support/home-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

function advisorRoutes() {
  const questions = new HeldEventStreams();
  const conversation = new HeldCalls(ok({ messages: earlierConversation }));
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === getAdvisorConversationContract.url) return conversation.receive(request);
    if (pathname === askAdvisorContract.url) return questions.receive(request);
    return undefined;
  };
  return { routes, questions };
}

function openAdvisor() {
  const { routes, questions } = advisorRoutes();
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

  it('asks the question typed on /home, once, and leaves it out of the address', async () => {
    const advisor = advisorRoutes();
    const home = fakeHomeRoutes({
      dashboard: ok(dashboardData()),
      whatsapp: ok(whatsappState()),
    });
    const app = openSignedIn('/home', { routes: [home.routes, advisor.routes] });
    await settleQueries();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Pergunte ao consultor'), 'Quais negócios estão parados?');
    await user.click(screen.getByRole('button', { name: 'Perguntar' }));
    await settleQueries();
    await screen.findByText('Quais negócios estão parados?', { selector: '.advisor-msg__text' });
    expect(advisor.questions.requests).toHaveLength(1);
    expect(await advisor.questions.requests[0]!.json()).toEqual({
      question: 'Quais negócios estão parados?',
    });
    // Replaced: Back leads to /home, and a reload of this address asks nothing.
    expect(app.location.history).toEqual(['/home', '/home/advisor']);
    app.unmount();
  });
});
