import type { OnboardingStep } from '../../../contracts/onboarding';

/** Spec §2: the 5 indicators, to the letter. */
export const STEPPER_LABELS = [
  'Dados de acesso',
  'Sobre você',
  'Sobre sua empresa',
  'Validação de telefone',
  'Tudo pronto para começar',
] as const;

/** Spec §2: step → indicator (1-based). */
export const STEP_INDICATOR: Readonly<Record<OnboardingStep, number>> = {
  userName: 2,
  companyDetails: 3,
  phone: 4,
  verifyPhone: 4,
  trial: 5,
};

export type IndicatorState = 'completed' | 'current' | 'upcoming';

/**
 * "Dados de acesso" is always completed (the account exists); "Tudo pronto para começar" is
 * completed only when sign-up is; "Sobre sua empresa" is completed for someone who joined a company
 * by invitation (they skip it); otherwise earlier indicators are completed, the step's own is
 * current, later ones upcoming.
 */
export function indicatorStates(
  current: number,
  signupComplete: boolean,
  companyJoined = false,
): IndicatorState[] {
  return STEPPER_LABELS.map((_, i) => {
    const n = i + 1;
    if (n === 1) return 'completed';
    if (n === STEP_INDICATOR.companyDetails && companyJoined) return 'completed';
    if (n === STEPPER_LABELS.length && signupComplete) return 'completed';
    if (n < current) return 'completed';
    return n === current ? 'current' : 'upcoming';
  });
}

const stateWords: Record<IndicatorState, string> = {
  completed: 'concluída',
  current: 'etapa atual',
  upcoming: 'a seguir',
};

/**
 * The onboarding stepper: the 5 indicators in a row on wider screens; on a phone, "Etapa 3 de 5 ·
 * Sobre sua empresa" over a progress bar (CSS picks one).
 */
export function OnboardingStepper({
  step,
  signupComplete,
  companyJoined,
}: {
  step: OnboardingStep;
  signupComplete: boolean;
  /** The person joined a company by invitation: its step is not theirs. */
  companyJoined: boolean;
}) {
  const current = STEP_INDICATOR[step];
  const states = indicatorStates(current, signupComplete, companyJoined);
  const total = STEPPER_LABELS.length;
  return (
    <nav className="onboarding-stepper" aria-label="Etapas do cadastro">
      <ol className="onboarding-stepper__list">
        {STEPPER_LABELS.map((label, i) => {
          const state = states[i]!;
          return (
            <li
              key={label}
              className={`onboarding-stepper__item onboarding-stepper__item--${state}`}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="onboarding-stepper__marker" aria-hidden="true">
                {state === 'completed' ? (
                  <svg viewBox="0 0 24 24" focusable="false" aria-hidden="true">
                    <path d="M20 6 9 17l-5-5" />
                  </svg>
                ) : (
                  i + 1
                )}
              </span>
              <span className="onboarding-stepper__label">{label}</span>
              <span className="visually-hidden"> ({stateWords[state]})</span>
            </li>
          );
        })}
      </ol>
      <div className="onboarding-stepper__compact" aria-hidden="true">
        <p className="onboarding-stepper__compact-text">
          Etapa {current} de {total} · {STEPPER_LABELS[current - 1]}
        </p>
        <div className="onboarding-stepper__bar">
          <div className="onboarding-stepper__bar-fill" style={{ width: `${(current / total) * 100}%` }} />
        </div>
      </div>
    </nav>
  );
}
