import { toast } from '../../lib/toasts';
import { ConfirmTaskChange } from './ConfirmTaskChange';
import { deleteFollowUp } from './task-commands';
import { invalidateTaskData } from './task-invalidation';
import { taskKeys } from './task-queries';
import { useTaskBeingChanged } from './useTaskBeingChanged';
import './tasks.css';

export const FOLLOW_UP_DELETED_TEXT = 'Mensagem de follow-up removida.';

/**
 * /tasks/{taskId}/deleteFollowUp and /home/{taskId}/deleteFollowUp (spec §2): removes only the
 * message; the task stays, and the page goes back to it.
 */
export default function DeleteFollowUpPage() {
  const { taskId, paths, queryClient, task, followUpId } = useTaskBeingChanged();

  return (
    <ConfirmTaskChange
      question="Remover a mensagem de follow-up?"
      confirmLabel="Remover mensagem"
      pendingLabel="Removendo..."
      cancelTo={paths.detail(taskId)}
      doneTo={paths.detail(taskId)}
      onConfirm={() => deleteFollowUp(taskId)}
      onDone={() => {
        toast.success(FOLLOW_UP_DELETED_TEXT, { id: 'follow-up-deleted' });
        void invalidateTaskData(queryClient, followUpId ? [taskKeys.followUp(followUpId)] : []);
      }}
    >
      <p className="card__text">
        {task?.customer
          ? `A mensagem para ${task.customer.name} não será enviada. A tarefa continua.`
          : 'A mensagem não será enviada. A tarefa continua.'}
      </p>
    </ConfirmTaskChange>
  );
}
