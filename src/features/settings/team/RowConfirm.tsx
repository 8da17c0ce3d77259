import { ConfirmAction } from '../../../ui/confirm/ConfirmAction';
import type { TeamActor } from './useTeam';

interface RowConfirmProps {
  actor: TeamActor;
  /** The refusal of the row's other action (resend, role change), shown above the question. */
  otherFailure: string | null;
  /** The question is open for this row. */
  asking: boolean;
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's refusal of the confirmed action. */
  error: string | null;
}

/** The end of a member's or an invitation's row: its last refusal, then the removal's question. */
export function RowConfirm({ actor, otherFailure, asking, ...confirm }: RowConfirmProps) {
  return (
    <>
      {otherFailure ? (
        <p className="form-error team__error" role="alert">
          {otherFailure}
        </p>
      ) : null}
      {asking ? (
        <div className="team__confirm">
          <ConfirmAction
            {...confirm}
            onConfirm={() => actor.send({ type: 'CONFIRM' })}
            cancel={{ onCancel: () => actor.send({ type: 'CANCEL' }) }}
          />
        </div>
      ) : null}
    </>
  );
}
