import { useEffect, useRef } from 'react';
import {
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_NOTES_MAX,
  type CustomerInput,
  type CustomerSource,
  customerSourceLabels,
  customerSources,
} from '../../../contracts/customers';
import type { ApiResult } from '../../api/client';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { useEntityForm, useEntityFormView } from '../../lib/forms/useEntityForm';
import { Link } from '../../lib/routing/Link';
import { Field } from '../../ui/form-field/Field';
import type { SavedCustomer } from './customer-calls';
import {
  type CustomerFormErrors,
  type CustomerFormField,
  type CustomerFormValues,
  customerFormFields,
  customerInputOf,
  validateCustomer,
} from './customer-form-values';
import { maskCustomerPhone } from './phone-mask';
import { TagsField, withPendingTag } from './TagsField';

type CustomerFormProps = {
  initial: CustomerFormValues;
  submitLabel: string;
  /** Where "Cancelar" goes. */
  cancelTo: string;
  /** Where the app goes once saved. */
  doneTo: string;
  /** POST under the key or PUT; the envelope as it came. */
  save: (input: CustomerInput, idempotencyKey: string) => Promise<ApiResult<SavedCustomer>>;
  onSaved: (saved: SavedCustomer) => void;
};

/** What the form holds: the values, and a tag typed but not yet added (it counts on submit). */
type CustomerFormState = CustomerFormValues & { typedTag: string; [field: string]: unknown };

/** The contract's check of what was typed, before anything is sent. */
function checkCustomer(values: CustomerFormState) {
  const input = customerInputOf({ ...values, tags: withPendingTag(values.tags, values.typedTag) });
  const invalid = validateCustomer(input);
  if (!invalid) return { ok: true as const, body: input };
  const { form, ...issues } = invalid;
  return { ok: false as const, issues: issues as Record<string, string>, message: form ?? null };
}

const focusOrder: CustomerFormField[] = ['name', 'phone', 'email', 'tags', 'source', 'notes'];

/**
 * "Novo cliente" and the edit page: name, WhatsApp (masked as typed), e-mail, tags, source and
 * notes. The contract's own check runs before sending; the server's 400 issues and its 409 (a
 * phone that is another customer's, named in its text) land beside their fields.
 */
export function CustomerForm({ initial, submitLabel, cancelTo, doneTo, save, onSaved }: CustomerFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const chart = useEntityForm({
    initial: { ...initial, typedTag: '' } as CustomerFormState,
    fields: customerFormFields,
    check: checkCustomer,
    conflictField: 'phone',
    doneTo,
    save: async (input: CustomerInput, idempotencyKey) => unwrapEnvelope(await save(input, idempotencyKey)),
    onSaved,
  });
  const view = useEntityFormView<CustomerFormState>(chart);
  const { values, saving, refusals } = view;
  const errors: CustomerFormErrors = { ...view.issues, form: view.message ?? undefined };
  const set = <K extends keyof CustomerFormValues>(field: K, value: CustomerFormValues[K]) =>
    view.edit({ [field]: value } as Partial<CustomerFormState>);

  // The first field with an error gets the focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (refusals === 0) return;
    const invalid = (field: CustomerFormField) =>
      form.current?.querySelector<HTMLElement>(`[data-field="${field}"][aria-invalid="true"]`);
    focusOrder.map(invalid).find(Boolean)?.focus();
  }, [refusals]);

  return (
    <form
      ref={form}
      className="card form"
      noValidate
      aria-busy={saving || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        view.submit();
      }}
    >
      <Field label="Nome" error={errors.name}>
        {(control) => (
          <input
            {...control}
            data-field="name"
            className="field__input"
            name="name"
            autoComplete="off"
            required
            maxLength={CUSTOMER_NAME_MAX}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
          />
        )}
      </Field>
      <Field
        label="WhatsApp"
        optional
        error={errors.phone}
        hint="Com DDD, por exemplo (11) 91234-5678. De outro país? Comece com + e o código do país."
      >
        {(control) => (
          <input
            {...control}
            data-field="phone"
            className="field__input field__input--numbers"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="(11) 91234-5678"
            value={values.phone}
            onChange={(event) => set('phone', maskCustomerPhone(event.target.value))}
          />
        )}
      </Field>
      <Field label="E-mail" optional error={errors.email}>
        {(control) => (
          <input
            {...control}
            data-field="email"
            className="field__input"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={CUSTOMER_EMAIL_MAX}
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
          />
        )}
      </Field>
      <TagsField
        tags={values.tags}
        onChange={(tags) => set('tags', tags)}
        typed={values.typedTag}
        onTypedChange={(typedTag) => view.edit({ typedTag })}
        error={errors.tags}
        disabled={saving}
      />
      <Field label="Origem" optional error={errors.source}>
        {(control) => (
          <select
            {...control}
            data-field="source"
            className="field__input"
            name="source"
            value={values.source}
            onChange={(event) => set('source', event.target.value as CustomerSource | '')}
          >
            <option value="">Não informada</option>
            {customerSources.map((source) => (
              <option key={source} value={source}>
                {customerSourceLabels[source]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Observações" optional error={errors.notes}>
        {(control) => (
          <textarea
            {...control}
            data-field="notes"
            className="field__input"
            name="notes"
            rows={4}
            maxLength={CUSTOMER_NOTES_MAX}
            value={values.notes}
            onChange={(event) => set('notes', event.target.value)}
          />
        )}
      </Field>
      {errors.form ? (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Salvando...' : submitLabel}
        </button>
        <Link to={cancelTo} className="button button--secondary">
          Cancelar
        </Link>
      </div>
    </form>
  );
}
