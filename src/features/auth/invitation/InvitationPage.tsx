import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  INVITATION_GONE_TEXT,
  INVITATION_NOT_FOUND_TEXT,
  INVITATION_OTHER_EMAIL_TEXT,
} from '../../../../contracts/team';
import { type Joined, joinTeamMachine } from '../../../../machines/join-team/join-team.machine';
import {
  invitationLine,
  invitedEmailHint,
  joinTeamTexts,
  switchAccountLabel,
} from '../../../../machines/join-team/join-team.texts';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { hostedLoginUrl, hostedSignUpUrl } from '../../../app/session/hosted-login';
import { recheckSession } from '../../../app/session/recheck-session';
import { useSessionActor, useSessionStatus, useSessionUser } from '../../../app/session/session-context';
import { useChartEvent } from '../../../lib/charts/useChartEvent';
import { useChartNavigation } from '../../../lib/navigation/useChartNavigation';
import { RetryButton } from '../../../ui/retry-button/RetryButton';
import { AuthStatus } from '../AuthStatus';
import { acceptInvitation, previewInvitation } from './invitation-calls';
import '../auth-page.css';

function useJoinTeam(token: string, viewerEmail: string | null) {
  const session = useSessionActor();
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    joinTeamMachine.provide({
      actors: {
        preview: fromPromise(({ input }) => previewInvitation(input.token)),
        accept: fromPromise<Joined, { token: string }>(async ({ input }) => {
          await acceptInvitation(input.token);
          // The company is now the current one: what was read for another company is not this one's.
          queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
          return recheckSession(session);
        }),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { token, viewerEmail } });
  useChartNavigation(actor);
  useChartEvent(actor, 'hostedLogin', ({ mode, redirect, email }) =>
    window.location.assign(
      mode === 'signUp' ? hostedSignUpUrl(redirect, email) : hostedLoginUrl(redirect, email),
    ),
  );
  return actor;
}

function JoinTeam({ token, viewerEmail }: { token: string; viewerEmail: string | null }) {
  const actor = useJoinTeam(token, viewerEmail);
  const { value, invitation, error } = useSelector(
    actor,
    (snapshot) => ({
      value:
        typeof snapshot.value === 'string'
          ? snapshot.value
          : `open.${(snapshot.value as { open: string }).open}`,
      invitation: snapshot.context.invitation,
      error: snapshot.context.error,
    }),
    (a, b) => a.value === b.value && a.invitation === b.invitation && a.error === b.error,
  );

  if (value === 'previewing' || value === 'joined' || value === 'leaving')
    return <AuthStatus text={value === 'previewing' ? 'Carregando convite...' : 'Um momento...'} />;

  const send = actor.send;
  let body: ReactNode = null;
  if (value === 'failed')
    body = (
      <>
        <p className="form-error" role="alert">
          {error}
        </p>
        <RetryButton onRetry={() => send({ type: 'RETRY' })} />
      </>
    );
  else if (value === 'notFound' || value === 'gone')
    body = (
      <p className="form-error" role="alert">
        {value === 'notFound' ? INVITATION_NOT_FOUND_TEXT : INVITATION_GONE_TEXT}
      </p>
    );
  else if (invitation) {
    const line = (
      <p className="card__text auth-card__text" data-testid="invitation-line">
        {invitationLine(invitation.invitedByName, invitation.companyName, invitation.role)}
      </p>
    );
    if (value === 'open.signedOut')
      body = (
        <>
          {line}
          <p className="card__text auth-card__text" data-testid="invitation-message">
            {invitedEmailHint(invitation.email)}
          </p>
          <button type="button" className="button button--primary" onClick={() => send({ type: 'SIGN_UP' })}>
            {joinTeamTexts.signUp}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => send({ type: 'SIGN_IN' })}
          >
            {joinTeamTexts.signIn}
          </button>
        </>
      );
    else if (value === 'open.otherEmail')
      body = (
        <>
          {line}
          <p className="form-error" role="alert" data-testid="invitation-message">
            {INVITATION_OTHER_EMAIL_TEXT}
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => send({ type: 'SWITCH_ACCOUNT' })}
          >
            {switchAccountLabel(invitation.email)}
          </button>
        </>
      );
    else
      body = (
        <>
          {line}
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            disabled={value === 'accepting'}
            onClick={() => send({ type: 'ACCEPT' })}
          >
            {value === 'accepting' ? joinTeamTexts.accepting : joinTeamTexts.accept}
          </button>
        </>
      );
  }
  return (
    <div className="centered-page">
      <section className="card auth-card" aria-labelledby="invitation-title">
        <h1 id="invitation-title" className="card__title">
          {joinTeamTexts.heading}
        </h1>
        {body}
      </section>
    </div>
  );
}

/** /convite/:token (issue 15): the team invitation's link, signed out or signed in. */
export default function InvitationPage() {
  const { params } = useCurrentRoute();
  const status = useSessionStatus();
  const user = useSessionUser();
  if (status.phase === 'checking') return <AuthStatus text="Carregando convite..." />;
  const viewerEmail = status.phase === 'authenticated' ? (user?.email ?? null) : null;
  // Who is looking is the chart's input: another person signing in here starts it over.
  return (
    <JoinTeam key={`${params.token}|${viewerEmail}`} token={params.token ?? ''} viewerEmail={viewerEmail} />
  );
}
