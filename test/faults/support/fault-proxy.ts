import { connect, createServer, type Server, type Socket } from 'node:net';
import { privatePort } from '../../support/private-redis';

/** up: forwards; hang: accepts connections and never answers; down: refuses connections. */
export type ProxyMode = 'up' | 'hang' | 'down';

interface Pipe {
  client: Socket;
  upstream: Socket;
  /** A request went up and its answer has not come back yet. */
  busy: boolean;
  closing: boolean;
}

/**
 * A TCP proxy on a private loopback port in front of a local HTTP server, to take it away and give
 * it back. Going from up to hang or down lets each request already forwarded get its answer, then
 * closes the connection; a request sent on a connection being closed is dropped, never forwarded.
 * So the server behind never sees a request whose sender did not also see the answer (no duplicate
 * is the proxy's doing).
 */
export class FaultProxy {
  port = 0;
  /** Connections accepted and held without an answer (hang); requests forwarded. */
  held = 0;
  forwarded = 0;
  private mode: ProxyMode = 'up';
  private server: Server | undefined;
  private readonly pipes = new Set<Pipe>();
  private readonly hung = new Set<Socket>();

  constructor(private readonly targetPort: number) {}

  async start(): Promise<this> {
    this.port = await privatePort();
    await this.listen();
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async setMode(mode: ProxyMode): Promise<void> {
    if (mode === this.mode) return;
    const was = this.mode;
    this.mode = mode;
    if (was === 'hang') for (const s of this.hung) s.destroy();
    if (mode === 'down') {
      this.server?.close();
      this.server = undefined;
    }
    if (was === 'down') await this.listen();
    if (mode !== 'up') {
      for (const pipe of this.pipes) {
        pipe.closing = true;
        if (!pipe.busy) this.drop(pipe);
      }
    }
  }

  async stop(): Promise<void> {
    await this.setMode('down');
    for (const pipe of this.pipes) this.drop(pipe);
  }

  private listen(): Promise<void> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  private accept(client: Socket): void {
    client.on('error', () => undefined);
    if (this.mode === 'hang') {
      this.held++;
      this.hung.add(client);
      client.on('close', () => this.hung.delete(client));
      return;
    }
    if (this.mode === 'down') return void client.destroy();
    const upstream = connect(this.targetPort, '127.0.0.1');
    const pipe: Pipe = { client, upstream, busy: false, closing: false };
    this.pipes.add(pipe);
    upstream.on('error', () => this.drop(pipe));
    client.on('close', () => this.drop(pipe));
    upstream.on('close', () => this.drop(pipe));
    client.on('data', (chunk: Buffer) => {
      if (pipe.closing) return this.drop(pipe);
      if (!pipe.busy) this.forwarded++;
      pipe.busy = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      client.write(chunk);
      pipe.busy = false;
      // The rest of a split answer still passes; a new request in the meantime is dropped.
      if (pipe.closing) setTimeout(() => this.drop(pipe), 100);
    });
  }

  private drop(pipe: Pipe): void {
    this.pipes.delete(pipe);
    pipe.client.destroy();
    pipe.upstream.destroy();
  }
}
