import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  BLOCKLIST_NAME_MAX,
  type BlocklistEntry,
  type BlocklistInput,
  blocklistInputSchema,
} from '../../../contracts/blocklist';
import { formatBrazilianPhone } from '../../../contracts/brazil/mobile-phone';
import { fieldIssues, issuesOfCheck } from '../../lib/forms/field-issues';
import { useEntityForm, useEntityFormView } from '../../lib/forms/useEntityForm';
import { toast } from '../../lib/toasts';
import { Field } from '../../ui/form-field/Field';
import { addBlocklistEntry, blocklistQueryKey } from './blocklist-query';

type BlocklistFormValues = { name: string; phoneNumber: string; [field: string]: unknown };

const fields = ['name', 'phoneNumber'] as const;
const empty: BlocklistFormValues = { name: '', phoneNumber: '' };

/** The contract's check (spec §5 texts) before anything is sent. */
function checkEntry(values: BlocklistFormValues) {
  const checked = blocklistInputSchema.safeParse({ name: values.name, phoneNumber: values.phoneNumber });
  if (checked.success) return { ok: true as const, body: checked.data };
  const { byField, others } = fieldIssues(issuesOfCheck(checked.error.issues), fields);
  return {
    ok: false as const,
    issues: byField as Record<string, string>,
    message: others[0]?.message ?? null,
  };
}

/**
 * "Adicionar contato": name and WhatsApp (masked as typed, as on the customer form). The server's
 * 409 (the number is already there, ninth digit or not) lands beside the phone. Saved, the fields
 * empty for the next one.
 */
export function BlocklistForm() {
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const chart = useEntityForm({
    initial: empty,
    fields,
    check: checkEntry,
    conflictField: 'phoneNumber',
    save: (body: BlocklistInput) => addBlocklistEntry(body),
    valuesAfterSave: () => empty,
    onSaved: (entry: BlocklistEntry) => {
      toast.success(`${entry.name} adicionado aos contatos ignorados.`);
      queryClient.setQueryData<BlocklistEntry[]>(blocklistQueryKey, (list) => [
        entry,
        ...(list ?? []).filter((other) => other.id !== entry.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: blocklistQueryKey });
    },
  });
  const { values, issues, message, saving, refusals, edit, submit } =
    useEntityFormView<BlocklistFormValues>(chart);

  // The first field with an error gets the focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (refusals === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  return (
    <form
      ref={form}
      className="card form"
      noValidate
      aria-labelledby="blocklist-form-title"
      aria-busy={saving || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 id="blocklist-form-title" className="card__title">
        Adicionar contato
      </h2>
      <Field label="Nome" error={issues.name}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="name"
            autoComplete="off"
            maxLength={BLOCKLIST_NAME_MAX}
            value={values.name}
            onChange={(event) => edit({ name: event.target.value })}
          />
        )}
      </Field>
      <Field label="WhatsApp" error={issues.phoneNumber} hint="Com DDD, por exemplo (11) 91234-5678.">
        {(control) => (
          <input
            {...control}
            className="field__input field__input--numbers"
            name="phoneNumber"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="(11) 91234-5678"
            value={values.phoneNumber}
            onChange={(event) => edit({ phoneNumber: formatBrazilianPhone(event.target.value) })}
          />
        )}
      </Field>
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Adicionando...' : 'Adicionar'}
        </button>
      </div>
    </form>
  );
}
