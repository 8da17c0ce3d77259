import { screen } from '@testing-library/react';
import { sessionAnswer } from './fake-api';
import { sessionCheck } from './session-cookies';

/** What the session check answers for a user who still has to onboard, and for an active one. */
export const onboardingAnswer = sessionAnswer(
  sessionCheck({ needsOnboarding: true, hasNoCurrentSubscriptionActive: true }),
);
export const activeAnswer = sessionAnswer(sessionCheck());

/** /login's pending screen is showing. */
export function pending(): boolean {
  return screen.queryByRole('status')?.textContent === 'Autenticando...';
}
