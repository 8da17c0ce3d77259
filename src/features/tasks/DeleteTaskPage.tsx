import { toast } from '../../lib/toasts';
import { ConfirmTaskChange } from './ConfirmTaskChange';
import { deleteTask } from './task-commands';
import { invalidateTaskData } from './task-invalidation';
import { taskKeys } from './task-queries';
import { useTaskBeingChanged } from './useTaskBeingChanged';
import './tasks.css';

export const TASK_DELETED_TEXT = 'Tarefa excluída.';

/** /tasks/{taskId}/delete and /home/{taskId}/delete: "Excluir tarefa?", then back to the list. */
export default function DeleteTaskPage() {
  const { taskId, paths, queryClient, task, followUpId } = useTaskBeingChanged();

  return (
    <ConfirmTaskChange
      question="Excluir tarefa?"
      confirmLabel="Excluir tarefa"
      pendingLabel="Excluindo..."
      cancelTo={paths.detail(taskId)}
      doneTo={paths.list}
      onConfirm={() => deleteTask(taskId)}
      onDone={() => {
        toast.success(TASK_DELETED_TEXT, { id: 'task-deleted' });
        const gone = [taskKeys.detail(taskId), ...(followUpId ? [taskKeys.followUp(followUpId)] : [])];
        void invalidateTaskData(queryClient, gone);
      }}
    >
      <p className="card__text">
        {task ? (
          <>
            A tarefa <strong>{task.title}</strong> será excluída
            {followUpId ? ' e a mensagem de follow-up dela não será enviada' : ''}. Não é possível desfazer.
          </>
        ) : (
          'A tarefa será excluída. Não é possível desfazer.'
        )}
      </p>
    </ConfirmTaskChange>
  );
}
