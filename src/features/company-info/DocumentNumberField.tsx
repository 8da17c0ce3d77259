import {
  type DocumentType,
  formatDocumentNumber,
  isValidDocumentNumber,
  normalizeDocumentNumber,
} from '../../../contracts/brazil/document-number';
import { INVALID_CNPJ_TEXT, INVALID_CPF_TEXT } from '../../../contracts/onboarding';
import { Field } from '../../ui/form-field/Field';

const fullLength: Record<DocumentType, number> = { cpf: 11, cnpj: 14 };
const invalidText: Record<DocumentType, string> = { cpf: INVALID_CPF_TEXT, cnpj: INVALID_CNPJ_TEXT };

/** A whole number that fails its check digits is said at once; a partial one only when saved. */
function inlineError(type: DocumentType, value: string): string | null {
  const kept = normalizeDocumentNumber(type, value);
  if (kept.length < fullLength[type]) return null;
  return isValidDocumentNumber(type, kept) ? null : invalidText[type];
}

/**
 * CPF or CNPJ: the type, then the number masked as it is typed (000.000.000-00 /
 * 00.000.000/0000-00; a CNPJ may carry letters since 2026). Switching the type re-masks what is there.
 */
export function DocumentNumberField({
  type,
  value,
  error,
  disabled,
  onChange,
}: {
  type: DocumentType;
  value: string;
  error: string | null;
  disabled: boolean;
  onChange: (type: DocumentType, value: string) => void;
}) {
  return (
    <>
      <fieldset className="field" disabled={disabled}>
        <legend className="field__label">Tipo de documento</legend>
        <div className="choice__options">
          {(['cpf', 'cnpj'] as const).map((option) => (
            <label key={option} className="choice__option">
              <input
                type="radio"
                name="documentType"
                value={option}
                checked={type === option}
                onChange={() => onChange(option, formatDocumentNumber(option, value))}
              />
              <span>{option.toUpperCase()}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label={type === 'cpf' ? 'Número do CPF' : 'Número do CNPJ'}
        error={inlineError(type, value) ?? error}
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="documentNumber"
            inputMode={type === 'cpf' ? 'numeric' : 'text'}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder={type === 'cpf' ? '000.000.000-00' : '00.000.000/0000-00'}
            readOnly={disabled}
            value={value}
            onChange={(event) => onChange(type, formatDocumentNumber(type, event.target.value))}
          />
        )}
      </Field>
    </>
  );
}
