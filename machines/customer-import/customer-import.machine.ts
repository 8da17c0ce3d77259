import { assign, fromPromise, setup } from 'xstate';
import {
  IMPORT_BATCH_MAX_ROWS,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportBatchBody,
  type ImportBatchResult,
  type ImportRow,
} from '../../contracts/customers';
import {
  type ColumnMapping,
  emptyMapping,
  guessMapping,
  type ImportField,
  mappedRows,
} from './import-mapping';
import { type ImportFile, type ImportFormat, type ImportTable, importFormatOf } from './import-table';

export interface CustomerImportInput {
  /** Rows per batch; IMPORT_BATCH_MAX_ROWS unless a test wants small batches. */
  batchSize?: number;
  /** Most rows a file may have; IMPORT_MAX_ROWS unless a test wants a small limit. */
  maxRows?: number;
  /** Largest file accepted, in bytes; IMPORT_FILE_MAX_BYTES by default. */
  maxBytes?: number;
}

/** Why the import cannot go on as asked; the view words it. */
export type ImportProblem =
  | { kind: 'unsupported' }
  | { kind: 'tooLarge'; maxBytes: number }
  | { kind: 'unreadable' }
  | { kind: 'empty' }
  | { kind: 'tooManyRows'; rows: number; maxRows: number }
  | { kind: 'nameRequired' };

/** A row the server did not import, and why (one of importSkipReasons' texts). */
export interface SkippedRow {
  line: number;
  reason: string;
}

export interface CustomerImportContext {
  batchSize: number;
  maxRows: number;
  maxBytes: number;
  file: ImportFile | null;
  problem: ImportProblem | null;
  table: ImportTable | null;
  mapping: ColumnMapping;
  /** One per import: with the batch number, a retried batch changes nothing on the server. */
  importId: string | null;
  /** The mapped rows, fixed when the import starts. */
  rows: ImportRow[];
  /** Batches done; while sending, the number of the one on its way. */
  batch: number;
  created: number;
  skipped: SkippedRow[];
  /** The text of the last failed batch. */
  failure: string | null;
  /** Cancel was asked while a batch was on its way: stop once it answers. */
  cancelRequested: boolean;
  /** The import ended before its last batch. */
  cancelled: boolean;
}

export type CustomerImportEvent =
  /** A file was chosen (drop or file picker). */
  | { type: 'CHOOSE_FILE'; file: ImportFile }
  /** A field gets a column (its index) or none ("Não importar"). */
  | { type: 'MAP'; field: ImportField; column: number | null }
  /** "Importar": `importId` is a new UUID (the view makes it; the chart stays pure). */
  | { type: 'START'; importId: string }
  /** "Escolher outro arquivo", "Importar outro arquivo". */
  | { type: 'CHOOSE_AGAIN' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

export interface ReadFileInput {
  file: ImportFile;
  format: ImportFormat;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  )
    return (error as { message: string }).message;
  return String(error);
}

/** Total batches for the rows being imported. */
export function batchCount(context: Pick<CustomerImportContext, 'rows' | 'batchSize'>): number {
  return Math.ceil(context.rows.length / context.batchSize);
}

/** Rows already answered by the server. */
export function rowsDone(context: Pick<CustomerImportContext, 'rows' | 'batchSize' | 'batch'>): number {
  return Math.min(context.batch * context.batchSize, context.rows.length);
}

/** The body of the batch being sent. */
export function batchBody(context: CustomerImportContext): ImportBatchBody {
  const start = context.batch * context.batchSize;
  return {
    importId: context.importId!,
    batch: context.batch,
    rows: context.rows.slice(start, start + context.batchSize),
  };
}

const fresh = {
  file: null,
  problem: null,
  table: null,
  mapping: emptyMapping,
  importId: null,
  rows: [],
  batch: 0,
  created: 0,
  skipped: [],
  failure: null,
  cancelRequested: false,
  cancelled: false,
} satisfies Omit<CustomerImportContext, 'batchSize' | 'maxRows' | 'maxBytes'>;

/**
 * Customer import (issue: CSV and vCard, preview, column mapping, progress, report of skipped rows,
 * nothing imported twice). `choosing` a file (refused when it is not CSV/vCard or too large) →
 * `reading` (invoke `readFile`: the browser decodes and parses it; too many rows or none sends it
 * back) → `mapping` (the preview; the columns guessed from the headers, each field remapped; the
 * name is required) → `importing.sending` (invoke `sendBatch`, one batch at a time under one
 * importId) → … → `done` (the report). A failed batch waits in `importing.failed` (RETRY sends the
 * same batch again, which the server answers from its record if it had stored it); CANCEL stops
 * between batches.
 */
