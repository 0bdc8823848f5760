import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ViewerFiles } from '../../src/viewer/viewer-files';

function bundle(): string {
  const dir = mkdtempSync(join(tmpdir(), 'moyo-viewer-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html>');
  writeFileSync(join(dir, 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'board-TD3BPYMH.png'), 'png');
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'x.js'), 'no');
  return dir;
}

describe('ViewerFiles: the bundle the api serves at /viewer', () => {
  it('serves the bundle files with their types; hashed assets are immutable, app.js is not', () => {
    const files = new ViewerFiles(bundle());
    expect(files.built()).toBe(true);
    expect(files.get('index.html')?.type).toBe('text/html; charset=utf-8');
    expect(files.get('app.js')).toMatchObject({ type: 'text/javascript; charset=utf-8', immutable: false });
    expect(files.get('board-TD3BPYMH.png')).toMatchObject({ type: 'image/png', immutable: true });
    expect(files.get('app.js')?.body.toString()).toBe('console.log(1)');
  });

  it('refuses anything that is not a bundle file name: paths, other extensions, missing files', () => {
    const files = new ViewerFiles(bundle());
    for (const name of ['../index.html', 'sub/x.js', '.hidden.js', 'app.ts', 'missing.js', '']) {
      expect(files.get(name), name).toBeNull();
    }
  });

  it('says when the bundle is not built', () => {
    expect(new ViewerFiles(mkdtempSync(join(tmpdir(), 'moyo-viewer-'))).built()).toBe(false);
  });
});
