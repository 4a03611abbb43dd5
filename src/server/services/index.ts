import path from 'node:path';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { DB, Dialect } from '../db';
import { RATE_LIMITS } from '../../shared/limits';
import { createAccessService } from './access';
import { createAdminService } from './admin';
import { createAuditService } from './admin/audit';
import { createAiProvider, type AiProvider } from './ai';
import { createBillingService } from './billing';
import { createTeamSeatService } from './billing/team-seats';
import type { BillingProvider } from './billing/types';
import { createAdminChangeTrail } from './admin/change-trail';
import { createAccountService } from './auth/accounts';
import { createEmailVerification } from './auth/email-verification';
import { createChatService, type PassageSource } from './chat';
import { createDocumentService } from './documents';
import { createEditorService } from './editor';
import { createSessionService } from './auth/sessions';
import { createApiTokenService } from './auth/api-tokens';
import { createMailService, type MailService } from './mail';
import { createRateLimiter } from './rate-limiter';
import { createStylebookService } from './stylebook';
import { createTeamService } from './teams';
import { createUserService } from './users';

export interface ServiceOptions {
  db: DB;
  /** What differs between the engines (search, signals, locks). */
  dialect: Dialect;
  clock: Clock;
  config: Config;
  /** Replaces the configured mail transport (tests capture mail this way or through an SMTP sink). */
  mail?: MailService;
  /** Replaces the configured billing provider. */
  billing?: BillingProvider;
  /** Replaces the configured AI provider. */
  ai?: AiProvider;
  log?: (line: string) => void;
}

export function createServices(o: ServiceOptions) {
  const log = o.log ?? ((line: string) => console.log(line));
  const users = createUserService(o.db, o.clock);
  const sessions = createSessionService(o.db, o.clock);
  const audit = createAuditService(o.db, o.clock);
  const apiTokens = createApiTokenService(o.db, o.clock, audit, o.config.apiTokenRequestsPerMinute);
  const limiter = createRateLimiter(o.db, o.dialect, o.clock);
  const mail =
    o.mail ??
    createMailService({
      smtpUrl: o.config.smtpUrl,
      from: o.config.mailFrom,
      outboxDir: path.join(o.config.dataDir, 'outbox'),
      log,
    });
  const verification = createEmailVerification({ db: o.db, clock: o.clock, limiter, mail, appUrl: o.config.appUrl, log });
  const trail = createAdminChangeTrail(o.db, o.clock, audit);
  const accounts = createAccountService({
    db: o.db,
    clock: o.clock,
    users,
    sessions,
    limiter,
    mail,
    appUrl: o.config.appUrl,
    registrationsPerIp: { ...RATE_LIMITS.registrationsPerIp, max: o.config.registrationsPerHour },
    audit,
    verification,
    trail,
    log,
  });
  const teams = createTeamService({ db: o.db, clock: o.clock, mail, limiter, appUrl: o.config.appUrl, log });
  const access = createAccessService(teams.findForAccess);
  const billing = createBillingService(o.db, o.dialect, o.clock, o.config, limiter, o.billing, log);
  const ai = o.ai ?? createAiProvider(o.config.openai);
  // Retrieval is looked up per message, so `documents` may join this object in any order.
  const documents = () => (services as { documents?: PassageSource }).documents;
  const stylebook = createStylebookService(o.db, o.clock);
  const chat = createChatService({ db: o.db, dialect: o.dialect, clock: o.clock, limiter, ai, documents, houseStyle: stylebook, log });
  const documentService = createDocumentService({
    db: o.db,
    dialect: o.dialect,
    clock: o.clock,
    config: o.config,
    limiter,
    log,
    chat: () => chat,
  });
  const admin = createAdminService({
    db: o.db,
    clock: o.clock,
    users,
    teams,
    billing,
    audit,
    accounts,
    verification,
    trail,
    limiter,
    mail,
    log,
  });
  const services = {
    users,
    sessions,
    apiTokens,
    limiter,
    mail,
    accounts,
    verification,
    access,
    teams,
    billing,
    teamSeats: createTeamSeatService({ db: o.db, teams, billing, audit }),
    ai,
    chat,
    documents: documentService,
    editor: createEditorService(stylebook),
    stylebook,
    admin,
    /** Lets go of what the services hold beside the database and mail (the signals' connection). */
    close: () => chat.close(),
  };
  return services;
}

export type Services = ReturnType<typeof createServices>;
