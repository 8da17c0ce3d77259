/** What Configurações answers people, in pt-BR (the envelope's `error`). */

export const SAME_PHONE_TEXT = 'Este já é o seu número de celular.';
