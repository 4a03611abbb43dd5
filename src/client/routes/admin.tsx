import { createRoute, Link } from '@tanstack/react-router';
import { Ban } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AppPage } from '../components/app-page';
import { buttonClasses } from '../components/button';
import { Card } from '../components/card';
import { LoadingLine } from '../components/admin/list-status';
import { teamPagesQuery, userPagesQuery } from '../lib/admin';
import { titleHead } from '../lib/page-title';
import { useSignedInUser } from '../lib/use-signed-in-user';
import { authedLayout } from './layouts';

type ConsoleModule = typeof import('../components/admin/admin-console');
let consoleModule: ConsoleModule | undefined;
const loadConsole = async () => (consoleModule ??= await import('../components/admin/admin-console'));

export const adminRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/admin',
  head: titleHead('Admin Console'),
  // For an admin the console's code and its first pages are fetched at once, not one after the other.
  // Only the code is awaited: the page then shows its 'Loading users...' line while the rows arrive,
  // and rendering a loaded module skips the Suspense fallback React holds for 300 ms.
  loader: async ({ context: { queryClient, user } }) => {
    if (!user.isAdmin) return;
    void queryClient.prefetchInfiniteQuery(userPagesQuery(''));
    void queryClient.prefetchInfiniteQuery(teamPagesQuery(''));
    await loadConsole();
  },
  component: AdminPage,
});

/** Non-admins get the not-allowed page and never load the console, so no admin call is made for them. */
function AdminPage() {
  const user = useSignedInUser();
  if (!user.isAdmin) return <NotAllowed />;
  return (
    <AppPage title="Admin Console" description="Manage users and teams across the platform" wide>
      <LoadedConsole />
    </AppPage>
  );
}

function LoadedConsole() {
  const [module, setModule] = useState(consoleModule);
  useEffect(() => {
    if (!module) void loadConsole().then(setModule);
  }, [module]);
  if (!module) return <LoadingLine>Loading the console...</LoadingLine>;
  return <module.default />;
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
