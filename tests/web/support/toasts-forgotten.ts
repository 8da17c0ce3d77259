import { toast as sonner } from 'sonner';
import { appToaster } from '../../../src/lib/toasts';

/**
 * The app's toasts live for the page's life in module singletons: the toaster chart's actor and
 * sonner's store. Between tests every toast ends at once, through the chart's own "toast ended"
 * event rather than its 200 ms exit animation, so nothing depends on how fast the machine runs or
 * on which clock the test used (a toast left leaving on a dropped fake clock would otherwise hold a
 * place on screen for the rest of the file). Whatever sonner still holds is marked dismissed too.
 * Call it once the app is unmounted.
 */
export function forgetAllToasts(): void {
  for (const entry of appToaster.getSnapshot().context.toasts) {
    appToaster.send({
      type: `xstate.done.actor.${entry.key}`,
      output: { id: entry.id, reason: 'programmatic' },
    });
  }
  sonner.dismiss();
}
