import { useSelector } from '@xstate/react';
import { ROLE_LABELS } from '../../../../contracts/roles';
import type { TeamInvitation } from '../../../../contracts/team';
import { revokeQuestion, teamTexts } from '../../../../machines/team/team.texts';
import { formatDateTime } from '../../../lib/format/date';
import { minutesAndSeconds, useSecondsLeft } from '../../../ui/phone-verification/useSecondsLeft';
import { RowConfirm } from './RowConfirm';
import type { TeamActor } from './useTeam';

const now = () => Date.now();

function InvitationRow({ actor, invitation }: { actor: TeamActor; invitation: TeamInvitation }) {
  const { state, failure } = useSelector(
    actor,
    (snapshot) => {
      const mine = snapshot.context.invitationId === invitation.id;
      const { failure } = snapshot.context;
      return {
        state: mine ? String(snapshot.value) : 'list',
        failure:
          failure &&
          (failure.on === 'resend' || failure.on === 'revoke') &&
          failure.invitationId === invitation.id
            ? failure
            : null,
      };
    },
    (a, b) => a.state === b.state && a.failure === b.failure,
  );
  // The server refuses a resend before this; the button says how long is left.
  const secondsLeft = useSecondsLeft(Date.parse(invitation.resendAvailableAt), now);
  const asking = state === 'confirmingRevoke' || state === 'revoking';
  const resending = state === 'resending';
  return (
    <li className="team__row" data-testid={`invitation-${invitation.email}`}>
      <div className="team__who">
        <span className="team__name">
          {invitation.email}
          {invitation.expired ? <span className="badge badge--danger">{teamTexts.expired}</span> : null}
        </span>
        <span className="team__email">
          {ROLE_LABELS[invitation.role]} · enviado em {formatDateTime(invitation.lastSentAt)}
        </span>
      </div>
      {asking ? null : (
        <div className="team__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={resending || secondsLeft > 0}
            onClick={() => actor.send({ type: 'RESEND', invitationId: invitation.id })}
          >
            {resending
              ? teamTexts.resending
              : secondsLeft > 0
                ? `Reenviar em ${minutesAndSeconds(secondsLeft)}`
                : teamTexts.resend}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={resending}
            onClick={() => actor.send({ type: 'REVOKE', invitationId: invitation.id })}
          >
            {teamTexts.revoke}
          </button>
        </div>
      )}
      <RowConfirm
        actor={actor}
        otherFailure={failure?.on === 'resend' ? failure.message : null}
        asking={asking}
        question={revokeQuestion(invitation.email)}
        confirmLabel={teamTexts.revokeConfirm}
        pendingLabel={teamTexts.revoking}
        pending={state === 'revoking'}
        error={failure?.on === 'revoke' ? failure.message : null}
      />
    </li>
  );
}

/** Open invitations (expired ones too, so they can be sent again): resend and revoke. */
export function InvitationList({ actor }: { actor: TeamActor }) {
  const invitations = useSelector(actor, (snapshot) => snapshot.context.team?.invitations ?? []);
  return (
    <section className="team__section" aria-labelledby="team-invitations-heading">
      <h2 id="team-invitations-heading" className="team__heading">
        Convites pendentes
      </h2>
      {invitations.length === 0 ? (
        <p className="team__empty">Nenhum convite pendente.</p>
      ) : (
        <ul className="list" aria-labelledby="team-invitations-heading">
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} actor={actor} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
}
