import { commands } from './cli/commands';

const [name, ...args] = process.argv.slice(2);

// A one-shot command checks one text: a second grammar worker would double harper's start-up for little gain.
process.env.EDITOR_GRAMMAR_WORKERS ??= '1';
const command = name ? commands[name] : undefined;

if (!command) {
  console.error(
    `Usage: npm run cli -- <command> [options]\n\nCommands:\n${Object.entries(commands)
      .map(([n, c]) => `  ${n.padEnd(Math.max(...Object.keys(commands).map((k) => k.length)))} ${c.summary}`)
      .join('\n')}`,
  );
  process.exit(name ? 2 : 0);
}

command.run(args).then(
  (code) => process.exit(code ?? 0),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  },
);
