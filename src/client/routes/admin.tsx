import { createRoute, Link } from '@tanstack/react-router';
import { Ban } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { AppPage } from '../components/app-page';
import { buttonClasses } from '../components/button';
import { Card } from '../components/card';
import { LoadingLine } from '../components/admin/list-status';
import { useSignedInUser } from '../lib/use-signed-in-user';
import { authedLayout } from './layouts';

const AdminConsole = lazy(() => import('../components/admin/admin-console'));

export const adminRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/admin',
  component: AdminPage,
});

/** Non-admins get the not-allowed page and never load the console, so no admin call is made for them. */
function AdminPage() {
  const user = useSignedInUser();
  if (!user.isAdmin) return <NotAllowed />;
  return (
    <AppPage title="Admin Console" description="Manage users and teams across the platform" wide>
      <Suspense fallback={<LoadingLine>Loading the console...</LoadingLine>}>
        <AdminConsole />
      </Suspense>
    </AppPage>
  );
}

function NotAllowed() {
  return (
    <AppPage title="Not allowed">
      <Card className="flex flex-col items-center p-10 text-center">
        <Ban aria-hidden="true" className="size-10 text-red-500" />
        <p className="mt-4 text-slate-600">You are not allowed to view this page. The admin console is for platform admins only.</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
          Back to home
        </Link>
      </Card>
    </AppPage>
  );
}
