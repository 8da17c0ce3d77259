import { useSelector } from '@xstate/react';
import { REFERRAL_FETCH_FAILED_TEXT } from '../../../../contracts/referral';
import { appPaths } from '../../../../machines/app-paths';
import type { InvitePageActor } from '../../../../machines/invite-page/invite-page.machine';
import { invitePageTexts, inviteTextsOf } from '../../../../machines/invite-page/invite-page.texts';
import { PageHeading } from '../../../app/routing/PageHeading';
import { useRemoteConfig } from '../../../lib/remote-config/useRemoteConfig';
import { ErrorCard } from '../../../ui/error-boundary/ErrorCard';
import { OwnErrorScreen } from '../../../ui/error-boundary/OwnErrorScreen';
import { InviteCounters } from './InviteCounters';
import { InviteLinkCard } from './InviteLinkCard';
import { InviteRewards } from './InviteRewards';
import { useInvitePage, useReferralFollowed } from './useInvitePage';
import './invite.css';

function InviteErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorCard
      title={REFERRAL_FETCH_FAILED_TEXT}
      text={invitePageTexts.retryHint}
      onRetry={onRetry}
      back={{ to: appPaths.settings, label: 'Voltar para Configurações' }}
    />
  );
}

function InviteReady({ actor }: { actor: InvitePageActor }) {
  useReferralFollowed(actor);
  const texts = inviteTextsOf(useRemoteConfig().invitePageConfig);
  return (
    <div className="invite">
      <section className="card card--start invite__intro">
        <span className="badge badge--success">{texts.badge}</span>
        <h2 className="card__title">{texts.title}</h2>
        {texts.subtitle && <p className="card__text">{texts.subtitle}</p>}
      </section>
      <InviteLinkCard actor={actor} texts={texts} />
      <InviteCounters actor={actor} texts={texts} />
      <InviteRewards actor={actor} />
    </div>
  );
}

/** What the chart is doing decides the screen: loading, the error screen, or the invite. */
function Invite() {
  const actor = useInvitePage();
  const shown = useSelector(actor, (s) =>
    s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading',
  );
  if (shown === 'failed') return <InviteErrorView onRetry={() => actor.send({ type: 'RETRY' })} />;
  if (shown === 'loading')
    return (
      <div className="card" role="status">
        <span className="visually-hidden">{invitePageTexts.loading}</span>
        <span className="skeleton skeleton--field" />
        <span className="skeleton skeleton--field" />
      </div>
    );
  return <InviteReady actor={actor} />;
}

/** /settings/invite, "Indique e Ganhe" (spec §2, issue 17). */
export default function InvitePage() {
  return (
    <div className="page page--narrow">
      <PageHeading />
      <OwnErrorScreen screen={(retry) => <InviteErrorView onRetry={retry} />}>
        <Invite />
      </OwnErrorScreen>
    </div>
  );
}
