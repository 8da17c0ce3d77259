import { useSelector } from '@xstate/react';
import { appPaths } from '../../../../machines/app-paths';
import { TEAM_LOAD_FAILED_TEXT } from '../../../../machines/team/team.texts';
import { PageHeading } from '../../../app/routing/PageHeading';
import { ErrorCard } from '../../../ui/error-boundary/ErrorCard';
import { OwnErrorScreen } from '../../../ui/error-boundary/OwnErrorScreen';
import { InvitationList } from './InvitationList';
import { InviteForm } from './InviteForm';
import { MemberList } from './MemberList';
import { type TeamActor, useTeam } from './useTeam';
import './team.css';

function TeamErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorCard
      title={TEAM_LOAD_FAILED_TEXT}
      text="Verifique sua conexão e tente de novo."
      onRetry={onRetry}
      back={{ to: appPaths.settings, label: 'Voltar para Configurações' }}
    />
  );
}

/** What the chart is doing decides the screen: the skeleton, the error screen, or the team. */
function TeamScreen({ actor }: { actor: TeamActor }) {
  const value = useSelector(actor, (snapshot) => String(snapshot.value));
  if (value === 'loading')
    return (
      <div className="card team__loading" role="status">
        <span className="visually-hidden">Carregando equipe...</span>
        {[0, 1, 2].map((n) => (
          <span key={n} className="skeleton skeleton--field" />
        ))}
      </div>
    );
  if (value === 'loadFailed') return <TeamErrorView onRetry={() => actor.send({ type: 'RETRY' })} />;
  return (
    <div className="team">
      <InviteForm actor={actor} />
      <MemberList actor={actor} />
      <InvitationList actor={actor} />
    </div>
  );
}

function Team() {
  return <TeamScreen actor={useTeam()} />;
}

/** /settings/team (issue 15): "Equipe", the owner's. */
export default function TeamPage() {
  return (
    <div className="page page--narrow">
      <PageHeading />
      <OwnErrorScreen screen={(retry) => <TeamErrorView onRetry={retry} />}>
        <Team />
      </OwnErrorScreen>
    </div>
  );
}
