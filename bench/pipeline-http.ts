/**
 * bench:pipeline's HTTP client for Moyo's api: `POST /v1/positions` over Node's `http` with
 * keep-alive connections, in place of `fetch`. The client runs on the measured machine, so its
 * CPU is taken from the pipeline it measures: with `fetch` (undici) it cost this bench process
 * 0.7-1.1 ms per call, about as much as the api itself (the bare BullMQ peer's client, one
 * `Queue.add`, costs 0.1 ms a job); a real client runs elsewhere.
 */
import { Agent, request } from 'node:http';
import type { WorkloadJob } from '../test/e2e/support/workload';

/**
 * One pool of keep-alive connections for all calls (as many as calls in flight). An idle
 * connection is closed after 1 s, before the api's server closes it (Node's keepAliveTimeout,
 * 5 s): between two scenarios a call could otherwise go out on a connection the server is
 * closing ("socket hang up").
 */
const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 1000 });

/** POSTs `body` as JSON; resolves with the status and the parsed JSON answer. */
export async function postJson(
  base: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; answer: unknown }> {
  const payload = Buffer.from(JSON.stringify(body));
  const url = new URL(path, base);
  try {
    return await send(url, headers, payload);
  } catch (err) {
    // A reused connection the server closed meanwhile: the call never reached it; once more.
    if (!(err instanceof ReusedSocketError)) throw err;
    return send(url, headers, payload);
  }
}

class ReusedSocketError extends Error {}

function send(
  url: URL,
  headers: Record<string, string>,
  payload: Buffer,
): Promise<{ status: number; answer: unknown }> {
  const path = url.pathname;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, answer: JSON.parse(text) as unknown });
          } catch {
            reject(new Error(`POST ${path} answered ${res.statusCode} with no JSON: ${text.slice(0, 200)}`));
          }
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      const closed = err.code === 'ECONNRESET' || err.message === 'socket hang up';
      reject(req.reusedSocket && closed ? new ReusedSocketError(err.message) : err);
    });
    req.end(payload);
  });
}

/** POST /v1/positions of a workload job; resolves with the job id the api gave it. */
export async function postPosition(
  base: string,
  headers: Record<string, string>,
  job: WorkloadJob,
): Promise<string> {
  if (job.kind !== 'position') throw new Error('postPosition: position jobs only');
  const body = { ...job.input, analyses: job.analyses, analysisOptions: job.options };
  const { status, answer } = await postJson(base, '/v1/positions', headers, body);
  const jobId = (answer as { jobId?: unknown }).jobId;
  if (status !== 202 || typeof jobId !== 'string') {
    throw new Error(`POST /v1/positions answered ${status}: ${JSON.stringify(answer)}`);
  }
  return jobId;
}

/**
 * POST /v1/positions of a game's last `turns` turns (KataGo's `analyzeTurns`: one call, one job
 * per turn, under one batch); resolves with the turns' job ids in turn order.
 */
export async function postTurns(
  base: string,
  headers: Record<string, string>,
  job: WorkloadJob,
  turns: number,
): Promise<string[]> {
  if (job.kind !== 'position') throw new Error('postTurns: position jobs only');
  const played = job.input.moves?.length ?? 0;
  if (played + 1 < turns) throw new Error(`postTurns: ${played} moves give no ${turns} turns`);
  const analyzeTurns = Array.from({ length: turns }, (_, k) => played - turns + 1 + k);
  const body = { ...job.input, analyzeTurns, analyses: job.analyses, analysisOptions: job.options };
  const { status, answer } = await postJson(base, '/v1/positions', headers, body);
  const jobIds = (answer as { jobIds?: unknown }).jobIds;
  if (status !== 202 || !Array.isArray(jobIds) || jobIds.length !== turns) {
    throw new Error(`POST /v1/positions (analyzeTurns) answered ${status}: ${JSON.stringify(answer)}`);
  }
  return jobIds as string[];
}

/** Closes the idle keep-alive connections (so the bench process can exit). */
export function closeConnections(): void {
  agent.destroy();
}
