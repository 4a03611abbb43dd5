import { createAccessService } from '../../../src/server/services/access';
import type { E2EServer } from './server';

const SUSPENDED_TEAM_ID = 77;

/**
 * Puts an account in a team whose subscription is suspended. There is no team
 * API yet, so this plugs a team lookup into the access service, the seam the
 * teams capability will fill (the server's own tests use the same one); the
 * running server then answers 403 TEAM_SUSPENDED over HTTP as it will for real.
 */
export function putInSuspendedTeam(server: E2EServer, email: string, teamName: string) {
  server.updateUser(email, { teamId: SUSPENDED_TEAM_ID, subscriptionStatus: 'inactive' });
  server.running.services.access = createAccessService((id) =>
    id === SUSPENDED_TEAM_ID ? { name: teamName, subscriptionStatus: 'suspended' } : undefined,
  );
}
