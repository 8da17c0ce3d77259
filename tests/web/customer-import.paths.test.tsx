import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportBatchBody } from '../../contracts/customers';
import { customerImportPathModel } from '../../machines/customer-import/customer-import.paths';
import ImportSheet from '../../src/features/customers/import/ImportSheet';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type CustomerImportLayer, customerImportDriver } from '../support/drivers/customer-import.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { fakeApi, HeldCalls, ok, settleQueries } from './support/fake-api';

const paths = generatePaths(customerImportPathModel);

const HASH = /^[0-9a-f]{64}$/;

/** The system fails to hand over the file's bytes (a file moved or gone after it was picked). */
function failNextRead() {
  vi.spyOn(FileReader.prototype, 'readAsArrayBuffer').mockImplementationOnce(function (this: FileReader) {
    setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
  });
}

describe('"Importar clientes": chart paths, as the owner sees them', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      // The fake API: the lookup and each batch wait for their step.
      const lookups = new HeldCalls();
      const batches = new HeldCalls();
      fakeApi({
        routes: (request) => {
          const { pathname } = new URL(request.url);
          if (pathname === '/api/customers/imports' && request.method === 'GET')
            return lookups.receive(request);
          if (pathname === '/api/customers/import' && request.method === 'POST')
            return batches.receive(request);
          return undefined;
        },
      });
      let view: ReturnType<typeof render> | undefined;
      const layer: CustomerImportLayer = {
        async open() {
          // The sheet as /customers opens it, at the scenario's small limits.
          const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
          view = render(
            <QueryClientProvider client={client}>
              <ImportSheet onClose={() => {}} limits={path.scenario.input as never} />
            </QueryClientProvider>,
          );
          await settleQueries();
        },
        async chooseFile(file, unreadable) {
          if (unreadable) failNextRead();
          const input = within(screen.getByRole('dialog')).getByLabelText('Arquivo de contatos');
          await userEvent
            .setup({ applyAccept: false })
            .upload(input, new File([file.content], file.name, { type: file.type }));
          // Reading and hashing the bytes takes real time (FileReader, WebCrypto), not the app's clock.
          await waitFor(() => expect(screen.queryByText('Lendo o arquivo...')).toBeNull());
          await settleQueries();
        },
        async answerLookup(reply) {
          expect(new URL(lookups.requests.at(-1)!.url).searchParams.get('fileHash')).toMatch(HASH);
          const answered = lookups.answer(reply === 'network-error' ? reply : ok({ import: reply.found }));
          expect(answered, 'a lookup waited').toBe(1);
          await settleQueries();
        },
        async answerBatch(expected, reply) {
          const sent = (await batches.requests.at(-1)!.clone().json()) as ImportBatchBody;
          const { hash, ...file } = sent.file!;
          expect(hash).toMatch(HASH);
          expect({ ...sent, importId: expected.importId ?? null, file }).toEqual({
            ...expected,
            importId: expected.importId ?? null,
          });
          if (expected.importId === null) expect(sent.importId).toMatch(/^[0-9a-f-]{36}$/);
          const answered = batches.answer(reply === 'network-error' ? reply : ok(reply));
          expect(answered, 'a batch waited').toBe(1);
          await settleQueries();
        },
      };
      const driver = customerImportDriver(jsdomSurface({ url: () => undefined }), layer);
      await walkPath(customerImportPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      view?.unmount();
    },
    // A path is a whole import (reading, hashing, batches): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
