/** Longer than this is refused before hashing: no one types it, and it would only cost CPU. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The rules a new password must meet, shown as a checklist while the user types. assets/password-rules.js
 * checks the same ids in the browser; the server always checks them again here.
 */
export const passwordRules = [
  { id: 'length', label: 'Pelo menos 8 caracteres', test: (p: string) => [...p].length >= 8 },
  { id: 'letter', label: 'Pelo menos uma letra', test: (p: string) => /\p{L}/u.test(p) },
  { id: 'number', label: 'Pelo menos um número', test: (p: string) => /\p{Nd}/u.test(p) },
  {
    id: 'not-email',
    label: 'Diferente do seu e-mail',
    test: (p: string, email: string) => email === '' || p.trim().toLowerCase() !== email,
  },
] as const;

export type PasswordRuleId = (typeof passwordRules)[number]['id'];

/** What is wrong with a new password, as one pt-BR sentence; null when it is fine. */
export function passwordProblem(password: string, normalisedEmail: string): string | null {
  if (password === '') return 'Crie uma senha.';
  if ([...password].length > PASSWORD_MAX_LENGTH) return `Use no máximo ${PASSWORD_MAX_LENGTH} caracteres.`;
  const unmet = passwordRules.filter((rule) => !rule.test(password, normalisedEmail));
  if (unmet.length === 0) return null;
  return `A senha precisa ter: ${unmet.map((rule) => rule.label.toLowerCase()).join('; ')}.`;
}
