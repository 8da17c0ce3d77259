import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  IMPORT_BATCH_MAX_ROWS,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportBatchBody,
  type ImportBatchResult,
  type ImportSummary,
  importSkipReasons,
} from '../../contracts/customers';
import {
  batchBody,
  type CustomerImportEvent,
  type CustomerImportInput,
  customerImportMachine,
  type ImportFileRead,
  resumable,
  rowsDone,
} from './customer-import.machine';
import { guessMapping, importFields, mappedRows } from './import-mapping';
import type { ImportFile, ImportTable } from './import-table';

/**
 * The customer import's path model: small batches (2 rows) and small limits, so every state and
 * transition fits in short paths. Shared by the machine tests and `npm run paths -- customer-import`,
 * and what to do at each step and what the owner must see (`planCustomerImportStep`), for the drivers.
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
      'The owner opens "Importar" on /customers (batches of 500 rows, files up to 5 MB and 20,000 rows)',
    // The app's own limits: the browser replays the paths in the app as it runs.
    input: { batchSize: IMPORT_BATCH_MAX_ROWS, maxRows: IMPORT_MAX_ROWS, maxBytes: IMPORT_FILE_MAX_BYTES },
  },
];

export const files = {
  csv: { name: 'clientes.csv', size: 180, type: 'text/csv' },
  vcard: { name: 'contatos.vcf', size: 240, type: 'text/vcard' },
  picture: { name: 'foto.png', size: 120, type: 'image/png' },
  huge: { name: 'todos.csv', size: IMPORT_FILE_MAX_BYTES + 1, type: 'text/csv' },
} satisfies Record<string, ImportFile>;

/** Three customers, headers the mapping recognises: one batch of a new import. */
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
/** One row more than an import takes. */
export const overLimitRows: ImportTable = {
  format: 'csv',
  headers: ['Nome'],
  rows: Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => ({ line: i + 1, cells: [`Cliente ${i + 1}`] })),
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
/** What the app's calls reject with when the connection drops (the API client's words). */
export const UNREACHABLE = 'Não foi possível conectar ao servidor. Verifique sua conexão e tente de novo.';
export const lookupLost = Object.assign(new Error(UNREACHABLE), { code: 'NETWORK_ERROR' });

export const batchLost = Object.assign(new Error(UNREACHABLE), { code: 'NETWORK_ERROR' });

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
      outputs: [read(threeRows), read(noRows), read(overLimitRows)],
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

/** A file as the owner picks it: its name, type and text (what the chart's read step parses). */
export interface ChosenFile {
  name: string;
  type: string;
  content: string;
}

/** What a batch must carry (the browser's file hash aside); `importId` null: any new import's id. */
export interface ExpectedBatch {
  importId: string | null;
  batch: number;
  file: Omit<NonNullable<ImportBatchBody['file']>, 'hash'>;
  rows: ImportBatchBody['rows'];
}

export type CustomerImportUserAction =
  /** Open "Importar" on /customers (the sheet at the scenario's limits). */
  | { do: 'open-import' }
  /** Pick `file` in "Arquivo de contatos"; `unreadable`: the system cannot hand over its bytes. */
  | { do: 'choose-file'; file: ChosenFile; unreadable: boolean }
  | { do: 'click'; button: string }
  /** Pick `option` in the select of the field labelled `field`. */
  | { do: 'map'; field: string; option: string }
  /** Answer the pending GET /api/customers/imports: the earlier import of the file, or none. */
  | { do: 'answer-lookup'; reply: { found: ImportSummary | null } | 'network-error' }
  /** Answer the pending POST /api/customers/import, which must carry `expected`. */
  | { do: 'answer-batch'; expected: ExpectedBatch; reply: ImportBatchResult | 'network-error' };

/**
 * What the import sheet shows: every paragraph in order (one starting with "…" is matched by its
 * end: it begins with a date in the person's time zone), the buttons, the column selects, the
 * tables and the progress bar's text.
 */
export interface CustomerImportScreen {
  paragraphs: string[];
  buttons: Array<{ name: string; disabled: boolean }>;
  selects: Array<{ label: string; value: string }>;
  tables: Array<{ caption: string; rows: string[][] }>;
  progress: string | null;
}

