import { assign, fromPromise, setup } from 'xstate';
import { canonicalJson } from '../../contracts/canonical-json';
import {
  IMPORT_BATCH_MAX_ROWS,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportBatchBody,
  type ImportBatchResult,
  type ImportRow,
  type ImportSummary,
} from '../../contracts/customers';
import { textHash } from '../../contracts/submission';
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

/** What reading a file gives: its table, and the hash of its bytes that recognises it later. */
export interface ImportFileRead {
  table: ImportTable;
  /** SHA-256 of the file's bytes, hex. */
  fileHash: string;
}

export interface CustomerImportContext {
  /** Rows per batch: the input's, or the resumed import's. */
  batchSize: number;
  /** The input's batch size, for the next import. */
  inputBatchSize: number;
  maxRows: number;
  maxBytes: number;
  file: ImportFile | null;
  problem: ImportProblem | null;
  table: ImportTable | null;
  fileHash: string | null;
  /** The company's earlier import of this same file, when it has one. */
  previous: ImportSummary | null;
  mapping: ColumnMapping;
  /** One per import: with the batch number, a retried batch changes nothing on the server. */
  importId: string | null;
  /** The mapped rows, fixed when the import starts. */
  rows: ImportRow[];
  /** Batches done; while sending, the number of the one on its way. */
  batch: number;
  created: number;
  skipped: SkippedRow[];
  /** The text of the last failed batch, or of the failed check for an earlier import. */
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
  /** "Continuar importação": the earlier import of this file, under its id; its done batches write nothing. */
  | { type: 'RESUME' }
  /** "Importar de novo": the file as a new import, every row sent again. */
  | { type: 'START_OVER' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

/** A batch as it goes out: its body, and the Idempotency-Key of this very body. */
export interface BatchSubmission {
  body: ImportBatchBody;
  idempotencyKey: string;
}

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

/** The body of the batch being sent, naming the file (the first batch to arrive records it). */
export function batchBody(context: CustomerImportContext): ImportBatchBody {
  const start = context.batch * context.batchSize;
  return {
    importId: context.importId!,
    batch: context.batch,
    file: {
      hash: context.fileHash!,
      name: context.file!.name.slice(0, 255),
      rows: context.rows.length,
      batchSize: context.batchSize,
      mapping: context.mapping,
    },
    rows: context.rows.slice(start, start + context.batchSize),
  };
}

/**
 * The batch and its key: the import, the batch and the body's hash, so the same batch sent again
 * (RETRY, or the resumed import) goes with the same key, and a body that differs (the file renamed
 * before it was chosen again) with another (the server still answers the batch from its record).
 */
export function batchSubmission(context: CustomerImportContext): BatchSubmission {
  const body = batchBody(context);
  return { body, idempotencyKey: `${body.importId}-${body.batch}-${textHash(canonicalJson(body))}` };
}

/** The earlier import can go on: not finished, and made of a file with as many rows as this one. */
export function resumable(previous: ImportSummary | null, table: ImportTable | null): boolean {
  return (
    previous !== null &&
    table !== null &&
    previous.batchesDone < previous.batches &&
    previous.rows === table.rows.length
  );
}

const fresh = {
  file: null,
  problem: null,
  table: null,
  fileHash: null,
  previous: null,
  mapping: emptyMapping,
  importId: null,
  rows: [],
  batch: 0,
  created: 0,
  skipped: [],
  failure: null,
  cancelRequested: false,
  cancelled: false,
} satisfies Omit<CustomerImportContext, 'batchSize' | 'inputBatchSize' | 'maxRows' | 'maxBytes'>;

/**
 * Customer import (issue: CSV and vCard, preview, column mapping, progress, report of skipped rows,
 * nothing imported twice). `choosing` a file (refused when it is not CSV/vCard or too large) →
 * `reading` (invoke `readFile`: the browser decodes and parses it and hashes its bytes; too many rows
 * or none sends it back) → `checking` (invoke `findImport`: has the company imported this very file
 * before?) → `previous` when it has (when, what was created and skipped, batches done of all: RESUME
 * continues that import under its id and mapping, START_OVER makes it a new one) or `mapping` (the
 * preview; the columns guessed from the headers, each field remapped; the name is required) →
 * `importing.sending` (invoke `sendBatch`, one batch at a time under one importId) → … → `done` (the
 * report). A failed batch waits in `importing.failed` (RETRY sends the same batch again, which the
 * server answers from its record if it had stored it); CANCEL stops between batches. A resumed
 * import sends every batch again: the ones done answer their stored results and write nothing, so the
 * report covers the whole file.
 */
export const customerImportMachine = setup({
  types: {
    context: {} as CustomerImportContext,
    events: {} as CustomerImportEvent,
    input: {} as CustomerImportInput,
  },
  actors: {
    readFile: fromPromise<ImportFileRead, ReadFileInput>(async () => {
      throw new Error('No way to read a file was provided');
    }),
    findImport: fromPromise<ImportSummary | null, { fileHash: string }>(async () => {
      throw new Error('No way to look for an earlier import was provided');
    }),
    sendBatch: fromPromise<ImportBatchResult, BatchSubmission>(async () => {
      throw new Error('No way to send a batch was provided');
    }),
  },
  guards: {
    unsupported: ({ event }) => event.type === 'CHOOSE_FILE' && importFormatOf(event.file) === null,
    tooLarge: ({ context, event }) => event.type === 'CHOOSE_FILE' && event.file.size > context.maxBytes,
    nameUnmapped: ({ context }) => context.mapping.name === null,
    resumable: ({ context }) => resumable(context.previous, context.table),
    lastBatchOrCancelled: ({ context }) =>
      context.cancelRequested || (context.batch + 1) * context.batchSize >= context.rows.length,
  },
  actions: {
    /** The import ended (finished or cancelled): what it wrote changes the customer list; the app provides it. */
    importEnded: () => {},
    /** Another file: nothing of this one stays, the batch size is the input's again. */
    startAfresh: assign(({ context }) => ({ ...fresh, batchSize: context.inputBatchSize })),
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
    inputBatchSize: input.batchSize ?? IMPORT_BATCH_MAX_ROWS,
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
            guard: ({ event }) => event.output.table.rows.length === 0,
            target: 'choosing',
            actions: assign({ problem: { kind: 'empty' }, file: null }),
          },
          {
            guard: ({ context, event }) => event.output.table.rows.length > context.maxRows,
            target: 'choosing',
            actions: assign({
              problem: ({ context, event }) => ({
                kind: 'tooManyRows',
                rows: event.output.table.rows.length,
                maxRows: context.maxRows,
              }),
              file: null,
            }),
          },
          {
            target: 'checking',
            actions: assign({
              table: ({ event }) => event.output.table,
              fileHash: ({ event }) => event.output.fileHash,
              mapping: ({ event }) => guessMapping(event.output.table.headers),
            }),
          },
        ],
        onError: { target: 'choosing', actions: assign({ problem: { kind: 'unreadable' }, file: null }) },
      },
    },
    checking: {
      description: 'Asks the server whether the company imported this very file (its hash) before.',
      invoke: {
        id: 'findImport',
        src: 'findImport',
        input: ({ context }) => ({ fileHash: context.fileHash! }),
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'mapping' },
          { target: 'previous', actions: assign({ previous: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'lookupFailed',
          actions: assign({ failure: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    lookupFailed: {
      description: 'Could not ask (its text): nothing is imported before it is known whether the file was.',
      on: {
        RETRY: { target: 'checking', actions: assign({ failure: null }) },
        CHOOSE_AGAIN: { target: 'choosing', actions: 'startAfresh' },
      },
    },
    previous: {
      description:
        'The file was imported before: when, created and skipped, batches done; go on with it, import it again, or another file.',
      on: {
        RESUME: {
          guard: 'resumable',
          target: 'importing',
          actions: assign(({ context }) => {
            const previous = context.previous!;
            return {
              importId: previous.importId,
              mapping: previous.mapping,
              batchSize: previous.batchSize,
              rows: mappedRows(context.table!, previous.mapping),
              problem: null,
            };
          }),
        },
        START_OVER: 'mapping',
        CHOOSE_AGAIN: { target: 'choosing', actions: 'startAfresh' },
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
        CHOOSE_AGAIN: { target: 'choosing', actions: 'startAfresh' },
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
            input: ({ context }) => batchSubmission(context),
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
      entry: 'importEnded',
      on: {
        CHOOSE_AGAIN: { target: 'choosing', actions: 'startAfresh' },
      },
    },
  },
});
