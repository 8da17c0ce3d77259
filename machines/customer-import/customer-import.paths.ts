import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { type ImportBatchResult, type ImportSummary, importSkipReasons } from '../../contracts/customers';
import {
  type CustomerImportEvent,
  type CustomerImportInput,
  customerImportMachine,
  type ImportFileRead,
  resumable,
  rowsDone,
} from './customer-import.machine';
import { guessMapping } from './import-mapping';
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
/** The id of the earlier import of the same file, which RESUME goes on with. */
export const PREVIOUS_IMPORT_ID = '5d2c8a10-7f3e-4b9a-8c61-2e4f6a8b0c1d';

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
/** The file's hash as the browser computes it (any 64 hex digits for the chart). */
export const FILE_HASH = 'a3'.repeat(32);

/** What reading each table gives: the table and the hash of the file's bytes. */
export const read = (table: ImportTable): ImportFileRead => ({ table, fileHash: FILE_HASH });

/**
 * The earlier import of the three-row file, one row per batch (another batch size than the input's:
 * a resumed import keeps its own): one of its three batches done (cancelled or cut short).
 */
export const unfinishedImport: ImportSummary = {
  importId: PREVIOUS_IMPORT_ID,
  fileName: 'clientes.csv',
  startedAt: '2030-01-14T13:05:00.000Z',
  lastBatchAt: '2030-01-14T13:05:02.000Z',
  rows: 3,
  batchSize: 1,
  batches: 3,
  batchesDone: 1,
  created: 1,
  skipped: 1,
  mapping: guessMapping(threeRows.headers),
};
/** The same file imported to the end. */
export const finishedImport: ImportSummary = { ...unfinishedImport, batchesDone: 3, created: 2 };
export const lookupLost = Object.assign(new Error('Sem conexão com o servidor.'), { code: 'NETWORK_ERROR' });

export const batchLost = Object.assign(new Error('Sem conexão com o servidor.'), { code: 'NETWORK_ERROR' });

function previousName(previous: ImportSummary | null): string | undefined {
  if (!previous) return undefined;
  return `imported before (${previous.batchesDone} of ${previous.batches} batches)`;
}

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
    if (snapshot.matches('previous')) {
      return [
        ...(resumable(snapshot.context.previous, snapshot.context.table)
          ? [{ type: 'RESUME' } as const]
          : []),
        { type: 'START_OVER' },
        { type: 'CHOOSE_AGAIN' },
      ];
    }
    if (snapshot.matches('lookupFailed')) return [{ type: 'RETRY' }, { type: 'CHOOSE_AGAIN' }];
    if (snapshot.matches({ importing: 'failed' })) return [{ type: 'RETRY' }, { type: 'CANCEL' }];
    if (snapshot.matches('done')) return [{ type: 'CHOOSE_AGAIN' }];
    return [];
  },

  actors: [
    {
      id: 'readFile',
      src: 'readFile',
      outputs: [read(threeRows), read(noRows), read(fiveRows)],
      errors: [new Error('bad bytes')],
    },
    {
      id: 'findImport',
      src: 'findImport',
      outputs: [null, unfinishedImport, finishedImport],
      errors: [lookupLost],
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
      previousName(c.previous),
      snapshot.matches('mapping') ? `name ${c.mapping.name === null ? 'unmapped' : 'mapped'}` : undefined,
      c.importId
        ? `import ${c.importId === PREVIOUS_IMPORT_ID ? 'resumed' : 'new'} in batches of ${c.batchSize}, batch ${c.batch}, ${c.created} created, ${c.skipped.length} skipped`
        : undefined,
      c.failure ? 'failed' : undefined,
      c.cancelRequested ? 'cancel asked' : undefined,
      c.cancelled ? 'cancelled' : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
  },

  /**
   * Every state, with every reason a file is refused, an earlier import that can go on or not, a
   * new import and a resumed one, and the import cancelled or not.
   */
  coverageKey(snapshot: CustomerImportSnapshot): string {
    const c = snapshot.context;
    return [
      JSON.stringify(snapshot.value),
      c.problem?.kind,
      snapshot.matches('previous')
        ? resumable(c.previous, c.table)
          ? 'can resume'
          : 'cannot resume'
        : undefined,
      c.importId ? (c.importId === PREVIOUS_IMPORT_ID ? 'resumed' : 'new') : undefined,
      c.cancelled ? 'cancelled' : undefined,
    ]
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
    if (snapshot.matches('checking')) return `asks whether ${c.file?.name} was imported before`;
    if (snapshot.matches('lookupFailed')) return 'says it could not check the file, offers to try again';
    if (snapshot.matches('previous')) {
      const p = c.previous!;
      return resumable(p, c.table)
        ? `says the file was imported before: ${p.created} created, ${p.skipped} skipped, ${p.batchesDone} of ${p.batches} batches; offers to go on`
        : `says the file was imported before: ${p.created} created, ${p.skipped} skipped; offers to import it again`;
    }
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
      case 'RESUME':
        return 'The owner clicks "Continuar importação"';
      case 'START_OVER':
        return 'The owner clicks "Importar de novo"';
      case 'CHOOSE_AGAIN':
        return 'The owner chooses another file';
      case 'RETRY':
        return 'The owner clicks "Tentar de novo"';
      case 'CANCEL':
        return 'The owner clicks "Cancelar importação"';
      case 'xstate.done.actor.readFile':
        return `The file has ${(event as { output?: ImportFileRead }).output?.table.rows.length} rows`;
      case 'xstate.error.actor.readFile':
        return 'The file cannot be read';
      case 'xstate.done.actor.findImport': {
        const found = (event as { output?: ImportSummary | null }).output;
        if (!found) return 'The company never imported this file';
        return found.batchesDone < found.batches
          ? 'The company started importing this file before'
          : 'The company imported this file before';
      }
      case 'xstate.error.actor.findImport':
        return 'The check gets no answer';
      case 'xstate.done.actor.sendBatch':
        return 'The server imports the batch';
      case 'xstate.error.actor.sendBatch':
        return 'The batch gets no answer';
      default:
        return event.type;
    }
  },
};
