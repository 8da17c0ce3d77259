import { PageHeading } from '../../app/routing/PageHeading';
import { usePaymentReturn } from '../paywall/usePaymentReturn';

/** /home (spec §2): "Início", and the return from a paid checkout. */
export default function HomePage() {
  usePaymentReturn();
  // The dashboard (and its prefetch) comes with a later issue.
  return <PageHeading />;
}
