import { PageHeading } from '../../../app/routing/PageHeading';
import { PhoneChangeErrorBoundary } from './PhoneChangeErrorBoundary';
import { PhoneChangeRequest } from './PhoneChangeRequest';
import '../settings.css';
import './access-security.css';

/** /settings/access-security/phone-change (spec §2): "Alterar o número de celular". */
export default function PhoneChangePage() {
  return (
    <div className="page page--narrow">
      <PageHeading />
      <PhoneChangeErrorBoundary>
        <PhoneChangeRequest />
      </PhoneChangeErrorBoundary>
    </div>
  );
}
