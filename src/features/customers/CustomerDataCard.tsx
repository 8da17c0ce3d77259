import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { customerDataExportDownload, eraseCustomerContract } from '../../../contracts/customer-data';
import { useRoleAllows } from '../../app/session/session-context';
import { invalidateAfter } from '../../lib/cache/invalidate-after';
import { useConfirmDelete, useConfirmDeleteView } from '../../lib/confirm/useConfirmDelete';
import { toast } from '../../lib/toasts';
import { ConfirmAction } from '../../ui/confirm/ConfirmAction';
import { eraseCustomerData, fetchCustomerDataExport } from './customer-data-calls';
import { ExportButton } from './ExportButton';

export const CUSTOMER_DATA_ERASED_TEXT = 'Dados do cliente apagados.';
export const CUSTOMER_DATA_ERASED_NOTE =
  'Os dados deste cliente foram apagados. O que ficou não identifica mais ninguém.';

/**
 * "Dados do cliente (LGPD)": a copy of everything about the customer as one file, and erasing it on
 * their request, asked first (the confirm-delete chart) and then shown in place: the page reloads
 * the anonymised customer. Only for the roles that may do them (managers and owners: staff export
 * and erase nothing).
 */
export function CustomerDataCard({ id, name }: { id: string; name: string }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const chart = useConfirmDelete({
    // The name the person sees is the confirmation the server checks.
    remove: () => eraseCustomerData(id, name),
    onDeleted: () => {
      // The record, the conversation and the lists that name the customer all change.
      void invalidateAfter(queryClient, 'customer');
      toast.success(CUSTOMER_DATA_ERASED_TEXT, { id: 'customer-data-erased' });
    },
  });
  const erase = useConfirmDeleteView(chart);
  const exports = useRoleAllows(customerDataExportDownload.minRole);
  const erases = useRoleAllows(eraseCustomerContract.minRole);
  if (!exports && !erases) return null;

  return (
    <section className="card card--start" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__heading">
        Dados do cliente (LGPD)
      </h2>
      <p className="card__text">
        Se o cliente pedir, você pode entregar a ele uma cópia de tudo o que está guardado aqui, ou apagar os
        dados dele.
      </p>
      {erase.done ? (
        <p className="card__text" role="status">
          {CUSTOMER_DATA_ERASED_NOTE}
        </p>
      ) : null}
      <div className="form__actions">
        {exports ? (
          <ExportButton
            label="Exportar dados"
            fetchExport={() => fetchCustomerDataExport(id)}
            toastId="customer-data-export"
          />
        ) : null}
        {erase.done || !erases ? null : (
          <button
            type="button"
            className="button button--secondary button--danger-text"
            aria-expanded={erase.asking}
            onClick={erase.ask}
          >
            Apagar dados
          </button>
        )}
      </div>
      {erase.asking && !erase.done ? (
        <ConfirmAction
          question={`Apagar os dados de ${name}?`}
          confirmLabel="Apagar dados do cliente"
          pendingLabel="Apagando..."
          pending={erase.pending}
          error={erase.error}
          onConfirm={erase.confirm}
          cancel={{ onCancel: erase.cancel }}
        >
          <p>
            Serão apagados o nome, o telefone, o e-mail, as observações e as etiquetas do cliente, o conteúdo
            da conversa no WhatsApp (textos, fotos, áudios e arquivos) e o texto das mensagens de follow-up.
            As mensagens que ainda não foram enviadas são canceladas.
          </p>
          <p>
            Continuam as tarefas, os negócios e a contagem de mensagens, sem nada que identifique o cliente.
            Fica registrado quem apagou e quando.
          </p>
          <p>Não dá para desfazer. Se o cliente pediu uma cópia, exporte os dados antes.</p>
        </ConfirmAction>
      ) : null}
    </section>
  );
}
