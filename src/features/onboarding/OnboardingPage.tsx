import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { OnboardingStep } from '../../../contracts/onboarding';
import type { OnboardingActor, OnboardingSnapshot } from '../../../machines/onboarding/onboarding.machine';
import {
  AFTER_ONBOARDING_PATH,
  requestOf,
  STEP_PAGES_ELSEWHERE_PATH,
  stepPage,
} from '../../../machines/onboarding/onboarding-pages';
import type { StepRequest } from '../../../machines/onboarding/onboarding-reach';
import { PRODUCT_NAME } from '../../app/routing/useDocumentTitle';
import { useSessionActor } from '../../app/session/session-context';
import { CompanyStep } from './CompanyStep';
import { OnboardingStepper } from './OnboardingStepper';
import { createOnboardingMachine } from './onboarding-machine';
import { onboardingStatusQuery } from './onboarding-status-query';
import { PhoneStep } from './PhoneStep';
import { TrialStep } from './TrialStep';
import { UserNameStep } from './UserNameStep';
import { VerifyPhoneStep } from './VerifyPhoneStep';
import './onboarding.css';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { RetryButton } from '../../ui/retry-button/RetryButton';

const HEADINGS: Readonly<Record<OnboardingStep, string>> = {
  userName: 'Sobre você',
  companyDetails: 'Sobre sua empresa',
  phone: 'Telefone',
  verifyPhone: 'Validação de telefone',
  trial: 'Tudo pronto para começar',
};

function sameRequest(a: StepRequest | null, b: StepRequest): boolean {
  return a !== null && a.step === b.step && (a.phone ?? null) === (b.phone ?? null);
}

/**
 * Keeps the address and the chart in step. The address asks (VISIT) once per change; when the chart
 * shows another step than the address names, the address follows: replaced after a redirect,
 * pushed after the chart moved by itself (a successful submit, "Voltar"), so the browser's Back
 * returns to the step.
 */
function useStepAddress(onboarding: OnboardingActor, request: StepRequest, here: string, navigate: Navigate) {
  const { step: askedStep, phone: askedPhone } = request;
  // What of the chart moves the address: the step on screen, its number, how it got there.
  const chartPosition = useSelector(
    onboarding,
    (s) =>
      `${s.status}|${s.context.step}|${s.context.phoneNumber}|${s.context.arrival}|${s.context.request !== null}`,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: chartPosition re-runs it when the chart moves; the effect reads the live snapshot.
  useEffect(() => {
    const asked: StepRequest = { step: askedStep, phone: askedPhone };
    const snapshot = onboarding.getSnapshot();
    if (snapshot.status !== 'active') return;
    const { context } = snapshot;
    const movedItself = context.arrival === 'advanced' || context.arrival === 'returned';
    if (context.step !== null && movedItself && context.request === null) {
      const page = stepPage(context.step, context.phoneNumber);
      if (page !== here) navigate(page);
      else onboarding.send({ type: 'VISIT', ...asked });
      return;
    }
    if (!sameRequest(context.request, asked)) onboarding.send({ type: 'VISIT', ...asked });
    const after = onboarding.getSnapshot();
    if (after.status !== 'active' || after.context.step === null) return;
    const page = stepPage(after.context.step, after.context.phoneNumber);
    if (page !== here) navigate(page, { replace: true });
  }, [onboarding, askedStep, askedPhone, here, navigate, chartPosition]);
}

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * The centred card every onboarding screen sits in: the product's name with "Sair" (someone signed in
 * with the wrong account leaves from any step), the stepper, the step.
 */
function OnboardingFrame({
  children,
  stepper,
  onboarding,
}: {
  children: ReactNode;
  stepper?: ReactNode;
  onboarding: OnboardingActor;
}) {
  return (
    <div className="onboarding">
      <div className="onboarding__top">
        <p className="onboarding__brand">{PRODUCT_NAME}</p>
        <button
          type="button"
          className="onboarding__sign-out"
          onClick={() => onboarding.send({ type: 'SIGN_OUT' })}
        >
          Sair
        </button>
      </div>
      {stepper}
      <section className="card onboarding-card" aria-labelledby="onboarding-title">
        {children}
      </section>
    </div>
  );
}

