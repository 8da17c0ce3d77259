import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { PageHeading } from '../../app/routing/PageHeading';
import { dashboardQuery } from './dashboard-query';
import { HomeDashboard } from './HomeDashboard';
import { QuickTaskLauncher } from './quick-task/QuickTaskLauncher';
import { usePaymentReturn } from './usePaymentReturn';
import './home.css';

// Downloaded only when suggestions wait: a first visit without any carries none of it (budget).
const AiSuggestions = lazy(() =>
  import('../../app/suggestions/AiSuggestions').then((module) => ({ default: module.AiSuggestions })),
);

/**
 * /home (spec §2): "Início": the day at a glance (tasks, sales, the WhatsApp connection), the
 * quick-add task sheet, the conversation watcher's suggestions, and the return from a paid checkout.
 */
export default function HomePage() {
  usePaymentReturn();
  // The same query the dashboard shows (one request): the suggestions' panel loads only when some wait.
  const suggestionsWaiting = useQuery({
    ...dashboardQuery,
    select: (home) => home.hasPendingSuggestions,
  }).data;
  // Once opened, the panel stays for the visit: a card decided here says so ("Sugestão aceita.")
  // after the refreshed dashboard stops counting it as pending.
  const [panelOpened, setPanelOpened] = useState(false);
  if (suggestionsWaiting && !panelOpened) setPanelOpened(true);
  return (
    <div className="home">
      <PageHeading />
      {panelOpened ? (
        <Suspense fallback={null}>
          <AiSuggestions />
        </Suspense>
      ) : null}
      <HomeDashboard />
      <QuickTaskLauncher />
    </div>
  );
}
