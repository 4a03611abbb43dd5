import { createRoute } from '@tanstack/react-router';
import { PROFESSIONAL_PLAN, TRIAL_DAYS } from '~/shared/plan';
import { AppPage } from '../components/app-page';
import { PlanCard } from '../components/plan-card';
import { authedLayout } from './layouts';

export const subscribeRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/subscribe',
  component: SubscribePage,
});

function SubscribePage() {
  return (
    <AppPage title="Upgrade to Professional" description={`Start your ${TRIAL_DAYS}-day free trial to use the editor.`}>
      <PlanCard plan={PROFESSIONAL_PLAN} className="max-w-xl" />
    </AppPage>
  );
}