/** "Voltar" to the step before, on every step that has one; unavailable while a call is under way. */
function BackButton({ onboarding, snapshot }: { onboarding: OnboardingActor; snapshot: OnboardingSnapshot }) {
  return (
    <button
      type="button"
      className="onboarding-back"
      disabled={!snapshot.can({ type: 'BACK' })}
      onClick={() => onboarding.send({ type: 'BACK' })}
    >
      <span aria-hidden="true">←</span> Voltar
    </button>
  );
}

/**
 * The six onboarding routes (spec §2) share this page, so the chart (and what it knows: the code
 * just sent, its cooldown) survives moving between steps.
 */
export default function OnboardingPage() {
  const session = useSessionActor();
  const queryClient = useQueryClient();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const phoneParam = new URLSearchParams(search).get('phone');
  const request = requestOf(path, phoneParam) ?? { step: null, phone: null };
  const here = search ? `${path}?${search}` : path;

  const [machine] = useState(() => createOnboardingMachine(queryClient, session));
  const [input] = useState(() => {
    const { context } = session.getSnapshot();
    return { request, needsOnboarding: context.needsOnboarding, userId: context.user?.id || null };
  });
  const onboarding = useActorRef(machine, { input });
  const snapshot = useSelector(onboarding, (s) => s);
  // The chart loads the status through the cache; this only watches that load (its retries).
  const statusLoad = useQuery({ ...onboardingStatusQuery, enabled: false });
  useStepAddress(onboarding, request, here, navigate);

  const step = snapshot.context.step;
  const heading = useRef<HTMLHeadingElement>(null);
  const shownBefore = useRef<OnboardingStep | null>(null);
  useEffect(() => {
    // A new step: the keyboard and screen readers start at its heading.
    if (step && shownBefore.current && step !== shownBefore.current) heading.current?.focus();
    shownBefore.current = step;
  }, [step]);

  if (snapshot.matches('notNeeded'))
    return (
      <Redirect to={request.step === null ? AFTER_ONBOARDING_PATH : STEP_PAGES_ELSEWHERE_PATH} replace />
    );
  if (snapshot.matches('complete')) return <Redirect to={AFTER_ONBOARDING_PATH} replace />;
  if (snapshot.matches('signingOut')) return <Redirect to="/logout" />;

  if (snapshot.matches('loading') || step === null) {
    if (snapshot.matches('loadFailed')) {
      return (
        <OnboardingFrame onboarding={onboarding}>
          <h1 id="onboarding-title" className="card__title onboarding-card__title">
            Cadastro
          </h1>
          <p className="form-error" role="alert">
            Failed to fetch onboarding status
          </p>
          <RetryButton
            onRetry={() => onboarding.send({ type: 'RETRY' })}
            className="onboarding-form__submit"
          />
        </OnboardingFrame>
      );
    }
    return (
      <OnboardingFrame onboarding={onboarding}>
        <h1 id="onboarding-title" className="visually-hidden">
          Cadastro
        </h1>
        <QueryLoading query={statusLoad} queryKey={onboardingStatusQuery.queryKey} frameClassName="">
          <div className="onboarding-loading" role="status">
            <span className="onboarding-loading__spinner" aria-hidden="true" />
            <p>Carregando onboarding...</p>
          </div>
        </QueryLoading>
      </OnboardingFrame>
    );
  }

  const stepProps = { onboarding, snapshot };
  return (
    <OnboardingFrame
      onboarding={onboarding}
      stepper={
        <OnboardingStepper step={step} signupComplete={snapshot.context.status?.isSignupComplete ?? false} />
      }
    >
      {step === 'userName' ? null : <BackButton onboarding={onboarding} snapshot={snapshot} />}
      <h1 id="onboarding-title" className="card__title onboarding-card__title" ref={heading} tabIndex={-1}>
        {HEADINGS[step]}
      </h1>
      {step === 'userName' && <UserNameStep key="userName" {...stepProps} />}
      {step === 'companyDetails' && <CompanyStep key="companyDetails" {...stepProps} />}
      {step === 'phone' && <PhoneStep key="phone" {...stepProps} />}
      {step === 'verifyPhone' && (
        <VerifyPhoneStep key={snapshot.context.phoneNumber ?? ''} snapshot={snapshot} />
      )}
      {step === 'trial' && <TrialStep key="trial" {...stepProps} />}
    </OnboardingFrame>
  );
}
