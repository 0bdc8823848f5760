import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHILD_TEST_TIMEOUT, ROOT, moyoCommand, runMoyo } from '../cli/run';
import { GtpClient } from './gtp-client';

const dir = mkdtempSync(join(tmpdir(), 'moyo-gtp-'));
const sgfPath = join(dir, 'g.sgf');
writeFileSync(sgfPath, '(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[gc];W[cg])');

/** Splits GTP output into answers (each ends with a blank line). */
function answers(stdout: string): string[] {
  return stdout.split('\n\n').filter(Boolean);
}

// Each test starts `moyo gtp` from source (tsx): slow on a loaded machine, hence the timeouts.
describe('moyo gtp as a child process', () => {
  const clients: GtpClient[] = [];
  function startGtp(): GtpClient {
    const [cmd, args] = moyoCommand(['gtp']);
    const client = new GtpClient(cmd, args, ROOT);
    clients.push(client);
    return client;
  }
  afterEach(() => {
    for (const c of clients.splice(0)) c.kill();
  });

  it(
    'serves a session and keeps serving after errors',
    async () => {
      const client = startGtp();
      expect(await client.send('1 protocol_version')).toEqual({ ok: true, body: '2' });
      expect(await client.raw('2 name')).toBe('=2 Moyo');
      expect(await client.send('boardsize 9')).toEqual({ ok: true, body: '' });
      expect(await client.send('play black E5')).toEqual({ ok: true, body: '' });
      expect(await client.send('play white E5')).toEqual({ ok: false, body: 'illegal move' });
      expect(await client.send('frobnicate')).toEqual({ ok: false, body: 'unknown command' });
      const missing = await client.send(`loadsgf ${join(dir, 'missing.sgf')}`);
      expect(missing.ok).toBe(false);
      expect(missing.body).toMatch(/^cannot open or parse '.*missing\.sgf': ENOENT/);
      expect(await client.send(`loadsgf ${sgfPath}`)).toEqual({ ok: true, body: 'black' });
      expect(await client.send('list_stones black')).toEqual({ ok: true, body: 'G7 E5' });
      const map = await client.send('moyo_freihofner');
      expect(map.ok).toBe(true);
      expect(map.body.split('\n')).toHaveLength(9);
      expect(await client.send('quit')).toEqual({ ok: true, body: '' });
      expect(await client.exited()).toBe(0);
      expect(client.unread).toBe('');
      expect(client.stderr.join('')).toBe('');
    },
    CHILD_TEST_TIMEOUT,
  );

  it(
    'reads a piped script (the issue example) and exits 0 at end of input',
    async () => {
      // CRLF line ends and no newline after the last command: both still answered.
      const r = await runMoyo(['gtp'], `loadsgf ${sgfPath}\r\n# a comment\r\n\r\nmoyo_freihofner`);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const [loaded, map, ...rest] = answers(r.stdout);
      expect(loaded).toBe('= black');
      expect(map).toMatch(/^= /);
      const rows = map.slice(2).split('\n');
      expect(rows).toHaveLength(9);
      for (const row of rows) expect(row.trim().split(/ +/)).toHaveLength(9);
      expect(rest).toEqual([]);
    },
    CHILD_TEST_TIMEOUT,
  );

  it(
    'answers everything before quit and nothing after it',
    async () => {
      const r = await runMoyo(['gtp'], '1 boardsize 5\n2 quit\n3 boardsize 7\n');
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('=1 \n\n=2 \n\n');
    },
    CHILD_TEST_TIMEOUT,
  );

  it(
    'exits quietly with 0 when the controller closes its end of the output',
    async () => {
      const client = startGtp();
      expect(await client.send('1 name')).toEqual({ ok: true, body: 'Moyo' });
      client.closeOutput();
      // Standard input stays open: the failed writes alone must end the process.
      for (let i = 0; i < 50; i++) client.write('showboard\n');
      expect(await client.exited()).toBe(0);
      expect(client.stderr.join('')).toBe('');
    },
    CHILD_TEST_TIMEOUT,
  );
});
