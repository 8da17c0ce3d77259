import type { UiQuery, UiSurface } from '../ui/ui-surface';

/** Clicks `target` once it shows (a list that loads after the click that opened it). */
export async function clickWhenShown(ui: UiSurface, target: UiQuery, within?: UiQuery): Promise<void> {
  for (let attempt = 1; attempt < ui.attempts && !(await ui.shown(target, within)); attempt++)
    await ui.settle();
  await ui.click(target, within);
}
