import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';

/** Starts `app` listening on 127.0.0.1 at a free port; resolves with its base URL (`http://127.0.0.1:<port>`). */
export async function listenOnLoopback(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}
