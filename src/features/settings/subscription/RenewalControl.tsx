import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { PaidSubscription } from '../../../../contracts/billing';
import { renewalMachine } from '../../../../machines/checkout/renewal.machine';
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
  const [machine] = useState(() =>
    renewalMachine.provide({
      actors: { saveRenewal },
      actions: {
        // Told right after this step: the summary remounts this control when its data changes.
        saved: (_, output) =>
          queueMicrotask(() => {
            queryClient.setQueryData(subscriptionQuery.queryKey, output);
            if (output.subscription?.cancelAtPeriodEnd)
              toast.success(`Renovação cancelada. Sua assinatura vale até ${until}.`, { id: 'renewal' });
            else toast.success('Sua assinatura volta a ser renovada automaticamente.', { id: 'renewal' });
          }),
      },
    }),
  );
  const renewal = useActorRef(machine, { input: { cancelAtPeriodEnd: subscription.cancelAtPeriodEnd } });
  const state = useSelector(renewal, (snapshot) => snapshot.value);
  const { cancelAtPeriodEnd, error } = useSelector(renewal, (snapshot) => snapshot.context);

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
