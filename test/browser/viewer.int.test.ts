import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readSgf } from '@moyo/engine';
import type { INestApplication } from '@nestjs/common';
import { ApiKeyRepository, TenantRepository } from '@moyo/persistence';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyAdmin } from '../../apps/api/src/admin/key-admin';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { ApiConfig } from '../../apps/api/src/config/api-config';
import { VIEWER_DIR } from '../../apps/api/src/viewer/viewer-files';
import { useIsolatedServices } from '../support/services';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ROOT } from './stack';
import { fixtureTurns, storeBatch, storeGame, type StoredTurn } from './stored-game';

const RESULTS_DIR = resolve(ROOT, 'test-results');
/** Set MOYO_UPDATE_DOCS=1 to refresh the README's screenshots (docs/viewer-*.png). */
const UPDATE_DOCS = process.env.MOYO_UPDATE_DOCS === '1';
const hasChromium = existsSync(CHROMIUM_PATH);
const bundleBuilt = existsSync(resolve(VIEWER_DIR, 'app.js'));
if (!hasChromium)
  console.warn(`viewer browser tests SKIPPED: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
if (!bundleBuilt)
  console.warn('viewer browser tests SKIPPED: viewer not bundled (npm run build; CI builds first)');

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: resolve(RESULTS_DIR, `${name}.png`) });
  if (UPDATE_DOCS) await page.screenshot({ path: resolve(ROOT, 'docs', `${name}.png`) });
}

/** The shown move number, from the step label "12 / 55". */
async function shownMove(page: Page): Promise<number> {
  return Number(((await page.textContent('#move-label')) ?? '').trim().split(' ')[0]);
}

async function waitForMove(page: Page, n: number): Promise<void> {
  await page.waitForSelector(`.move-panel[data-move="${n}"]`);
}

/** Black and white stones on the goban (Shudan marks each vertex with its sign). */
async function stonesOnBoard(page: Page): Promise<{ black: number; white: number }> {
  return {
    black: await page.locator('.board .shudan-vertex.shudan-sign_1').count(),
    white: await page.locator('.board .shudan-vertex.shudan-sign_-1').count(),
  };
}

/** Checks the panel against the stored report of move n: the stones, the score and its interval. */
async function expectMove(page: Page, turn: StoredTurn): Promise<void> {
  await waitForMove(page, turn.turn);
  expect(await stonesOnBoard(page)).toEqual(turn.stones);
  const score = turn.report.analyses.score;
  expect(await page.getAttribute('.move-panel', 'data-state')).toBe('analysed');
  expect(Number(await page.getAttribute('.move-panel .score', 'data-score'))).toBe(score.scoreLead);
  const lead = (v: number) => (v === 0 ? 'Jigo' : `${v > 0 ? 'B' : 'W'}+${Math.abs(v).toFixed(1)}`);
  expect(await page.textContent('.move-panel .score')).toBe(
    `${lead(score.scoreLead as number)} (between ${lead(score.lower as number)} and ${lead(score.upper as number)})`,
  );
}

/** Clicks the score graph where move n is drawn. */
async function clickGraphAt(page: Page, n: number, lastMove: number): Promise<void> {
  const box = await page.locator('.graph svg').boundingBox();
  if (!box) throw new Error('no score graph');
  // The graph's drawing: viewBox 600 wide, 30 units of margin each side.
  const x = box.x + ((30 + (540 * n) / lastMove) / 600) * box.width;
  await page.mouse.click(x, box.y + box.height / 2);
}

describe.skipIf(!hasChromium || !bundleBuilt)('viewer in Chromium (api in process, stored analyses)', () => {
  const services = useIsolatedServices();
  let app: INestApplication;
  let browser: Browser;
  let baseUrl: string;
  let tenantId: string;
  let key: string;
  let turns: StoredTurn[];
  let last: number;

  beforeAll(async () => {
    app = await createApiApp(ApiConfig.fromEnv(services().env));
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    const created = await new KeyAdmin(app.get(TenantRepository), app.get(ApiKeyRepository)).create('viewer');
    key = created.key;
    tenantId = created.tenantId;
    turns = fixtureTurns();
    last = turns.length - 1;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function openBatch(viewport: { width: number; height: number }, batchId: string): Promise<Page> {
    const page = await browser.newPage({ viewport });
    await page.goto(`${baseUrl}/viewer`);
    await page.fill('#api-key', key);
    await page.fill('#open-id', batchId);
    await page.click('#open');
    await page.waitForSelector('.board .shudan-goban');
    return page;
  }

  it('on a phone (390x844): fills the width without scrolling sideways, steps with per-move scores, jumps from the graph, keys work after clicks', async () => {
    // The last two turns are still queued: the page must say so, not draw anything else.
    const batchId = await storeBatch(app, tenantId, turns, new Set([last - 1, last]));
    const page = await openBatch(PHONE, batchId);
    // Live (the batch is not finished): it shows the newest analysed move.
    await expectMove(page, turns[last - 2]);
    await screenshot(page, 'viewer-phone');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    const board = await page.locator('.board .shudan-goban').boundingBox();
    expect(board?.width).toBeGreaterThan(PHONE.width * 0.9);

    // Ownership marks and faded dead stones come from the stored report of the move shown.
    const paints = await page
      .locator('.board .shudan-vertex.shudan-paint_1, .board .shudan-vertex.shudan-paint_-1')
      .count();
    expect(paints).toBeGreaterThan(0);

    // Stepping: every move shows its own stored score, not the final one.
    await page.click('#first');
    await expectMove(page, turns[0]);
    for (let n = 1; n <= 6; n++) {
      await page.click('#next');
      await expectMove(page, turns[n]);
    }
    expect(new Set(turns.slice(0, 7).map((t) => t.report.analyses.score.scoreLead)).size).toBeGreaterThan(1);

    // A queued move: "not analysed yet", and no ownership from anywhere else.
    await page.keyboard.press('End');
    await waitForMove(page, last);
    expect(await page.getAttribute('.move-panel', 'data-state')).toBe('pending');
    expect(await page.textContent('.move-panel .not-analysed')).toMatch(/^Not analysed yet/);
    expect(await page.locator('.board .shudan-vertex.shudan-paint_1').count()).toBe(0);

    // The graph jumps to the move under the click.
    await clickGraphAt(page, 20, last);
    await expectMove(page, turns[20]);
    await clickGraphAt(page, 41, last);
    await expectMove(page, turns[41]);

    // Keyboard after clicks on a checkbox and a button.
    await page.click('input[name=ownership]');
    await page.keyboard.press('ArrowLeft');
    await expectMove(page, turns[40]);
    expect(await page.locator('.board .shudan-vertex.shudan-paint_1').count()).toBe(0);
    await page.click('#prev');
    await page.keyboard.press('ArrowLeft');
    await expectMove(page, turns[38]);
    await page.keyboard.press('ArrowRight');
    await expectMove(page, turns[39]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await page.close();
  });

  it('on a desktop (1280x800): board and panel side by side, the graph jumps, keys step', async () => {
    const batchId = await storeBatch(app, tenantId, turns, new Set());
    const page = await openBatch(DESKTOP, batchId);
    // A finished batch opens on its last move, the game's end.
    await expectMove(page, turns[last]);
    const board = await page.locator('.board .shudan-goban').boundingBox();
    const side = await page.locator('.side').boundingBox();
    expect(board && side && side.x).toBeGreaterThan((board?.x ?? 0) + (board?.width ?? 0) - 1);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(DESKTOP.width);
    await page.click('input[name=moveValues]');
    await clickGraphAt(page, 30, last);
    await expectMove(page, turns[30]);
    await clickGraphAt(page, 48, last);
    await expectMove(page, turns[48]);
    await screenshot(page, 'viewer-desktop');
    await page.keyboard.press('ArrowRight');
    await expectMove(page, turns[49]);
    await page.keyboard.press('Home');
    await expectMove(page, turns[0]);

    // Export: the batch as SGF with every turn's score, the file Sabaki opens.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    expect(download.suggestedFilename()).toBe(`moyo-batch-${batchId}.sgf`);
    const sgf = readFileSync(await download.path(), 'utf8');
    const scored = readSgf(sgf).nodes.filter((n) => n.C?.[0].startsWith('Moyo score: '));
    expect(scored).toHaveLength(turns.length);
    await page.close();
  });

  it('follows a live game over SSE: each move appears as its job ends, with its own score', async () => {
    const game = await storeGame(app, tenantId, 424242, turns);
    for (let n = 1; n <= 10; n++) await game.complete(await game.play(n), n);
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseUrl}/viewer`);
    await page.fill('#api-key', key);
    await page.fill('#open-id', '424242');
    await page.click('#open');
    await expectMove(page, turns[10]);
    await page.waitForSelector('.source[data-transport=sse][data-live=true]');
    expect(await page.textContent('#move-label')).toBe('10 / 10 (live)');

    // Move 11 is played: queued first (the page stays on 10), then analysed (the page moves on).
    const eleven = await game.play(11);
    await page.waitForSelector('#move-label:text("10 / 11 (live)")');
    await game.complete(eleven, 11);
    await expectMove(page, turns[11]);
    expect(await page.textContent('#move-label')).toBe('11 / 11 (live)');

    // Stepping back leaves live; a new move does not pull the page away; » returns to it.
    await page.keyboard.press('ArrowLeft');
    await expectMove(page, turns[10]);
    await game.complete(await game.play(12), 12);
    await page.waitForSelector('#move-label:text("10 / 12")');
    await page.click('#last');
    await expectMove(page, turns[12]);

    // The game ends: the final analysis stands for the last move and the page stops being live.
    await game.finish(await game.play(12), 12);
    await page.waitForSelector('.source[data-live=false]');
    expect(await shownMove(page)).toBe(12);
    await page.close();
  });

  it('names the problem: a wrong key, another tenant’s batch, a bad SGF', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseUrl}/viewer`);
    await page.fill('#api-key', 'moyo_nope');
    await page.fill('#open-id', '00000000-0000-4000-8000-000000000000');
    await page.click('#open');
    await page.waitForSelector('#status.error');
    expect(await page.textContent('#status')).toMatch(/^401: /);
    await page.fill('#api-key', key);
    await page.fill('#open-id', '');
    await page.fill('#sgf', '(;GM[1]SZ[9];B[ee];W[ee])');
    await page.click('#open');
    await page.waitForSelector('#status.error:text("422")');
    expect(await page.textContent('#status')).toMatch(/^422: sgf: .*occupied/);
    await page.close();
  });
});
