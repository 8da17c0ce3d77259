import type { ConversationMessage, ConversationStatus } from '../../../../contracts/conversation';
import { formatTime } from '../../../lib/format/date';

const statusLabels: Record<ConversationStatus, string> = {
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Falhou',
};

/** What a message is, in words, where it has no text of its own (a quote, a screen reader). */
const typeLabels: Record<string, string> = {
  image: 'Foto',
  video: 'Vídeo',
  audio: 'Áudio',
  document: 'Documento',
  sticker: 'Figurinha',
  location: 'Localização',
  contacts: 'Contato',
  reaction: 'Reação',
};

export function messageSummary(message: { type: string; body: string | null }): string {
  return message.body ?? typeLabels[message.type] ?? 'Mensagem';
}

function mapUrl({ latitude, longitude }: { latitude: number; longitude: number }): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/** The message's content: its media or place, then its text. */
function Content({ message }: { message: ConversationMessage }) {
  const { media, location, body } = message;
  const caption = body ? <p className="chat-message__text">{body}</p> : null;
  if (location) {
    const name = location.name ?? location.address ?? 'Localização';
    return (
      <p className="chat-message__text">
        <a href={mapUrl(location)} target="_blank" rel="noopener noreferrer">
          {name}
        </a>
        {location.name && location.address ? (
          <span className="chat-message__note"> {location.address}</span>
        ) : null}
      </p>
    );
  }
  if (media) {
    switch (message.type) {
      case 'image':
        return (
          <>
            <a
              href={media.url}
              target="_blank"
              rel="noopener noreferrer"
              className="chat-message__media-link"
            >
              <img className="chat-message__image" src={media.url} alt={body ?? 'Foto'} loading="lazy" />
            </a>
            {caption}
          </>
        );
      case 'sticker':
        return <img className="chat-message__sticker" src={media.url} alt="Figurinha" loading="lazy" />;
      case 'video':
        return (
          <>
            {/* biome-ignore lint/a11y/useMediaCaption: customers' videos come without captions. */}
            <video className="chat-message__video" src={media.url} controls preload="metadata" />
            {caption}
          </>
        );
      case 'audio':
        return (
          <>
            <span className="chat-message__note">{media.voice ? 'Mensagem de voz' : 'Áudio'}</span>
            {/* biome-ignore lint/a11y/useMediaCaption: customers' voice notes come without captions. */}
            <audio className="chat-message__audio" src={media.url} controls preload="metadata" />
          </>
        );
      default:
        return (
          <>
            <a className="chat-message__document" href={media.url} download={media.fileName ?? true}>
              {media.fileName ?? 'Baixar documento'}
            </a>
            {caption}
          </>
        );
    }
  }
  return <p className="chat-message__text">{body ?? 'Mensagem não suportada'}</p>;
}

/** One bubble: who sent it, the quote it answers, the content, the time and the status; reactions under it. */
export function ChatMessage({
  message,
  customerName,
}: {
  message: ConversationMessage;
  customerName: string;
}) {
  const outbound = message.direction === 'outbound';
  const time = formatTime(new Date(message.sentAt));
  const classes = ['chat-message', outbound ? 'chat-message--outbound' : 'chat-message--inbound'];
  if (message.origin === 'history') classes.push('chat-message--history');
  return (
    <li className={classes.join(' ')} data-wamid={message.wamid}>
      <div className="chat-message__bubble">
        <span className="visually-hidden">{outbound ? 'Você' : customerName}: </span>
        {message.replyTo ? (
          <blockquote className="chat-message__quote">
            <span className="chat-message__quote-author">
              {message.replyTo.direction === 'outbound' ? 'Você' : customerName}
            </span>
            <span className="chat-message__quote-text">{messageSummary(message.replyTo)}</span>
          </blockquote>
        ) : null}
        <Content message={message} />
        <p className="chat-message__meta">
          {message.origin === 'echo' ? <span>enviada pelo celular · </span> : null}
          {message.origin === 'history' ? <span>histórico · </span> : null}
          {outbound && message.sentBy ? <span>Enviada por {message.sentBy.name} · </span> : null}
          <time dateTime={message.sentAt}>{time}</time>
          {outbound && message.status ? (
            <span className={`chat-message__status chat-message__status--${message.status}`}>
              {' · '}
              {statusLabels[message.status]}
            </span>
          ) : null}
        </p>
        {message.status === 'failed' && message.error ? (
          <p className="chat-message__error" role="note">
            {message.error.title ?? `Erro ${message.error.code}`}
          </p>
        ) : null}
      </div>
      {message.reactions.length > 0 ? (
        <ul className="chat-message__reactions" aria-label="Reações">
          {message.reactions.map((reaction) => (
            <li
              key={`${reaction.direction}-${reaction.emoji}`}
              aria-label={`${reaction.direction === 'outbound' ? 'Você' : customerName} reagiu com ${reaction.emoji}`}
            >
              {reaction.emoji}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
