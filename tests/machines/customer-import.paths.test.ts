import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportBatchBody } from '../../contracts/customers';
import {
  batchAnswer,
  type CustomerImportSnapshot,
  customerImportPathModel,
  IMPORT_PATHS_ID,
  threeRows,
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
    expect(coverage.states.total).toBe(8);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(customerImportPathModel, paths, /undefined|null|NaN|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const sent: ImportBatchBody[] = [];
      const actor = await replayPath(customerImportPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ step, snapshot }) => {
          expectStepState(snapshot, step);
          const child = (snapshot as CustomerImportSnapshot).children.sendBatch;
          if (child) sent.push(child.getSnapshot().input as ImportBatchBody);
        },
      });
      // Every batch carries the one import id, in order, each at most 2 rows; a retry repeats the
      // same batch number with the same rows.
      for (const body of sent) {
        expect(body.importId).toBe(IMPORT_PATHS_ID);
        expect(body.rows.length).toBeGreaterThan(0);
        expect(body.rows.length).toBeLessThanOrEqual(2);
        expect(body.rows).toEqual(
          mappedRows(threeRows, guessMapping(threeRows.headers)).slice(body.batch * 2, body.batch * 2 + 2),
        );
      }
      const end = actor.getSnapshot() as CustomerImportSnapshot;
      if (end.matches('done')) {
        const { context } = end;
        expect(context.created).toBe(context.batch * batchAnswer.created);
        expect(context.cancelled).toBe(context.batch < 2);
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
