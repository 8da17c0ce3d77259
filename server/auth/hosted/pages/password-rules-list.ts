import { html, type SafeHtml } from '../html';
import { PASSWORD_MAX_LENGTH, type PasswordRuleId, passwordRules } from '../password-rules';
import { type FieldErrors, field } from './fields';

export const RULES_ID = 'password-rules';

/**
 * The new-password input with its rules listed below it (and in its description), ticked off by
 * assets/password-rules.js as the user types. `emailInput` names the field the password must differ
 * from; without one (the reset page) that rule is left to the server.
 */
export function newPasswordField(input: {
  label: string;
  errors: FieldErrors;
  emailInput?: string;
  autofocus?: boolean;
}): SafeHtml {
  const shown = passwordRules.filter(
    (rule) => input.emailInput || rule.id !== ('not-email' satisfies PasswordRuleId),
  );
  return html`${field({
    name: 'password',
    label: input.label,
    type: 'password',
    autocomplete: 'new-password',
    error: input.errors.password,
    describedBy: [RULES_ID],
    maxLength: PASSWORD_MAX_LENGTH,
    autofocus: input.autofocus ?? false,
    data: { 'password-rules': RULES_ID, ...(input.emailInput && { 'email-input': input.emailInput }) },
  })}
<ul class="rules" id="${RULES_ID}" aria-label="A senha precisa ter">
${shown.map((rule) => html`<li data-rule="${rule.id}">${rule.label}<span class="rule-status visually-hidden"></span></li>`)}
</ul>`;
}
