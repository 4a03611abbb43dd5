import { createCallerFactory, router } from '../trpc/init';
import { adminRouter } from './admin';
import { apiTokensRouter } from './api-tokens';
import { authRouter } from './auth';
import { chatRouter } from './chat';
import { documentsRouter } from './documents';
import { editorRouter } from './editor';
import { plansRouter } from './plans';
import { stylebookRouter } from './stylebook';
import { subscriptionRouter } from './subscription';
import { teamRouter } from './team';

export const appRouter = router({
  admin: adminRouter,
  apiTokens: apiTokensRouter,
  auth: authRouter,
  chat: chatRouter,
  documents: documentsRouter,
  editor: editorRouter,
  plans: plansRouter,
  stylebook: stylebookRouter,
  subscription: subscriptionRouter,
  team: teamRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