export interface CustomerImportStepPlan {
  actions: CustomerImportUserAction[];
  /** null: the step passes by itself (the file is read at once); the next step looks. */
  screen: CustomerImportScreen | null;
}

/** What the sheet says, word for word. */
export const importTexts = {
  close: 'Fechar',
  cancel: 'Cancelar',
  fileLabel: 'Arquivo de contatos',
  checking: 'Verificando se este arquivo já foi importado...',
  lookupFailed: 'Não foi possível verificar se este arquivo já foi importado.',
  importedBefore: 'Este arquivo já foi importado',
  startedBefore: 'Você já começou a importar este arquivo',
  resumeHint: 'Continuar envia só o que falta: os lotes já concluídos não são repetidos.',
  againWarning: 'Importar de novo cria outra vez os contatos que não têm telefone nem e-mail.',
  retry: 'Tentar de novo',
  chooseAnother: 'Escolher outro arquivo',
  importAnother: 'Importar outro arquivo',
  resume: 'Continuar importação',
  startOver: 'Importar de novo',
  cancelImport: 'Cancelar importação',
  cancelling: 'Cancelando após o lote atual...',
  finish: 'Concluir',
  downloadReport: 'Baixar relatório',
  notImported: 'Não importar',
  preview: 'Prévia das primeiras linhas',
  skippedRows: 'Linhas ignoradas',
} as const;

export const importFieldNames = {
  name: 'Nome (obrigatório)',
  phone: 'WhatsApp',
  email: 'E-mail',
  notes: 'Observações',
  tags: 'Etiquetas',
} as const;

const previewLabels = { ...importFieldNames, name: 'Nome' };

const n = (value: number) => new Intl.NumberFormat('pt-BR').format(value);
const plural = (value: number, one: string, many: string) => `${n(value)} ${value === 1 ? one : many}`;

function problemWords(problem: NonNullable<CustomerImportSnapshot['context']['problem']>): string {
  switch (problem.kind) {
    case 'unsupported':
      return 'Este arquivo não é CSV nem vCard. Escolha um arquivo .csv, .vcf ou .vcard.';
    case 'tooLarge':
      return `Arquivo grande demais: o limite é ${n(Math.round(problem.maxBytes / (1024 * 1024)))} MB. Divida a planilha em partes menores.`;
    case 'unreadable':
      return 'Não foi possível ler este arquivo. Confira se ele é um CSV ou vCard válido.';
    case 'empty':
      return 'Nenhum contato encontrado neste arquivo.';
    case 'tooManyRows':
      return `Este arquivo tem ${n(problem.rows)} linhas; o limite é ${n(problem.maxRows)} por importação. Divida a planilha em partes menores.`;
    case 'nameRequired':
      return 'Escolha a coluna com o nome do cliente.';
  }
}

/** A table as a spreadsheet saves it (comma-separated, a header line). */
export function csvText(table: ImportTable): string {
  return [table.headers, ...table.rows.map((row) => row.cells)].map((cells) => cells.join(',')).join('\r\n');
}

/** The text of each of the model's files; the CSV's depends on what reading it must give. */
function chosenFile(file: ImportFile, table: ImportTable): ChosenFile {
  const named = (content: string) => ({ name: file.name, type: file.type ?? '', content });
  if (file.name === files.picture.name) return named('\u0089PNG\r\n');
  if (file.name === files.huge.name)
    return named(`Nome\r\n${'Cliente\r\n'.repeat(IMPORT_FILE_MAX_BYTES / 8)}`);
  if (file.name === files.vcard.name)
    return named('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana Souza\r\nTEL:+5511987654321\r\nEND:VCARD\r\n');
  return named(csvText(table));
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: CustomerImportSnapshot }>;
}

function expectedBatch(before: CustomerImportSnapshot): ExpectedBatch {
  const body = batchBody(before.context);
  const { hash: _hash, ...file } = body.file!;
  return {
    importId: body.importId === PREVIOUS_IMPORT_ID ? PREVIOUS_IMPORT_ID : null,
    batch: body.batch,
    file,
    rows: body.rows,
  };
}

