import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { type ImportBatchResult, importSkipReasons } from '../../contracts/customers';
import {
  type CustomerImportEvent,
  type CustomerImportInput,
  customerImportMachine,
  rowsDone,
} from './customer-import.machine';
import type { ImportFile, ImportTable } from './import-table';

/**
 * The customer import's path model: small batches (2 rows) and small limits, so every state and
 * transition fits in short paths. Shared by the machine tests and `npm run paths -- customer-import`.
 */

export type CustomerImportSnapshot = SnapshotFrom<typeof customerImportMachine>;

export interface CustomerImportScenario {
  name: string;
  summary: string;
  input: CustomerImportInput;
}

export const IMPORT_PATHS_ID = '0b6f3c1e-6a55-4b0e-9d3f-3c1e2a4b5c6d';

export const importScenarios: CustomerImportScenario[] = [
  {
    name: 'import',
    summary:
      'The owner opens "Importar" on /customers (batches of 2 rows, files up to 1,000 bytes and 4 rows)',
    input: { batchSize: 2, maxRows: 4, maxBytes: 1000 },
  },
];

export const files = {
  csv: { name: 'clientes.csv', size: 180, type: 'text/csv' },
  vcard: { name: 'contatos.vcf', size: 240, type: 'text/vcard' },
  picture: { name: 'foto.png', size: 120, type: 'image/png' },
  huge: { name: 'todos.csv', size: 4000, type: 'text/csv' },
} satisfies Record<string, ImportFile>;

/** Three customers, headers the mapping recognises: two batches of 2 and 1. */
export const threeRows: ImportTable = {
  format: 'csv',
  headers: ['Nome', 'Telefone', 'E-mail'],
  rows: [
    { line: 1, cells: ['Ana Souza', '(11) 98765-4321', 'ana@exemplo.com.br'] },
    { line: 2, cells: ['Bruno Lima', '11 91234-5678', ''] },
    { line: 3, cells: ['Carla Dias', '', 'carla@exemplo.com.br'] },
  ],
};
export const noRows: ImportTable = { format: 'csv', headers: ['Nome', 'Telefone'], rows: [] };
export const fiveRows: ImportTable = {
  format: 'csv',
  headers: ['Nome'],
  rows: [1, 2, 3, 4, 5].map((line) => ({ line, cells: [`Cliente ${line}`] })),
};

/** What a batch answers: one created, one skipped. */
export const batchAnswer: ImportBatchResult = {
  created: 1,
  skipped: 1,
  rows: [
    { line: 1, status: 'created', customerId: 'c-1' },
    { line: 2, status: 'skipped', reason: importSkipReasons.duplicatePhone },
  ],
};
export const batchLost = Object.assign(new Error('Sem conexão com o servidor.'), { code: 'NETWORK_ERROR' });

function tableName(table: ImportTable | null): string | undefined {
  if (!table) return undefined;
  return `${table.rows.length} rows`;
}

function fileName(file: ImportFile | null): string | undefined {
  return file ? file.name : undefined;
}

export const customerImportPathModel = {
  chart: 'customer-import',
  title: 'Customer import: a file, its columns, batches with progress, the report',
  machine: customerImportMachine,
  scenarios: importScenarios,

  events(snapshot: CustomerImportSnapshot): CustomerImportEvent[] {
    if (snapshot.matches('choosing')) {
      return Object.values(files).map((file): CustomerImportEvent => ({ type: 'CHOOSE_FILE', file }));
    }
    if (snapshot.matches('mapping')) {
      const name = snapshot.context.mapping.name;
      return [
        { type: 'MAP', field: 'name', column: name === null ? 0 : null },
        { type: 'START', importId: IMPORT_PATHS_ID },
        { type: 'CHOOSE_AGAIN' },
      ];
    }
    if (snapshot.matches({ importing: 'sending' })) {
      return snapshot.context.cancelRequested ? [] : [{ type: 'CANCEL' }];
    }
    if (snapshot.matches({ importing: 'failed' })) return [{ type: 'RETRY' }, { type: 'CANCEL' }];
    if (snapshot.matches('done')) return [{ type: 'CHOOSE_AGAIN' }];
    return [];
  },

  actors: [
    {
      id: 'readFile',
      src: 'readFile',
      outputs: [threeRows, noRows, fiveRows],
      errors: [new Error('bad bytes')],
    },
    { id: 'sendBatch', src: 'sendBatch', outputs: [batchAnswer], errors: [batchLost] },
  ],

  serializeState(snapshot: CustomerImportSnapshot): string {
    const c = snapshot.context;
    return [
      JSON.stringify(snapshot.value),
      fileName(c.file),
      c.problem?.kind,
      tableName(c.table),
      snapshot.matches('mapping') ? `name ${c.mapping.name === null ? 'unmapped' : 'mapped'}` : undefined,
      c.importId ? `batch ${c.batch}, ${c.created} created, ${c.skipped.length} skipped` : undefined,
      c.failure ? 'batch failed' : undefined,
      c.cancelRequested ? 'cancel asked' : undefined,
      c.cancelled ? 'cancelled' : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
  },

  /** Every state, with every reason a file is refused, and the import cancelled or not. */
  coverageKey(snapshot: CustomerImportSnapshot): string {
    const c = snapshot.context;
    return [JSON.stringify(snapshot.value), c.problem?.kind, c.cancelled ? 'cancelled' : undefined]
      .filter(Boolean)
      .join(' · ');
  },

  describeState(snapshot: CustomerImportSnapshot): string {
    const c = snapshot.context;
    if (snapshot.matches('choosing')) {
      return c.problem
        ? `asks for a file again, saying why (${c.problem.kind})`
        : 'asks for a CSV or vCard file';
    }
    if (snapshot.matches('reading')) return `reads ${c.file?.name}`;
    if (snapshot.matches('mapping')) {
      const name = c.mapping.name === null ? 'no column for the name' : 'the name from a column';
      return `shows the preview of ${c.table?.rows.length} rows, ${name}${c.problem ? ', says the name is required' : ''}`;
    }
    const progress = `${rowsDone(c)} of ${c.rows.length} rows`;
    if (snapshot.matches({ importing: 'sending' })) {
      return `sends batch ${c.batch + 1} (${progress} done)${c.cancelRequested ? ', will stop after it' : ''}`;
    }
    if (snapshot.matches({ importing: 'failed' }))
      return `says batch ${c.batch + 1} failed (${progress} done)`;
    return `the report: ${c.created} created, ${c.skipped.length} skipped${c.cancelled ? ', cancelled' : ''}`;
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'CHOOSE_FILE':
        return `The owner chooses ${(event as { file?: ImportFile }).file?.name}`;
      case 'MAP': {
        const { field, column } = event as { field?: string; column?: number | null };
        return column === null
          ? `The owner sets ${field} to "Não importar"`
          : `The owner maps ${field} to column ${column}`;
      }
      case 'START':
        return 'The owner clicks "Importar"';
      case 'CHOOSE_AGAIN':
        return 'The owner chooses another file';
      case 'RETRY':
        return 'The owner clicks "Tentar de novo"';
      case 'CANCEL':
        return 'The owner clicks "Cancelar importação"';
      case 'xstate.done.actor.readFile':
        return `The file has ${(event as { output?: ImportTable }).output?.rows.length} rows`;
      case 'xstate.error.actor.readFile':
        return 'The file cannot be read';
      case 'xstate.done.actor.sendBatch':
        return 'The server imports the batch';
      case 'xstate.error.actor.sendBatch':
        return 'The batch gets no answer';
      default:
        return event.type;
    }
  },
};
