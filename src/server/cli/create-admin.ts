import { loginInput } from '../../shared/schemas/auth';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db';
import { createUserService } from '../services/users';
import { flags } from './args';
import type { Command } from './commands';

export const createAdmin: Command = {
  summary: 'create-admin --email E --password P: create or promote an admin account',
  async run(args) {
    const v = flags(args, { email: { type: 'string' }, password: { type: 'string' } });
    const parsed = loginInput.safeParse({ email: v.email ?? '', password: v.password ?? '' });
    if (!parsed.success) {
      console.error(parsed.error.issues[0]?.message);
      return 2;
    }
    const config = loadConfig();
    const { db, dialect } = await openConfiguredDatabase(config);
    try {
      const { user, created, promoted } = await createUserService(db, systemClock).ensureAdmin(parsed.data.email, parsed.data.password);
      const who = `${user.email} (username ${user.username})`;
      if (created) console.log(`Created admin ${who}`);
      else if (promoted) console.log(`Promoted ${who} to admin; its password is now the one given and its sessions have ended`);
      else console.log(`${who} is already an admin; nothing changed`);
      return 0;
    } finally {
      await dialect.close();
    }
  },
};
