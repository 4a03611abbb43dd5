import { createRoute } from '@tanstack/react-router';
import { MessageSquare } from 'lucide-react';
import { AppPage } from '../components/app-page';
import { Card } from '../components/card';
import { useSignedInUser } from '../lib/use-signed-in-user';
import { subscribedLayout } from './layouts';

export const chatRoute = createRoute({
  getParentRoute: () => subscribedLayout,
  path: '/chat',
  component: ChatPage,
});

function ChatPage() {
  const user = useSignedInUser();
  return (
    <AppPage title="Chat" description={`Welcome, ${user.username}. Your editor workspace.`}>
      <Card className="flex flex-col items-center p-10 text-center">
        <MessageSquare aria-hidden="true" className="size-10 text-slate-400" />
        <p className="mt-4 text-slate-600">Conversations with the editor appear here.</p>
      </Card>
    </AppPage>
  );
}
