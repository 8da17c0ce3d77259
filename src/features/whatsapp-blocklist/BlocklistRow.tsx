import { useQueryClient } from '@tanstack/react-query';
import type { BlocklistEntry } from '../../../contracts/blocklist';
import { formatCustomerPhone } from '../../../contracts/brazil/customer-phone';
import { BRAZIL_COUNTRY_CODE } from '../../../contracts/brazil/mobile-phone';
import { useConfirmDelete, useConfirmDeleteView } from '../../lib/confirm/useConfirmDelete';
import { toast } from '../../lib/toasts';
import { ConfirmAction } from '../../ui/confirm/ConfirmAction';
import { blocklistQueryKey, removeBlocklistEntry } from './blocklist-query';

/** One ignored contact: name, number, and "Remover", asked in place. */
export function BlocklistRow({ entry }: { entry: BlocklistEntry }) {
  const queryClient = useQueryClient();
  const deletion = useConfirmDeleteView(
    useConfirmDelete({
      remove: () => removeBlocklistEntry(entry.id),
      onDeleted: () => {
        toast.success(`${entry.name} removido dos contatos ignorados.`, { id: `blocklist-${entry.id}` });
        queryClient.setQueryData<BlocklistEntry[]>(blocklistQueryKey, (list) =>
          list?.filter((other) => other.id !== entry.id),
        );
        void queryClient.invalidateQueries({ queryKey: blocklistQueryKey });
      },
    }),
  );
  const phone = formatCustomerPhone(`${BRAZIL_COUNTRY_CODE}${entry.phoneNumber}`);
  return (
    <li className="blocklist-row">
      <div className="blocklist-row__main">
        <span className="blocklist-row__text">
          <span className="blocklist-row__name">{entry.name}</span>
          <span className="blocklist-row__phone">{phone}</span>
        </span>
        {deletion.asking ? null : (
          <button
            type="button"
            className="button button--secondary"
            aria-label={`Remover ${entry.name} dos contatos ignorados`}
            onClick={deletion.ask}
          >
            Remover
          </button>
        )}
      </div>
      {deletion.asking ? (
        <ConfirmAction
          question={`Remover ${entry.name}?`}
          confirmLabel="Remover"
          pendingLabel="Removendo..."
          pending={deletion.pending}
          error={deletion.error}
          onConfirm={deletion.confirm}
          cancel={{ onCancel: deletion.cancel }}
        >
          <p className="card__text">As mensagens de {phone} voltam a chegar ao Fechaí.</p>
        </ConfirmAction>
      ) : null}
    </li>
  );
}
