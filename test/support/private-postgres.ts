import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMigratedDatabase } from './database';
import { createServer } from 'node:net';

/** The directory of initdb and pg_ctl: '' when on PATH, else Debian's /usr/lib/postgresql/<v>/bin. */
function postgresBinDir(): string | null {
  if (spawnSync('initdb', ['--version']).status === 0) return '';
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

const BIN_DIR = postgresBinDir();

/** A free TCP port on 127.0.0.1 (bound, then released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** True when initdb and pg_ctl are installed (.ci/run installs PostgreSQL). */
export const hasPostgresServer = BIN_DIR !== null;

/** A PostgreSQL cluster of a suite's own, which the suite may stop and start again. */
export interface PrivatePostgres {
  /** Admin URL (user postgres, trust authentication) of the cluster's `postgres` database. */
  adminUrl: string;
  /** Creates a database with every migration applied; returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl stop -m fast`: clients are disconnected, new connections refused. */
  stop(): void;
  /** Starts it again on the same port; returns once it accepts connections. */
  start(): void;
  /** Stops it for good and removes its files. */
  destroy(): void;
}

/**
 * initdb into a temporary directory, then pg_ctl start on a free port of 127.0.0.1 (no fsync: the
 * cluster is thrown away). PostgreSQL refuses to run as root, so as root the cluster belongs to
 * the `postgres` user (runuser). Takes a few seconds. With `onPort`, on that port (a caller's own
 * range). `durable`: PostgreSQL's default commits instead (fsync and synchronous_commit on, full
 * page writes), for a benchmark whose latency includes a commit's WAL flush as in production.
 */
export async function startPrivatePostgres(
  onPort?: number,
  { durable = false }: { durable?: boolean } = {},
): Promise<PrivatePostgres> {
  if (BIN_DIR === null) throw new Error('initdb/pg_ctl not found: install PostgreSQL');
  const binDir = BIN_DIR;
  const port = onPort ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'moyo-pg-'));
  const dataDir = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const run = (tool: string, args: string[]) => {
    const command = binDir ? join(binDir, tool) : tool;
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const r = spawnSync(file, argv, { encoding: 'utf8', cwd: dir, timeout: 120_000 });
    if (r.status !== 0)
      throw new Error(`${tool} ${args.join(' ')} failed: ${r.stderr || r.stdout || r.error}`);
  };
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-l', join(dir, 'log'), '-w', '-t', '120', '-o', options, 'start']);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '120', 'stop']);
  try {
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    createDatabase: (name) => createMigratedDatabase(adminUrl, name),
    stop,
    start,
    destroy: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
