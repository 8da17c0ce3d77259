import { shallowEqual, useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { TASK_TITLE_MAX, TASK_TITLE_REQUIRED_TEXT } from '../../../../contracts/tasks';
import type { CallFailure } from '../../../../machines/phone-verification/call-failure';
import type {
  QuickTaskDay,
  QuickTaskField,
  quickTaskMachine,
} from '../../../../machines/quick-task/quick-task.machine';
import { localDate } from '../../../../machines/quick-task/quick-task-due';
import { Link } from '../../../lib/routing/Link';
import { CustomerPicker } from '../../../ui/customer-picker/CustomerPicker';
import { useDialogFocus } from '../../../ui/dialog/useDialogFocus';
import { useSwipeDown } from './useSwipeDown';

export type QuickTaskActor = ActorRefFrom<typeof quickTaskMachine>;

const days: ReadonlyArray<{ day: QuickTaskDay; label: string }> = [
  { day: 'today', label: 'Hoje' },
  { day: 'tomorrow', label: 'Amanhã' },
  { day: 'pick', label: 'Escolher data' },
];

const missingText: Record<QuickTaskField, string> = {
  title: TASK_TITLE_REQUIRED_TEXT,
  date: 'Escolha a data.',
  time: 'Informe o horário.',
};

type Errors = Record<QuickTaskField | 'customer' | 'form', string | null>;

/** A 400's issues beside the fields they name (dueAt beside the time); the rest above "Salvar". */
function errorsOf(missing: readonly QuickTaskField[], failure: CallFailure | null): Errors {
  const errors: Errors = { title: null, date: null, time: null, customer: null, form: null };
  for (const field of missing) errors[field] = missingText[field];
  if (failure?.kind !== 'failed') return errors;
  const fieldOf: Record<string, keyof Errors> = { title: 'title', dueAt: 'time', customerId: 'customer' };
  let unplaced = (failure.issues ?? []).length === 0;
  for (const issue of failure.issues ?? []) {
    const field = fieldOf[issue.path.split('.')[0] ?? ''];
    if (field) errors[field] ??= issue.message;
    else unplaced = true;
  }
  if (unplaced) errors.form = failure.message;
  return errors;
}

function FieldError({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p id={id} className="form-error" role="alert">
      {text}
    </p>
  ) : null;
}

/**
 * The quick-add task sheet: a bottom sheet on phones, a centred dialog on wider screens. Title,
 * when, the customer, "Salvar"; "Mais opções" opens the full form. Esc, the backdrop, "Fechar" or
 * a swipe down close it.
 */
export function QuickTaskSheet({ actor }: { actor: QuickTaskActor }) {
  const id = useId();
  const { draft, missing, failure, now, saving, canClose } = useSelector(
    actor,
    (s) => ({
      draft: s.context.draft,
      missing: s.context.missing,
      failure: s.context.failure,
      now: s.context.now,
      saving: s.matches('saving'),
      // Not while the task is being saved: the sheet stays until the answer.
      canClose: s.can({ type: 'CLOSE' }),
    }),
    shallowEqual,
  );
  const errors = errorsOf(missing, failure);
  const dialog = useRef<HTMLDivElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const close = () => actor.send({ type: 'CLOSE' });
  const onKeyDown = useDialogFocus(dialog, titleInput, close);
  const swipe = useSwipeDown(dialog, close, canClose);
  const describedBy = (field: keyof Errors) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <div className="sheet">
      {/* Tapping outside closes it, like Esc (which is the keyboard's way). */}
      <div className="sheet__backdrop" aria-hidden="true" onClick={close} />
      <div
        ref={dialog}
        className="sheet__panel quick-task__sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="quick-task__handle" {...swipe}>
          <span className="quick-task__grabber" aria-hidden="true" />
          <div className="sheet__head">
            <h2 id={`${id}-title`} className="sheet__title">
              Nova tarefa
            </h2>
            <button
              type="button"
              className="sheet__close"
              aria-label="Fechar"
              onClick={close}
              disabled={!canClose}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </div>
        </div>
        <form
          className="form"
          noValidate
          aria-busy={saving || undefined}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={`${id}-task-title`}>
              Título
            </label>
            <input
              ref={titleInput}
              id={`${id}-task-title`}
              className="field__input"
              name="title"
              autoComplete="off"
              enterKeyHint="done"
              maxLength={TASK_TITLE_MAX}
              placeholder="Ex.: Ligar para a Maria"
              value={draft.title}
              readOnly={saving}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={describedBy('title')}
              onChange={(event) => actor.send({ type: 'CHANGE_TITLE', title: event.target.value })}
            />
            <FieldError id={`${id}-title-error`} text={errors.title} />
          </div>

          <fieldset className="field quick-task__when" disabled={saving}>
            <legend className="field__label">Quando</legend>
            <div className="quick-task__chips">
              {days.map(({ day, label }) => (
                <label key={day} className="quick-task__chip">
                  <input
                    type="radio"
                    name={`${id}-day`}
                    value={day}
                    checked={draft.day === day}
                    onChange={() => actor.send({ type: 'CHOOSE_DAY', day })}
                  />
                  <span>{label}</span>
                </label>
              ))}
            </div>
            <div className="quick-task__when-fields">
              {draft.day === 'pick' ? (
                <div className="field">
                  <label className="field__label field__label--small" htmlFor={`${id}-date`}>
                    Data
                  </label>
                  <input
                    id={`${id}-date`}
                    className="field__input"
                    type="date"
                    min={localDate(new Date(now()))}
                    value={draft.date}
                    aria-invalid={errors.date ? true : undefined}
                    aria-describedby={describedBy('date')}
                    onChange={(event) => actor.send({ type: 'CHANGE_DATE', date: event.target.value })}
                  />
                  <FieldError id={`${id}-date-error`} text={errors.date} />
                </div>
              ) : null}
              <div className="field">
                <label className="field__label field__label--small" htmlFor={`${id}-time`}>
                  Horário
                </label>
                <input
                  id={`${id}-time`}
                  className="field__input"
                  type="time"
                  value={draft.time}
                  aria-invalid={errors.time ? true : undefined}
                  aria-describedby={describedBy('time')}
                  onChange={(event) => actor.send({ type: 'CHANGE_TIME', time: event.target.value })}
                />
                <FieldError id={`${id}-time-error`} text={errors.time} />
              </div>
            </div>
          </fieldset>

          <div className="field">
            <label className="field__label" htmlFor={`${id}-customer`}>
              Cliente
            </label>
            <CustomerPicker
              inputId={`${id}-customer`}
              inputClassName="field__input"
              value={draft.customer}
              disabled={saving}
              invalid={Boolean(errors.customer)}
              describedBy={describedBy('customer')}
              onChange={(customer) =>
                actor.send({
                  type: 'CHOOSE_CUSTOMER',
                  customer: customer && { id: customer.id, name: customer.name },
                })
              }
            />
            <FieldError id={`${id}-customer-error`} text={errors.customer} />
          </div>

          <FieldError id={`${id}-form-error`} text={errors.form} />
          <div className="quick-task__actions">
            <Link to="/home/new" className="quick-task__more">
              Mais opções
            </Link>
            <button type="submit" className="button button--primary quick-task__save" disabled={saving}>
              {saving ? 'Salvando...' : 'Salvar'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
