import { getPaidSubscriptionContract } from '../../../contracts/billing';
import { PageHeading } from '../../app/routing/PageHeading';
import { useRoleAllows } from '../../app/session/session-context';
import { SettingsMenu } from './SettingsMenu';
import { SubscriptionSummary } from './subscription/SubscriptionSummary';
import { UserCard } from './UserCard';
import './settings.css';

/**
 * /settings (spec §2): "Configurações": the account, the subscription (the owner's) and every
 * settings area the person's role opens.
 */
export default function SettingsPage() {
  const seesSubscription = useRoleAllows(getPaidSubscriptionContract.minRole);
  return (
    <div className="page">
      <PageHeading />
      <div className="settings-page__columns">
        <div className="settings-page__account">
          <UserCard />
          {seesSubscription ? <SubscriptionSummary /> : null}
        </div>
        <SettingsMenu />
      </div>
    </div>
  );
}
