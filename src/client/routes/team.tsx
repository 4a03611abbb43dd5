import { createRoute } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { AppPage } from '../components/app-page';
import { Card } from '../components/card';
import { authedLayout } from './layouts';

export const teamRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/team',
  component: TeamPage,
});

function TeamPage() {
  return (
    <AppPage title="Team" description="Your team, its members and invitations.">
      <Card className="flex flex-col items-center p-10 text-center">
        <Users aria-hidden="true" className="size-10 text-slate-400" />
        <p className="mt-4 text-slate-600">You are not part of a team yet.</p>
      </Card>
    </AppPage>
  );
}
