import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import {
  ANALYSES,
  analyzePosition,
  formatGtpVertex,
  overlayFromResult,
  positionFromGame,
  readSgf,
  replaySgf,
  type Game,
} from '@moyo/engine';
import { ApiKeyRepository, JobRepository, TenantRepository } from '@moyo/persistence';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyAdmin } from '../../apps/api/src/admin/key-admin';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { ApiConfig } from '../../apps/api/src/config/api-config';
import { FakeOgsServer, gameFromSgf } from '../support/fake-ogs-server';
import { useIsolatedServices } from '../support/services';
import { appsBuilt, CHROMIUM_ARGS, CHROMIUM_PATH, ROOT, startApp, waitForOk, type RunningApp } from './stack';

const SGF = readFileSync(resolve(__dirname, 'fixtures/gnugo-9x9.sgf'), 'utf8');
const RESULTS_DIR = resolve(ROOT, 'test-results');
const OGS_GAME_ID = 97531;
/** A second game, replayed slowly, for stepping through a game that goes on. */
const STEPPED_GAME_ID = 97532;
/** Set MOYO_UPDATE_DOCS=1 to refresh the README's screenshot (docs/viewer.png). */
const UPDATE_DOCS = process.env.MOYO_UPDATE_DOCS === '1';
const hasChromium = existsSync(CHROMIUM_PATH);
const stackBuilt = appsBuilt('api', 'worker', 'ingest');
if (!stackBuilt) {
  console.warn('viewer full-stack browser tests SKIPPED: apps not built (npm run build; CI builds first)');
}
if (!hasChromium) {
  console.warn(`viewer browser tests SKIPPED: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
}

/** The analyses the viewer asks for, as far as this engine build registers them. */
const VIEWER_ANALYSES = ['bouzy', 'freihofner', 'territory', 'deadStones', 'score', 'moveValues'].filter(
  (n) => ANALYSES.has(n),
);

function finalGame(): Game {
  return replaySgf(readSgf(SGF));
}

function stoneCount(game: Game): number {
  return Array.from(game.geo.points).filter((p) => game.board.colors[p] === 1 || game.board.colors[p] === 2)
    .length;
}

/** Territory shading cells the board must show for a stored report (owner sign, not on own stones). */
function expectedTerritoryCells(report: unknown, game: Game): { black: number; white: number } {
  const overlay = overlayFromResult(report, 'territory', game.size);
  if (!overlay || overlay.kind !== 'owners') throw new Error('report holds no territory map');
  let black = 0;
  let white = 0;
  Array.from(game.geo.points).forEach((p, i) => {
    const v = overlay.values[i];
    const c = game.board.colors[p];
    if (v > 0 && c !== 1) black++;
    if (v < 0 && c !== 2) white++;
  });
  return { black, white };
}

async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Checks the finished board in the page: stones, a coloured territory overlay, score, dead stones. */
async function checkFinishedBoard(page: Page, game: Game, report: unknown): Promise<void> {
  await page.waitForSelector('#board[data-status=completed] svg.moyo-board', { timeout: 60_000 });
  expect(await page.locator('#board svg circle.stone').count()).toBe(stoneCount(game));
  const want = expectedTerritoryCells(report, game);
  expect(want.black + want.white).toBeGreaterThan(0);
  expect(await page.locator('#board svg rect.terr-b').count()).toBe(want.black);
  expect(await page.locator('#board svg rect.terr-w').count()).toBe(want.white);
  // "Coloured": the shading's computed fill differs from the wood under it.
  // Page expressions as text: this project compiles without the DOM library.
  const fillOf = (selector: string) =>
    page.evaluate(`getComputedStyle(document.querySelector('${selector}')).fill`);
  const fill = await fillOf('#board svg rect.terr-b, #board svg rect.terr-w');
  const wood = await fillOf('#board svg rect.wood');
  expect(fill).toMatch(/^rgb/);
  expect(fill).not.toBe(wood);
  expect(await page.textContent('#move-label')).toBe(`move ${game.moveNumber} / ${game.moveNumber}`);
}

describe.skipIf(!hasChromium)('viewer in Chromium: a stored engine analysis, api in process', () => {
  const services = useIsolatedServices();
  let app: INestApplication;
  let browser: Browser;
  let baseUrl: string;
  let tenantId: string;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    app = await createApiApp(ApiConfig.fromEnv(services().env));
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    const admin = new KeyAdmin(app.get(TenantRepository), app.get(ApiKeyRepository));
    const created = await admin.create('viewer');
    key = created.key;
    tenantId = created.tenantId;
    otherKey = (await admin.create('someone else')).key;
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('follows the job over SSE, draws stones, territory, score and dead stones, and steps through moves', async () => {
    const game = finalGame();
    const position = positionFromGame(game);
    const moves = game.moves.map((m) => [m.player === 1 ? 'B' : 'W', formatGtpVertex(m.point, game.geo)]);
    const input = { boardXSize: 9, boardYSize: 9, komi: 6.5, rules: 'japanese', initialStones: [], moves };
    const jobs = app.get(JobRepository);
    await jobs.createIfAbsent({
      id: 'position-viewer',
      tenantId,
      kind: 'position',
      input,
      inputHash: 'viewer',
    });
    // What a worker does with the job: run the engine, store the report (after the page is watching).
    const report = JSON.parse(JSON.stringify(analyzePosition(position, VIEWER_ANALYSES)));

    const page = await browser.newPage({ viewport: { width: 1180, height: 760 } });
    await page.goto(`${baseUrl}/viewer`);
    await page.fill('#api-key', key);
    await page.fill('#job-open', 'position-viewer');
    await page.click('#submit');
    // Waits use selectors, not page functions: the viewer's CSP (script-src 'self') blocks the
    // eval that Playwright's polling waitForFunction needs.
    await page.locator('#status', { hasText: 'queued' }).waitFor();
    await jobs.markRunning('position-viewer', 1);
    await jobs.complete('position-viewer', report, { engineMs: 1 });

    await checkFinishedBoard(page, game, report);
    expect(await page.getAttribute('#board', 'data-watch')).toBe('sse');
    if (ANALYSES.has('score')) expect(await page.textContent('#score')).toMatch(/^(B|W)\+\d+\.\d$|^Jigo$/);
    if (ANALYSES.has('deadStones')) {
      const dead = (report.analyses.deadStones.deadStones as string[]).join(' ') || 'none';
      expect(await page.textContent('#dead')).toBe(dead);
      expect(await page.locator('#board svg path.dead').count()).toBe(
        report.analyses.deadStones.deadStones.length,
      );
    }
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: resolve(RESULTS_DIR, 'viewer-stored.png') });

    // One move back: the game ended with two passes, so the stones stay and the counter moves.
    await page.click('#prev');
    await page.waitForSelector(`#board[data-move="${game.moveNumber - 1}"]`);
    await page.click('#first');
    await page.waitForSelector('#board[data-move="0"]');
    expect(await page.locator('#board svg circle.stone').count()).toBe(0);
    await page.click('#next');
    await page.waitForSelector('#board[data-move="1"]');
    expect(await page.locator('#board svg circle.stone').count()).toBe(1);
    expect(await page.locator('#board svg circle.last').getAttribute('data-vertex')).toBe(
      formatGtpVertex(game.moves[0].point, game.geo),
    );

    // Overlays toggle: Freihofner numbers on, territory off (computed from the stones at this move).
    await page.click('#last');
    await page.waitForSelector(`#board[data-move="${game.moveNumber}"]`);
    await page.check('input[name=overlay][value=freihofner]');
    await page.uncheck('input[name=overlay][value=territory]');
    await page.waitForSelector('#board svg rect.terr-b', { state: 'detached' });
    expect(await page.locator('#board svg text.num').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('falls back to polling GET /v1/jobs/:id when the event stream is unavailable', async () => {
    const game = finalGame();
    const moves = game.moves.map((m) => [m.player === 1 ? 'B' : 'W', formatGtpVertex(m.point, game.geo)]);
    const input = { boardXSize: 9, boardYSize: 9, komi: 6.5, rules: 'japanese', initialStones: [], moves };
    const jobs = app.get(JobRepository);
    await jobs.createIfAbsent({ id: 'position-polled', tenantId, kind: 'position', input, inputHash: 'p' });
    const report = JSON.parse(
      JSON.stringify(
        analyzePosition(
          positionFromGame(game),
          ['territory'].filter((n) => ANALYSES.has(n)),
        ),
      ),
    );
    const page = await browser.newPage({ viewport: { width: 1180, height: 760 } });
    // A proxy that drops event streams: the request fails, the page must poll instead.
    await page.route('**/v1/jobs/*/events', (route) => route.abort());
    await page.goto(`${baseUrl}/viewer`);
    await page.fill('#api-key', key);
    await page.fill('#job-open', 'position-polled');
    await page.click('#submit');
    await page.waitForSelector('#board[data-watch=polling]');
    await page.locator('#status', { hasText: 'queued' }).waitFor();
    await jobs.markRunning('position-polled', 1);
    await jobs.complete('position-polled', report, { engineMs: 1 });
    await page.waitForSelector('#board[data-status=completed] svg.moyo-board', { timeout: 60_000 });
    expect(await page.getAttribute('#board', 'data-watch')).toBe('polling');
    expect(await page.locator('#board svg circle.stone').count()).toBe(stoneCount(game));
    expect(await page.locator('#board svg rect.terr-b').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('shows the field the api names for a bad SGF', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/viewer`);
    await page.fill('#api-key', key);
    await page.fill('#sgf', '(;GM[1]SZ[9];B[ee];W[ee])');
    await page.click('#submit');
    await page.waitForSelector('#status.error');
    expect(await page.textContent('#status')).toMatch(/^422: sgf: .*occupied/);
    expect(await page.textContent('#job-id')).toBe('');
    await page.close();
  });

  it('says so when the API key is missing or wrong', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/viewer`);
    await page.fill('#api-key', 'not-a-key');
    await page.fill('#job-open', 'position-viewer');
    await page.click('#submit');
    await page.waitForSelector('#status.error');
    expect(await page.textContent('#status')).toMatch(/^401: invalid or revoked API key/);
    await page.close();
  });

  it('shows the api error for a job of another tenant', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/viewer`);
    await page.fill('#api-key', otherKey);
    await page.fill('#job-open', 'position-viewer');
    await page.click('#submit');
    await page.waitForSelector('#status.error');
    expect(await page.textContent('#status')).toMatch(/404/);
    await page.close();
  });
});

/** A free TCP port on 127.0.0.1. */
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

/** Polls `check` until it returns true; throws naming `what` when `timeoutMs` passes. */
async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The whole product: api, worker and ingest processes from the build, an API key made by the
 * admin command; an SGF pasted into the page and analyzed by the worker, and an OGS game (from a
 * local server on OGS's realtime protocol) followed move by move.
 */
describe.skipIf(!hasChromium || !stackBuilt)('viewer in Chromium: full stack', () => {
  const services = useIsolatedServices();
  const apps: RunningApp[] = [];
  const ogs = new FakeOgsServer();
  let baseUrl = '';
  let key = '';
  let browser: Browser;
  // One context for both pages: the second finds the key the first stored (localStorage).
  let context: BrowserContext;

  beforeAll(async () => {
    ogs.addGame(gameFromSgf(OGS_GAME_ID, SGF));
    ogs.addGame(gameFromSgf(STEPPED_GAME_ID, SGF));
    const ogsUrl = (await ogs.listen()).replace(/^ws/, 'http');
    const port = await freePort();
    const env = {
      ...services().env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEBHOOK_ALLOWLIST: '127.0.0.1',
      OGS_URL: ogsUrl,
    };
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
    browser = await launch();
    context = await browser.newContext({ viewport: { width: 1180, height: 760 } });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(apps.map((a) => a.stop()));
    await ogs.close();
  });

  /** The job id of each analysed move of a followed game, read through the api. */
  async function moveJobIds(gameId: number): Promise<Map<number, string>> {
    const res = await fetch(`${baseUrl}/v1/games/${gameId}/analyses`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    const { analyses } = (await res.json()) as { analyses: { moveNumber: number; jobId: string }[] };
    return new Map(analyses.map((a) => [a.moveNumber, a.jobId]));
  }

  /** The stored job the page names in #job-id, read through the api. */
  async function jobShown(page: Page): Promise<{ result: { analyses: Record<string, unknown> } }> {
    const jobId = (await page.textContent('#job-id'))!;
    const res = await fetch(`${baseUrl}/v1/jobs/${jobId}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as { result: { analyses: Record<string, unknown> } };
  }

  it('submits an SGF through the page and shows the analyzed board', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/viewer`);
    await page.fill('#api-key', key);
    await page.fill('#sgf', SGF);
    await page.click('#submit');
    await page.waitForSelector('#board[data-status=completed] svg.moyo-board', { timeout: 180_000 });
    const job = await jobShown(page);
    await checkFinishedBoard(page, finalGame(), job.result);
    if (ANALYSES.has('deadStones')) {
      const dead = (job.result.analyses.deadStones as { deadStones: string[] }).deadStones;
      expect(await page.textContent('#dead')).toBe(dead.join(' ') || 'none');
    }
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: resolve(RESULTS_DIR, 'viewer.png') });
    if (UPDATE_DOCS) await page.screenshot({ path: resolve(ROOT, 'docs/viewer.png') });
    await page.close();
  }, 240_000);

  it('follows an OGS game by its id: the board of the latest analyzed move, then the final one', async () => {
    const game = finalGame();
    const page = await context.newPage();
    // No game event stream (a proxy that drops them): the page reads the game's moves by polling.
    await page.route('**/v1/games/*/events*', (route) => route.abort());
    await page.goto(`${baseUrl}/viewer`);
    // The key is remembered from the first page (localStorage).
    expect(await page.inputValue('#api-key')).toBe(key);
    await page.fill('#ogs-id', String(OGS_GAME_ID));
    await page.click('#submit');
    await page.locator('#status', { hasText: `Following OGS game ${OGS_GAME_ID}` }).waitFor();
    // The ingest picks the new stream up on its next scan and joins the game before move 1.
    await until(() => ogs.watcherCount(OGS_GAME_ID) > 0, 'the ingest to watch the game', 120_000);
    await ogs.replay(OGS_GAME_ID, { moveIntervalMs: 30 });
    // The ingest hands the finished game's final position over as one more job.
    let finalJobId = '';
    await until(
      async () => {
        const res = await fetch(`${baseUrl}/v1/streams`, { headers: { Authorization: `Bearer ${key}` } });
        const { items } = (await res.json()) as {
          items: { ogsGameId: number; meta: { finalJobId?: string } | null }[];
        };
        finalJobId = items.find((s) => s.ogsGameId === OGS_GAME_ID)?.meta?.finalJobId ?? '';
        return finalJobId !== '';
      },
      'the ingest to finish the game',
      120_000,
    );
    // The page shows the final analysis: its board, then its score and dead stones.
    await page.waitForSelector(`#summary[data-job="${finalJobId}"]`, { timeout: 150_000 });
    expect(await page.textContent('#job-id')).toBe(finalJobId);
    expect(await page.getAttribute('#board', 'data-status')).toBe('completed');
    expect(await page.getAttribute('#board', 'data-move')).toBe(String(game.moveNumber));
    expect(await page.getAttribute('#board', 'data-watch')).toBe('polling');
    expect(await page.textContent('#score')).toMatch(/^(B|W)\+\d+\.\d$|^Jigo$/);
    expect(await page.locator('#board svg circle.stone').count()).toBe(stoneCount(game));
    expect(await page.locator('#board svg rect.terr-b').count()).toBeGreaterThan(0);
    const job = await jobShown(page);
    if (ANALYSES.has('deadStones')) {
      const dead = (job.result.analyses.deadStones as { deadStones: string[] }).deadStones;
      expect(await page.textContent('#dead')).toBe(dead.join(' ') || 'none');
    }
    await page.screenshot({ path: resolve(RESULTS_DIR, 'viewer-ogs.png') });
    await page.close();
  }, 360_000);

  it('steps back through the analysed moves of a followed game while it goes on, then back to live', async () => {
    const record = readSgf(SGF);
    const stonesAt = (move: number) => stoneCount(replaySgf(record, { move }));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/viewer`);
    await page.fill('#api-key', key);
    await page.fill('#ogs-id', String(STEPPED_GAME_ID));
    await page.click('#submit');
    await page.locator('#status', { hasText: `Following OGS game ${STEPPED_GAME_ID}` }).waitFor();
    await until(() => ogs.watcherCount(STEPPED_GAME_ID) > 0, 'the ingest to watch the game', 120_000);
    // Slow enough (55 moves, ~16 s) that the game is still going on while the page steps back.
    const replay = ogs.replay(STEPPED_GAME_ID, { moveIntervalMs: 300 });
    const shownMove = async () => Number(await page.getAttribute('#board', 'data-move'));
    const label = async () => (await page.textContent('#move-label')) ?? '';
    const latestMove = async () => Number(/ \/ (\d+)/.exec(await label())?.[1] ?? NaN);
    const stones = () => page.locator('#board svg circle.stone').count();

    // Live: the board follows the latest analysed move.
    await until(async () => (await shownMove()) >= 6, 'six analysed moves on the board', 120_000);
    expect(await page.getAttribute('#board', 'data-live')).toBe('true');
    expect(await page.getAttribute('#board', 'data-watch')).toBe('sse');
    expect(await label()).toMatch(/^move \d+ \/ \d+ \(live\)$/);

    // One move back (from whichever move was live at the click): the view leaves live.
    await page.click('#prev');
    const back = Number(/^move (\d+) \//.exec(await label())?.[1]);
    expect(back).toBeGreaterThanOrEqual(5);
    await page.waitForSelector(`#board[data-live=false][data-move="${back}"] svg.moyo-board`);
    expect(await stones()).toBe(stonesAt(back));
    expect(await label()).toMatch(new RegExp(`^move ${back} / \\d+$`));
    // The game goes on (more moves analysed) and the view stays where the user put it.
    const seen = await latestMove();
    expect(seen).toBeGreaterThan(back);
    await until(async () => (await latestMove()) >= seen + 3, 'more moves analysed', 120_000);
    expect(await shownMove()).toBe(back);
    expect(await stones()).toBe(stonesAt(back));
    expect(await page.getAttribute('#board', 'data-live')).toBe('false');

    // Arrow keys: two back, one forward; each board is the position after its move.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector(`#board[data-move="${back - 2}"] svg.moyo-board`);
    expect(await stones()).toBe(stonesAt(back - 2));
    expect(await label()).toMatch(new RegExp(`^move ${back - 2} / \\d+$`));
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`#board[data-move="${back - 1}"] svg.moyo-board`);
    expect(await stones()).toBe(stonesAt(back - 1));
    // Score and dead stones are those of the shown move's own job.
    const jobOfMove = (await moveJobIds(STEPPED_GAME_ID)).get(back - 1);
    expect(jobOfMove).toMatch(/^ogs-/);
    await page.waitForSelector(`#summary[data-job="${jobOfMove}"]`);
    expect(await page.textContent('#job-id')).toBe(jobOfMove);
    const job = await jobShown(page);
    if (ANALYSES.has('score')) expect(await page.textContent('#score')).toMatch(/^(B|W)\+\d+\.\d$|^Jigo$/);
    if (ANALYSES.has('deadStones')) {
      const dead = (job.result.analyses.deadStones as { deadStones: string[] }).deadStones;
      expect(await page.textContent('#dead')).toBe(dead.join(' ') || 'none');
    }
    await page.screenshot({ path: resolve(RESULTS_DIR, 'viewer-ogs-stepped.png') });

    // The first analysed move (the ingest joined before move 1): one stone.
    await page.click('#first');
    await page.waitForSelector('#board[data-move="1"] svg.moyo-board');
    expect(await stones()).toBe(1);
    expect(await page.isDisabled('#prev')).toBe(true);

    // Back to live: the board catches up and follows the game to its final analysis.
    await page.click('#last');
    expect(await page.getAttribute('#board', 'data-live')).toBe('true');
    await replay;
    const final = finalGame();
    await page.waitForSelector(`#board[data-live=true][data-move="${final.moveNumber}"]`, {
      timeout: 150_000,
    });
    await page.waitForSelector('#board[data-status=completed]');
    expect(await stones()).toBe(stoneCount(final));
    expect(await label()).toBe(`move ${final.moveNumber} / ${final.moveNumber} (live)`);
    await page.close();
  }, 360_000);
});
