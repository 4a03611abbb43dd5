import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers the calling thread's CPU priority (nice 10), so on a busy machine the
 * scheduler runs the request thread first. Linux schedules each thread on its
 * own; elsewhere this does nothing.
 */
export function deferToRequestThread(): void {
  try {
    os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {
    // no /proc/thread-self: not Linux, or a sandbox without /proc
  }
}
