import { AsyncLocalStorage } from 'node:async_hooks';

/** What the gate and the turn's snapshot need of a connection: run a statement, and say whether a transaction is open on it. */
export interface GateConnection {
  exec(sql: string): void;
  inTransaction(): boolean;
}

interface Scope {
  root: { open: boolean; savepoints: number };
  /** Savepoints opened directly in this scope run one after another. */
  tail: Promise<void>;
}

/**
 * One SQLite connection serves every request, and its transaction is the connection's, not a
 * caller's: once transaction bodies await, another request's statement could run inside an open
 * transaction (and be rolled back with it). The gate lets one transaction hold the connection at a
 * time; statements are marked with AsyncLocalStorage, so the open transaction's own run at once and
 * everyone else's wait until it ends. A transaction called inside one runs in it, as a savepoint.
 * See docs/decisions/022-async-data-layer.md.
 */
export function createTransactionGate(connection: GateConnection) {
  const scopes = new AsyncLocalStorage<Scope>();
  let held = false;
  const waiters: Array<() => void> = [];

  const acquire = (): Promise<void> | undefined => {
    if (!held) {
      held = true;
      return undefined;
    }
    return new Promise<void>((resolve) => waiters.push(resolve));
  };
  // The next waiter takes the gate over directly, so nobody can slip in between. With the gate free,
  // no scope is open and none is asked for: disabling the storage turns off the promise hooks it
  // costs every promise of every request (a tenth of the API bench's time); the next transaction's
  // run() turns them on again.
  const release = () => {
    const next = waiters.shift();
    if (next) next();
    else {
      held = false;
      scopes.disable();
    }
  };

  const openScope = (): Scope | undefined => {
    const scope = scopes.getStore();
    return scope?.root.open ? scope : undefined;
  };

  async function queued<T>(statement: () => T): Promise<T> {
    await acquire();
    try {
      return statement();
    } finally {
      release();
    }
  }

  async function nested<T>(parent: Scope, body: () => Promise<T>): Promise<T> {
    const previous = parent.tail;
    let done!: () => void;
    parent.tail = new Promise<void>((resolve) => (done = resolve));
    try {
      await previous;
      const name = `sp${++parent.root.savepoints}`;
      connection.exec(`SAVEPOINT ${name}`);
      try {
        const result = await scopes.run({ root: parent.root, tail: Promise.resolve() }, body);
        connection.exec(`RELEASE ${name}`);
        return result;
      } catch (e) {
        connection.exec(`ROLLBACK TO ${name}`);
        connection.exec(`RELEASE ${name}`);
        throw e;
      }
    } finally {
      done();
    }
  }

  return {
    /** Runs one statement: at once when no other flow's transaction holds the connection, else after it. */
    run<T>(statement: () => T): T | Promise<T> {
      if (!held || openScope()) return statement();
      return queued(statement);
    },

    /** BEGIN IMMEDIATE, the body, COMMIT; ROLLBACK when the body throws. Inside a transaction, a savepoint. */
    async transaction<T>(body: () => Promise<T>): Promise<T> {
      const parent = openScope();
      if (parent) return nested(parent, body);
      await acquire();
      const scope: Scope = { root: { open: true, savepoints: 0 }, tail: Promise.resolve() };
      try {
        return await scopes.run(scope, async () => {
          connection.exec('BEGIN IMMEDIATE');
          try {
            const result = await body();
            connection.exec('COMMIT');
            return result;
          } catch (e) {
            if (connection.inTransaction()) connection.exec('ROLLBACK');
            throw e;
          }
        });
      } finally {
        // Work the body started but did not await now waits like anyone else's.
        scope.root.open = false;
        release();
      }
    },
  };
}

export type TransactionGate = ReturnType<typeof createTransactionGate>;
