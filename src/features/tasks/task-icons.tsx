/** Small line icons of the task rows and cards (24×24, stroked with the current colour). */

const paths = {
  repeat: 'M17 2l4 4-4 4M3 11V9a3 3 0 0 1 3-3h15M7 22l-4-4 4-4M21 13v2a3 3 0 0 1-3 3H3',
  message: 'M21 12a8.5 8.5 0 0 1-12.4 7.6L3 21l1.4-5.2A8.5 8.5 0 1 1 21 12Z',
  plus: 'M12 5v14M5 12h14',
  back: 'M15 18l-6-6 6-6',
} as const;

export type TaskIconName = keyof typeof paths;

/** Decorative unless `label` names it (then it is an image with that name). */
export function TaskIcon({ name, label }: { name: TaskIconName; label?: string }) {
  return (
    <svg
      className="task-icon"
      viewBox="0 0 24 24"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
