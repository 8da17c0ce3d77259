import { PageHeading } from '../../app/routing/PageHeading';
import { AiSuggestions } from '../../app/suggestions/AiSuggestions';
import { HomeDashboard } from './HomeDashboard';
import { QuickTaskLauncher } from './quick-task/QuickTaskLauncher';
import { usePaymentReturn } from './usePaymentReturn';
import './home.css';

/**
 * /home (spec §2): "Início": the day at a glance (tasks, sales, the WhatsApp connection), the
 * quick-add task sheet, the conversation watcher's suggestions, and the return from a paid checkout.
 */
export default function HomePage() {
  usePaymentReturn();
  return (
    <div className="home">
      <PageHeading />
      <AiSuggestions />
      <HomeDashboard />
      <QuickTaskLauncher />
    </div>
  );
}
