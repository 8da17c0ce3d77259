import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Issue } from '../../../../contracts/envelope';
import {
  DEAL_NOTES_MAX,
  DEAL_TITLE_MAX,
  DEAL_VALUE_MAX_CENTS,
  type Deal,
  dealInputSchema,
  LOST_REASON_MAX,
} from '../../../../contracts/sales';
import { trackEvent } from '../../../lib/analytics/track-event';
import { fieldIssues, issuesOfCheck } from '../../../lib/forms/field-issues';
import { useCreateSubmission } from '../../../lib/forms/useCreateSubmission';
import { Link } from '../../../lib/routing/Link';
import { toast } from '../../../lib/toasts';
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

/**
 * A deal's form (/sales/new and /sales/{dealId}): title, customer, services, value (BRL), stage,
 * expected close date, notes, and the lost reason when the stage is a lost one. Saving goes back
 * to the board; an existing deal can be deleted after a confirmation.
 */
export function DealForm({ deal }: { deal: Deal | null }) {
  const queryClient = useQueryClient();
  const create = useCreateSubmission(createDeal);
  const [, navigate] = useLocation();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const stages = useQuery(stagesQuery);
  const [title, setTitle] = useState(deal?.title ?? '');
  const [customer, setCustomer] = useState<{ id: string; name: string } | null>(deal?.customer ?? null);
  const [lines, setLines] = useState<ServiceLine[]>(
    (deal?.services ?? []).map((line) => ({ ...line, quantity: String(line.quantity) })),
  );
  const [valueCents, setValueCents] = useState<number | null>(deal?.valueCents ?? 0);
  const [stageId, setStageId] = useState(deal?.stageId ?? '');
  const [expectedCloseDate, setExpectedCloseDate] = useState(deal?.expectedCloseDate ?? '');
  const [notes, setNotes] = useState(deal?.notes ?? '');
  const [lostReason, setLostReason] = useState(deal?.lostReason ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  // A new deal goes to the first stage unless another one is picked.
  const chosenStageId = stageId || stages.data?.[0]?.id || '';
  const chosenStage = stages.data?.find((s) => s.id === chosenStageId);
  const lost = chosenStage ? chosenStage.kind === 'lost' : deal?.status === 'lost';

  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const refuse = (next: Errors, text: string | null = null) => {
    setErrors(next);
    setFormError(text);
    setAttempt((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = dealInputSchema.safeParse({
      title,
      customerId: customer?.id ?? null,
      ...(chosenStageId ? { stageId: chosenStageId } : {}),
      valueCents: valueCents ?? 0,
      expectedCloseDate: blankToNull(expectedCloseDate),
      notes: blankToNull(notes),
      lostReason: blankToNull(lostReason),
      services: lines.map((line) => ({ serviceId: line.serviceId, quantity: lineQuantity(line) ?? 0 })),
    });
    const local: Errors = checked.success ? {} : errorsOf(issuesOfCheck(checked.error.issues));
    if (lines.some((line) => lineQuantity(line) === null)) local.services = QUANTITY_INVALID_TEXT;
    if (!checked.success || Object.keys(local).length > 0) return refuse(local);

    setSaving(true);
    setErrors({});
    setFormError(null);
    const result = deal ? await updateDeal(deal.id, checked.data) : await create.submit(checked.data);
    setSaving(false);
    if (!result.success) {
      const fromServer = errorsOf(result.issues ?? []);
      return refuse(fromServer, Object.keys(fromServer).length > 0 ? null : result.error);
    }
    const saved = result.data.deal;
    queryClient.setQueryData(salesQueryKeys.deal(saved.id), saved);
    if (deal) {
      toast.success('Venda salva.', { id: `deal-saved-${saved.id}` });
    } else {
      trackEvent('deal created', { dealId: saved.id, valueCents: saved.valueCents });
      toast.success('Venda criada.', { id: `deal-saved-${saved.id}` });
    }
    navigate('/sales');
    void invalidateDealCaches(queryClient);
  };

  const remove = async () => {
    if (!deal) return;
    setDeleting(true);
    setDeleteError(null);
    const result = await deleteDeal(deal.id);
    setDeleting(false);
    if (!result.success) return setDeleteError(result.error);
    toast.success('Venda excluída.', { id: `deal-deleted-${deal.id}` });
    navigate('/sales');
    queryClient.removeQueries({ queryKey: salesQueryKeys.deal(deal.id), exact: true });
    void invalidateDealCaches(queryClient);
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
          value={title}
          maxLength={DEAL_TITLE_MAX}
          autoComplete="off"
          placeholder="Ex.: Bolo de casamento da Marina"
          onChange={(event) => setTitle(event.target.value)}
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
          value={customer}
          onChange={setCustomer}
          invalid={Boolean(errors.customerId)}
          describedBy={errors.customerId ? `${id}-customerId-error` : undefined}
        />
        {fieldError('customerId')}
      </div>

      <DealServices
        lines={lines}
        onLines={setLines}
        onUseTotal={(cents) => setValueCents(Math.min(cents, DEAL_VALUE_MAX_CENTS))}
        error={errors.services}
      />

      <div className="field">
        <label className="field__label" htmlFor={`${id}-value`}>
          Valor
        </label>
        <MoneyInput
          id={`${id}-value`}
          className="field__input field__input--numbers"
          cents={valueCents}
          onCents={setValueCents}
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
            onChange={(event) => setStageId(event.target.value)}
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
          value={expectedCloseDate}
          onChange={(event) => setExpectedCloseDate(event.target.value)}
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
          value={notes}
          maxLength={DEAL_NOTES_MAX}
          onChange={(event) => setNotes(event.target.value)}
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
            value={lostReason}
            maxLength={LOST_REASON_MAX}
            placeholder="Ex.: achou o preço alto, comprou de outro lugar"
            onChange={(event) => setLostReason(event.target.value)}
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
          {confirmingDelete ? (
            <ConfirmAction
              question={`Excluir a venda ${deal.title}?`}
              confirmLabel="Sim, excluir venda"
              pendingLabel="Excluindo..."
              pending={deleting}
              error={deleteError}
              onConfirm={() => void remove()}
              cancel={{
                onCancel: () => {
                  setConfirmingDelete(false);
                  setDeleteError(null);
                },
              }}
            >
              <p>Esta ação não pode ser desfeita.</p>
            </ConfirmAction>
          ) : (
            <button
              type="button"
              className="button button--secondary button--danger-text"
              onClick={() => setConfirmingDelete(true)}
            >
              Excluir venda
            </button>
          )}
        </div>
      ) : null}
    </form>
  );
}
