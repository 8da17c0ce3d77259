import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_BATCH_MAX_ROWS } from '../../contracts/customers';
import type { BatchSubmission } from '../../machines/customer-import/customer-import.machine';
import {
  batchAnswer,
  type CustomerImportSnapshot,
  customerImportPathModel,
  FILE_HASH,
  IMPORT_PATHS_ID,
  PREVIOUS_IMPORT_ID,
  threeRows,
  unfinishedImport,
} from '../../machines/customer-import/customer-import.paths';
import {
  guessMapping,
  headerKey,
  mappedRows,
  splitTags,
} from '../../machines/customer-import/import-mapping';
import { importFormatOf } from '../../machines/customer-import/import-table';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';
import { expectKeysFollowSubmissions } from '../support/submission-keys';

const paths = generatePaths(customerImportPathModel);

describe('customer import chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(customerImportPathModel, paths);
    expect(coverage.states.total).toBe(11);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(customerImportPathModel, paths, /undefined|null|NaN|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const sent: BatchSubmission[] = [];
      const actor = await replayPath(customerImportPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ step, snapshot }) => {
          expectStepState(snapshot, step);
          // Once per batch sent (a CANCEL while it is on its way leaves the same one going).
          const input = (snapshot as CustomerImportSnapshot).children.sendBatch?.getSnapshot().input;
          if (input && input !== sent.at(-1)) sent.push(input as BatchSubmission);
        },
      });
      // Every batch of a path carries one import id: a new one, or the earlier import's when it is
      // resumed, with that import's mapping and batch size; in order, each with its slice of the
      // rows, its file named, and a key of its own that a retry repeats.
      const resumed = path.steps.some((step) => step.event.type === 'RESUME');
      const mapping = resumed ? unfinishedImport.mapping : guessMapping(threeRows.headers);
      const size = resumed ? unfinishedImport.batchSize : IMPORT_BATCH_MAX_ROWS;
      for (const { body, idempotencyKey } of sent) {
        expect(body.importId).toBe(resumed ? PREVIOUS_IMPORT_ID : IMPORT_PATHS_ID);
        expect(body.file).toEqual({
          hash: FILE_HASH,
          name: 'clientes.csv',
          rows: 3,
          batchSize: size,
          mapping,
        });
        expect(body.rows).toEqual(
          mappedRows(threeRows, mapping).slice(body.batch * size, (body.batch + 1) * size),
        );
        expect(idempotencyKey).toMatch(new RegExp(`^${body.importId}-${body.batch}-[0-9a-z]+$`));
      }
      expectKeysFollowSubmissions(
        sent.map(({ body, idempotencyKey }) => ({ body, key: idempotencyKey, afterSuccess: false })),
      );
      const end = actor.getSnapshot() as CustomerImportSnapshot;
      if (end.matches('done')) {
        const { context } = end;
        expect(context.created).toBe(context.batch * batchAnswer.created);
        expect(context.cancelled).toBe(context.batch < Math.ceil(3 / size));
      }
      actor.stop();
    },
  );
});

describe('column mapping', () => {
  it('guesses the columns from Portuguese and English headers', () => {
    expect(guessMapping(['Nome', 'Celular', 'E-mail', 'Observações', 'Etiquetas'])).toEqual({
      name: 0,
      phone: 1,
      email: 2,
      notes: 3,
      tags: 4,
    });
    expect(guessMapping(['Email Address', 'Phone', 'Full Name', 'Notes', 'Tags'])).toEqual({
      name: 2,
      phone: 1,
      email: 0,
      notes: 3,
      tags: 4,
    });
    expect(guessMapping(['WhatsApp', 'Cidade', 'Obs'])).toEqual({
      name: null,
      phone: 0,
      email: null,
      notes: 2,
      tags: null,
    });
  });

  it('prefers an exact title, then one that starts with a known word; a column fills one field', () => {
    expect(guessMapping(['Nome da empresa', 'Nome', 'Telefone comercial', 'Fone'])).toEqual({
      name: 1,
      phone: 3,
      email: null,
      notes: null,
      tags: null,
    });
    expect(headerKey(' Observações ')).toBe('observacoes');
  });

  it('maps rows: trimmed, empty cells left out, tags split on commas and semicolons', () => {
    const table = {
      format: 'csv' as const,
      headers: ['Nome', 'Fone', 'Tags'],
      rows: [
        { line: 1, cells: [' Ana ', '', 'vip, atacado; 2024'] },
        { line: 3, cells: ['Bia'] },
      ],
    };
    expect(mappedRows(table, { name: 0, phone: 1, email: null, notes: null, tags: 2 })).toEqual([
      { line: 1, name: 'Ana', tags: ['vip', 'atacado', '2024'] },
      { line: 3, name: 'Bia' },
    ]);
    expect(splitTags(' , ;')).toEqual([]);
  });

  it.each([
    [{ name: 'clientes.CSV', size: 1 }, 'csv'],
    [{ name: 'contatos.vcf', size: 1 }, 'vcard'],
    [{ name: 'contatos.vcard', size: 1 }, 'vcard'],
    [{ name: 'export', size: 1, type: 'text/x-vcard' }, 'vcard'],
    [{ name: 'planilha.xlsx', size: 1 }, null],
  ])('the format of %o is %s', (file, format) => {
    expect(importFormatOf(file)).toBe(format);
  });
});
