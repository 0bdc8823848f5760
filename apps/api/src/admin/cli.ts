import { commonEnvSchema, ConfigError, parseEnv } from '@moyo/contracts';
import { ApiKeyRepository, PrismaService, TenantRepository } from '@moyo/persistence';
import { Command, CommanderError } from 'commander';
import { KeyAdmin, KeyAdminError } from './key-admin';

/** Where the command writes (tests capture it). */
export interface AdminIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The api's local address for the printed curl line: PORT as the api reads it (default 3000). */
function apiUrl(env: Record<string, string | undefined>): string {
  const port = env.PORT?.trim();
  return `http://127.0.0.1:${port && /^\d{1,5}$/.test(port) ? port : '3000'}`;
}

/**
 * `moyo-admin keys create --name X [--tenant ID] [--json]`, `keys list [--json]`,
 * `keys revoke ID|PREFIX`. Reads DATABASE_URL. Exit codes: 0 done, 1 failure (database), 2 bad
 * arguments, configuration or target, with `moyo-admin: <what is wrong>` on stderr.
 */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  let prisma: PrismaService | undefined;
  const admin = (): KeyAdmin => {
    const env = parseEnv(commonEnvSchema.pick({ DATABASE_URL: true }), io.env);
    prisma = new PrismaService({ databaseUrl: env.DATABASE_URL, poolSize: 2 });
    return new KeyAdmin(new TenantRepository(prisma), new ApiKeyRepository(prisma));
  };
  const program = new Command('moyo-admin')
    .description('Moyo administration: API keys')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  const keys = program.command('keys').description('create, list and revoke API keys');
  keys
    .command('create')
    .description('create a key (and a tenant of the same name unless --tenant is given); prints the key once')
    .requiredOption('--name <name>', 'what the key is for')
    .option('--tenant <tenantId>', 'add the key to this existing tenant')
    .option('--json', 'print JSON')
    .action(async (opts: { name: string; tenant?: string; json?: boolean }) => {
      const name = opts.name.trim();
      if (name === '' || name.length > 200) throw new KeyAdminError('--name must be 1 to 200 characters');
      if (opts.tenant !== undefined && !UUID.test(opts.tenant))
        throw new KeyAdminError('--tenant must be a tenant id (a UUID)');
      const created = await admin().create(name, opts.tenant);
      if (opts.json) {
        io.stdout(JSON.stringify(created) + '\n');
      } else {
        io.stdout(
          `API key (shown once, store it now): ${created.key}\n` +
            `key id: ${created.keyId}  prefix: ${created.prefix}\n` +
            `tenant: ${created.tenantId} (${created.tenantName})\n` +
            `use:    curl -H "Authorization: Bearer ${created.key}" ${apiUrl(io.env)}/v1/jobs\n`,
        );
      }
    });
  keys
    .command('list')
    .description('list keys (never their secrets)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const rows = await admin().list();
      const view = rows.map((k) => ({
        id: k.id,
        prefix: k.prefix,
        name: k.name,
        tenantId: k.tenantId,
        tenant: k.tenant.name,
        createdAt: k.createdAt.toISOString(),
        lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
        revokedAt: k.revokedAt?.toISOString() ?? null,
      }));
      if (opts.json) io.stdout(JSON.stringify(view) + '\n');
      else
        for (const k of view) {
          io.stdout(
            `${k.id}  ${k.prefix}  ${k.revokedAt ? 'revoked' : 'active '}  ${k.name}  tenant ${k.tenantId} (${k.tenant})\n`,
          );
        }
    });
  keys
    .command('revoke')
    .description('revoke a key by id or prefix (moyo_xxxxxxxx)')
    .argument('<idOrPrefix>')
    .action(async (idOrPrefix: string) => {
      const ids = await admin().revoke(idOrPrefix);
      io.stdout(`revoked ${ids.join(', ')}\n`);
    });

  try {
    if (argv.length === 0) {
      program.outputHelp();
      return 2;
    }
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' ? 0 : 2;
    }
    if (err instanceof KeyAdminError || err instanceof ConfigError) {
      io.stderr(`moyo-admin: ${err.message}\n`);
      return 2;
    }
    io.stderr(`moyo-admin: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await prisma?.onModuleDestroy();
  }
}

/** The executable's entry: real process streams and environment. */
export async function main(argv: string[]): Promise<number> {
  return runAdmin(argv, {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    env: process.env,
  });
}
