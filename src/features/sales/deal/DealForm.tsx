import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import type { Issue } from '../../../../contracts/envelope';
import {
  DEAL_NOTES_MAX,
  DEAL_TITLE_MAX,
  DEAL_VALUE_MAX_CENTS,
  type Deal,
  type DealDetail,
  type DealInput,
  dealInputSchema,
  LOST_REASON_MAX,
} from '../../../../contracts/sales';
import { appPaths } from '../../../../machines/app-paths';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';
import { useSessionUser } from '../../../app/session/session-context';
import { trackEvent } from '../../../lib/analytics/track-event';
import { useConfirmDelete, useConfirmDeleteView } from '../../../lib/confirm/useConfirmDelete';
import { fieldIssues, issuesOfCheck } from '../../../lib/forms/field-issues';
import { useEntityForm, useEntityFormView } from '../../../lib/forms/useEntityForm';
import { Link } from '../../../lib/routing/Link';
import { toast } from '../../../lib/toasts';
import { AssigneeField } from '../../../ui/assignee-field/AssigneeField';
import { ConfirmAction } from '../../../ui/confirm/ConfirmAction';
import { CustomerPicker } from '../../../ui/customer-picker/CustomerPicker';
import { MoneyInput } from '../../../ui/money-input/MoneyInput';
import { QueryLoading } from '../../../ui/query-loading/QueryLoading';
import { RetryButton } from '../../../ui/retry-button/RetryButton';
import { invalidateDealCaches } from '../deal-caches';
import { salesQueryKeys } from '../sales-board-query';
import { stagesQuery } from '../stages-query';
import { DealServices, lineQuantity, type ServiceLine } from './DealServices';
import { createDeal, deleteDeal, updateDeal } from './deal-calls';

type Field =
  | 'title'
  | 'customerId'
  | 'assigneeUserId'
  | 'services'
  | 'valueCents'
  | 'stageId'
  | 'expectedCloseDate'
  | 'notes'
  | 'lostReason';
type Errors = Partial<Record<Field, string>>;

const fields: readonly Field[] = [
  'title',
  'customerId',
  'assigneeUserId',
  'services',
  'valueCents',
  'stageId',
  'expectedCloseDate',
  'notes',
  'lostReason',
];

export const QUANTITY_INVALID_TEXT = `Use quantidades de 1 a 999.`;

const errorsOf = (issues: readonly Issue[]): Errors => fieldIssues(issues, fields).byField;

const blankToNull = (text: string) => (text.trim() === '' ? null : text);

interface DealFormValues {
  title: string;
  customer: { id: string; name: string } | null;
  lines: ServiceLine[];
  valueCents: number | null;
  /** '' until one is picked: a new deal goes to the first stage. */
  stageId: string;
  expectedCloseDate: string;
  notes: string;
  lostReason: string;
  /** "Responsável" as picked; absent until picked, so the body leaves it out (caller / unchanged). */
  assigneeUserId?: string | null;
  [field: string]: unknown;
}

function valuesOf(deal: Deal | null): DealFormValues {
  return {
    title: deal?.title ?? '',
    customer: deal?.customer ?? null,
    lines: (deal?.services ?? []).map((line) => ({ ...line, quantity: String(line.quantity) })),
    valueCents: deal?.valueCents ?? 0,
    stageId: deal?.stageId ?? '',
    expectedCloseDate: deal?.expectedCloseDate ?? '',
    notes: deal?.notes ?? '',
    lostReason: deal?.lostReason ?? '',
  };
}

/** The contract's check; `chosenStageId` is the picked stage, else the board's first. */
function checkDeal(values: DealFormValues, chosenStageId: string) {
  const checked = dealInputSchema.safeParse({
    title: values.title,
    customerId: values.customer?.id ?? null,
    ...(values.assigneeUserId !== undefined ? { assigneeUserId: values.assigneeUserId } : {}),
    ...(chosenStageId ? { stageId: chosenStageId } : {}),
    valueCents: values.valueCents ?? 0,
    expectedCloseDate: blankToNull(values.expectedCloseDate),
    notes: blankToNull(values.notes),
    lostReason: blankToNull(values.lostReason),
    services: values.lines.map((line) => ({ serviceId: line.serviceId, quantity: lineQuantity(line) ?? 0 })),
  });
  const local: Errors = checked.success ? {} : errorsOf(issuesOfCheck(checked.error.issues));
  if (values.lines.some((line) => lineQuantity(line) === null)) local.services = QUANTITY_INVALID_TEXT;
  if (!checked.success || Object.keys(local).length > 0) return { ok: false as const, issues: local };
  return { ok: true as const, body: checked.data };
}

