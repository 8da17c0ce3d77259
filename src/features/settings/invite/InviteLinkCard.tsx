import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { whatsappShareUrl } from '../../../../machines/invite-page/invite-link';
import type { InvitePageActor } from '../../../../machines/invite-page/invite-page.machine';
import { type InviteTexts, invitePageTexts } from '../../../../machines/invite-page/invite-page.texts';

/** The person's link with "Copiar" (and what came of it), the share sheet's button and WhatsApp. */
export function InviteLinkCard({ actor, texts }: { actor: InvitePageActor; texts: InviteTexts }) {
  const fieldId = useId();
  const link = useSelector(actor, (s) => s.context.link) ?? '';
  const copying = useSelector(actor, (s) => s.matches({ ready: { copy: 'copying' } }));
  const feedback = useSelector(actor, (s) =>
    s.matches({ ready: { copy: 'copied' } })
      ? invitePageTexts.copied
      : s.matches({ ready: { copy: 'copyFailed' } })
        ? invitePageTexts.copyFailed
        : null,
  );
  const canShare = useSelector(actor, (s) => s.context.canShare);
  const sharing = useSelector(actor, (s) => s.matches({ ready: { share: 'sharing' } }));
  return (
    <section className="card invite__link" aria-label={texts.link_field_title}>
      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          {texts.link_field_title}
        </label>
        <div className="invite__copy-row">
          <input
            id={fieldId}
            className="field__input"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={copying || !link}
            onClick={() => actor.send({ type: 'COPY' })}
          >
            {invitePageTexts.copy}
          </button>
        </div>
        <p className="field__hint" role="status" data-testid="invite-copy-feedback">
          {feedback ?? ''}
        </p>
      </div>
      <div className="invite__share">
        {canShare && (
          <button
            type="button"
            className="button button--primary"
            disabled={sharing}
            onClick={() => actor.send({ type: 'SHARE' })}
          >
            {texts.share_link_button_title}
          </button>
        )}
        <a
          className="button button--secondary"
          href={whatsappShareUrl(link)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {invitePageTexts.shareOnWhatsapp}
        </a>
      </div>
    </section>
  );
}
