import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { PaidSubscription } from '../../../../contracts/billing';
import { renewalMachine } from '../../../../machines/checkout/renewal.machine';
import { useChartEvent } from '../../../lib/charts/useChartEvent';
import { formatDate } from '../../../lib/format/date';
import { toast } from '../../../lib/toasts';
import { saveRenewal } from './save-renewal';
import { subscriptionQuery } from './subscription-query';

/**
 * Cancel the renewal (after a confirmation) or keep renewing. The saved subscription replaces the
 * summary's, which remounts this control in step with it.
 */
export function RenewalControl({ subscription }: { subscription: PaidSubscription }) {
  const queryClient = useQueryClient();
  const until = formatDate(subscription.currentPeriodEnd);
  const [machine] = useState(() => renewalMachine.provide({ actors: { saveRenewal } }));
  const renewal = useActorRef(machine, { input: { cancelAtPeriodEnd: subscription.cancelAtPeriodEnd } });
  // The summary takes the saved subscription (and remounts this control in step with it).
  useChartEvent(renewal, 'saved', ({ subscription: saved }) => {
    queryClient.setQueryData(subscriptionQuery.queryKey, { subscription: saved });
    if (saved?.cancelAtPeriodEnd)
      toast.success(`Renovação cancelada. Sua assinatura vale até ${until}.`, { id: 'renewal' });
    else toast.success('Sua assinatura volta a ser renovada automaticamente.', { id: 'renewal' });
  });
  const state = useSelector(renewal, (snapshot) => snapshot.value);
  const cancelAtPeriodEnd = useSelector(renewal, (snapshot) => snapshot.context.cancelAtPeriodEnd);
  const error = useSelector(renewal, (snapshot) => snapshot.context.error);

  if (state === 'saving') {
    return (
      <p className="card__text" role="status">
        Salvando...
      </p>
    );
  }
  if (state === 'confirming') {
    const cancelling = !cancelAtPeriodEnd;
    return (
      <fieldset className="renewal-confirm">
        <legend className="renewal-confirm__question">
          {cancelling ? 'Cancelar a renovação?' : 'Manter sua assinatura?'}
        </legend>
        <p className="card__text">
          {cancelling
            ? `Sua assinatura continua ativa até ${until} e não será cobrada de novo. Você pode voltar a renovar até lá.`
            : `Ela volta a ser renovada automaticamente em ${until}.`}
        </p>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form__actions">
          <button
            type="button"
            className={cancelling ? 'button button--danger' : 'button button--primary'}
            onClick={() => renewal.send({ type: 'CONFIRM' })}
          >
            {error ? 'Tentar novamente' : 'Sim, cancelar renovação'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => renewal.send({ type: 'BACK' })}
          >
            Voltar
          </button>
        </div>
      </fieldset>
    );
  }
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => renewal.send({ type: 'CHANGE' })}
    >
      {cancelAtPeriodEnd ? 'Manter assinatura' : 'Cancelar renovação'}
    </button>
  );
}
