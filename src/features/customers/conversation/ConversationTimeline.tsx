import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef } from 'react';
import { appPaths } from '../../../../machines/app-paths';
import { Link } from '../../../lib/routing/Link';
import { whatsappStatusQuery } from '../../../lib/whatsapp/whatsapp-status-query';
import { LoadError } from '../../../ui/load-error/LoadError';
import { SuggestMessageButton } from '../../../ui/suggest-message/SuggestMessageButton';
import { ChatMessage } from './ChatMessage';
import { conversationDays } from './conversation-days';
import { conversationQuery } from './conversation-query';
import { ReplyBox } from './ReplyBox';
import './conversation.css';

/**
 * The customer's WhatsApp conversation as a chat: days oldest first, the newest message at the
 * bottom, older pages on request, the reply box under it. Kept current by the realtime socket (it marks the query stale).
 */
export function ConversationTimeline({
  customerId,
  customerName,
  hasWhatsapp = false,
}: {
  customerId: string;
  customerName: string;
  /** The customer has a number: "Sugerir mensagem" can draft one for them. */
  hasWhatsapp?: boolean;
}) {
  const headingId = useId();
  const conversation = useInfiniteQuery(conversationQuery(customerId));
  const messages = conversation.data?.pages.flatMap((page) => page.items) ?? [];
  const days = useRef<HTMLDivElement>(null);
  const newest = messages[0]?.id;
  // A chat opens on its newest message, and follows a new one in; older pages load above.
  useLayoutEffect(() => {
    if (newest && days.current) days.current.scrollTop = days.current.scrollHeight;
  }, [newest]);
  return (
    <section className="card conversation" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__heading">
        Conversa no WhatsApp
      </h2>
      {conversation.isPending ? (
        <p className="card__text" role="status">
          Carregando mensagens...
        </p>
      ) : conversation.isError && messages.length === 0 ? (
        <LoadError error={conversation.error} onRetry={() => void conversation.refetch()} />
      ) : messages.length === 0 ? (
        <EmptyConversation />
      ) : (
        <>
          {conversation.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary conversation__older"
              disabled={conversation.isFetchingNextPage}
              onClick={() => void conversation.fetchNextPage()}
            >
              {conversation.isFetchingNextPage ? 'Carregando...' : 'Carregar mensagens anteriores'}
            </button>
          ) : null}
          {conversation.isFetchNextPageError ? (
            <p className="form-error" role="alert">
              Não foi possível carregar as mensagens anteriores. Tente de novo.
            </p>
          ) : null}
          <div className="conversation__days" ref={days}>
            {conversationDays(messages).map((day) => (
              <section key={day.key} className="conversation__day" aria-label={day.label}>
                <h3 className="conversation__day-label">{day.label}</h3>
                <ol className="conversation__messages">
                  {day.messages.map((message) => (
                    <ChatMessage key={message.id} message={message} customerName={customerName} />
                  ))}
                </ol>
              </section>
            ))}
          </div>
        </>
      )}
      {hasWhatsapp ? (
        <div className="form__actions">
          <SuggestMessageButton target={{ customerId }} />
        </div>
      ) : null}
      <ReplyBox customerId={customerId} />
    </section>
  );
}

/** No message yet; without a connected WhatsApp, the way to connect one. */
function EmptyConversation() {
  const status = useQuery(whatsappStatusQuery);
  const connected = status.data?.status === 'connected';
  return (
    <div className="conversation__empty">
      <p className="card__text">
        Nenhuma mensagem ainda. O que este cliente escrever no WhatsApp aparece aqui.
      </p>
      {status.data && !connected ? (
        <p className="card__text">
          <Link to={appPaths.whatsapp}>Conecte o WhatsApp Business</Link> para receber as conversas no Fechaí.
        </p>
      ) : null}
    </div>
  );
}
