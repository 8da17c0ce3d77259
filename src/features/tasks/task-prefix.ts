import { useLocation } from 'wouter';
import { appPaths, type TaskSection, taskAddress, taskSectionOf } from '../../../machines/app-paths';

export interface TaskPaths {
  /** The list the pages go back to: /tasks or /home. */
  list: TaskSection;
  /** Where the list's back link reads from ("Tarefas" or "Início"). */
  listLabel: string;
  newTask: string;
  detail: (taskId: string) => string;
  edit: (taskId: string) => string;
  delete: (taskId: string) => string;
  deleteFollowUp: (taskId: string) => string;
}

export function taskPaths(section: TaskSection): TaskPaths {
  return {
    list: section,
    listLabel: section === appPaths.home ? 'Início' : 'Tarefas',
    newTask: taskAddress.newTask(section),
    detail: (taskId) => taskAddress.detail(section, taskId),
    edit: (taskId) => taskAddress.edit(section, taskId),
    delete: (taskId) => taskAddress.delete(section, taskId),
    deleteFollowUp: (taskId) => taskAddress.deleteFollowUp(section, taskId),
  };
}

/** The task paths of the section the current address is in. */
export function useTaskPaths(): TaskPaths {
  const [path] = useLocation();
  return taskPaths(taskSectionOf(path));
}
