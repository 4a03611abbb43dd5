// The editor pool worker when the server runs from TypeScript sources (tests,
// tsx): registers tsx, then loads the worker. The server bundle has a compiled
// worker of the same name beside main.mjs (scripts/build-server.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./worker-main.ts');
