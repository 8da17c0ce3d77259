import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import type { ReplyBoxActor } from '../../../../machines/reply-box/reply-box.machine';
import { replyBoxTexts, templateLabel } from '../../../../machines/reply-box/reply-box.paths';
import { connectionPages, pageForStatus } from '../../../../machines/whatsapp/whatsapp-connection-pages';
import { formatTime } from '../../../lib/format/date';
import { Link } from '../../../lib/routing/Link';
import { whatsappStatusQuery } from '../../../lib/whatsapp/whatsapp-status-query';
import { FailureActions } from '../../../ui/failure-actions/FailureActions';
import { RetryButton } from '../../../ui/retry-button/RetryButton';
import { customerWhatsappQuery } from '../whatsapp/customer-whatsapp-queries';
import { createReplyBoxMachine } from './reply-box-actors';

/**
 * The owner's reply under the customer's conversation (the reply-box chart decides; this renders its
 * state and sends its events): free text inside the 24-hour window, an approved template outside it.
 */
export function ReplyBox({ customerId }: { customerId: string }) {
  const queryClient = useQueryClient();
  const [machine] = useState(() => createReplyBoxMachine(queryClient, customerId));
  const chart = useActorRef(machine);
  useWindowFollowed(chart, customerId);
  const state = useSelector(chart, (s) => String(s.value));
  return (
    <section className="reply-box" aria-label="Responder ao cliente">
      {state === 'loading' || state === 'closing' ? (
        <p className="card__text" role="status">
          {replyBoxTexts.loading}
        </p>
      ) : state === 'loadFailed' ? (
        <LoadFailed chart={chart} />
      ) : state === 'unavailable' ? (
        <Unavailable />
      ) : (
        <Composer chart={chart} />
      )}
    </section>
  );
}

/**
 * Hands the chart every new end of the customer's window the server gives (the realtime event of
 * their message makes the query read it again), so the box follows the window without a reload.
 */
function useWindowFollowed(chart: ReplyBoxActor, customerId: string) {
  const { data } = useQuery(customerWhatsappQuery(customerId));
  const windowClosesAt = data?.windowClosesAt;
  useEffect(() => {
    if (windowClosesAt !== undefined) chart.send({ type: 'WINDOW_CHANGED', windowClosesAt });
  }, [chart, windowClosesAt]);
}

function LoadFailed({ chart }: { chart: ReplyBoxActor }) {
  const error = useSelector(chart, (s) => s.context.error);
  return (
    <div className="form__problem">
      <p className="form-error" role="alert">
        {error}
      </p>
      <RetryButton onRetry={() => chart.send({ type: 'RETRY' })} />
    </div>
  );
}

function Unavailable() {
  const { data } = useQuery(whatsappStatusQuery);
  return (
    <p className="card__text">
      {replyBoxTexts.unavailable}{' '}
      <Link to={data ? pageForStatus(data.status) : connectionPages.index.path}>{replyBoxTexts.connect}</Link>
    </p>
  );
}

function Composer({ chart }: { chart: ReplyBoxActor }) {
  const id = useId();
  const context = useSelector(chart, (s) => s.context);
  const sending = useSelector(chart, (s) => s.matches('sending'));
  const failed = useSelector(chart, (s) => s.matches('failed'));
  const canSend = useSelector(chart, (s) => s.can({ type: 'SEND' }));
  const locked = sending || failed;
  const chosen = context.templateIndex === null ? null : context.templates[context.templateIndex];
  return (
    <form
      className="reply-box__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        chart.send({ type: 'SEND' });
      }}
    >
      {context.mode === 'text' ? (
        <>
          <p className="reply-box__window">
            {context.windowClosesAt
              ? replyBoxTexts.windowOpen(formatTime(new Date(context.windowClosesAt)))
              : null}
          </p>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-text`}>
              {replyBoxTexts.message}
            </label>
            <textarea
              id={`${id}-text`}
              className="field__input reply-box__text"
              rows={3}
              value={context.text}
              readOnly={locked}
              onChange={(event) => chart.send({ type: 'TYPE', text: event.target.value })}
            />
          </div>
        </>
      ) : (
        <>
          <p className="reply-box__window">{replyBoxTexts.windowClosed}</p>
          {context.templates.length === 0 ? (
            <p className="card__text">
              Nenhum modelo de mensagem aprovado. Crie um no Gerenciador do WhatsApp Business da Meta.
            </p>
          ) : (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-template`}>
                {replyBoxTexts.template}
              </label>
              <select
                id={`${id}-template`}
                className="field__input"
                value={context.templateIndex ?? ''}
                disabled={locked}
                onChange={(event) =>
                  chart.send({ type: 'CHOOSE_TEMPLATE', index: Number(event.target.value) })
                }
              >
                <option value="" disabled>
                  {replyBoxTexts.noTemplate}
                </option>
                {context.templates.map((template, index) => (
                  <option key={`${template.name}:${template.language}`} value={index}>
                    {templateLabel(template)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {chosen ? <p className="reply-box__template-body">{chosen.body}</p> : null}
          {context.parameters.map((value, index) => (
            // The parameters are positional: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: positional template parameters
            <div className="field" key={index}>
              <label className="field__label" htmlFor={`${id}-parameter-${index}`}>
                {replyBoxTexts.parameter(index + 1)}
              </label>
              <input
                id={`${id}-parameter-${index}`}
                className="field__input"
                value={value}
                readOnly={locked}
                onChange={(event) => chart.send({ type: 'SET_PARAMETER', index, value: event.target.value })}
              />
            </div>
          ))}
        </>
      )}
      {failed ? (
        <FailureActions
          message={context.error ?? ''}
          actions={[
            { label: replyBoxTexts.retry, primary: true, onClick: () => chart.send({ type: 'RETRY' }) },
            { label: replyBoxTexts.edit, onClick: () => chart.send({ type: 'EDIT' }) },
          ]}
        />
      ) : (
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={!canSend}>
            {sending ? replyBoxTexts.sending : replyBoxTexts.send}
          </button>
        </div>
      )}
    </form>
  );
}
