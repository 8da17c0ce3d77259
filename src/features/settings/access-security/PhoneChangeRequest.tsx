import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { fromPromise } from 'xstate';
import { formatBrazilianPhone } from '../../../../contracts/brazil/mobile-phone';
import { INVALID_MOBILE_TEXT, type PhoneVerificationSent } from '../../../../contracts/onboarding';
import {
  phoneChangeMachine,
  type SendChangeCodeInput,
} from '../../../../machines/phone-change/phone-change.machine';
import { RouteLoading } from '../../../app/routing/RouteLoading';
import { useChartNavigation } from '../../../lib/navigation/useChartNavigation';
import { sendFailureText } from '../../../ui/phone-verification/verification-texts';
import { QueryLoading } from '../../../ui/query-loading/QueryLoading';
import { settingsUserQuery } from '../settings-user-query';
import { rememberCodeSent } from './pending-phone-change-query';
import { sendPhoneChangeCode } from './phone-change-calls';

export const SAME_NUMBER_TEXT = 'Este já é o seu número atual. Informe um número novo.';
/**
 * The user's number, then the form. A failure to load it goes to the page's error screen (the
 * boundary above), whose retry loads it again.
 */
export function PhoneChangeRequest() {
  const query = useQuery({ ...settingsUserQuery, throwOnError: true });
  if (!query.data)
    return (
      <QueryLoading query={query} queryKey={settingsUserQuery.queryKey}>
        <RouteLoading />
      </QueryLoading>
    );
  return <PhoneChangeForm currentPhone={query.data.mobilePhone} />;
}

/** The new number's form: the current number, the new one with its mask, "Enviar código". */
function PhoneChangeForm({ currentPhone }: { currentPhone: string | null }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [machine] = useState(() =>
    phoneChangeMachine.provide({
      actors: {
        sendCode: fromPromise<PhoneVerificationSent, SendChangeCodeInput>(({ input, signal }) =>
          sendPhoneChangeCode(input, signal),
        ),
      },
      actions: { codeSent: (_, sent) => rememberCodeSent(queryClient, sent) },
    }),
  );
  const change = useActorRef(machine, { input: { currentPhone } });
  useChartNavigation(change);
  const phone = useSelector(change, (s) => s.context.phone);
  const problem = useSelector(change, (s) => s.context.problem);
  const failure = useSelector(change, (s) => s.context.failure);
  const sending = useSelector(change, (s) => s.matches('sending'));
  // Gone on to "Valide seu telefone": nothing more to send from here.
  const done = useSelector(change, (s) => s.status === 'done');

  const error =
    problem === 'invalid'
      ? INVALID_MOBILE_TEXT
      : problem === 'same'
        ? SAME_NUMBER_TEXT
        : failure
          ? sendFailureText(failure)
          : null;
  const errorId = `${id}-error`;

  return (
    <section className="card card--start" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__heading">
        Celular da sua conta
      </h2>
      <dl className="details">
        <div className="details__row">
          <dt>Número atual</dt>
          <dd>{currentPhone ? formatBrazilianPhone(currentPhone) : 'Nenhum número cadastrado'}</dd>
        </div>
      </dl>
      <form
        className="field phone-change__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          change.send({ type: 'SUBMIT' });
        }}
      >
        <label className="field__label" htmlFor={`${id}-phone`}>
          Novo número de celular
        </label>
        <input
          id={`${id}-phone`}
          className="field__input field__input--numbers"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(11) 91234-5678"
          value={formatBrazilianPhone(phone)}
          readOnly={sending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => change.send({ type: 'CHANGE', phone: event.target.value })}
        />
        {error ? (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="card__text">Enviaremos um código por SMS para confirmar o novo número.</p>
        <button type="submit" className="button button--primary" disabled={sending || done}>
          {sending ? 'Enviando código...' : 'Enviar código'}
        </button>
      </form>
    </section>
  );
}
