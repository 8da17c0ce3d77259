import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Person } from '../../../contracts/activity';
import { formatCustomerPhone } from '../../../contracts/brazil/customer-phone';
import {
  FOLLOW_UP_EMPTY_TEXT,
  FOLLOW_UP_MESSAGE_MAX,
  FOLLOW_UP_NEEDS_CUSTOMER_TEXT,
  type Recurrence,
  recurrenceLabels,
  recurrences,
  TASK_DESCRIPTION_MAX,
  TASK_DUE_REQUIRED_TEXT,
  TASK_TITLE_MAX,
  TASK_TITLE_REQUIRED_TEXT,
} from '../../../contracts/tasks';
import type { TaskFormEdit, taskFormMachine } from '../../../machines/task-form/task-form.machine';
import { customerHasPhone } from '../../../machines/task-form/task-form.values';
import { useSessionUser } from '../../app/session/session-context';
import { Link } from '../../lib/routing/Link';
import { AssigneeField } from '../../ui/assignee-field/AssigneeField';
import { CustomerPicker } from '../../ui/customer-picker/CustomerPicker';

export const SUBMIT_LABEL = { create: 'Criar tarefa', edit: 'Salvar alterações' } as const;
export const SAVING_LABEL = 'Salvando...';
export const FOLLOW_UP_SWITCH_LABEL = 'Enviar mensagem de follow-up no WhatsApp';

const count = new Intl.NumberFormat('pt-BR');

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="form-error">
      {text}
    </p>
  ) : null;
}

/** Ids to describe a control with, leaving out the ones not on screen. */
function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string');
  return present.length > 0 ? present.join(' ') : undefined;
}

/**
 * The task form's view: it renders the task-form chart and sends it what the person does. Errors
 * sit beside their fields; after a submit that stopped, the first field with one gets the focus.
 */
