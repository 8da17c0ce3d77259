import { AI_TRAINING_CONFLICT_TEXT } from '../../contracts/ai-training';

/** The AI training screen's own words, shared by the view, its path plan and its drivers. */
export const AI_TRAINING_LOAD_FAILED_TEXT = 'Erro ao carregar o treinamento da IA';
export const AI_TRAINING_HISTORY_FAILED_TEXT = 'Não foi possível carregar o histórico.';
export const AI_TRAINING_PREVIEW_FAILED_TEXT =
  'Não foi possível gerar a prévia agora. O treinamento continua editável; tente de novo em instantes.';

export const aiTrainingTexts = {
  title: 'Treinamento da IA',
  intro:
    'O que a IA precisa saber sobre o seu negócio, com as suas palavras. Ela usa isso para responder você e sugerir mensagens aos clientes.',
  save: 'Salvar treinamento',
  saving: 'Salvando...',
  conflict: AI_TRAINING_CONFLICT_TEXT,
  reload: 'Recarregar',
  reloading: 'Recarregando...',
  addFaq: 'Adicionar pergunta',
  removeFaq: 'Remover pergunta',
  addWord: 'Adicionar',
  removeWord: (word: string) => `Remover "${word}"`,
  history: 'Ver versões anteriores',
  closeHistory: 'Voltar ao treinamento',
  back: 'Voltar às versões',
  view: 'Ver',
  restore: 'Restaurar esta versão',
  restoreConfirm: 'Restaurar',
  restoring: 'Restaurando...',
  cancel: 'Cancelar',
  retry: 'Tentar novamente',
  ask: 'Ver como a IA responde',
  asking: 'Gerando prévia...',
  readOnly: 'Só gerentes e o dono podem alterar o treinamento.',
};

/** The question before a restore (what is on the form and not saved goes away with it). */
export const restoreQuestion = (version: number, dirty: boolean) =>
  `Restaurar a versão ${version}? Ela passa a ser o treinamento atual${dirty ? ' e as alterações não salvas serão descartadas' : ''}.`;

export const versionTitle = (version: number) => `Versão ${version}`;

export const aiTrainingToasts = {
  saved: (version: number) => `Treinamento salvo (versão ${version}).`,
  restored: (from: number, version: number) => `Versão ${from} restaurada como versão ${version}.`,
};

/** Each field's label and hint, in the form's order. */
export const aiTrainingFields = {
  businessDescription: {
    label: 'O que o seu negócio faz',
    hint: 'O que você vende ou faz, para quem, e o que te diferencia.',
  },
  toneOfVoice: {
    label: 'Tom de voz',
    hint: 'Como a IA deve falar com seus clientes (ex.: informal, com emojis).',
  },
  openingHours: { label: 'Horário de atendimento', hint: 'Dias e horários em que você atende.' },
  paymentPolicy: { label: 'Pagamento', hint: 'Formas de pagamento, sinal, parcelamento.' },
  deliveryPolicy: { label: 'Entrega', hint: 'Prazos, regiões, taxas e retirada.' },
} as const;
export type AiTrainingTextField = keyof typeof aiTrainingFields;

export const faqLabels = {
  heading: 'Perguntas frequentes',
  hint: 'As perguntas que seus clientes mais fazem, com a resposta que você daria.',
  question: (n: number) => `Pergunta ${n}`,
  answer: (n: number) => `Resposta ${n}`,
};
export const wordsLabels = {
  heading: 'Palavras a evitar',
  hint: 'Palavras ou expressões que a IA nunca deve escrever.',
  input: 'Nova palavra a evitar',
};
export const previewLabels = {
  heading: 'Prévia',
  hint: 'Pergunte algo e veja como a IA responderia com o treinamento do formulário, mesmo sem salvar.',
  question: 'Pergunta de exemplo',
};
export const servicesLabels = {
  heading: 'Serviços',
  hint: 'A IA lê os serviços do seu catálogo. Para mudar, edite em Serviços.',
  link: 'Editar serviços',
  empty: 'Nenhum serviço cadastrado.',
};
