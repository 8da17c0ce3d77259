import { useQuery } from '@tanstack/react-query';
import type { Person } from '../../../contracts/activity';
import { teamMembersQuery } from '../../lib/team/team-members-query';
import { Field } from '../form-field/Field';

export const ASSIGNEE_LABEL = 'Responsável';
export const NO_ASSIGNEE_LABEL = 'Sem responsável';
export const YOU_SUFFIX = ' (Você)';

/** The select's value for "Sem responsável" (a select's values are text). */
const NONE = '';

/**
 * "Responsável" on the task and deal forms: the company's members by name (e-mail without one),
 * the signed-in person marked "(Você)", and "Sem responsável". Offered only when the company has
 * more than one member: alone, everything is one's own and the form stays as it was.
 */
export function AssigneeField({
  you,
  picked,
  current,
  error,
  disabled,
  onChange,
}: {
  /** The signed-in person's user id (the session's). */
  you: string | undefined;
  /** The person's pick: a user id, null for "Sem responsável", undefined until they pick. */
  picked: string | null | undefined;
  /**
   * Who it is until then: the record's assignee (kept as an option if they left the team), or
   * undefined for a new record, which the server gives to whoever creates it.
   */
  current: Person | null | undefined;
  error?: string;
  disabled?: boolean;
  onChange: (userId: string | null) => void;
}) {
  const members = useQuery(teamMembersQuery).data ?? [];
  if (members.length <= 1) return null;
  const value =
    picked !== undefined ? picked : current === undefined ? (you ?? null) : (current?.userId ?? null);
  const options = members.map((member) => ({
    userId: member.userId,
    label: `${member.name ?? member.email}${member.userId === you ? YOU_SUFFIX : ''}`,
  }));
  if (current && !options.some((option) => option.userId === current.userId))
    options.push({ userId: current.userId, label: current.name });
  options.sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  return (
    <Field label={ASSIGNEE_LABEL} error={error}>
      {(control) => (
        <select
          {...control}
          className="field__input"
          value={value ?? NONE}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value === NONE ? null : event.target.value)}
        >
          {options.map((option) => (
            <option key={option.userId} value={option.userId}>
              {option.label}
            </option>
          ))}
          <option value={NONE}>{NO_ASSIGNEE_LABEL}</option>
        </select>
      )}
    </Field>
  );
}
