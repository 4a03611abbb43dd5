import path from 'node:path';
import { loginInput } from '../../shared/schemas/auth';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
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
    const db = openDatabase(path.join(config.dataDir, 'app.db'));
    try {
      const { user, created } = await createUserService(db, systemClock).ensureAdmin(parsed.data.email, parsed.data.password);
      console.log(`${created ? 'Created' : 'Promoted'} admin ${user.email} (username ${user.username})`);
      return 0;
    } finally {
      db.$client.close();
    }
  },
};