export function TaskForm({
  form,
  cancelTo,
  assignee,
}: {
  form: ActorRefFrom<typeof taskFormMachine>;
  cancelTo: string;
  /** The task's assignee as saved; undefined for a new task. */
  assignee?: Person | null;
}) {
  const id = useId();
  const you = useSessionUser()?.id;
  const { values, problems, serverIssues, failure, taskId, saving, failed } = useSelector(
    form,
    (s) => ({
      values: s.context.values,
      problems: s.context.problems,
      serverIssues: s.context.serverIssues,
      failure: s.context.failure,
      taskId: s.context.taskId,
      saving: s.matches('saving') || s.status === 'done',
      failed: s.matches('failed'),
    }),
    shallowEqual,
  );
  const hasPhone = customerHasPhone(values.customer);
  const focusAfterSubmit = useRef(false);
  const fields = {
    title: useRef<HTMLInputElement>(null),
    date: useRef<HTMLInputElement>(null),
    followUp: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };

  const errors = {
    title: problems.title ? TASK_TITLE_REQUIRED_TEXT : serverIssues.title,
    description: serverIssues.description,
    due: problems.due ? TASK_DUE_REQUIRED_TEXT : serverIssues.due,
    customer: serverIssues.customer,
    recurrence: serverIssues.recurrence,
    assignee: serverIssues.assignee,
    followUp: problems.followUp === 'needsCustomer' ? FOLLOW_UP_NEEDS_CUSTOMER_TEXT : undefined,
    message: problems.followUp === 'empty' ? FOLLOW_UP_EMPTY_TEXT : serverIssues.message,
  };

  useEffect(() => {
    if (!focusAfterSubmit.current) return;
    focusAfterSubmit.current = false;
    const first = errors.title
      ? fields.title
      : errors.due
        ? fields.date
        : errors.followUp
          ? fields.followUp
          : errors.message
            ? fields.message
            : null;
    first?.current?.focus();
  });

  const edit = (change: TaskFormEdit) => form.send({ type: 'EDIT', values: change });
  const ids = {
    title: `${id}-title`,
    description: `${id}-description`,
    date: `${id}-date`,
    time: `${id}-time`,
    customer: `${id}-customer`,
    recurrence: `${id}-recurrence`,
    followUp: `${id}-follow-up`,
    message: `${id}-message`,
    error: (field: string) => `${id}-${field}-error`,
    hint: `${id}-follow-up-hint`,
    counter: `${id}-counter`,
  };

  return (
    <form
      className="card form"
      noValidate
      aria-busy={saving || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        focusAfterSubmit.current = true;
        form.send({ type: 'SUBMIT' });
      }}
    >
      <fieldset className="form task-form__fields" disabled={saving}>
        <div className="field">
          <label className="field__label" htmlFor={ids.title}>
            Título
          </label>
          <input
            ref={fields.title}
            id={ids.title}
            className="field__input"
            type="text"
            autoComplete="off"
            maxLength={TASK_TITLE_MAX}
            placeholder="Ex.: Confirmar a encomenda"
            value={values.title}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy(errors.title && ids.error('title'))}
            onChange={(event) => edit({ title: event.target.value })}
          />
          <FieldError id={ids.error('title')} text={errors.title} />
        </div>

        <div className="field">
          <label className="field__label" htmlFor={ids.description}>
            Descrição <span className="field__optional">(opcional)</span>
          </label>
          <textarea
            id={ids.description}
            className="field__input"
            rows={3}
            maxLength={TASK_DESCRIPTION_MAX}
            value={values.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy(errors.description && ids.error('description'))}
            onChange={(event) => edit({ description: event.target.value })}
          />
          <FieldError id={ids.error('description')} text={errors.description} />
        </div>

        <div className="field">
          <div className="field__pair">
            <div className="field">
              <label className="field__label" htmlFor={ids.date}>
                Data
              </label>
              <input
                ref={fields.date}
                id={ids.date}
                className="field__input"
                type="date"
                value={values.date}
                aria-invalid={errors.due ? true : undefined}
                aria-describedby={describedBy(errors.due && ids.error('due'))}
                onChange={(event) => edit({ date: event.target.value })}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.time}>
                Horário
              </label>
              <input
                id={ids.time}
                className="field__input"
                type="time"
                value={values.time}
                aria-invalid={errors.due ? true : undefined}
                aria-describedby={describedBy(errors.due && ids.error('due'))}
                onChange={(event) => edit({ time: event.target.value })}
              />
            </div>
          </div>
          <FieldError id={ids.error('due')} text={errors.due} />
        </div>

        <div className="field">
          <label className="field__label" htmlFor={ids.customer}>
            Cliente
          </label>
          <CustomerPicker
            inputId={ids.customer}
            inputClassName="field__input"
            value={values.customer}
            disabled={saving}
            invalid={Boolean(errors.customer)}
            describedBy={describedBy(errors.customer && ids.error('customer'))}
            onChange={(customer) => form.send({ type: 'PICK_CUSTOMER', customer })}
          />
          <FieldError id={ids.error('customer')} text={errors.customer} />
        </div>

        <AssigneeField
          you={you}
          picked={values.assigneeUserId}
          current={assignee}
          error={errors.assignee}
          disabled={saving}
          onChange={(assigneeUserId) => edit({ assigneeUserId })}
        />

        <div className="field">
          <label className="field__label" htmlFor={ids.recurrence}>
            Repetir
          </label>
          <select
            id={ids.recurrence}
            className="field__input"
            value={values.recurrence}
            aria-invalid={errors.recurrence ? true : undefined}
            aria-describedby={describedBy(errors.recurrence && ids.error('recurrence'))}
            onChange={(event) => edit({ recurrence: event.target.value as Recurrence })}
          >
            {recurrences.map((recurrence) => (
              <option key={recurrence} value={recurrence}>
                {recurrenceLabels[recurrence]}
              </option>
            ))}
          </select>
          <FieldError id={ids.error('recurrence')} text={errors.recurrence} />
        </div>

        <div className="task-form__follow-up">
          <div className="switch">
            <input
              ref={fields.followUp}
              id={ids.followUp}
              className="switch__input"
              type="checkbox"
              role="switch"
              checked={values.followUp}
              aria-checked={values.followUp}
              // Off, it turns on only for a customer with WhatsApp; on, it can always be turned off.
              disabled={!values.followUp && !hasPhone}
              aria-invalid={errors.followUp ? true : undefined}
              aria-describedby={describedBy(ids.hint, errors.followUp && ids.error('follow-up'))}
              onChange={(event) => form.send({ type: 'SET_FOLLOW_UP', on: event.target.checked })}
            />
            <label className="switch__label" htmlFor={ids.followUp}>
              {FOLLOW_UP_SWITCH_LABEL}
            </label>
          </div>
          <p id={ids.hint} className="field__hint">
            {hasPhone && values.customer?.phone
              ? `A mensagem vai para ${formatCustomerPhone(values.customer.phone)} na data e no horário da tarefa.`
              : values.customer
                ? `${values.customer.name} não tem um número de WhatsApp cadastrado.`
                : 'Escolha um cliente com WhatsApp para enviar uma mensagem.'}
          </p>
          <FieldError id={ids.error('follow-up')} text={errors.followUp} />
          {values.followUp ? (
            <div className="field">
              <label className="field__label" htmlFor={ids.message}>
                Mensagem
              </label>
              <textarea
                ref={fields.message}
                id={ids.message}
                className="field__input"
                rows={4}
                maxLength={FOLLOW_UP_MESSAGE_MAX}
                value={values.message}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={describedBy(ids.counter, errors.message && ids.error('message'))}
                onChange={(event) => edit({ message: event.target.value })}
              />
              <p id={ids.counter} className="field__counter">
                {count.format(values.message.length)}/{count.format(FOLLOW_UP_MESSAGE_MAX)} caracteres
              </p>
              <FieldError id={ids.error('message')} text={errors.message} />
            </div>
          ) : null}
        </div>
      </fieldset>

      {failed && failure ? (
        <p className="form-error" role="alert">
          {failure.message}
        </p>
      ) : null}

      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? SAVING_LABEL : taskId === null ? SUBMIT_LABEL.create : SUBMIT_LABEL.edit}
        </button>
        <Link to={cancelTo} className="button button--secondary">
          Cancelar
        </Link>
      </div>
    </form>
  );
}
