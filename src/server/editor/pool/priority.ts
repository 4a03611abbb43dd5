import fs from 'node:fs';
import os from 'node:os';

/** The lowest CPU priority, for work that must yield to requests (editor threads, extraction processes). */
const BACKGROUND_NICE = 19;

/**
 * Lowers the calling thread's CPU priority to nice 19, so on a busy machine the scheduler runs the
 * request thread first. At nice 10 the request thread still waited, runnable, for about as long as
 * it ran while the editor's threads were busy: Linux's scheduler lets a running thread keep its core
 * for a stretch of virtual time, and the lower its weight, the shorter that stretch in real time.
 * Linux schedules each thread on its own; elsewhere this does nothing.
 */
export function deferToRequestThread(): void {
  try {
    os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), BACKGROUND_NICE);
  } catch {
    // no /proc/thread-self: not Linux, or a sandbox without /proc
  }
}
