import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import {
  type DocumentType,
  formatDocumentNumber,
  isValidDocumentNumber,
  normalizeDocumentNumber,
} from '../../../contracts/brazil/document-number';
import { companyDetailsSchema, INVALID_CNPJ_TEXT, INVALID_CPF_TEXT } from '../../../contracts/onboarding';
import type { OnboardingActor } from '../../../machines/onboarding/onboarding.machine';
import { stepFailureView } from './step-failure';
import { TextField } from './TextField';

type StepProps = { onboarding: OnboardingActor };
type Field = 'name' | 'businessName' | 'documentNumber';
const FIELDS: readonly Field[] = ['name', 'businessName', 'documentNumber'];

const documentLength: Record<DocumentType, number> = { cpf: 11, cnpj: 14 };
const invalidText: Record<DocumentType, string> = { cpf: INVALID_CPF_TEXT, cnpj: INVALID_CNPJ_TEXT };

/** A whole number that fails its check digits is said at once; a partial one only when sent. */
function inlineDocumentError(type: DocumentType, value: string): string | null {
  const kept = normalizeDocumentNumber(type, value);
  if (kept.length < documentLength[type]) return null;
  return isValidDocumentNumber(type, kept) ? null : invalidText[type];
}

/**
 * "Sobre sua empresa": nome da empresa, razão social, CPF or CNPJ (masked, check digits checked).
 * Opens filled in with the company already saved (the user came back a step); sending it again
 * corrects that company.
 */
export function CompanyStep({ onboarding }: StepProps) {
  const saved = useSelector(onboarding, (s) => s.context.status?.company ?? null);
  const [values, setValues] = useState(() => ({
    name: saved?.name ?? '',
    businessName: saved?.businessName ?? '',
    documentNumber: saved ? formatDocumentNumber(saved.documentType, saved.documentNumber) : '',
  }));
  const [documentType, setDocumentType] = useState<DocumentType>(saved?.documentType ?? 'cpf');
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const busy = useSelector(onboarding, (s) => s.matches({ companyDetails: 'submitting' }));
  const failure = stepFailureView(
    useSelector(onboarding, (s) => s.context.failure),
    FIELDS,
  );
  const errorOf = (field: Field) =>
    invalid[field] ??
    (field === 'documentNumber' ? inlineDocumentError(documentType, values.documentNumber) : null) ??
    failure.fields[field];

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = companyDetailsSchema.safeParse({ ...values, documentType });
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field) && !found[field]) found[field] = issue.message;
      }
      setInvalid(found);
      return;
    }
    setInvalid({});
    onboarding.send({ type: 'SUBMIT_COMPANY', company: checked.data });
  };

  const documentLabel = documentType === 'cpf' ? 'Número do CPF' : 'Número do CNPJ';
  return (
    <form className="onboarding-form" noValidate onSubmit={submit}>
      <p className="card__text">Conte um pouco sobre o seu negócio.</p>
      <TextField
        label="Nome da empresa"
        name="name"
        autoComplete="organization"
        hint="Como seus clientes conhecem o seu negócio."
        value={values.name}
        error={errorOf('name')}
        onChange={(event) => change('name', event.target.value)}
      />
      <TextField
        label="Razão social"
        name="businessName"
        hint="O nome registrado. Para CPF, use o seu nome completo."
        value={values.businessName}
        error={errorOf('businessName')}
        onChange={(event) => change('businessName', event.target.value)}
      />
      <fieldset className="onboarding-choice">
        <legend className="onboarding-field__label">Tipo de documento</legend>
        <div className="onboarding-choice__options">
          {(['cpf', 'cnpj'] as const).map((type) => (
            <label key={type} className="onboarding-choice__option">
              <input
                type="radio"
                name="documentType"
                value={type}
                checked={documentType === type}
                onChange={() => {
                  setDocumentType(type);
                  change('documentNumber', formatDocumentNumber(type, values.documentNumber));
                }}
              />
              <span>{type.toUpperCase()}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={documentLabel}
        name="documentNumber"
        inputMode={documentType === 'cpf' ? 'numeric' : 'text'}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        placeholder={documentType === 'cpf' ? '000.000.000-00' : '00.000.000/0000-00'}
        value={values.documentNumber}
        error={errorOf('documentNumber')}
        onChange={(event) => change('documentNumber', formatDocumentNumber(documentType, event.target.value))}
      />
      {failure.message && (
        <p className="form-error" role="alert">
          {failure.message}
        </p>
      )}
      <button type="submit" className="button button--primary onboarding-form__submit" disabled={busy}>
        {busy ? 'Salvando...' : 'Continuar'}
      </button>
    </form>
  );
}