/**
 * A deal's form (/sales/new and /sales/{dealId}): title, customer, services, value (BRL), stage,
 * expected close date, notes, and the lost reason when the stage is a lost one. Saving goes back
 * to the board; an existing deal can be deleted after a confirmation.
 */
export function DealForm({ deal }: { deal: Deal | null }) {
  const queryClient = useQueryClient();
  const id = useId();
  const you = useSessionUser()?.id;
  const form = useRef<HTMLFormElement>(null);
  const stages = useQuery(stagesQuery);
  const chart = useEntityForm({
    initial: valuesOf(deal),
    fields,
    // A new deal goes to the first stage unless another one is picked.
    check: (values: DealFormValues) =>
      checkDeal(values, values.stageId || queryClient.getQueryData(stagesQuery.queryKey)?.[0]?.id || ''),
    doneTo: appPaths.sales,
    save: async (body: DealInput, idempotencyKey) =>
      unwrapEnvelope(deal ? await updateDeal(deal.id, body) : await createDeal(body, idempotencyKey)).deal,
    onSaved: (saved) => {
      // The saved deal at once; its history (a move, a new assignee) comes with the next read.
      queryClient.setQueryData(salesQueryKeys.deal(saved.id), (known?: DealDetail) => ({
        deal: saved,
        activity: known?.activity ?? [],
      }));
      if (deal) {
        toast.success('Venda salva.', { id: `deal-saved-${saved.id}` });
      } else {
        trackEvent('deal created', { dealId: saved.id, valueCents: saved.valueCents });
        toast.success('Venda criada.', { id: `deal-saved-${saved.id}` });
      }
      void invalidateDealCaches(queryClient);
    },
  });
  const view = useEntityFormView<DealFormValues>(chart);
  const { values, saving, refusals } = view;
  const errors: Errors = view.issues;
  const formError = view.message;
  const deletion = useConfirmDeleteView(
    useConfirmDelete({
      doneTo: appPaths.sales,
      remove: async () => unwrapEnvelope(await deleteDeal(deal?.id ?? '')),
      onDeleted: () => {
        if (!deal) return;
        toast.success('Venda excluída.', { id: `deal-deleted-${deal.id}` });
        queryClient.removeQueries({ queryKey: salesQueryKeys.deal(deal.id), exact: true });
        void invalidateDealCaches(queryClient);
      },
    }),
  );

  const chosenStageId = values.stageId || stages.data?.[0]?.id || '';
  const chosenStage = stages.data?.find((s) => s.id === chosenStageId);
  const lost = chosenStage ? chosenStage.kind === 'lost' : deal?.status === 'lost';

  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.submit();
  };

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="form-error">
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: Field) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};

  return (
    <form ref={form} className="card form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-title`}>
          Título
        </label>
        <input
          id={`${id}-title`}
          className="field__input"
          value={values.title}
          maxLength={DEAL_TITLE_MAX}
          autoComplete="off"
          placeholder="Ex.: Bolo de casamento da Marina"
          onChange={(event) => view.edit({ title: event.target.value })}
          {...invalid('title')}
        />
        {fieldError('title')}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-customer`}>
          Cliente
        </label>
        <CustomerPicker
          inputId={`${id}-customer`}
          inputClassName="field__input"
          value={values.customer}
          onChange={(customer) => view.edit({ customer })}
          invalid={Boolean(errors.customerId)}
          describedBy={errors.customerId ? `${id}-customerId-error` : undefined}
        />
        {fieldError('customerId')}
      </div>

      <AssigneeField
        you={you}
        picked={values.assigneeUserId}
        current={deal ? deal.assignee : undefined}
        error={errors.assigneeUserId}
        disabled={saving}
        onChange={(assigneeUserId) => view.edit({ assigneeUserId })}
      />

      <DealServices
        lines={values.lines}
        onLines={(lines) => view.edit({ lines })}
        onUseTotal={(cents) => view.edit({ valueCents: Math.min(cents, DEAL_VALUE_MAX_CENTS) })}
        error={errors.services}
      />

      <div className="field">
        <label className="field__label" htmlFor={`${id}-value`}>
          Valor
        </label>
        <MoneyInput
          id={`${id}-value`}
          className="field__input field__input--numbers"
          cents={values.valueCents}
          onCents={(valueCents) => view.edit({ valueCents })}
          maxCents={DEAL_VALUE_MAX_CENTS}
          placeholder="R$ 0,00"
          {...invalid('valueCents')}
        />
        {fieldError('valueCents')}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-stage`}>
          Etapa
        </label>
        {stages.data ? (
          <select
            id={`${id}-stage`}
            className="field__input"
            value={chosenStageId}
            onChange={(event) => view.edit({ stageId: event.target.value })}
            {...invalid('stageId')}
          >
            {stages.data.map((stage) => (
              <option key={stage.id} value={stage.id}>
                {stage.name}
              </option>
            ))}
          </select>
        ) : stages.isError ? (
          <div className="deal-form__inline-failure">
            <p className="form-error">Não foi possível carregar as etapas.</p>
            <RetryButton onRetry={() => void stages.refetch()} />
          </div>
        ) : (
          <QueryLoading query={stages} queryKey={stagesQuery.queryKey} frameClassName="">
            <p className="field__hint" role="status">
              Carregando etapas...
            </p>
          </QueryLoading>
        )}
        {fieldError('stageId')}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-close`}>
          Previsão de fechamento <span className="field__optional">(opcional)</span>
        </label>
        <input
          id={`${id}-close`}
          className="field__input"
          type="date"
          value={values.expectedCloseDate}
          onChange={(event) => view.edit({ expectedCloseDate: event.target.value })}
          {...invalid('expectedCloseDate')}
        />
        {fieldError('expectedCloseDate')}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-notes`}>
          Observações <span className="field__optional">(opcional)</span>
        </label>
        <textarea
          id={`${id}-notes`}
          className="field__input"
          rows={4}
          value={values.notes}
          maxLength={DEAL_NOTES_MAX}
          onChange={(event) => view.edit({ notes: event.target.value })}
          {...invalid('notes')}
        />
        {fieldError('notes')}
      </div>

      {lost ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-lost`}>
            Motivo da perda <span className="field__optional">(opcional)</span>
          </label>
          <textarea
            id={`${id}-lost`}
            className="field__input"
            rows={3}
            value={values.lostReason}
            maxLength={LOST_REASON_MAX}
            placeholder="Ex.: achou o preço alto, comprou de outro lugar"
            onChange={(event) => view.edit({ lostReason: event.target.value })}
            {...invalid('lostReason')}
          />
          {fieldError('lostReason')}
        </div>
      ) : null}

      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}

      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Salvando...' : deal ? 'Salvar alterações' : 'Criar venda'}
        </button>
        <Link to="/sales" className="button button--secondary">
          Cancelar
        </Link>
      </div>

      {deal ? (
        <div className="card__section deal-form__danger">
          {deletion.asking ? (
            <ConfirmAction
              question={`Excluir a venda ${deal.title}?`}
              confirmLabel="Sim, excluir venda"
              pendingLabel="Excluindo..."
              pending={deletion.pending}
              error={deletion.error}
              onConfirm={deletion.confirm}
              cancel={{ onCancel: deletion.cancel }}
            >
              <p>Esta ação não pode ser desfeita.</p>
            </ConfirmAction>
          ) : (
            <button
              type="button"
              className="button button--secondary button--danger-text"
              onClick={deletion.ask}
            >
              Excluir venda
            </button>
          )}
        </div>
      ) : null}
    </form>
  );
}
