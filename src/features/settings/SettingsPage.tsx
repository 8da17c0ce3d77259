import { PageHeading } from '../../app/routing/PageHeading';
import { SettingsMenu } from './SettingsMenu';
import { SubscriptionSummary } from './subscription/SubscriptionSummary';
import { UserCard } from './UserCard';
import './settings.css';

/** /settings (spec §2): "Configurações": the account, the subscription and every settings area. */
export default function SettingsPage() {
  return (
    <div className="page">
      <PageHeading />
      <div className="settings-page__columns">
        <div className="settings-page__account">
          <UserCard />
          <SubscriptionSummary />
        </div>
        <SettingsMenu />
      </div>
    </div>
  );
}
