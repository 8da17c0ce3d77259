import { useQuery } from '@tanstack/react-query';
import { PageHeading } from '../../app/routing/PageHeading';
import { CompanyInfoErrorBoundary } from './CompanyInfoError';
import { CompanyInfoForm } from './CompanyInfoForm';
import { companyInfoQuery } from './company-info-query';
import './company-info.css';

/** The company, then its form; failing to load it is the error screen's (only without data to show). */
function CompanyInfo() {
  const query = useQuery({
    ...companyInfoQuery,
    throwOnError: (_error, query) => query.state.data === undefined,
  });
  if (!query.data) {
    return (
      <div className="card company-info__loading" role="status">
        <span className="visually-hidden">Carregando dados da empresa...</span>
        {[0, 1, 2, 3].map((n) => (
          <span key={n} className="skeleton skeleton--field" />
        ))}
      </div>
    );
  }
  return <CompanyInfoForm company={query.data} />;
}

/** /settings/company-info (spec §2): "Sobre a empresa". */
export default function CompanyInfoPage() {
  return (
    <div className="page page--narrow">
      <PageHeading />
      <CompanyInfoErrorBoundary>
        <CompanyInfo />
      </CompanyInfoErrorBoundary>
    </div>
  );
}
