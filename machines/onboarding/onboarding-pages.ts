import type { OnboardingStep } from '../../contracts/onboarding';
import { appPaths } from '../app-paths';
import type { StepRequest } from './onboarding-reach';

/** Spec §2: the onboarding routes. */
export const ONBOARDING_PATH = appPaths.onboarding;

export const stepPaths: Readonly<Record<OnboardingStep, string>> = {
  userName: appPaths.onboardingUserName,
  companyDetails: appPaths.onboardingCompany,
  phone: appPaths.onboardingPhone,
  verifyPhone: appPaths.onboardingVerifyPhone,
  trial: appPaths.onboardingTrial,
};

/** Spec §2: where /onboarding sends a user who needs no onboarding, and where the trial leads. */
export const AFTER_ONBOARDING_PATH = appPaths.whatsapp;
/** Spec §2: where a step page sends a user who needs no onboarding. */
export const STEP_PAGES_ELSEWHERE_PATH = appPaths.home;
/** "Sair": the page that ends the sign-in. */
export const LOGOUT_PATH = appPaths.logout;

/** The address of a step's page; verify-phone carries the number in `phone`. */
export function stepPage(step: OnboardingStep, phone: string | null): string {
  const path = stepPaths[step];
  return step === 'verifyPhone' && phone ? `${path}?${new URLSearchParams({ phone })}` : path;
}

/** What an onboarding address asks for (the path without a trailing slash, case as the router matches). */
export function requestOf(path: string, phone: string | null | undefined): StepRequest | undefined {
  const clean = path.replace(/\/+$/, '').toLowerCase();
  if (clean === ONBOARDING_PATH) return { step: null, phone: null };
  for (const [step, stepPath] of Object.entries(stepPaths) as [OnboardingStep, string][]) {
    if (clean === stepPath) return { step, phone: step === 'verifyPhone' ? (phone ?? null) : null };
  }
  return undefined;
}
