import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { OnboardingStep } from '../../../contracts/onboarding';
import type { OnboardingActor, OnboardingSnapshot } from '../../../machines/onboarding/onboarding.machine';
import { requestOf } from '../../../machines/onboarding/onboarding-pages';
import type { StepRequest } from '../../../machines/onboarding/onboarding-reach';
import { PRODUCT_NAME } from '../../app/routing/useDocumentTitle';
import { useSessionActor } from '../../app/session/session-context';
import { useChartNavigation } from '../../lib/navigation/useChartNavigation';
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

/** What the page shows: nothing once onboarding is over (the chart has sent the address on). */
function pageShows(snapshot: OnboardingSnapshot): 'nothing' | 'loading' | 'loadFailed' | 'step' {
  if (snapshot.status === 'done') return 'nothing';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  // Sign-up complete (an invited person's code included): "Carregando" while the session is checked.
  return snapshot.matches('loading') || snapshot.matches('confirmingSession') ? 'loading' : 'step';
}

/**
 * Tells the chart which step the address asks for whenever the address changes (a link, Back, the
 * chart's own navigation); the chart decides what shows and where the address goes. The first
 * address came with the chart's input.
 */
function useAddressAsked(onboarding: OnboardingActor, request: StepRequest) {
  const { step, phone } = request;
  const told = useRef(`${step}|${phone}`);
  useEffect(() => {
    const asked = `${step}|${phone}`;
    if (asked === told.current) return;
    told.current = asked;
    onboarding.send({ type: 'VISIT', step, phone });
  }, [onboarding, step, phone]);
}

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
function BackButton({ onboarding }: { onboarding: OnboardingActor }) {
  const canGoBack = useSelector(onboarding, (s) => s.can({ type: 'BACK' }));
  return (
    <button
      type="button"
      className="onboarding-back"
      disabled={!canGoBack}
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
  const [path] = useLocation();
  const search = useSearch();
  const phoneParam = new URLSearchParams(search).get('phone');
  const request = requestOf(path, phoneParam) ?? { step: null, phone: null };

  const [machine] = useState(() => createOnboardingMachine(queryClient, session));
  const [input] = useState(() => {
    const { context } = session.getSnapshot();
    return { request, needsOnboarding: context.needsOnboarding, userId: context.user?.id || null };
  });
  const onboarding = useActorRef(machine, { input });
  const shows = useSelector(onboarding, pageShows);
  const step = useSelector(onboarding, (s) => s.context.step);
  const signupComplete = useSelector(onboarding, (s) => s.context.status?.isSignupComplete ?? false);
  const companyJoined = useSelector(onboarding, (s) => s.context.status?.joinedByInvitation ?? false);
  const phoneNumber = useSelector(onboarding, (s) => s.context.phoneNumber);
  // The chart loads the status through the cache; this only watches that load (its retries).
  const statusLoad = useQuery({ ...onboardingStatusQuery, enabled: false });
  useChartNavigation(onboarding);
  useAddressAsked(onboarding, request);

  const heading = useRef<HTMLHeadingElement>(null);
  const shownBefore = useRef<OnboardingStep | null>(null);
  useEffect(() => {
    // A new step: the keyboard and screen readers start at its heading.
    if (step && shownBefore.current && step !== shownBefore.current) heading.current?.focus();
    shownBefore.current = step;
  }, [step]);

  if (shows === 'nothing') return null;

  if (shows !== 'step' || step === null) {
    if (shows === 'loadFailed') {
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

  const stepProps = { onboarding };
  return (
    <OnboardingFrame
      onboarding={onboarding}
      stepper={
        <OnboardingStepper step={step} signupComplete={signupComplete} companyJoined={companyJoined} />
      }
    >
      {step === 'userName' ? null : <BackButton onboarding={onboarding} />}
      <h1 id="onboarding-title" className="card__title onboarding-card__title" ref={heading} tabIndex={-1}>
        {HEADINGS[step]}
      </h1>
      {step === 'userName' && <UserNameStep key="userName" {...stepProps} />}
      {step === 'companyDetails' && <CompanyStep key="companyDetails" {...stepProps} />}
      {step === 'phone' && <PhoneStep key="phone" {...stepProps} />}
      {step === 'verifyPhone' && <VerifyPhoneStep key={phoneNumber ?? ''} onboarding={onboarding} />}
      {step === 'trial' && <TrialStep key="trial" {...stepProps} />}
    </OnboardingFrame>
  );
}
