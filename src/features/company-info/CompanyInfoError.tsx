import type { ReactNode } from 'react';
import { COMPANY_INFO_LOAD_FAILED_TEXT } from '../../../contracts/company';
import { appPaths } from '../../../machines/app-paths';
import { ErrorCard } from '../../ui/error-boundary/ErrorCard';
import { OwnErrorScreen } from '../../ui/error-boundary/OwnErrorScreen';

/** The page's own error screen (spec §2, §8: "Erro ao carregar dados da empresa"). */
export function CompanyInfoErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorCard
      className="company-info__error"
      title={COMPANY_INFO_LOAD_FAILED_TEXT}
      text="Verifique sua conexão e tente de novo."
      onRetry={onRetry}
      back={{ to: appPaths.settings, label: 'Voltar para Configurações' }}
    />
  );
}

/** What fails below it (the company not loading, a render error) shows the error screen; retry loads again. */
export function CompanyInfoErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <OwnErrorScreen screen={(retry) => <CompanyInfoErrorView onRetry={retry} />}>{children}</OwnErrorScreen>
  );
}
