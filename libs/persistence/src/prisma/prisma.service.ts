import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { escapeLiteral, Pool, type QueryResult } from 'pg';
import { PrismaClient, type Prisma } from '../generated/prisma/client';
import { reapLostConnections } from './lost-connections';

export const PERSISTENCE_OPTIONS = Symbol('PERSISTENCE_OPTIONS');

/** Longest wait for the database connections to close at shutdown. */
const CLOSE_DEADLINE_MS = 5000;

export interface PersistenceOptions {
  /** postgresql://user:password@host:port/database */
  databaseUrl: string;
  /** Connections in this process's pool (adapter-pg default: 10). */
  poolSize?: number;
}

/**
 * Owns the one Prisma client of a process (Wasm query compiler + @prisma/adapter-pg, no engine
 * binary) and its connection pool. Only repositories use `client` and `query`; everything else
 * goes through them. Connects lazily on the first query, so a process boots (and reports not
 * ready) while PostgreSQL is down.
 */
@Injectable()
export class PrismaService implements OnModuleDestroy {
  readonly client: PrismaClient;
  private readonly pool: Pool;
  /** Connections of the pool checked out right now (see reapLostConnections). */
  readonly checkedOutConnections: () => number;

  constructor(@Inject(PERSISTENCE_OPTIONS) options: PersistenceOptions) {
    this.pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize });
    // An idle connection that breaks (database restarted) must not crash the process: the next
    // query gets a fresh connection or fails with its own error.
    this.pool.on('error', () => undefined);
    this.checkedOutConnections = reapLostConnections(this.pool);
    this.client = new PrismaClient({ adapter: new PrismaPg(this.pool) });
  }

  /**
   * Runs one raw statement on the same pool without going through Prisma, whose query compiler
   * costs more CPU than PostgreSQL does for the worker's few statements per job (measured: about
   * half the worker's event-loop time). For hot paths; values come back as `pg` parses them
   * (jsonb parsed, timestamptz as Date, int4 as number). With `name`, the statement is prepared
   * once per connection and its plan reused: give a name only to a statement whose text never
   * changes (values are parameters).
   */
  async query<T>(sql: Prisma.Sql, name?: string): Promise<T[]> {
    const result = await this.pool.query({ name, text: sql.text, values: sql.values });
    return result.rows as T[];
  }

  /**
   * Runs several statements in one round trip (the simple query protocol: no parameters, values
   * inlined with `literal`), as one implicit transaction: each statement sees what the ones before
   * it did and what others committed before it began (READ COMMITTED: a snapshot per statement),
   * and an error rolls them all back. Returns each statement's rows, in order.
   */
  async script(statements: string[]): Promise<unknown[][]> {
    const result = (await this.pool.query(statements.join(';\n'))) as QueryResult | QueryResult[];
    return (Array.isArray(result) ? result : [result]).map((r) => r.rows);
  }

  /** `value` as an SQL string literal for `script` (pg's escapeLiteral). */
  static literal(value: string): string {
    return escapeLiteral(value);
  }

  /**
   * Runs `work` on one connection of the pool inside BEGIN ... COMMIT (ROLLBACK when it throws):
   * for a few raw statements that must see each other, e.g. an advisory lock and the insert it
   * guards. `run` is `query` on that connection.
   */
  async transaction<T>(work: (run: <R>(sql: Prisma.Sql) => Promise<R[]>) => Promise<T>): Promise<T> {
    const conn = await this.pool.connect();
    let broken = false;
    try {
      await conn.query('BEGIN');
      const value = await work(
        async <R>(sql: Prisma.Sql) => (await conn.query(sql.text, sql.values)).rows as R[],
      );
      await conn.query('COMMIT');
      return value;
    } catch (err) {
      await conn.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      conn.release(broken);
    }
  }

  /**
   * Closes the client and the pool, waiting at most 5 s: a connection lost in a database outage
   * may never be handed back to the pool, and `pool.end()` waits for every one, which held the
   * shutdown up for ever. Past the deadline the process goes on closing; its sockets die with it.
   */
  async onModuleDestroy(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_DEADLINE_MS);
    });
    const close = (async () => {
      await this.client.$disconnect();
      // The adapter may have begun ending the pool already (it does not wait for broken
      // connections): a second end() would reject and fail the whole shutdown.
      if (!this.pool.ended && !this.pool.ending) await this.pool.end();
    })();
    try {
      await Promise.race([close, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}
