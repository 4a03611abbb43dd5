import { createCallerFactory, router } from '../trpc/init';
import { authRouter } from './auth';
import { plansRouter } from './plans';

export const appRouter = router({
  auth: authRouter,
  plans: plansRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