function actionsFor(path: PlannablePath, index: number): CustomerImportUserAction[] {
  if (index === 0) return [{ do: 'open-import' }];
  const { event } = path.steps[index]!;
  const before = path.steps[index - 1]!.state;
  switch (event.type) {
    case 'xstate.done.actor.readFile':
    case 'xstate.error.actor.readFile':
      return [];
    case 'xstate.done.actor.findImport':
      return [
        {
          do: 'answer-lookup',
          reply: { found: (event as { output?: ImportSummary | null }).output ?? null },
        },
      ];
    case 'xstate.error.actor.findImport':
      return [{ do: 'answer-lookup', reply: 'network-error' }];
    case 'xstate.done.actor.sendBatch':
      return [
        {
          do: 'answer-batch',
          expected: expectedBatch(before),
          reply: (event as { output?: ImportBatchResult }).output!,
        },
      ];
    case 'xstate.error.actor.sendBatch':
      return [{ do: 'answer-batch', expected: expectedBatch(before), reply: 'network-error' }];
  }
  const e = event as CustomerImportEvent;
  switch (e.type) {
    case 'CHOOSE_FILE': {
      const next = path.steps[index + 1]?.event as { type: string; output?: ImportFileRead } | undefined;
      const table = next?.type === 'xstate.done.actor.readFile' ? next.output!.table : threeRows;
      return [
        {
          do: 'choose-file',
          file: chosenFile(e.file, table),
          unreadable: next?.type === 'xstate.error.actor.readFile',
        },
      ];
    }
    case 'MAP':
      return [
        {
          do: 'map',
          field: importFieldNames[e.field],
          option: e.column === null ? importTexts.notImported : before.context.table!.headers[e.column]!,
        },
      ];
    case 'START':
      return [
        {
          do: 'click',
          button: `Importar ${plural(before.context.table!.rows.length, 'contato', 'contatos')}`,
        },
      ];
    case 'CHOOSE_AGAIN':
      return [
        {
          do: 'click',
          button: before.matches('done') ? importTexts.importAnother : importTexts.chooseAnother,
        },
      ];
    case 'RESUME':
      return [{ do: 'click', button: importTexts.resume }];
    case 'START_OVER':
      return [{ do: 'click', button: importTexts.startOver }];
    case 'RETRY':
      return [{ do: 'click', button: importTexts.retry }];
    case 'CANCEL':
      return [{ do: 'click', button: importTexts.cancelImport }];
  }
}

const button = (name: string, disabled = false) => ({ name, disabled });
const nothing = { selects: [], tables: [], progress: null };

