import * as Tooltip from '@radix-ui/react-tooltip';
import { createLazyRoute, Outlet } from '@tanstack/react-router';

const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

/** Tooltips live in the editor only, so their provider (and its positioning code) loads with the pages behind the subscription. */
export const subscribedLazyLayout = createLazyRoute('/authed/subscribed')({
  component: SubscribedLayout,
});

function SubscribedLayout() {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <Outlet />
    </Tooltip.Provider>
  );
}
