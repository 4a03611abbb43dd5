// Preloaded into a benchmarked server (`node --import <this file> ...`) to measure
// its event-loop delay without touching production code. Each SIGUSR2 writes the
// delay since the previous one (or since start) to BENCH_LOOP_DELAY_FILE as JSON,
// then starts a fresh histogram. Figures are how late the monitor's timer ran,
// its own interval taken off. Only the server's main thread measures: worker
// threads may inherit the flag, and a forked child gets the variable but no flag.
import fs from 'node:fs';
import { PerformanceObserver, constants, monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_LOOP_DELAY_FILE;

if (file && isMainThread && !process.send) {
  const resolutionMs = 5;
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  // Garbage collection pauses the thread too: the worst one tells whether a late timer was the collector's.
  const gcKinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  const gcFlags = {
    [constants.NODE_PERFORMANCE_GC_FLAGS_FORCED]: 'forced',
    [constants.NODE_PERFORMANCE_GC_FLAGS_SYNCHRONOUS_PHANTOM_PROCESSING]: 'synchronous phantom processing',
    [constants.NODE_PERFORMANCE_GC_FLAGS_ALL_AVAILABLE_GARBAGE]: 'all available garbage',
    [constants.NODE_PERFORMANCE_GC_FLAGS_ALL_EXTERNAL_MEMORY]: 'all external memory',
    [constants.NODE_PERFORMANCE_GC_FLAGS_SCHEDULE_IDLE]: 'idle',
  };
  const noGc = () => ({ count: 0, totalMs: 0, maxMs: 0, maxKind: '' });
  let gc = noGc();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      if (entry.duration > gc.maxMs) {
        gc.maxMs = entry.duration;
        gc.maxKind = gcKinds[entry.detail?.kind] ?? String(entry.detail?.kind);
        const flags = entry.detail?.flags ?? 0;
        const why = Object.entries(gcFlags).filter(([bit]) => flags & Number(bit));
        if (why.length) gc.maxKind += `, ${why.map(([, name]) => name).join(', ')}`;
      }
    }
  }).observe({ entryTypes: ['gc'] });
  let seq = 0;
  let since = Date.now();
  process.on('SIGUSR2', () => {
    // The histogram holds the time between timer runs: the interval plus the delay.
    const ms = (ns) => Math.max(0, ns / 1e6 - resolutionMs);
    const samples = histogram.count;
    const report = {
      seq: ++seq,
      since,
      at: Date.now(),
      samples,
      maxMs: samples ? ms(histogram.max) : 0,
      p99Ms: samples ? ms(histogram.percentile(99)) : 0,
      p50Ms: samples ? ms(histogram.percentile(50)) : 0,
      meanMs: samples ? ms(histogram.mean) : 0,
      gc,
      heapUsedMb: process.memoryUsage().heapUsed / 2 ** 20,
    };
    histogram.reset();
    gc = noGc();
    since = report.at;
    // Written whole, then renamed, so the reader never sees half a report.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
    fs.renameSync(`${file}.tmp`, file);
  });
}
