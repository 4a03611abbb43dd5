import type { Clock } from '../../clock';
import type { DB } from '../../db';
import type { AccountService } from '../auth/accounts';
import type { EmailVerification } from '../auth/email-verification';
import type { MailService } from '../mail';
import type { RateLimiter } from '../rate-limiter';
import type { BillingService } from '../billing';
import type { TeamService } from '../teams';
import type { UserService } from '../users';
import type { AuditService } from './audit';
import type { AdminChangeTrail } from './change-trail';
import { createAdminTeamService } from './teams';
import { createAdminUserService } from './users';

export type { Actor } from './audit';

interface Deps {
  db: DB;
  clock: Clock;
  users: UserService;
  accounts: AccountService;
  verification: EmailVerification;
  limiter: RateLimiter;
  mail: MailService;
  log: (line: string) => void;
  teams: TeamService;
  billing: BillingService;
  audit: AuditService;
  trail: AdminChangeTrail;
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
