import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { OnboardingActor, OnboardingSnapshot } from '../../../machines/onboarding/onboarding.machine';
import { formatDate } from '../../lib/format/date';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { RetryButton } from '../../ui/retry-button/RetryButton';
import { freeTrialQuery } from './onboarding-status-query';

type StepProps = { onboarding: OnboardingActor };

/** What the trial opens (spec §1's features). */
const INCLUDED = [
  'Clientes, tarefas e mensagens de follow-up',
  'Funil de vendas com seus negócios',
  'Consultor de IA e sugestões de mensagens',
  'Conexão com o WhatsApp Business',
] as const;

/** Where the trial step is: loading the offer, showing it, starting the trial. */
function trialPhase(snapshot: OnboardingSnapshot): string | null {
  const value = snapshot.value;
  return typeof value === 'object' && 'trial' in value ? String(value.trial) : null;
}

/** "Tudo pronto para começar": the free trial's offer (GET free-trial), then it starts (POST). */
export function TrialStep({ onboarding }: StepProps) {
  const phase = useSelector(onboarding, trialPhase);
  const trial = useSelector(onboarding, (s) => s.context.trial);
  const failure = useSelector(onboarding, (s) => s.context.failure);
  // The chart loads the offer through the cache; this only watches that load (its retries).
  const offerLoad = useQuery({ ...freeTrialQuery, enabled: false });
  if (phase === 'loadingOffer') {
    return (
      <QueryLoading query={offerLoad} queryKey={freeTrialQuery.queryKey} frameClassName="">
        <p className="card__text" role="status">
          Carregando teste grátis...
        </p>
      </QueryLoading>
    );
  }
  if (phase === 'offerFailed' || !trial) {
    return (
      <div className="onboarding-form">
        <p className="form-error" role="alert">
          Não foi possível carregar o teste grátis.
        </p>
        <RetryButton onRetry={() => onboarding.send({ type: 'RETRY' })} className="onboarding-form__submit" />
      </div>
    );
  }
  const busy = phase === 'starting' || phase === 'refreshingSession';
  const days = trial.trialDays;
  return (
    <div className="onboarding-form">
      <p className="card__text">Seu cadastro está pronto. Experimente o Fechaí sem pagar nada.</p>
      <div className="onboarding-trial">
        <p className="onboarding-trial__title">
          Teste grátis de {days} {days === 1 ? 'dia' : 'dias'}
        </p>
        <p className="onboarding-trial__ends">
          {trial.started ? 'Seu teste termina em' : 'Se começar agora, seu teste termina em'}{' '}
          <strong>{formatDate(trial.endsAt)}</strong>.
        </p>
        <p className="onboarding-trial__included-title">O que está incluído:</p>
        <ul className="onboarding-trial__included">
          {INCLUDED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      {phase === 'startFailed' && failure?.kind === 'failed' && (
        <p className="form-error" role="alert">
          {failure.message}
        </p>
      )}
      <button
        type="button"
        className="button button--primary onboarding-form__submit"
        disabled={busy}
        onClick={() => onboarding.send({ type: 'START_TRIAL' })}
      >
        {busy ? 'Começando...' : 'Começar teste grátis'}
      </button>
    </div>
  );
}
