import type { EventEmitter } from 'node:events';

type Emit = EventEmitter['emit'];

interface BullConnection extends EventEmitter {
  __moyoGuard?: true;
  /** The raw ioredis client (BullMQ internal). */
  _client?: EventEmitter & {
    status?: string;
    disconnect?: () => void;
    options?: { retryStrategy?: (times: number) => number | null | void };
    /** ioredis' pending reconnect timer, null when none is scheduled. */
    reconnectTimeout?: unknown;
    connect?: () => Promise<void>;
  };
}

interface BullObject {
  connection?: BullConnection;
  /** Workers hold a second connection for their blocking commands. */
  blockingConnection?: BullConnection;
  close?: (...args: unknown[]) => Promise<void>;
}

/**
 * Makes closing a BullMQ Queue or Worker clean while Redis is unreachable. Works around three
 * BullMQ 5 behaviours seen when Redis is down at shutdown:
 * - its internal RedisConnection drops every listener on close, then its pending init fails and
 *   emits 'error' with no listener: an unhandled rejection after the app has closed;
 * - when QUIT cannot be sent, the ioredis client is left reconnecting (timers that keep the
 *   process alive and print "[ioredis] Unhandled error event");
 * - its close() rejects when QUIT cannot be sent, failing the app's shutdown.
 * Drops only errors nobody listens to any more; after `close()` disconnects the raw clients, and
 * ignores a close error when a client was not connected anyway. While open, the object's own
 * listeners get every error as before. Mutates `bullObject` once; returns it.
 */
export function ignoreErrorsAfterClose<T extends object>(bullObject: T): T {
  const target = bullObject as unknown as BullObject;
  const connections = [target.connection, target.blockingConnection].filter(
    (c): c is BullConnection => c !== undefined && !c.__moyoGuard,
  );
  if (connections.length === 0) return bullObject;
  for (const connection of connections) {
    connection.__moyoGuard = true;
    const emit: Emit = connection.emit.bind(connection);
    connection.emit = ((event: string | symbol, ...args: unknown[]) =>
      event === 'error' && connection.listenerCount('error') === 0 ? false : emit(event, ...args)) as Emit;
  }

  const close = target.close?.bind(bullObject);
  if (close) {
    target.close = async (...args: unknown[]) => {
      const clients = connections.map((c) => c._client);
      // ioredis only enters 'reconnecting' after losing a connection it did not close itself;
      // then QUIT and the worker's blocking command wait in its offline queue for ever. Worse,
      // disconnect() (BullMQ calls it on the blocking connection) only cancels the retry timer,
      // leaving the client 'reconnecting' with nothing scheduled. So: make the next attempt the
      // last one, and start it now if none is scheduled. When it fails ioredis ends the client
      // and rejects what is queued; if Redis is back, the close goes on normally.
      const watchdog = setInterval(() => {
        for (const client of clients) {
          if (client?.status !== 'reconnecting') continue;
          if (client.options) client.options.retryStrategy = () => null;
          if (!client.reconnectTimeout) client.connect?.().catch(() => undefined);
        }
      }, 100);
      try {
        await close(...args);
      } catch (err) {
        // QUIT cannot reach an unreachable Redis ("Stream isn't writeable ..."): nothing is left
        // to close gracefully, so drop the connections below. Other errors still surface.
        if (clients.every((client) => client?.status === 'ready')) throw err;
      } finally {
        clearInterval(watchdog);
        disconnectAll(clients);
      }
    };
  }
  return bullObject;
}

function disconnectAll(clients: BullConnection['_client'][]): void {
  for (const client of clients) {
    if (client && client.status !== 'end') {
      client.on('error', () => undefined);
      client.disconnect?.();
    }
  }
}
