import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { readSgf } from '@moyo/engine';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_DIR } from '../../apps/api/src/viewer/viewer-files';
import { FakeOgsServer, gameFromSgf } from '../support/fake-ogs-server';
import { useIsolatedServices } from '../support/services';
import { appsBuilt, CHROMIUM_ARGS, CHROMIUM_PATH, ROOT, startApp, waitForOk, type RunningApp } from './stack';
import { SGF } from './stored-game';

const OGS_GAME_ID = 97531;
const MOVES = readSgf(SGF).moveCount;
const hasChromium = existsSync(CHROMIUM_PATH);
const built = appsBuilt('api', 'worker', 'ingest') && existsSync(resolve(VIEWER_DIR, 'app.js'));
if (!built)
  console.warn('viewer full-stack browser tests SKIPPED: not built (npm run build; CI builds first)');

async function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The product as a person uses it: the built api, a worker and the ingest as processes, a key from
 * `moyo-admin`, Chromium at phone size. An SGF pasted into the page is analysed move by move by the
 * worker; an OGS game (a local server on OGS's realtime protocol) is followed live to its end.
 */
describe.skipIf(!hasChromium || !built)('viewer in Chromium: full stack on a phone', () => {
  const services = useIsolatedServices();
  const apps: RunningApp[] = [];
  const ogs = new FakeOgsServer();
  let baseUrl = '';
  let key = '';
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    ogs.addGame(gameFromSgf(OGS_GAME_ID, SGF));
    const ogsUrl = (await ogs.listen()).replace(/^ws/, 'http');
    const port = await freePort();
    const env = { ...services().env, PORT: String(port), HOST: '127.0.0.1', OGS_URL: ogsUrl };
    baseUrl = `http://127.0.0.1:${port}`;
    const api = startApp('api', env);
    apps.push(api, startApp('worker', env), startApp('ingest', env));
    await waitForOk(`${baseUrl}/readyz`, api, 180_000);
    const created = execFileSync(
      process.execPath,
      [resolve(ROOT, 'apps/api/bin/moyo-admin.js'), 'keys', 'create', '--name', 'viewer', '--json'],
      { cwd: ROOT, env: { ...process.env, ...services().env }, encoding: 'utf8' },
    );
    key = (JSON.parse(created) as { key: string }).key;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(apps.map((a) => a.stop()));
    await ogs.close();
  });

  async function api<T>(path: string): Promise<T> {
    const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  }

  /** The score the shown move's job stored, read through the api. */
  async function storedScore(page: Page): Promise<number> {
    const jobId = (await page.textContent('.move-panel .job-id')) ?? '';
    const job = await api<{ result: { analyses: { score: { scoreLead: number } } } }>(`/v1/jobs/${jobId}`);
    return job.result.analyses.score.scoreLead;
  }

  it('an SGF pasted into the page: every move analysed by the worker, graph filled, exported', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/viewer`);
    await page.fill('#api-key', key);
    await page.fill('#sgf', SGF);
    await page.click('#open');
    await page.waitForSelector('.source[data-live=false]', { timeout: 180_000 });
    expect(await page.textContent('.source')).toContain(`batch of ${MOVES + 1} turns: ${MOVES + 1} analysed`);
    await page.waitForSelector(`.move-panel[data-move="${MOVES}"][data-state=analysed]`);
    expect(Number(await page.getAttribute('.move-panel .score', 'data-score'))).toBe(await storedScore(page));
    expect(await page.locator('.graph-dot').count()).toBe(MOVES + 1);
    await page.click('#first');
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('.move-panel[data-move="1"][data-state=analysed]');
    expect(Number(await page.getAttribute('.move-panel .score', 'data-score'))).toBe(await storedScore(page));
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    const sgf = readFileSync(await download.path(), 'utf8');
    expect(readSgf(sgf).nodes.filter((n) => n.C?.[0].startsWith('Moyo score: '))).toHaveLength(MOVES + 1);
    await page.close();
  }, 240_000);

  it('an OGS game followed from the page: live move by move, then the final analysis', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/viewer`);
    // The key is remembered from the first page.
    expect(await page.inputValue('#api-key')).toBe(key);
    await page.fill('#open-id', String(OGS_GAME_ID));
    await page.click('#open');
    await until(() => ogs.watcherCount(OGS_GAME_ID) > 0, 'the ingest to watch the game');
    const replay = ogs.replay(OGS_GAME_ID, { moveIntervalMs: 150 });
    await page.waitForSelector('.source[data-transport=sse][data-live=true]', { timeout: 120_000 });
    await page.waitForSelector('#move-label:text("(live)")', { timeout: 120_000 });
    await replay;
    await page.waitForSelector('.source[data-live=false]', { timeout: 180_000 });
    await page.waitForSelector(`.move-panel[data-move="${MOVES}"][data-state=analysed]`);
    expect(await page.textContent('#move-label')).toBe(`${MOVES} / ${MOVES}`);
    // The last move shows the final analysis the ingest queued when the game ended.
    const streams = await api<{ items: { ogsGameId: number; meta: { finalJobId?: string } | null }[] }>(
      '/v1/streams',
    );
    const finalJobId = streams.items.find((s) => s.ogsGameId === OGS_GAME_ID)?.meta?.finalJobId;
    expect(await page.textContent('.move-panel .job-id')).toBe(finalJobId);
    expect(Number(await page.getAttribute('.move-panel .score', 'data-score'))).toBe(await storedScore(page));
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.close();
  }, 360_000);
});
