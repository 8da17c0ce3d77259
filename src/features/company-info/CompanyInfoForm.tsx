import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import {
  brazilianStates,
  COMPANY_CITY_MAX,
  COMPANY_DESCRIPTION_MAX,
  type CompanyInfo,
  type CompanyInfoInput,
} from '../../../contracts/company';
import { COMPANY_NAME_MAX } from '../../../contracts/onboarding';
import { invalidateAfter } from '../../lib/cache/invalidate-after';
import { useEntityForm, useEntityFormView } from '../../lib/forms/useEntityForm';
import { toast } from '../../lib/toasts';
import { Field } from '../../ui/form-field/Field';
import { brazilianStateNames } from './brazilian-state-names';
import { type CompanyField, type CompanyForm, checkForm, companyFields, formOf } from './company-form';
import { companyInfoQueryKey } from './company-info-query';
import { DocumentNumberField } from './DocumentNumberField';
import { saveCompanyInfo } from './save-company-info';

export const COMPANY_SAVED_TEXT = 'Dados da empresa salvos.';

type CompanyFormValues = CompanyForm & Record<string, unknown>;

/**
 * "Sobre a empresa": what onboarding asked (nome, razão social, CPF/CNPJ), plus how customers reach
 * the business, what it does, and whether tasks offer the charge shortcut. Saved as a whole.
 */
export function CompanyInfoForm({ company }: { company: CompanyInfo }) {
  const id = useId();
  const queryClient = useQueryClient();
  const chart = useEntityForm({
    initial: formOf(company) as CompanyFormValues,
    fields: companyFields,
    check: (form: CompanyFormValues) => {
      const checked = checkForm(form);
      return checked.ok
        ? { ok: true as const, body: checked.input }
        : { ok: false as const, issues: checked.problems.fields, message: checked.problems.message };
    },
    save: (body: CompanyInfoInput) => saveCompanyInfo(body),
    valuesAfterSave: (saved) => formOf(saved) as CompanyFormValues,
    onSaved: (saved) => {
      queryClient.setQueryData(companyInfoQueryKey, saved);
      void invalidateAfter(queryClient, 'company');
      toast.success(COMPANY_SAVED_TEXT, { id: 'company-info-saved' });
    },
  });
  const view = useEntityFormView<CompanyFormValues>(chart);
  const form = view.values;
  const busy = view.saving;
  const change = <K extends keyof CompanyForm>(field: K, value: CompanyForm[K]) =>
    view.edit({ [field]: value } as Partial<CompanyFormValues>);
  const errorOf = (field: CompanyField) => view.issues[field] ?? null;
  const problems = { message: view.message };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.submit();
  };

  return (
    <form className="card form company-form" noValidate aria-busy={busy || undefined} onSubmit={submit}>
      <h2 className="card__heading">Identificação</h2>
      <Field
        label="Nome da empresa"
        hint="Como seus clientes conhecem o seu negócio."
        error={errorOf('name')}
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="name"
            autoComplete="organization"
            maxLength={COMPANY_NAME_MAX}
            readOnly={busy}
            value={form.name}
            onChange={(event) => change('name', event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Razão social"
        hint="O nome registrado. Para CPF, use o seu nome completo."
        error={errorOf('businessName')}
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="businessName"
            maxLength={COMPANY_NAME_MAX}
            readOnly={busy}
            value={form.businessName}
            onChange={(event) => change('businessName', event.target.value)}
          />
        )}
      </Field>
      <DocumentNumberField
        type={form.documentType}
        value={form.documentNumber}
        error={errorOf('documentNumber')}
        disabled={busy}
        onChange={(documentType, documentNumber) => view.edit({ documentType, documentNumber })}
      />

      <h2 className="card__heading company-form__section">Contato</h2>
      <Field label="E-mail" hint="Onde seus clientes falam com a empresa." error={errorOf('email')}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            readOnly={busy}
            value={form.email}
            onChange={(event) => change('email', event.target.value)}
          />
        )}
      </Field>
      <div className="company-form__row">
        <Field label="Cidade" error={errorOf('city')}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              name="city"
              autoComplete="address-level2"
              maxLength={COMPANY_CITY_MAX}
              readOnly={busy}
              value={form.city}
              onChange={(event) => change('city', event.target.value)}
            />
          )}
        </Field>
        <Field label="Estado" error={errorOf('state')}>
          {(control) => (
            <select
              {...control}
              className="field__input"
              name="state"
              autoComplete="address-level1"
              disabled={busy}
              value={form.state}
              onChange={(event) => change('state', event.target.value as CompanyForm['state'])}
            >
              <option value="">Selecione</option>
              {brazilianStates.map((uf) => (
                <option key={uf} value={uf}>
                  {brazilianStateNames[uf]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <h2 className="card__heading company-form__section">Sobre o negócio</h2>
      <Field
        label="O que sua empresa faz"
        hint={`O que você vende e para quem. O consultor de IA usa isso nas sugestões. ${form.description.length}/${COMPANY_DESCRIPTION_MAX}`}
        error={errorOf('description')}
      >
        {(control) => (
          <textarea
            {...control}
            className="field__input company-field__textarea"
            name="description"
            rows={4}
            maxLength={COMPANY_DESCRIPTION_MAX}
            readOnly={busy}
            value={form.description}
            onChange={(event) => change('description', event.target.value)}
          />
        )}
      </Field>
      <div className="company-toggle">
        <input
          id={`${id}-nubank`}
          type="checkbox"
          name="showNubankWidget"
          disabled={busy}
          checked={form.showNubankWidget}
          aria-describedby={`${id}-nubank-hint`}
          onChange={(event) => change('showNubankWidget', event.target.checked)}
        />
        <div>
          <label htmlFor={`${id}-nubank`} className="field__label">
            Mostrar atalho de cobrança nas tarefas
          </label>
          <p id={`${id}-nubank-hint`} className="field__hint">
            Um atalho para criar a cobrança no banco aparece nos detalhes de cada tarefa.
          </p>
        </div>
      </div>

      {problems.message ? (
        <p className="form-error" role="alert">
          {problems.message}
        </p>
      ) : null}
      <button type="submit" className="button button--primary company-form__submit" disabled={busy}>
        {busy ? 'Salvando...' : 'Salvar'}
      </button>
    </form>
  );
}
