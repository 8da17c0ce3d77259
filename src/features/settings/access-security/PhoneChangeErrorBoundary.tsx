import type { ReactNode } from 'react';
import { appPaths } from '../../../../machines/app-paths';
import { ErrorCard } from '../../../ui/error-boundary/ErrorCard';
import { OwnErrorScreen } from '../../../ui/error-boundary/OwnErrorScreen';

/** The phone change's own error screen (spec §2): what went wrong, try again, or back to settings. */
export function PhoneChangeErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorCard
      title="Não foi possível abrir a alteração do celular"
      text="Algo deu errado ao carregar esta página. Tente de novo ou volte para as configurações."
      onRetry={onRetry}
      back={{ to: appPaths.settings, label: 'Voltar para Configurações' }}
    />
  );
}

/**
 * Catches what fails below it on the phone-change pages (the user's data not loading, a render
 * error) and shows their own error screen; "Tentar novamente" fetches the failed queries again.
 */
export function PhoneChangeErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <OwnErrorScreen screen={(retry) => <PhoneChangeErrorView onRetry={retry} />}>{children}</OwnErrorScreen>
  );
}
