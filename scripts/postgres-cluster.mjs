// A throwaway PostgreSQL for tests and benches: TEST_DATABASE_URL when it is set, else a cluster of
// Debian's postgresql in a temporary folder, started as the unprivileged `postgres` user (initdb and
// the server refuse to run as root), on a free loopback port, removed again by stop().
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const SERVER_USER = 'postgres';

/** The folder holding initdb and pg_ctl: PG_BIN_DIR, else Debian's newest /usr/lib/postgresql/<version>/bin, else PATH's. */
export function postgresBinDir(env = process.env) {
  if (env.PG_BIN_DIR) return env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length) return path.join(root, versions[0], 'bin');
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** @param {string} file */
function tail(file, lines = 15) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Runs a PostgreSQL program as the server's user: as root through runuser, as anyone else directly.
 * @param {string} program
 * @param {string[]} args
 */
function runAsServerUser(program, args) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', SERVER_USER, '--', program, ...args]] : [program, args];
  try {
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: os.tmpdir() });
  } catch (e) {
    const err = /** @type {{ stderr?: string, stdout?: string, message: string }} */ (e);
    throw new Error(`${path.basename(program)} failed: ${(err.stderr || err.stdout || err.message).trim()}`, { cause: e });
  }
}

/** @param {string} name */
function userIds(name) {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * A PostgreSQL to test against: `{ url, stop, external }`. With TEST_DATABASE_URL set that database
 * (stop() leaves it alone); otherwise a new cluster, which stop() shuts down and deletes.
 * Rejects with the reason when no PostgreSQL can be started.
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 */
export async function startPostgres({ env = process.env } = {}) {
  if (env.TEST_DATABASE_URL) return { url: env.TEST_DATABASE_URL, external: true, stop: async () => {} };

  const bin = postgresBinDir(env);
  if (!bin)
    throw new Error(
      'PostgreSQL is not installed: no /usr/lib/postgresql/*/bin/initdb (apt-get install postgresql), and TEST_DATABASE_URL is not set',
    );
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? userIds(SERVER_USER) : undefined;
  if (asRoot && !owner) throw new Error(`PostgreSQL cannot run as root and there is no "${SERVER_USER}" user to run it as`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-pg-'));
  const data = path.join(dir, 'data');
  const socketDir = path.join(dir, 'socket');
  const log = path.join(dir, 'server.log');
  const password = crypto.randomBytes(18).toString('base64url');
  const pwfile = path.join(dir, 'password');
  fs.mkdirSync(socketDir);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) for (const p of [dir, socketDir, pwfile]) fs.chownSync(p, owner.uid, owner.gid);

  let started = false;
  const remove = () => {
    if (started) {
      try {
        runAsServerUser(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w']);
      } catch {
        // Already down; the folder goes either way.
      }
      started = false;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // A test run that dies without calling stop() must not leave a server behind.
  process.once('exit', remove);

  try {
    runAsServerUser(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      SERVER_USER,
      '--pwfile',
      pwfile,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    let lastError;
    for (let attempt = 0; attempt < 3 && !started; attempt++) {
      const port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${socketDir}`,
        "-c listen_addresses='127.0.0.1'",
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
      ].join(' ');
      try {
        runAsServerUser(path.join(bin, 'pg_ctl'), ['start', '-D', data, '-l', log, '-w', '-t', '60', '-o', options]);
        started = true;
        const url = `postgres://${SERVER_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
        return {
          url,
          external: false,
          stop: async () => {
            process.removeListener('exit', remove);
            remove();
          },
        };
      } catch (e) {
        // Another process may have taken the port between the probe and the start.
        lastError = new Error(`${/** @type {Error} */ (e).message}\n${tail(log)}`);
      }
    }
    throw lastError;
  } catch (e) {
    process.removeListener('exit', remove);
    remove();
    throw new Error(`PostgreSQL could not be started: ${/** @type {Error} */ (e).message}`, { cause: e });
  }
}

/**
 * A new database on the server at `url` (the role needs CREATEDB), so each test starts clean:
 * empty, or a copy of `template` (a database nobody is connected to). drop() removes it, closing
 * whatever connections are left.
 * @param {string} url
 * @param {{ template?: string }} [options]
 */
export async function createDatabase(url, { template } = {}) {
  const name = `copydesk_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const source = template ? admin.escapeIdentifier(template) : "template0 ENCODING 'UTF8'";
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

// `node scripts/postgres-cluster.mjs`: a cluster for trying things by hand, until Ctrl-C.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const cluster = await startPostgres();
  console.log(cluster.url);
  const stop = () => void cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}
