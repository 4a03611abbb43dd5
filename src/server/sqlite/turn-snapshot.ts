import type { GateConnection } from './transaction-gate';

/**
 * The reads of one turn of the event loop share one read transaction. Outside a transaction each
 * SQLite statement takes the WAL's read lock and gives it back, two system calls that cost a busy
 * server more than the session lookup's own search (docs/decisions/065-reads-share-a-turns-snapshot.md).
 * The first read of a turn opens the snapshot; the turn's end (`afterTurn`) closes it, as does
 * anything that may write: a write, a transaction, raw use of the connection. So this process's
 * reads see its own writes at once, and another process's commit is seen from the next turn on,
 * as if the requests served meanwhile had arrived a moment sooner.
 */
export function createTurnSnapshot(connection: GateConnection, afterTurn: (close: () => void) => void = (close) => setImmediate(close)) {
  let open = false;

  const end = () => {
    if (!open) return;
    open = false;
    // Nothing was written in it (writes end it first), so its end only lets go of the read lock.
    if (connection.inTransaction()) connection.exec('COMMIT');
  };

  return {
    /** Before a read: joins the turn's snapshot, opening it unless a transaction is already open. */
    beforeRead(): void {
      if (open || connection.inTransaction()) return;
      connection.exec('BEGIN');
      open = true;
      afterTurn(end);
    },
    /** Before anything that may write: the snapshot ends, so what follows works on the latest rows. */
    end,
    /** Whether the turn's snapshot is open. */
    isOpen: () => open,
  };
}
