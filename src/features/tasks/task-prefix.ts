import { useLocation } from 'wouter';

/**
 * The same task pages serve /tasks/… and /home/… (spec §2). The section the address is under says
 * where links point and where the page goes back to after a save or a delete.
 */
export type TaskSection = '/tasks' | '/home';

export function sectionOf(path: string): TaskSection {
  return path === '/home' || path.startsWith('/home/') ? '/home' : '/tasks';
}

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
  const at = (taskId: string) => `${section}/${encodeURIComponent(taskId)}`;
  return {
    list: section,
    listLabel: section === '/home' ? 'Início' : 'Tarefas',
    newTask: `${section}/new`,
    detail: at,
    edit: (taskId) => `${at(taskId)}/edit`,
    delete: (taskId) => `${at(taskId)}/delete`,
    deleteFollowUp: (taskId) => `${at(taskId)}/deleteFollowUp`,
  };
}

/** The task paths of the section the current address is in. */
export function useTaskPaths(): TaskPaths {
  const [path] = useLocation();
  return taskPaths(sectionOf(path));
}
