import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { ADVISOR_OFFLINE_NOTICE_TEXT } from '../../../contracts/advisor';
import {
  type SuggestMessageActor,
  type SuggestMessageSnapshot,
  scheduledAt,
  sendBlocker,
} from '../../../machines/suggest-message/suggest-message.machine';
import { suggestMessageTexts as texts } from '../../../machines/suggest-message/suggest-message.texts';
import { Link } from '../../lib/routing/Link';
import { useDialogFocus } from '../dialog/useDialogFocus';
import { FailureActions } from '../failure-actions/FailureActions';
import './suggest-message.css';

type Props = { chart: SuggestMessageActor; hasFollowUp: boolean };

const busyOf = (s: SuggestMessageSnapshot) => s.matches('sending') || s.matches('scheduling');

/**
 * The suggestion's sheet (a bottom sheet on phones, a centred panel wider up): renders the
 * suggest-message chart's state and sends its events. Esc and the "×" cancel, but not while a send
 * or a schedule is on its way.
 */
export default function SuggestMessageSheet({ chart, hasFollowUp }: Props) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const state = useSelector(chart, (s) => String(s.value));
  const customerName = useSelector(chart, (s) => s.context.draft?.customerName ?? null);
  const busy = useSelector(chart, busyOf);
  const cancel = () => chart.send({ type: 'CANCEL' });
  const onKeyDown = useDialogFocus(panel, null, cancel);
  return (
    <div className="sheet sheet--wide">
      <div className="sheet__backdrop" aria-hidden="true" onClick={cancel} />
      <div
        ref={panel}
        className="sheet__panel suggest-message"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={state === 'drafting' || busy}
        onKeyDown={onKeyDown}
      >
        <div className="sheet__head">
          <h2 id={titleId} className="sheet__title">
            {texts.title(customerName)}
          </h2>
          {busy ? null : (
            <button type="button" className="sheet__close" aria-label={texts.close} onClick={cancel}>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          )}
        </div>
        {state === 'drafting' ? (
          <Drafting chart={chart} />
        ) : state === 'draftFailed' ? (
          <DraftFailed chart={chart} />
        ) : (
          <Draft chart={chart} hasFollowUp={hasFollowUp} />
        )}
      </div>
    </div>
  );
}

function Drafting({ chart }: { chart: SuggestMessageActor }) {
  return (
    <>
      <p className="card__text suggest-message__drafting" role="status">
        {texts.drafting}
      </p>
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => chart.send({ type: 'CANCEL' })}
        >
          {texts.cancel}
        </button>
      </div>
    </>
  );
}

function DraftFailed({ chart }: { chart: SuggestMessageActor }) {
  const error = useSelector(chart, (s) => s.context.error);
  const canGoBack = useSelector(chart, (s) => s.can({ type: 'BACK' }));
  return (
    <>
      <p className="form-error" role="alert">
        {error}
      </p>
      <div className="form__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => chart.send({ type: 'RETRY' })}
        >
          {texts.retry}
        </button>
        {canGoBack ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => chart.send({ type: 'BACK' })}
          >
            {texts.back}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => chart.send({ type: 'CANCEL' })}
        >
          {texts.cancel}
        </button>
      </div>
    </>
  );
}

function Draft({ chart, hasFollowUp }: { chart: SuggestMessageActor; hasFollowUp: boolean }) {
  const id = useId();
  const context = useSelector(chart, (s) => s.context);
  const busy = useSelector(chart, busyOf);
  const sending = useSelector(chart, (s) => s.matches('sending'));
  const scheduling = useSelector(chart, (s) => s.matches('scheduling'));
  const failed = useSelector(chart, (s) => s.matches('sendFailed') || s.matches('scheduleFailed'));
  const canSend = useSelector(chart, (s) => s.can({ type: 'SEND' }));
  const canSchedule = useSelector(chart, (s) => s.can({ type: 'SCHEDULE' }));
  const locked = busy || failed;
  const blocker = sendBlocker(context);
  const dueAt = scheduledAt(context);
  const isTask = 'taskId' in context.target;
  const movesTask =
    isTask &&
    dueAt !== null &&
    context.taskDueAt !== null &&
    Date.parse(dueAt) !== Date.parse(context.taskDueAt);
  const draft = context.draft;
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        chart.send({ type: 'SEND' });
      }}
    >
      {draft?.mode === 'offline' ? (
        <p className="suggest-message__notice">{ADVISOR_OFFLINE_NOTICE_TEXT}</p>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>
          {texts.message}
        </label>
        <textarea
          id={`${id}-text`}
          className="field__input suggest-message__text"
          rows={5}
          value={context.text}
          readOnly={locked}
          onChange={(event) => chart.send({ type: 'EDIT', text: event.target.value })}
        />
      </div>
      {draft && draft.sources.length > 0 ? (
        <p className="suggest-message__sources">
          {texts.sources}:{' '}
          {draft.sources.map((source, index) => (
            <span key={`${source.kind}:${source.id}`}>
              {index > 0 ? ', ' : null}
              <Link to={source.href}>{source.label}</Link>
            </span>
          ))}
        </p>
      ) : null}
      {blocker ? (
        <p className="suggest-message__blocker">
          {blocker === 'unavailable' ? texts.unavailable : texts.windowClosed}
        </p>
      ) : null}
      <fieldset className="field" disabled={locked}>
        <legend className="field__label">{texts.when}</legend>
        <div className="suggest-message__when-fields">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-date`}>
              {texts.date}
            </label>
            <input
              id={`${id}-date`}
              type="date"
              className="field__input"
              value={context.date}
              onChange={(event) =>
                chart.send({ type: 'SET_WHEN', date: event.target.value, time: context.time })
              }
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-time`}>
              {texts.time}
            </label>
            <input
              id={`${id}-time`}
              type="time"
              className="field__input"
              value={context.time}
              onChange={(event) =>
                chart.send({ type: 'SET_WHEN', date: context.date, time: event.target.value })
              }
            />
          </div>
        </div>
        {dueAt === null ? <p className="field__hint">{texts.whenAhead}</p> : null}
        {movesTask ? <p className="field__hint">{texts.taskMoves}</p> : null}
        {isTask && hasFollowUp ? <p className="field__hint">{texts.replacesFollowUp}</p> : null}
      </fieldset>
      {failed ? (
        <FailureActions
          message={context.error ?? ''}
          actions={[
            { label: texts.retry, primary: true, onClick: () => chart.send({ type: 'RETRY' }) },
            { label: texts.back, onClick: () => chart.send({ type: 'BACK' }) },
            { label: texts.cancel, onClick: () => chart.send({ type: 'CANCEL' }) },
          ]}
        />
      ) : (
        <div className="form__actions suggest-message__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => chart.send({ type: 'REGENERATE' })}
          >
            {texts.regenerate}
          </button>
          <button type="submit" className="button button--primary" disabled={!canSend}>
            {sending ? texts.sending : texts.sendNow}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!canSchedule}
            onClick={() => chart.send({ type: 'SCHEDULE' })}
          >
            {scheduling ? texts.scheduling : texts.schedule}
          </button>
          {busy ? null : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => chart.send({ type: 'CANCEL' })}
            >
              {texts.cancel}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
