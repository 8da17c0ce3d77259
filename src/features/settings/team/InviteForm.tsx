import { useSelector } from '@xstate/react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../../contracts/roles';
import type { InvitedRole } from '../../../../machines/team/team.machine';
import { teamTexts } from '../../../../machines/team/team.texts';
import { Field } from '../../../ui/form-field/Field';
import type { TeamActor } from './useTeam';

const INVITED_ROLES: InvitedRole[] = ['staff', 'manager'];

/** The invite form: e-mail and role (what the role may do under it); the server's refusal beside it. */
export function InviteForm({ actor }: { actor: TeamActor }) {
  const { email, role, sending, error } = useSelector(
    actor,
    (snapshot) => ({
      email: snapshot.context.email,
      role: snapshot.context.role,
      sending: snapshot.matches('inviting'),
      error: snapshot.context.failure?.on === 'invite' ? snapshot.context.failure.message : null,
    }),
    (a, b) => a.email === b.email && a.role === b.role && a.sending === b.sending && a.error === b.error,
  );
  return (
    <section className="card" aria-labelledby="team-invite-heading">
      <h2 id="team-invite-heading" className="card__heading">
        Convidar pessoa
      </h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'INVITE' });
        }}
      >
        <Field label="E-mail" error={error}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="email"
              autoComplete="off"
              inputMode="email"
              value={email}
              disabled={sending}
              onChange={(event) => actor.send({ type: 'CHANGE_EMAIL', email: event.target.value })}
            />
          )}
        </Field>
        <Field label="Papel" hint={ROLE_DESCRIPTIONS[role]}>
          {(control) => (
            <select
              {...control}
              className="field__input"
              value={role}
              disabled={sending}
              onChange={(event) =>
                actor.send({ type: 'CHANGE_INVITE_ROLE', role: event.target.value as InvitedRole })
              }
            >
              {INVITED_ROLES.map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={sending || email.trim() === ''}>
            {sending ? teamTexts.inviting : teamTexts.invite}
          </button>
        </div>
      </form>
    </section>
  );
}
