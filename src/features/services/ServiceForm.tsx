import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import type { Issue } from '../../../contracts/envelope';
import {
  type BusinessService,
  createServiceContract,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_NAME_MAX,
  SERVICE_PRICE_MAX_CENTS,
  type ServiceInput,
  serviceInputSchema,
  updateServiceContract,
} from '../../../contracts/services';
import { appPaths } from '../../../machines/app-paths';
import { api } from '../../api/client';
import { contractUrl } from '../../api/contract-url';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { fieldIssues, issuesOfCheck } from '../../lib/forms/field-issues';
import { useEntityForm, useEntityFormView } from '../../lib/forms/useEntityForm';
import { Link } from '../../lib/routing/Link';
import { servicesQueryKey } from '../../lib/services/services-query';
import { toast } from '../../lib/toasts';
import { MoneyInput } from '../../ui/money-input/MoneyInput';
import { minutesFromFields } from './service-duration';

type Field = 'name' | 'description' | 'priceCents' | 'durationMinutes';
type Errors = Partial<Record<Field, string>>;

export const PRICE_REQUIRED_TEXT = 'Informe o preço.';
export const DURATION_WHOLE_TEXT = 'Informe a duração em horas e minutos inteiros.';

const fields: readonly Field[] = ['name', 'description', 'priceCents', 'durationMinutes'];
const errorsOf = (issues: readonly Issue[]): Errors => fieldIssues(issues, fields).byField;

/** The catalogue with `saved` in it (the list reads it at once; the refetch brings the server's order). */
function withService(
  list: BusinessService[] | undefined,
  saved: BusinessService,
): BusinessService[] | undefined {
  if (!list) return list;
  return list.some((s) => s.id === saved.id)
    ? list.map((s) => (s.id === saved.id ? saved : s))
    : [...list, saved];
}

interface ServiceFormValues {
  name: string;
  description: string;
  priceCents: number | null;
  hours: string;
  minutes: string;
  active: boolean;
  [field: string]: unknown;
}

function valuesOf(service: BusinessService | null): ServiceFormValues {
  const duration = service?.durationMinutes ?? null;
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    priceCents: service?.priceCents ?? null,
    hours: duration !== null && duration >= 60 ? String(Math.floor(duration / 60)) : '',
    minutes: duration !== null && duration % 60 > 0 ? String(duration % 60) : '',
    active: service?.active ?? true,
  };
}

/** The contract's check, with the form's own texts for a missing price and a broken duration. */
function checkService(values: ServiceFormValues) {
  const durationMinutes = minutesFromFields(values.hours, values.minutes);
  const checked = serviceInputSchema.safeParse({
    name: values.name,
    description: values.description.trim() === '' ? null : values.description,
    // Checked below when missing or not whole: the contract's own texts do not fit these fields.
    priceCents: values.priceCents ?? 0,
    durationMinutes: Number.isNaN(durationMinutes) ? null : durationMinutes,
    active: values.active,
  });
  const local: Errors = checked.success ? {} : errorsOf(issuesOfCheck(checked.error.issues));
  if (values.priceCents === null) local.priceCents = PRICE_REQUIRED_TEXT;
  if (Number.isNaN(durationMinutes)) local.durationMinutes = DURATION_WHOLE_TEXT;
  if (!checked.success || Object.keys(local).length > 0) return { ok: false as const, issues: local };
  return { ok: true as const, body: checked.data };
}

/**
 * A service's form: name, description, price (BRL), duration (hours and minutes, or none), and
 * whether it is active ("Arquivado" when not). A taken name (409) is said beside the name.
 */
