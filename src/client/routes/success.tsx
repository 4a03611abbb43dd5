import { createRoute, Link } from '@tanstack/react-router';
import { AppPage } from '../components/app-page';
import { buttonClasses } from '../components/button';
import { authedLayout } from './layouts';

export const successRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/success',
  component: SuccessPage,
});

function SuccessPage() {
  return (
    <AppPage title="Welcome to Professional" description="Your subscription is being set up.">
      <Link to="/chat" className={buttonClasses('primary', 'lg')}>
        Start Editing Documents
      </Link>
    </AppPage>
  );
}
