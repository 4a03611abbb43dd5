import { planDisplayName } from './plan';
import type { AuditChanges } from './schemas/admin';

/** The audit log's field names as a person reads them, on screen and in the CSV export. */
const FIELD_LABELS: Record<string, string> = {
  username: 'Username',
  email: 'E-mail',
  isAdmin: 'Admin',
  subscriptionStatus: 'Subscription',
  subscriptionPlan: 'Plan',
  subscriptionRenewalDate: 'Renewal date',
  name: 'Name',
  ownerId: 'Owner',
  maxSeats: 'Seats',
  usedSeats: 'Members',
  teamId: 'Team',
  ownedTeam: 'Owned team',
  invitation: 'Invitation',
  expiresAt: 'Expires',
  noticeSentTo: 'Notice sent to',
  resetLinkSentTo: 'Reset link sent to',
  token: 'API token',
};

/** A field no label names yet reads as words too: `someField` becomes "Some field". */
export function auditFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One side of a change in words; timestamps stay ISO strings, for the reader to format. */
export function auditValueWords(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'subscriptionPlan' && typeof value === 'string') return planDisplayName(value);
  if (field === 'ownerId' && typeof value === 'number') return `user #${value}`;
  if (field === 'teamId' && typeof value === 'number') return `team #${value}`;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export interface AuditChangeWords {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** Each changed field of an entry, in the order it was recorded. */
export function auditChangeWords(changes: AuditChanges): AuditChangeWords[] {
  return Object.entries(changes).map(([field, change]) => ({
    field,
    label: auditFieldLabel(field),
    from: auditValueWords(field, change.before),
    to: auditValueWords(field, change.after),
  }));
}
