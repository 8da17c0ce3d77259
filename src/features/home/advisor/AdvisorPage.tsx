import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { AdvisorChatActor } from '../../../../machines/advisor-chat/advisor-chat.machine';
import {
  ADVISOR_LOAD_FAILED_TEXT,
  advisorChatTexts,
} from '../../../../machines/advisor-chat/advisor-chat.texts';
import { appPaths } from '../../../../machines/app-paths';
import { ErrorCard } from '../../../ui/error-boundary/ErrorCard';
import { OwnErrorScreen } from '../../../ui/error-boundary/OwnErrorScreen';
import { AdvisorClear } from './AdvisorClear';
import { AdvisorComposer } from './AdvisorComposer';
import { AdvisorConversation, useNewestInView } from './AdvisorConversation';
import { useAdvisorChat } from './useAdvisorChat';
import './advisor.css';

function AdvisorErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorCard
      title={ADVISOR_LOAD_FAILED_TEXT}
      text={advisorChatTexts.retryHint}
      onRetry={onRetry}
      back={{ to: appPaths.home, label: 'Voltar para o Início' }}
    />
  );
}

function AdvisorReady({ actor }: { actor: AdvisorChatActor }) {
  const end = useRef<HTMLDivElement>(null);
  useNewestInView(actor, end);
  return (
    <div className="advisor-chat">
      <AdvisorClear actor={actor} />
      <AdvisorConversation actor={actor} />
      <AdvisorComposer actor={actor} />
      <div ref={end} className="advisor-chat__end" />
    </div>
  );
}

/** What the chart is doing decides the screen: loading, the error screen, or the chat. */
function AdvisorChat() {
  const actor = useAdvisorChat();
  const shown = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'failed' : 'chat',
  );
  if (shown === 'failed') return <AdvisorErrorView onRetry={() => actor.send({ type: 'RETRY' })} />;
  if (shown === 'loading')
    return (
      <div className="card" role="status">
        <span className="visually-hidden">{advisorChatTexts.loading}</span>
        <span className="skeleton skeleton--field" />
        <span className="skeleton skeleton--field" />
      </div>
    );
  return <AdvisorReady actor={actor} />;
}

/** /home/advisor (spec §2, issue 18): the owner's chat with the advisor. */
export default function AdvisorPage() {
  return (
    <div className="page page--narrow advisor-page">
      <h1 className="page-heading">{advisorChatTexts.heading}</h1>
      <OwnErrorScreen screen={(retry) => <AdvisorErrorView onRetry={retry} />}>
        <AdvisorChat />
      </OwnErrorScreen>
    </div>
  );
}
