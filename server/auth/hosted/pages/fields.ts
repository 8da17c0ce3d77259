import { CSRF_FIELD } from '../csrf';
import { html, type SafeHtml } from '../html';
import type { ReturnTarget } from '../return-target';

/** Messages per field name, shown under the field and tied to it with aria-describedby. */
export type FieldErrors = Partial<Record<string, string>>;

export interface FieldInput {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string | undefined;
  error?: string | undefined;
  /** Ids of other elements that describe the field (a hint, the page's alert, the rules list). */
  describedBy?: (string | false | undefined)[];
  autofocus?: boolean;
  maxLength?: number;
  /** Extra data-* attributes, e.g. for the password rules script. */
  data?: Record<string, string>;
}

export const errorId = (name: string) => `${name}-error`;

/** ` name="value"` per attribute: true writes the bare name; false, undefined and '' write nothing. */
function attributes(list: Record<string, string | number | boolean | undefined>): SafeHtml {
  return html`${Object.entries(list).map(([name, value]) => {
    if (value === true) return html` ${name}`;
    if (value === false || value === undefined || value === '') return null;
    return html` ${name}="${value}"`;
  })}`;
}

/** A labelled input; its error (if any) right below it, tied to it so it is read out with it. */
export function field(input: FieldInput): SafeHtml {
  const describedBy = [...(input.describedBy ?? []), input.error && errorId(input.name)].filter(Boolean);
  const email = input.type === 'email';
  const data = Object.fromEntries(
    Object.entries(input.data ?? {}).map(([key, value]) => [`data-${key}`, value]),
  );
  return html`<div class="field">
<label for="${input.name}">${input.label}</label>
<input${attributes({
    id: input.name,
    name: input.name,
    type: input.type,
    autocomplete: input.autocomplete,
    required: true,
    inputmode: email ? 'email' : undefined,
    autocapitalize: email ? 'none' : undefined,
    spellcheck: email ? 'false' : undefined,
    value: input.value,
    maxlength: input.maxLength,
    'aria-describedby': describedBy.join(' '),
    'aria-invalid': input.error ? 'true' : undefined,
    autofocus: input.autofocus ?? false,
    ...data,
  })}>
${input.error && html`<p class="field-error" id="${errorId(input.name)}">${input.error}</p>`}
</div>`;
}

/** The page-level message of a failed form (role=alert, so it is read out when the page loads). */
export const FORM_ALERT_ID = 'form-alert';
export function formAlert(message: string | undefined): SafeHtml {
  return html`${message && html`<div class="alert" role="alert" id="${FORM_ALERT_ID}">${message}</div>`}`;
}

/** Hidden fields every form carries: the CSRF token and where the user is headed. */
export function hiddenFields(
  csrf: string,
  target: ReturnTarget,
  extra: Record<string, string> = {},
): SafeHtml {
  const fields: Record<string, string | undefined> = {
    [CSRF_FIELD]: csrf,
    returnTo: target.returnTo,
    redirect: target.redirect,
    ...extra,
  };
  return html`${Object.entries(fields).map(
    ([name, value]) => value !== undefined && html`<input type="hidden" name="${name}" value="${value}">`,
  )}`;
}

/** The first field with an error gets the focus, so keyboard and screen reader users land on it. */
export function firstError(errors: FieldErrors, order: string[]): string | undefined {
  return order.find((name) => errors[name]);
}