function screenOf(snapshot: CustomerImportSnapshot): CustomerImportScreen {
  const c = snapshot.context;
  if (snapshot.matches('choosing'))
    return {
      paragraphs: [
        `Escolha uma planilha (CSV, como o Excel e o Google Planilhas salvam) ou os contatos exportados do celular (vCard). Até ${n(Math.round(c.maxBytes / (1024 * 1024)))} MB e ${n(c.maxRows)} linhas.`,
        ...(c.problem ? [problemWords(c.problem)] : []),
      ],
      buttons: [button(importTexts.close), button(importTexts.cancel)],
      ...nothing,
    };
  if (snapshot.matches('reading'))
    return { paragraphs: ['Lendo o arquivo...'], buttons: [button(importTexts.close)], ...nothing };
  if (snapshot.matches('checking'))
    return { paragraphs: [importTexts.checking], buttons: [button(importTexts.close)], ...nothing };
  if (snapshot.matches('lookupFailed'))
    return {
      paragraphs: [`${importTexts.lookupFailed} ${c.failure}`],
      buttons: [button(importTexts.close), button(importTexts.retry), button(importTexts.chooseAnother)],
      ...nothing,
    };
  if (snapshot.matches('previous')) {
    const p = c.previous!;
    const finished = p.batchesDone >= p.batches;
    const canResume = resumable(p, c.table);
    const batches = finished
      ? ''
      : `; ${n(p.batchesDone)} de ${plural(p.batches, 'lote concluído', 'lotes concluídos')}`;
    return {
      paragraphs: [
        finished ? importTexts.importedBefore : importTexts.startedBefore,
        `…: ${plural(p.created, 'criado', 'criados')}, ${plural(p.skipped, 'ignorado', 'ignorados')}${batches}.`,
        canResume ? importTexts.resumeHint : importTexts.againWarning,
      ],
      buttons: canResume
        ? [
            button(importTexts.close),
            button(importTexts.resume),
            button(importTexts.startOver),
            button(importTexts.chooseAnother),
          ]
        : [button(importTexts.close), button(importTexts.chooseAnother), button(importTexts.startOver)],
      ...nothing,
    };
  }
  if (snapshot.matches('mapping')) {
    const table = c.table!;
    const shown = importFields.filter((field) => c.mapping[field] !== null);
    const preview = mappedRows({ ...table, rows: table.rows.slice(0, 5) }, c.mapping);
    return {
      paragraphs: [
        `${c.file!.name}: ${plural(table.rows.length, 'contato encontrado', 'contatos encontrados')}. Confira de qual coluna vem cada informação.`,
        ...(c.problem ? [problemWords(c.problem)] : []),
      ],
      buttons: [
        button(importTexts.close),
        button(`Importar ${plural(table.rows.length, 'contato', 'contatos')}`),
        button(importTexts.chooseAnother),
      ],
      selects: importFields.map((field) => {
        const column = c.mapping[field];
        return {
          label: importFieldNames[field],
          value: column === null ? importTexts.notImported : table.headers[column]!,
        };
      }),
      tables: [
        {
          caption: importTexts.preview,
          rows: [
            ['Linha', ...shown.map((field) => previewLabels[field])],
            ...preview.map((row) => [
              String(row.line),
              ...shown.map((field) => (field === 'tags' ? (row.tags ?? []).join(', ') : (row[field] ?? ''))),
            ]),
          ],
        },
      ],
      progress: null,
    };
  }
  if (snapshot.matches('importing')) {
    const done = rowsDone(c);
    const text = `${n(done)} de ${n(c.rows.length)} linhas`;
    const batches = Math.ceil(c.rows.length / c.batchSize);
    const hint =
      batches > 1
        ? [`Lote ${n(Math.min(c.batch + 1, batches))} de ${n(batches)} (até ${n(c.batchSize)} linhas cada).`]
        : [];
    const failed = snapshot.matches({ importing: 'failed' });
    return {
      paragraphs: failed
        ? [`Importação parada: ${text}.`, ...hint, `O lote ${n(c.batch + 1)} não foi importado: ${c.failure}`]
        : [`Importando... ${text}.`, ...hint],
      buttons: failed
        ? [button(importTexts.retry), button(importTexts.cancelImport)]
        : [c.cancelRequested ? button(importTexts.cancelling, true) : button(importTexts.cancelImport)],
      selects: [],
      tables: [],
      progress: text,
    };
  }
  const names = new Map(c.rows.map((row) => [row.line, row.name ?? '']));
  const notSent = c.rows.length - rowsDone(c);
  return {
    paragraphs: [
      c.cancelled ? 'Importação cancelada' : 'Importação concluída',
      `${plural(c.created, 'criado', 'criados')}, ${plural(c.skipped.length, 'ignorado', 'ignorados')}`,
      ...(c.cancelled && notSent > 0
        ? [`${plural(notSent, 'linha não foi enviada', 'linhas não foram enviadas')}.`]
        : []),
    ],
    buttons: [
      button(importTexts.close),
      button(importTexts.finish),
      ...(c.skipped.length > 0 ? [button(importTexts.downloadReport)] : []),
      button(importTexts.importAnother),
    ],
    selects: [],
    tables:
      c.skipped.length > 0
        ? [
            {
              caption: importTexts.skippedRows,
              rows: [
                ['Linha', 'Nome', 'Motivo'],
                ...c.skipped.map((row) => [String(row.line), names.get(row.line) ?? '', row.reason]),
              ],
            },
          ]
        : [],
    progress: null,
  };
}

/**
 * What to do at step `index` of a customer-import path, and what the owner must then see. A file
 * is read as soon as it is chosen, so the step that chooses it already looks at what the read gives.
 */
export function planCustomerImportStep(path: PlannablePath, index: number): CustomerImportStepPlan {
  const state = path.steps[index]!.state;
  const next = path.steps[index + 1];
  let screen: CustomerImportScreen | null = screenOf(state);
  if (state.matches('reading')) screen = next ? screenOf(next.state) : null;
  return { actions: actionsFor(path, index), screen };
}
