import type { ReactNode } from 'react';
import { BLOCKLIST_LOAD_ERROR_TEXT } from '../../../contracts/blocklist';
import { appPaths } from '../../../machines/app-paths';
import { ErrorCard } from '../../ui/error-boundary/ErrorCard';
import { OwnErrorScreen } from '../../ui/error-boundary/OwnErrorScreen';

/** The page's own error screen (spec §2, §8: "Erro ao carregar lista de contatos ignorados"). */
export function BlocklistErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorCard
      title={BLOCKLIST_LOAD_ERROR_TEXT}
      text="Verifique sua conexão e tente de novo."
      onRetry={onRetry}
      back={{ to: appPaths.settings, label: 'Voltar para Configurações' }}
    />
  );
}

/** What fails below it (the list not loading, a render error) shows the error screen; retry loads again. */
export function BlocklistErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <OwnErrorScreen screen={(retry) => <BlocklistErrorView onRetry={retry} />}>{children}</OwnErrorScreen>
  );
}
