import type { AnyMachineSnapshot } from 'xstate';
import { emailVerificationPathModel } from '../../machines/email-verification/email-verification.paths';
import { loginPathModel } from '../../machines/login/login.paths';
import { onboardingPathModel } from '../../machines/onboarding/onboarding.paths';
import { phoneVerificationPathModel } from '../../machines/phone-verification/phone-verification.paths';
import { sessionPathModel } from '../../machines/session/session.paths';
import { toastPathModel } from '../../machines/toasts/toast.paths';
import type { ChartPath, PathModel } from '../../tests/support/chart-paths';
import type { BrowserDriver } from './browser-driver';
import { emailVerificationDriver } from './drivers/email-verification';
import { loginDriver } from './drivers/login';
import { onboardingDriver } from './drivers/onboarding';
import { phoneVerificationDriver } from './drivers/phone-verification';
import { sessionDriver } from './drivers/session';
import { toastsDriver } from './toasts-driver';

/** A chart testers can list and replay: its path model and how to act it out in the app. */
export interface PathChart<S extends AnyMachineSnapshot = AnyMachineSnapshot, I = unknown> {
  model: PathModel<S, I>;
  driver: BrowserDriver<ChartPath<S, I>>;
}

function chart<S extends AnyMachineSnapshot, I>(
  model: PathModel<S, I>,
  driver: BrowserDriver<ChartPath<S, I>>,
): PathChart {
  return { model, driver } as unknown as PathChart;
}

/**
 * Charts by the name `npm run paths -- <chart>` takes. Add one line per chart with paths
 * (session, onboarding, ... as they come).
 */
export const pathCharts: Readonly<Record<string, PathChart>> = {
  toasts: chart(toastPathModel, toastsDriver),
  login: chart(loginPathModel, loginDriver),
  session: chart(sessionPathModel, sessionDriver),
  'email-verification': chart(emailVerificationPathModel, emailVerificationDriver),
  onboarding: chart(onboardingPathModel, onboardingDriver),
  'phone-verification': chart(phoneVerificationPathModel, phoneVerificationDriver),
};
