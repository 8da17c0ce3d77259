/** What onboarding answers people, in pt-BR (the envelope's `error`). */

export const SIGNUP_COMPLETE_TEXT =
  'Seu cadastro já foi concluído. Para alterar seus dados, use Configurações.';
export const TRIAL_STEPS_MISSING_TEXT = 'Conclua as etapas anteriores antes de começar o teste grátis.';
export const NOT_COMPANY_OWNER_TEXT = 'Somente quem criou a empresa pode alterar os dados dela.';
