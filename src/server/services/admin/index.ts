import type { DB } from '../../db';
import type { BillingService } from '../billing';
import type { TeamService } from '../teams';
import type { UserService } from '../users';
import type { AuditService } from './audit';
import { createAdminTeamService } from './teams';
import { createAdminUserService } from './users';

export type { Actor } from './audit';

interface Deps {
  db: DB;
  users: UserService;
  teams: TeamService;
  billing: BillingService;
  audit: AuditService;
}

/** What the admin console does; each change writes its audit row. */
export function createAdminService(deps: Deps) {
  return {
    users: createAdminUserService(deps),
    teams: createAdminTeamService(deps),
    audit: deps.audit,
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
