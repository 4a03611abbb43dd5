import { PLANS } from '../../shared/plan';
import { publicProcedure, router } from '../trpc/init';

export const plansRouter = router({
  list: publicProcedure.query(() => PLANS),
});
