import { type ActorRefFrom, fromPromise, setup } from 'xstate';
import { failureMessage } from '../failure-message';

/** The CSV the server made, under the name it gave. */
export interface ExportedFile {
  filename: string;
  content: Blob;
}

export type CustomerExportEvent = { type: 'EXPORT' };

/**
 * /customers, "Exportar": every customer as a CSV file. While the file is made the button waits
 * ("Exportando...") and a second press does nothing; the file is then saved on the device, or a
 * failure says why. Either way the button is ready again.
 */
export const customerExportMachine = setup({
  types: {
    events: {} as CustomerExportEvent,
  },
  actors: {
    exportCustomers: fromPromise<ExportedFile>(async () => {
      throw new Error('Nothing to export from');
    }),
  },
  actions: {
    /** Saves the file on the device and says it is ready. */
    saveFile: (_, _file: ExportedFile) => {},
    /** Says why there is no file (the server's words, a time-out, no connection). */
    showFailure: (_, _message: string) => {},
  },
}).createMachine({
  id: 'customerExport',
  initial: 'idle',
  states: {
    idle: {
      description: '"Exportar", ready.',
      on: { EXPORT: 'exporting' },
    },
    exporting: {
      description: '"Exportando...", the button disabled: the server makes the file.',
      invoke: {
        id: 'exportCustomers',
        src: 'exportCustomers',
        onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
        onError: {
          target: 'idle',
          actions: { type: 'showFailure', params: ({ event }) => failureMessage(event.error) },
        },
      },
    },
  },
});

export type CustomerExportActor = ActorRefFrom<typeof customerExportMachine>;
