import { ADVISOR_OFFLINE_NOTICE_TEXT } from '../../../contracts/advisor';
import {
  type AiTrainingStepScreen,
  type AiTrainingUserAction,
  planAiTrainingStep,
} from '../../../machines/ai-training-form/ai-training-form.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';
import { clickWhenShown } from './when-shown';

/**
 * The AI training chart's driver ("Treinamento da IA"), written once for jsdom and Chromium. The
 * layer opens the page and answers the call a step names.
 */
export interface AiTrainingLayer {
  open(action: Extract<AiTrainingUserAction, { do: 'open' }>): Promise<void>;
  answer(action: Extract<AiTrainingUserAction, { do: 'answer' }>): Promise<void>;
}

interface SeenTraining {
  loading: boolean;
  loadError: string | null;
  form: AiTrainingStepScreen['form'];
  saveButton: string | null;
  errors: string[];
  readOnly: boolean;
  versions: string[] | null;
  viewing: string | null;
  question: string | null;
  answer: AiTrainingStepScreen['answer'];
  askButton: string | null;
  toasts: string[];
}

/** What the screen shows of the training (runs in the page: only its argument and the DOM). */
function readTraining(document: Document, offlineNotice: string): SeenTraining {
  const text = (element: Element | null | undefined) => element?.textContent?.trim() ?? '';
  const form = document.querySelector('form.ai-training');
  const fieldValue = (label: string) => {
    const labelEl = [...(form?.querySelectorAll('label') ?? [])].find((l) => text(l) === label);
    const id = labelEl?.getAttribute('for');
    const control = id
      ? (document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null)
      : null;
    return control?.value ?? '';
  };
  const preview = document.querySelector('form.ai-training__preview');
  const answer = document.querySelector('.ai-training__answer');
  const versionsSection = document.querySelector('.ai-training__versions');
  const viewingHeading = document.getElementById('ai-training-viewing');
  const alert = document.querySelector('.page [role="alert"] h2');
  return {
    loading: !!document.querySelector('.ai-training__loading'),
    loadError: alert ? text(alert) : null,
    form: form
      ? {
          businessDescription: fieldValue('O que o seu negócio faz'),
          faqs: [...form.querySelectorAll('li.ai-training__faq')].map((li) => {
            const [question, answer] = [...li.querySelectorAll('input, textarea')] as HTMLInputElement[];
            return { question: question?.value ?? '', answer: answer?.value ?? '' };
          }),
          wordsToAvoid: [...form.querySelectorAll('.ai-training__word > span')].map((s) => text(s)),
        }
      : null,
    saveButton: form?.querySelector('button[type="submit"]')?.textContent?.trim() ?? null,
    errors: [...document.querySelectorAll('.ai-training__layout .form-error')].map((e) => text(e)),
    readOnly: !!document.querySelector('.ai-training__read-only'),
    versions: versionsSection
      ? [...versionsSection.querySelectorAll('.ai-training__version-title')].map((e) => text(e))
      : null,
    viewing: viewingHeading ? text(viewingHeading) : null,
    question: text(document.getElementById('ai-training-restore-question')) || null,
    answer: answer
      ? {
          text: text(answer.querySelector('.ai-training__answer-text')),
          sources: [...answer.querySelectorAll('.ai-training__sources a')].map((a) => text(a)),
          offline: text(answer.querySelector('.ai-training__offline')) === offlineNotice,
        }
      : null,
    askButton: preview?.querySelector('button[type="submit"]')?.textContent?.trim() ?? null,
    toasts: [...document.querySelectorAll('[data-testid^="toast-"] [data-title]')].map(
      (t) => t.textContent ?? '',
    ),
  };
}

function mismatches(screen: AiTrainingStepScreen, seen: SeenTraining): string[] {
  return [
    ...differs('loading', seen.loading, screen.loading),
    ...differs('the error screen', seen.loadError, screen.loadError),
    ...differs('the form', seen.form, screen.form),
    ...differs('the save button', seen.saveButton, screen.saveButton),
    ...differs('the messages', [...seen.errors].sort(), [...screen.errors].sort()),
    ...differs('read-only', seen.readOnly, screen.readOnly),
    ...differs('the versions', seen.versions, screen.versions),
    ...differs('the version open', seen.viewing, screen.viewing),
    ...differs('the question', seen.question, screen.question),
    ...differs('the preview', seen.answer, screen.answer),
    ...differs('the preview button', seen.askButton, screen.askButton),
    ...(screen.toast && !seen.toasts.includes(screen.toast)
      ? [`no toast "${screen.toast}" (toasts: ${JSON.stringify(seen.toasts)})`]
      : []),
  ];
}

export function aiTrainingDriver(ui: UiSurface, layer: AiTrainingLayer) {
  const perform = async (action: AiTrainingUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open(action);
      case 'fill':
        return ui.fill({ label: action.label, exact: true }, action.text);
      case 'click':
        return clickWhenShown(ui, { role: 'button', name: action.button, exact: true });
      case 'answer':
        return layer.answer(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planAiTrainingStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planAiTrainingStep(path as never, index);
      return expectScreen(
        ui,
        () => ui.read(readTraining, ADVISOR_OFFLINE_NOTICE_TEXT),
        (seen) => mismatches(screen, seen),
      );
    },
  };
}

/** What the person must see after step `index`, in words (for the replay report). */
export function aiTrainingExpectation(path: ChartPath, index: number): string {
  const { screen } = planAiTrainingStep(path as never, index);
  if (screen.loading) return 'o treinamento carregando';
  if (screen.loadError) return `a tela de erro "${screen.loadError}"`;
  return [
    screen.form
      ? `o formulário (${screen.form.faqs.length} perguntas, ${screen.form.wordsToAvoid.length} palavras)`
      : '',
    screen.versions ? `as versões ${screen.versions.join(', ')}` : '',
    screen.viewing ? `a ${screen.viewing.toLowerCase()}` : '',
    screen.question ? `a pergunta "${screen.question}"` : '',
    ...screen.errors.map((e) => `o erro "${e}"`),
    screen.answer ? `a prévia "${screen.answer.text}"` : '',
    screen.toast ? `o aviso "${screen.toast}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
