import { useId } from 'react';
import { supportChatUrl } from './support-contacts';
import './support.css';

const chatBubble =
  'M12 3.5c-4.7 0-8.5 3.4-8.5 7.7 0 2.2 1 4.1 2.6 5.5l-.6 3.8 3.9-1.9c.8.2 1.7.4 2.6.4 4.7 0 8.5-3.5 8.5-7.8S16.7 3.5 12 3.5Z';

/**
 * "Falar com o suporte": a WhatsApp chat with the support team in a new tab (the app stays open
 * where the person was), the greeting already typed. `hint` adds a line under the title, read as
 * the link's description rather than part of its name.
 */
export function SupportLink({ hint, className }: { hint?: string; className?: string }) {
  const hintId = useId();
  return (
    <a
      className={className ? `card-link support-link ${className}` : 'card-link support-link'}
      href={supportChatUrl()}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={hint ? hintId : undefined}
    >
      <svg className="support-link__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={chatBubble} />
      </svg>
      <span className="support-link__text">
        <span className="support-link__title">
          Falar com o suporte
          <span className="visually-hidden"> (abre o WhatsApp em uma nova aba)</span>
        </span>
        {hint ? (
          <span id={hintId} className="support-link__hint" aria-hidden="true">
            {hint}
          </span>
        ) : null}
      </span>
    </a>
  );
}
