import type { Page } from 'playwright-core';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type CustomerImportLayer,
  customerImportDriver,
  customerImportExpectation,
} from '../../../tests/support/drivers/customer-import.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { HeldCalls } from './held-calls';

const LOOKUP_URL = /\/api\/customers\/imports\?/;
const BATCH_URL = /\/api\/customers\/import$/;
const HASH = /^[0-9a-f]{64}$/;

const runs = new WeakMap<Page, { driver: ReturnType<typeof customerImportDriver> }>();

/** The page's next FileReader read fails, as when the picked file is gone before its bytes are read. */
function failNextRead(): void {
  const read = FileReader.prototype.readAsArrayBuffer;
  FileReader.prototype.readAsArrayBuffer = function (this: FileReader) {
    FileReader.prototype.readAsArrayBuffer = read;
    setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
  };
}

function layerFor(
  page: Page,
  context: ReplayContext,
  lookups: HeldCalls,
  batches: HeldCalls,
): CustomerImportLayer {
  const dialog = page.getByRole('dialog', { name: 'Importar clientes' });
  return {
    async open() {
      await page.goto(new URL('/customers', context.baseURL).toString());
      await page.getByRole('button', { name: 'Importar', exact: true }).click();
      await dialog.waitFor();
    },
    async chooseFile(file, unreadable) {
      if (unreadable) await page.evaluate(failNextRead);
      await dialog.getByLabel('Arquivo de contatos', { exact: true }).setInputFiles({
        name: file.name,
        mimeType: file.type,
        buffer: Buffer.from(file.content),
      });
      // Reading and hashing the bytes takes the page real time.
      await dialog.getByText('Lendo o arquivo...').waitFor({ state: 'hidden' });
    },
    answerLookup(reply) {
      return lookups.answerChecked(
        (request) => {
          const hash = new URL(request.url()).searchParams.get('fileHash') ?? '';
          return HASH.test(hash) ? null : `the lookup asked for the file hash "${hash}"`;
        },
        // A file never imported: the real server says so (no batch of these paths ever reaches it).
        reply === 'network-error'
          ? 'network-error'
          : reply.found === null
            ? 'real-server'
            : { status: 200, body: { success: true, data: { import: reply.found } } },
      );
    },
    answerBatch(expected, reply) {
      return batches.answerChecked(
        (request) => {
          const sent = request.postDataJSON() as {
            importId: string;
            file: { hash: string };
          } & Record<string, unknown>;
          const { hash, ...file } = sent.file;
          const got = { ...sent, importId: expected.importId === null ? null : sent.importId, file };
          if (!HASH.test(hash)) return `the batch named the file hash "${hash}"`;
          if (expected.importId === null && !/^[0-9a-f-]{36}$/.test(sent.importId))
            return `the batch's import id is "${sent.importId}"`;
          return JSON.stringify(got) === JSON.stringify(expected)
            ? null
            : `the app sent ${JSON.stringify(got)}, not ${JSON.stringify(expected)}`;
        },
        reply === 'network-error' ? 'network-error' : { status: 200, body: { success: true, data: reply } },
      );
    },
  };
}

/**
 * "Importar" on /customers in Chromium: a fresh account, the files written on the fly, the
 * lookup of a file never imported answered by the real server; the earlier imports, the batches'
 * answers and the dropped connections served with page.route.
 */
export const customerImportBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/customers',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded with a trial, one per run; ' +
    "each file written on the fly (setInputFiles from a buffer); an unreadable file: the page's FileReader " +
    'fails once; GET /api/customers/imports and POST /api/customers/import held with page.route until their ' +
    'step: a file never imported is looked up on the real server, the earlier imports, the batch answers ' +
    '(counts the real server cannot be made to give on demand) and the dropped connections served with page.route',
  expectation: customerImportExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'customer-import');
    const lookups = await HeldCalls.on(page, 'GET', LOOKUP_URL);
    const batches = await HeldCalls.on(page, 'POST', BATCH_URL);
    runs.set(page, {
      driver: customerImportDriver(browserSurface(page), layerFor(page, context, lookups, batches)),
    });
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
