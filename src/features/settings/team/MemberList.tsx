import { useSelector } from '@xstate/react';
import { ROLE_LABELS, ROLES, type Role } from '../../../../contracts/roles';
import type { TeamMember } from '../../../../contracts/team';
import { removeQuestion, roleSelectLabel, teamTexts } from '../../../../machines/team/team.texts';
import { RowConfirm } from './RowConfirm';
import type { TeamActor } from './useTeam';

function MemberRow({ actor, member }: { actor: TeamActor; member: TeamMember }) {
  const { state, failure } = useSelector(
    actor,
    (snapshot) => {
      const mine = snapshot.context.userId === member.userId;
      const { failure } = snapshot.context;
      return {
        state: mine ? String(snapshot.value) : 'list',
        failure:
          failure && (failure.on === 'role' || failure.on === 'remove') && failure.userId === member.userId
            ? failure
            : null,
      };
    },
    (a, b) => a.state === b.state && a.failure === b.failure,
  );
  const busy = state === 'changingRole' || state === 'removing';
  const asking = state === 'confirmingRemove' || state === 'removing';
  const name = member.name ?? member.email;
  return (
    <li className="team__row" data-testid={`member-${member.email}`}>
      <div className="team__who">
        <span className="team__name">
          {name}
          {member.isYou ? <span className="badge badge--muted">{teamTexts.you}</span> : null}
        </span>
        <span className="team__email">{member.email}</span>
      </div>
      {member.isYou ? (
        <span className="badge team__role">{ROLE_LABELS[member.role]}</span>
      ) : (
        <div className="team__actions">
          <select
            className="field__input team__role-select"
            aria-label={roleSelectLabel(member.name, member.email)}
            value={member.role}
            disabled={busy}
            onChange={(event) =>
              actor.send({ type: 'CHANGE_ROLE', userId: member.userId, role: event.target.value as Role })
            }
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          {asking ? null : (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => actor.send({ type: 'REMOVE', userId: member.userId })}
            >
              {teamTexts.remove}
            </button>
          )}
        </div>
      )}
      <RowConfirm
        actor={actor}
        otherFailure={failure?.on === 'role' ? failure.message : null}
        asking={asking}
        question={removeQuestion(member.name, member.email)}
        confirmLabel={teamTexts.removeConfirm}
        pendingLabel={teamTexts.removing}
        pending={state === 'removing'}
        error={failure?.on === 'remove' ? failure.message : null}
      />
    </li>
  );
}

/** Who is on the team: name, e-mail, role ("Você" for the owner looking); others' role and removal. */
export function MemberList({ actor }: { actor: TeamActor }) {
  const members = useSelector(actor, (snapshot) => snapshot.context.team?.members ?? []);
  return (
    <section className="team__section" aria-labelledby="team-members-heading">
      <h2 id="team-members-heading" className="team__heading">
        Pessoas na equipe
      </h2>
      <ul className="list" aria-labelledby="team-members-heading">
        {members.map((member) => (
          <MemberRow key={member.userId} actor={actor} member={member} />
        ))}
      </ul>
    </section>
  );
}
