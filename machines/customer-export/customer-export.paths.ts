import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  type CustomerExportEvent,
  customerExportMachine,
  type ExportedFile,
} from './customer-export.machine';

/**
 * The customer-export chart's path model ("Exportar" on /customers), and per step what to do in
 * the running app and what the person must see (`planCustomerExportStep`), as data for drivers.
 */

export type CustomerExportSnapshot = SnapshotFrom<typeof customerExportMachine>;

export const EXPORT_FILENAME = 'clientes-2030-01-15.csv';
export const EXPORT_CSV = 'nome,telefone\nMaria Souza,5511987654321\n';
export const EXPORT_FAILED_TEXT = 'Falha interna. Tente de novo em instantes.';

export const customerExportTexts = {
  idle: 'Exportar',
  exporting: 'Exportando...',
  done: 'Exportação pronta.',
} as const;

const exported: ExportedFile = { filename: EXPORT_FILENAME, content: new Blob([EXPORT_CSV]) };
const exportFailed = new Error(EXPORT_FAILED_TEXT);

export const customerExportPathModel = {
  chart: 'customer-export',
  title: '/customers: "Exportar" saves every customer as a CSV file',
  machine: customerExportMachine,
  scenarios: [{ name: 'customers', summary: 'The owner is on /customers', input: undefined }] as const,

  events(snapshot: CustomerExportSnapshot): CustomerExportEvent[] {
    return snapshot.matches('idle') ? [{ type: 'EXPORT' }] : [];
  },

  actors: [{ id: 'exportCustomers', src: 'exportCustomers', outputs: [exported], errors: [exportFailed] }],

  serializeState(snapshot: CustomerExportSnapshot): string {
    return String(snapshot.value);
  },

  describeState(snapshot: CustomerExportSnapshot): string {
    return snapshot.matches('idle') ? '"Exportar" is ready' : '"Exportando...": the file is being made';
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'EXPORT':
        return 'The user clicks "Exportar"';
      case 'xstate.done.actor.exportCustomers':
        return `The server sends the file ${EXPORT_FILENAME}`;
      case 'xstate.error.actor.exportCustomers':
        return 'The export fails (500)';
      default:
        return event.type;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type CustomerExportUserAction =
  | { do: 'open'; url: '/customers' }
  | { do: 'click'; button: string }
  /** Answer the pending GET /api/customers/export. */
  | { do: 'answer-export'; status: 200; filename: string; csv: string }
  | { do: 'answer-export'; status: 500; body: { success: false; error: string; code: string } };

export interface CustomerExportScreen {
  /** The button's words; it is disabled while the file is made. */
  button: string;
  busy: boolean;
  /** The toast the step brings, if any. */
  toast: { kind: 'success'; text: string; description: string } | { kind: 'error'; text: string } | null;
}

export interface CustomerExportStepPlan {
  actions: CustomerExportUserAction[];
  screen: CustomerExportScreen;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: CustomerExportSnapshot }>;
}

function actionsFor(event: AnyEventObject, index: number): CustomerExportUserAction[] {
  if (index === 0) return [{ do: 'open', url: '/customers' }];
  switch (event.type) {
    case 'EXPORT':
      return [{ do: 'click', button: customerExportTexts.idle }];
    case 'xstate.done.actor.exportCustomers':
      return [{ do: 'answer-export', status: 200, filename: EXPORT_FILENAME, csv: EXPORT_CSV }];
    case 'xstate.error.actor.exportCustomers':
      return [
        {
          do: 'answer-export',
          status: 500,
          body: { success: false, error: EXPORT_FAILED_TEXT, code: 'INTERNAL_ERROR' },
        },
      ];
    default:
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

function toastFor(event: AnyEventObject): CustomerExportScreen['toast'] {
  if (event.type === 'xstate.done.actor.exportCustomers')
    return { kind: 'success', text: customerExportTexts.done, description: EXPORT_FILENAME };
  if (event.type === 'xstate.error.actor.exportCustomers') return { kind: 'error', text: EXPORT_FAILED_TEXT };
  return null;
}

/** What to do at step `index` of a customer-export path, and what the user must then see. */
export function planCustomerExportStep(path: PlannablePath, index: number): CustomerExportStepPlan {
  const { event, state } = path.steps[index]!;
  const busy = state.matches('exporting');
  return {
    actions: actionsFor(event, index),
    screen: {
      button: busy ? customerExportTexts.exporting : customerExportTexts.idle,
      busy,
      toast: toastFor(event),
    },
  };
}
