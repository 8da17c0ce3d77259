import {
  type AdvisorChatScreen,
  type AdvisorChatScreenMessage,
  type AdvisorChatUserAction,
  planAdvisorChatStep,
} from '../../../machines/advisor-chat/advisor-chat.paths';
import { advisorChatTexts } from '../../../machines/advisor-chat/advisor-chat.texts';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The advisor chat's driver (/home/advisor), written once for jsdom and Chromium. The layer opens
 * the page signed in, answers the held GET /api/advisor/conversation and DELETE, and plays the held
 * POST …/messages: its event stream released event by event, a refusal in the envelope, a drop.
 */
export interface AdvisorChatLayer {
  open(url: string): Promise<void>;
  answerConversation(action: Extract<AdvisorChatUserAction, { do: 'answer-conversation' }>): Promise<void>;
  streamStarted(action: Extract<AdvisorChatUserAction, { do: 'stream-started' }>): Promise<void>;
  streamDelta(action: Extract<AdvisorChatUserAction, { do: 'stream-delta' }>): Promise<void>;
  streamEnd(action: Extract<AdvisorChatUserAction, { do: 'stream-end' }>): Promise<void>;
  refuseQuestion(action: Extract<AdvisorChatUserAction, { do: 'refuse-question' }>): Promise<void>;
  dropStream(): Promise<void>;
  answerClear(action: Extract<AdvisorChatUserAction, { do: 'answer-clear' }>): Promise<void>;
  /** The questions the page POSTed so far, in order. */
  asked(): Promise<string[]>;
}

type SeenChat =
  | { shows: 'loading' | 'nothing' }
  | { shows: 'error'; text: string | null }
  | {
      shows: 'chat';
      messages: AdvisorChatScreenMessage[];
      examples: string[];
      draft: string;
      sendEnabled: boolean;
      stopShown: boolean;
      failure: string | null;
      clear: 'offered' | 'confirming' | 'clearing' | 'none';
    };

interface ChatWords {
  send: string;
  stop: string;
  clear: string;
  clearConfirm: string;
  clearing: string;
}

/** The advisor page as shown (runs in the page: only its argument and the DOM). */
function readChat(document: Document, words: ChatWords): SeenChat {
  const main = document.querySelector('main') ?? document.body;
  const alert = main.querySelector('[role="alert"] h2');
  if (alert) return { shows: 'error', text: alert.textContent };
  const chat = main.querySelector('.advisor-chat');
  if (!chat) return main.querySelector('[role="status"]') ? { shows: 'loading' } : { shows: 'nothing' };
  const buttons = [...chat.querySelectorAll('button')];
  const button = (name: string) => buttons.find((b) => b.textContent === name);
  const messages = [...chat.querySelectorAll('.advisor-chat__messages > li')].map((li) => ({
    from: (li.getAttribute('data-from') === 'user' ? 'user' : 'advisor') as 'user' | 'advisor',
    text: li.querySelector('.advisor-msg__text')?.textContent ?? '',
    notice: li.querySelector('.advisor-msg__notice')?.textContent ?? null,
    sources: [...li.querySelectorAll('.advisor-msg__sources a')].map((a) => ({
      label: a.textContent ?? '',
      href: a.getAttribute('href') ?? '',
    })),
    failed: li.hasAttribute('data-failed'),
    note: li.querySelector('.advisor-msg__note')?.textContent ?? null,
  }));
  const confirm = button(words.clearConfirm);
  const clearing = button(words.clearing);
  return {
    shows: 'chat',
    messages,
    examples: [...chat.querySelectorAll('.advisor-empty__examples button')].map((b) => b.textContent ?? ''),
    draft: (chat.querySelector('textarea') as HTMLTextAreaElement | null)?.value ?? '',
    sendEnabled: button(words.send)?.disabled === false,
    stopShown: button(words.stop) !== undefined,
    failure: chat.querySelector('.advisor-composer [role="alert"]')?.textContent ?? null,
    clear: clearing ? 'clearing' : confirm ? 'confirming' : button(words.clear) ? 'offered' : 'none',
  };
}

function expected(screen: AdvisorChatScreen): SeenChat {
  return screen;
}

const words: ChatWords = {
  send: advisorChatTexts.send,
  stop: advisorChatTexts.stop,
  clear: advisorChatTexts.clear,
  clearConfirm: advisorChatTexts.clearConfirm,
  clearing: advisorChatTexts.clearing,
};

export function advisorChatDriver(ui: UiSurface, layer: AdvisorChatLayer) {
  const field = { label: advisorChatTexts.questionLabel };
  const perform = async (action: AdvisorChatUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open(action.url);
      case 'answer-conversation':
        return layer.answerConversation(action);
      case 'type-question':
        return ui.fill(field, action.text);
      case 'press':
        // Enter where the question is written.
        await ui.click(field);
        return ui.press(action.key);
      case 'click':
        return ui.click({ role: 'button', name: action.button, exact: true });
      case 'stream-started':
        return layer.streamStarted(action);
      case 'stream-delta':
        return layer.streamDelta(action);
      case 'stream-end':
        return layer.streamEnd(action);
      case 'refuse-question':
        return layer.refuseQuestion(action);
      case 'drop-stream':
        return layer.dropStream();
      case 'answer-clear':
        return layer.answerClear(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planAdvisorChatStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    async check(path: ChartPath, index: number) {
      const plan = planAdvisorChatStep(path as never, index);
      await expectScreen(
        ui,
        async () => ({
          seen: await ui.read(readChat, words),
          asked: await layer.asked(),
          address: await ui.location(),
        }),
        ({ seen, asked, address }) => [
          ...differs('the page', seen, expected(plan.screen)),
          ...differs('the questions sent', asked, plan.asked),
          ...differs('the address', address, plan.address),
        ],
      );
    },
  };
}

/** What Ana must see after step `index`, in words (for the replay report). */
export function advisorChatExpectation(path: ChartPath, index: number): string {
  const { screen, address } = planAdvisorChatStep(path as never, index);
  if (screen.shows === 'loading') return `"${advisorChatTexts.loading}" at ${address}`;
  if (screen.shows === 'error') return `the error screen "${screen.text}" with "Tentar novamente"`;
  const parts = [
    screen.messages.length === 0 ? 'the example questions' : `${screen.messages.length} messages`,
  ];
  const last = screen.messages.at(-1);
  if (last) parts.push(`the last: "${last.text || last.note}"`);
  if (screen.stopShown) parts.push(`"${advisorChatTexts.stop}"`);
  if (screen.failure) parts.push(`"${screen.failure}"`);
  if (screen.clear === 'confirming') parts.push(`"${advisorChatTexts.clearQuestion}"`);
  if (screen.draft) parts.push(`the field holds "${screen.draft}"`);
  parts.push(`at ${address}`);
  return parts.join('; ');
}
