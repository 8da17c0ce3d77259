import { isBrazilianMobile, withCountryCode } from '../../../../contracts/brazil/mobile-phone';
import { PHONE_CHANGE_PATH } from '../../../../machines/phone-change/phone-change-validate.machine';
import { PageHeading } from '../../../app/routing/PageHeading';
import { phoneSearch } from '../../../app/routing/route-search';
import { useValidatedSearch } from '../../../app/routing/useValidatedSearch';
import { Redirect } from '../../../lib/routing/Redirect';
import { PhoneChangeErrorBoundary } from './PhoneChangeErrorBoundary';
import { PhoneChangeVerification } from './PhoneChangeVerification';
import '../settings.css';
import './access-security.css';

/**
 * /settings/access-security/phone-change/validate?phone=… (spec §2): "Valide seu telefone". Without
 * a mobile number to validate, back to the form.
 */
export default function PhoneChangeValidatePage() {
  const { phone } = useValidatedSearch(phoneSearch);
  if (!phone || !isBrazilianMobile(phone)) return <Redirect to={PHONE_CHANGE_PATH} replace />;
  const phoneNumber = withCountryCode(phone);
  return (
    <div className="page page--narrow">
      <PageHeading />
      <PhoneChangeErrorBoundary>
        <div className="card card--start">
          <PhoneChangeVerification key={phoneNumber} phoneNumber={phoneNumber} />
        </div>
      </PhoneChangeErrorBoundary>
    </div>
  );
}
