import { commands } from './cli/commands';

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;

if (!command) {
  console.error(
    `Usage: npm run cli -- <command> [options]\n\nCommands:\n${Object.entries(commands)
      .map(([n, c]) => `  ${n.padEnd(14)} ${c.summary}`)
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
