import {
  planReplyBoxStep,
  type ReplyBoxScreen,
  type ReplyBoxUserAction,
  replyBoxTexts,
} from '../../../machines/reply-box/reply-box.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The reply-box chart's driver (the reply under the customer's conversation), written once for
 * jsdom and Chromium. The layer opens the customer page signed in, answers the held load (the
 * customer's window, then the templates) and the held reply, and counts the replies the server got.
 */
export interface ReplyBoxLayer {
  open(): Promise<void>;
  answerLoad(action: Extract<ReplyBoxUserAction, { do: 'answer-load' }>): Promise<void>;
  answerSend(action: Extract<ReplyBoxUserAction, { do: 'answer-send' }>): Promise<void>;
  /** The customer writes on WhatsApp: the server's window moves, the app hears it live. */
  customerWrites(action: Extract<ReplyBoxUserAction, { do: 'customer-writes' }>): Promise<void>;
  /** Time passes until the open window's end (windowClosesAt) is behind. */
  windowPasses(): Promise<void>;
  answerTemplates(action: Extract<ReplyBoxUserAction, { do: 'answer-templates' }>): Promise<void>;
  /** How many times the app read the conversation (a reply that went out reads it again). */
  conversationReads(): Promise<number>;
  /**
   * When the open window really closes, where the server's answer is not the path's (a real
   * customer's window ends 24 hours after they wrote); the path's instant otherwise.
   */
  windowClosesAt?(): string | null;
}

interface SeenReplyBox {
  status: string | null;
  alert: string | null;
  connect: boolean;
  window: string | null;
  message: string | null;
  template: string | null;
  parameters: string[];
  buttons: Array<{ label: string; disabled: boolean }>;
}

/** The reply box as the owner sees it (runs in the page: only its argument and the DOM). */
function readReplyBox(document: Document): SeenReplyBox | null {
  const box = document.querySelector('[aria-label="Responder ao cliente"]');
  if (!box) return null;
  const labels = [...box.querySelectorAll('label')];
  const control = (label: HTMLLabelElement) =>
    document.getElementById(label.htmlFor) as
      | HTMLInputElement
      | HTMLSelectElement
      | HTMLTextAreaElement
      | null;
  const byLabel = (text: string) => {
    const label = labels.find((l) => l.textContent === text);
    return label ? control(label) : null;
  };
  const select = byLabel('Modelo') as HTMLSelectElement | null;
  return {
    status: box.querySelector('[role="status"]')?.textContent ?? null,
    alert: box.querySelector('[role="alert"]')?.textContent ?? null,
    connect: [...box.querySelectorAll('a')].some((a) => a.textContent === 'Conectar WhatsApp'),
    window: box.querySelector('.reply-box__window')?.textContent ?? null,
    message: byLabel('Mensagem')?.value ?? null,
    template: select && select.value !== '' ? (select.selectedOptions[0]?.textContent ?? null) : null,
    parameters: labels
      .filter((l) => (l.textContent ?? '').startsWith('Parâmetro '))
      .map((l) => control(l)?.value ?? ''),
    buttons: [...box.querySelectorAll('button')].map((b) => ({
      label: b.textContent ?? '',
      disabled: b.disabled,
    })),
  };
}

/** A time of day as the app shows it, in the page's own time zone (runs in the page). */
function timeInPage(_document: Document, iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

function expected(screen: ReplyBoxScreen, windowTime: string | null): SeenReplyBox {
  const buttons = screen.failedSend
    ? [
        { label: replyBoxTexts.retry, disabled: false },
        { label: replyBoxTexts.edit, disabled: false },
      ]
    : screen.kind === 'loadFailed'
      ? [{ label: replyBoxTexts.retry, disabled: false }]
      : screen.send
        ? [{ label: screen.send.label, disabled: !screen.send.enabled }]
        : [];
  return {
    status: screen.kind === 'loading' ? replyBoxTexts.loading : null,
    alert: screen.error,
    connect: screen.kind === 'unavailable',
    window:
      screen.kind === 'text' && windowTime
        ? replyBoxTexts.windowOpen(windowTime)
        : screen.kind === 'template'
          ? replyBoxTexts.windowClosed
          : null,
    message: screen.kind === 'text' ? screen.text : null,
    template: screen.template,
    parameters: screen.parameters,
    buttons,
  };
}

export function replyBoxDriver(ui: UiSurface, layer: ReplyBoxLayer) {
  let readsBefore = 0;
  const perform = async (action: ReplyBoxUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open();
      case 'answer-load':
        return layer.answerLoad(action);
      case 'answer-send':
        readsBefore = await layer.conversationReads();
        return layer.answerSend(action);
      case 'customer-writes':
        return layer.customerWrites(action);
      case 'window-passes':
        return layer.windowPasses();
      case 'answer-templates':
        return layer.answerTemplates(action);
      case 'type':
        return ui.fill({ label: action.field, exact: true }, action.text);
      case 'choose':
        return ui.select({ label: action.field, exact: true }, action.option);
      case 'click':
        return ui.click({ role: 'button', name: action.button, exact: true });
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planReplyBoxStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    async check(path: ChartPath, index: number) {
      const { screen } = planReplyBoxStep(path as never, index);
      const closesAt = screen.windowClosesAt && (layer.windowClosesAt?.() ?? screen.windowClosesAt);
      const windowTime = closesAt ? await ui.read(timeInPage, closesAt) : null;
      const want = expected(screen, windowTime);
      return expectScreen(
        ui,
        async () => ({ seen: await ui.read(readReplyBox, null), reads: await layer.conversationReads() }),
        ({ seen, reads }) => [
          ...differs('the reply box', seen, want),
          // A reply that went out shows in the timeline: the conversation is read again.
          ...(screen.sent && reads <= readsBefore
            ? ['the conversation was not read again after the reply']
            : []),
        ],
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function replyBoxExpectation(path: ChartPath, index: number): string {
  const { screen } = planReplyBoxStep(path as never, index);
  switch (screen.kind) {
    case 'loading':
      return `"${replyBoxTexts.loading}"`;
    case 'loadFailed':
      return `o erro "${screen.error}" e "${replyBoxTexts.retry}"`;
    case 'unavailable':
      return `"${replyBoxTexts.unavailable}" com o link "${replyBoxTexts.connect}"`;
    default: {
      const what =
        screen.kind === 'text'
          ? `a janela aberta, a mensagem "${screen.text}"`
          : `a janela fechada, o modelo ${screen.template ?? '(nenhum)'} com [${screen.parameters.join(', ')}]`;
      const after = screen.failedSend
        ? `; o erro "${screen.error}", "${replyBoxTexts.retry}" e "${replyBoxTexts.edit}"`
        : screen.send
          ? `; "${screen.send.label}"${screen.send.enabled ? '' : ' bloqueado'}`
          : '';
      return `${what}${after}${screen.sent ? '; a conversa lida de novo' : ''}`;
    }
  }
}