export function ServiceForm({ service }: { service: BusinessService | null }) {
  const queryClient = useQueryClient();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const chart = useEntityForm({
    initial: valuesOf(service),
    fields,
    check: checkService,
    conflictField: 'name',
    doneTo: appPaths.services,
    save: async (body: ServiceInput, idempotencyKey) =>
      unwrapEnvelope(
        service
          ? await api.put(contractUrl(updateServiceContract.url, service.id), {
              body,
              schema: updateServiceContract.response,
            })
          : await api.post(createServiceContract.url, {
              body,
              schema: createServiceContract.response,
              idempotencyKey,
            }),
      ).businessService,
    onSaved: (saved) => {
      queryClient.setQueryData<BusinessService[]>(servicesQueryKey, (list) => withService(list, saved));
      void queryClient.invalidateQueries({ queryKey: servicesQueryKey });
      toast.success(service ? 'Serviço salvo.' : 'Serviço criado.', { id: 'service-saved' });
    },
  });
  const view = useEntityFormView<ServiceFormValues>(chart);
  const { values, saving, refusals } = view;
  const errors: Errors = view.issues;
  const formError = view.message;

  // After a refused submit, the first field in error takes the focus.
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.submit();
  };

  const describedBy = (field: Field, hint?: string) =>
    [errors[field] && `${id}-${field}-error`, hint].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="form-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form ref={form} className="card form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          Nome
        </label>
        <input
          id={`${id}-name`}
          className="field__input"
          value={values.name}
          maxLength={SERVICE_NAME_MAX}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
          onChange={(event) => view.edit({ name: event.target.value })}
        />
        {fieldError('name')}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-description`}>
          Descrição <span className="field__optional">(opcional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          className="field__input"
          rows={3}
          value={values.description}
          maxLength={SERVICE_DESCRIPTION_MAX}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
          onChange={(event) => view.edit({ description: event.target.value })}
        />
        {fieldError('description')}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-price`}>
          Preço
        </label>
        <MoneyInput
          id={`${id}-price`}
          className="field__input field__input--numbers"
          cents={values.priceCents}
          onCents={(priceCents) => view.edit({ priceCents })}
          maxCents={SERVICE_PRICE_MAX_CENTS}
          placeholder="R$ 0,00"
          aria-invalid={errors.priceCents ? true : undefined}
          aria-describedby={describedBy('priceCents')}
        />
        {fieldError('priceCents')}
      </div>

      <fieldset className="field" aria-describedby={describedBy('durationMinutes', `${id}-duration-hint`)}>
        <legend className="field__label">
          Duração <span className="field__optional">(opcional)</span>
        </legend>
        <div className="field__pair">
          <div className="field">
            <label className="field__label field__label--small" htmlFor={`${id}-hours`}>
              Horas
            </label>
            <input
              id={`${id}-hours`}
              className="field__input"
              inputMode="numeric"
              value={values.hours}
              maxLength={3}
              aria-invalid={errors.durationMinutes ? true : undefined}
              onChange={(event) => view.edit({ hours: event.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label field__label--small" htmlFor={`${id}-minutes`}>
              Minutos
            </label>
            <input
              id={`${id}-minutes`}
              className="field__input"
              inputMode="numeric"
              value={values.minutes}
              maxLength={5}
              aria-invalid={errors.durationMinutes ? true : undefined}
              onChange={(event) => view.edit({ minutes: event.target.value })}
            />
          </div>
        </div>
        <p id={`${id}-duration-hint`} className="field__hint">
          Deixe em branco quando não houver uma duração definida (um produto, por exemplo).
        </p>
        {fieldError('durationMinutes')}
      </fieldset>

      <div className="field">
        <div className="switch">
          <input
            id={`${id}-active`}
            type="checkbox"
            role="switch"
            className="switch__input"
            checked={values.active}
            aria-checked={values.active}
            aria-describedby={`${id}-active-hint`}
            onChange={(event) => view.edit({ active: event.target.checked })}
          />
          <label className="switch__label" htmlFor={`${id}-active`}>
            Serviço ativo
          </label>
          <span className={values.active ? 'badge badge--success' : 'badge badge--muted'}>
            {values.active ? 'Ativo' : 'Arquivado'}
          </span>
        </div>
        <p id={`${id}-active-hint`} className="field__hint">
          Serviços arquivados não aparecem para novas vendas, mas continuam nas vendas antigas.
        </p>
      </div>

      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}

      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Salvando...' : service ? 'Salvar alterações' : 'Criar serviço'}
        </button>
        <Link to="/settings/services" className="button button--secondary">
          Cancelar
        </Link>
      </div>
    </form>
  );
}