export const customerImportMachine = setup({
  types: {
    context: {} as CustomerImportContext,
    events: {} as CustomerImportEvent,
    input: {} as CustomerImportInput,
  },
  actors: {
    readFile: fromPromise<ImportTable, ReadFileInput>(async () => {
      throw new Error('No way to read a file was provided');
    }),
    sendBatch: fromPromise<ImportBatchResult, ImportBatchBody>(async () => {
      throw new Error('No way to send a batch was provided');
    }),
  },
  guards: {
    unsupported: ({ event }) => event.type === 'CHOOSE_FILE' && importFormatOf(event.file) === null,
    tooLarge: ({ context, event }) => event.type === 'CHOOSE_FILE' && event.file.size > context.maxBytes,
    nameUnmapped: ({ context }) => context.mapping.name === null,
    lastBatchOrCancelled: ({ context }) =>
      context.cancelRequested || (context.batch + 1) * context.batchSize >= context.rows.length,
  },
  actions: {
    /** A batch answered: count it, keep its skipped rows, move on to the next one. */
    recordBatch: assign(({ context }, result: ImportBatchResult) => ({
      batch: context.batch + 1,
      created: context.created + result.created,
      skipped: [
        ...context.skipped,
        ...result.rows
          .filter((row) => row.status === 'skipped')
          .map((row) => ({ line: row.line, reason: row.reason ?? '' })),
      ],
      failure: null,
    })),
  },
}).createMachine({
  id: 'customerImport',
  context: ({ input }) => ({
    ...fresh,
    batchSize: input.batchSize ?? IMPORT_BATCH_MAX_ROWS,
    maxRows: input.maxRows ?? IMPORT_MAX_ROWS,
    maxBytes: input.maxBytes ?? IMPORT_FILE_MAX_BYTES,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'Asks for a CSV or vCard file; why the last one was refused, if it was.',
      on: {
        CHOOSE_FILE: [
          { guard: 'unsupported', actions: assign({ problem: { kind: 'unsupported' } }) },
          {
            guard: 'tooLarge',
            actions: assign({ problem: ({ context }) => ({ kind: 'tooLarge', maxBytes: context.maxBytes }) }),
          },
          { target: 'reading', actions: assign({ file: ({ event }) => event.file, problem: null }) },
        ],
      },
    },
    reading: {
      description: 'The browser reads and parses the file.',
      invoke: {
        id: 'readFile',
        src: 'readFile',
        input: ({ context }) => ({ file: context.file!, format: importFormatOf(context.file!)! }),
        onDone: [
          {
            guard: ({ event }) => event.output.rows.length === 0,
            target: 'choosing',
            actions: assign({ problem: { kind: 'empty' }, file: null }),
          },
          {
            guard: ({ context, event }) => event.output.rows.length > context.maxRows,
            target: 'choosing',
            actions: assign({
              problem: ({ context, event }) => ({
                kind: 'tooManyRows',
                rows: event.output.rows.length,
                maxRows: context.maxRows,
              }),
              file: null,
            }),
          },
          {
            target: 'mapping',
            actions: assign({
              table: ({ event }) => event.output,
              mapping: ({ event }) => guessMapping(event.output.headers),
            }),
          },
        ],
        onError: { target: 'choosing', actions: assign({ problem: { kind: 'unreadable' }, file: null }) },
      },
    },
    mapping: {
      description: 'The preview: the first rows and which column fills each field.',
      on: {
        MAP: {
          actions: assign({
            mapping: ({ context, event }) => ({ ...context.mapping, [event.field]: event.column }),
            problem: null,
          }),
        },
        START: [
          { guard: 'nameUnmapped', actions: assign({ problem: { kind: 'nameRequired' } }) },
          {
            target: 'importing',
            actions: assign({
              importId: ({ event }) => event.importId,
              rows: ({ context }) => mappedRows(context.table!, context.mapping),
              problem: null,
            }),
          },
        ],
        CHOOSE_AGAIN: { target: 'choosing', actions: assign(fresh) },
      },
    },
    importing: {
      description: 'Batches go out one at a time, with the progress so far.',
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            id: 'sendBatch',
            src: 'sendBatch',
            input: ({ context }) => batchBody(context),
            onDone: [
              {
                guard: 'lastBatchOrCancelled',
                target: '#customerImport.done',
                actions: [
                  { type: 'recordBatch', params: ({ event }) => event.output },
                  assign({ cancelled: ({ context }) => context.batch < batchCount(context) }),
                ],
              },
              {
                target: 'sending',
                reenter: true,
                actions: { type: 'recordBatch', params: ({ event }) => event.output },
              },
            ],
            onError: {
              target: 'failed',
              actions: assign({ failure: ({ event }) => errorMessage(event.error) }),
            },
          },
          on: {
            CANCEL: { actions: assign({ cancelRequested: true }) },
          },
        },
        failed: {
          description: 'A batch failed: its text, "Tentar de novo" (the same batch) or stop here.',
          on: {
            RETRY: { target: 'sending', actions: assign({ failure: null }) },
            CANCEL: { target: '#customerImport.done', actions: assign({ cancelled: true, failure: null }) },
          },
        },
      },
    },
    done: {
      description: 'The report: created, skipped and why; cancelled if it stopped early.',
      on: {
        CHOOSE_AGAIN: { target: 'choosing', actions: assign(fresh) },
      },
    },
  },
});
