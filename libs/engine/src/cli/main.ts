import { readFileSync, writeFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { ENGINE } from '../analysis/registry';
import * as listed from './commands';
import type { CliCommand, CliIo } from './types';

function isCommand(v: unknown): v is CliCommand {
  const c = v as CliCommand;
  return typeof c === 'object' && c !== null && typeof c.name === 'string' && typeof c.run === 'function';
}

/** The registered subcommands (from `commands/index.ts`). */
export const CLI_COMMANDS: readonly CliCommand[] = (Object.values(listed) as unknown[]).filter(isCommand);

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The process's streams and files. */
export const processIo: CliIo = {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  readFile: (p) => readFileSync(p, 'utf8'),
  writeFile: (p, t) => writeFileSync(p, t, 'utf8'),
  readStdin: () => readAll(process.stdin),
  stdin: process.stdin,
  stdoutStream: process.stdout,
};

/**
 * Runs `moyo` with `argv` (without node and script). Resolves to the exit code: 0 done, 1 failure,
 * 2 bad arguments (a message naming the problem goes to stderr).
 */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const program = new Command('moyo')
    .description('Moyo Go engine: analyze positions, draw maps, speak GTP')
    .version(ENGINE.version)
    .exitOverride()
    .configureOutput({
      writeOut: io.stdout,
      writeErr: (t) => io.stderr('moyo: ' + t.replace(/^error: /, '')),
    })
    .showHelpAfterError(false);
  let code = 0;
  for (const c of CLI_COMMANDS) {
    program
      .command(c.name)
      .description(c.summary)
      .helpOption(false)
      .allowUnknownOption()
      .allowExcessArguments()
      .argument('[args...]')
      .action(async (args: string[]) => {
        code = await c.run(args, io);
      });
  }
  if (argv.length === 0) {
    io.stderr(program.helpInformation());
    return 2;
  }
  try {
    await program.parseAsync(argv as string[], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' ? 0 : 2;
    }
    io.stderr(`moyo: ${(e as Error).message}\n`);
    return 1;
  }
  return code;
}
