import { TRPCError } from '@trpc/server';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db';
import { createPromoCodeStore } from '../services/billing/promo-codes';
import { flags } from './args';
import type { Command } from './commands';

const USAGE = `promo create --code CODE (--percent N | --amount CENTS) [--expires YYYY-MM-DD] [--max N]
promo list
promo disable --code CODE`;

function number(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new TRPCError({ code: 'BAD_REQUEST', message: `--${name} must be a number` });
  return n;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A day lasts to its last millisecond (UTC). Only ISO forms are read: `Date` would
 * otherwise take "1" for 2001 and roll 2027-02-30 over into March.
 */
function date(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const day = value.slice(0, 10);
  const midnight = new Date(`${day}T00:00:00Z`);
  const realDay = DAY.test(day) && !Number.isNaN(midnight.getTime()) && midnight.toISOString().startsWith(day);
  const d = new Date(DAY.test(value) ? `${value}T23:59:59.999Z` : value);
  const valid = realDay && (DAY.test(value) || INSTANT.test(value)) && !Number.isNaN(d.getTime());
  if (!valid) throw new TRPCError({ code: 'BAD_REQUEST', message: '--expires must be a date like 2027-01-31' });
  return d;
}

export const promo: Command = {
  summary: 'promo create|list|disable: manage local billing promo codes',
  async run(args) {
    const [action, ...rest] = args;
    if (!action || !['create', 'list', 'disable'].includes(action)) {
      console.error(USAGE);
      return 2;
    }
    const v = flags(rest, {
      code: { type: 'string' },
      percent: { type: 'string' },
      amount: { type: 'string' },
      expires: { type: 'string' },
      max: { type: 'string' },
    });
    const { db, dialect } = await openConfiguredDatabase(loadConfig());
    try {
      const store = createPromoCodeStore(db, systemClock);
      if (action === 'list') {
        for (const p of await store.list()) {
          const off = p.percentOff != null ? `${p.percentOff}%` : `$${((p.amountOff ?? 0) / 100).toFixed(2)}`;
          const limit = p.maxRedemptions != null ? `${p.timesRedeemed}/${p.maxRedemptions}` : `${p.timesRedeemed}/unlimited`;
          const expires = p.expiresAt ? p.expiresAt.toISOString().slice(0, 10) : 'never';
          console.log(`${p.code}\t${off} off\tused ${limit}\texpires ${expires}\t${p.active ? 'active' : 'disabled'}`);
        }
        return 0;
      }
      if (!v.code) {
        console.error('--code is required');
        return 2;
      }
      if (action === 'disable') {
        if (!(await store.disable(v.code))) {
          console.error(`No promo code ${v.code.toUpperCase()}`);
          return 1;
        }
        console.log(`Disabled ${v.code.toUpperCase()}`);
        return 0;
      }
      const row = await store.create({
        code: v.code,
        percentOff: number(v.percent, 'percent'),
        amountOff: number(v.amount, 'amount'),
        expiresAt: date(v.expires),
        maxRedemptions: number(v.max, 'max'),
      });
      console.log(`Created ${row.code}`);
      return 0;
    } catch (e) {
      if (e instanceof TRPCError) {
        console.error(e.message);
        return 2;
      }
      throw e;
    } finally {
      await dialect.close();
    }
  },
};
