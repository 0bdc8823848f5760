import { existsSync, readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';

/**
 * Where `npm run build` puts the viewer bundle (apps/viewer/build.ts): apps/api/dist/public/viewer.
 * The same from the compiled api (dist/viewer) and from its sources (src/viewer, in tests).
 */
export const VIEWER_DIR = resolve(__dirname, '..', '..', 'dist', 'public', 'viewer');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A bundle file name: no path, one of the bundle's extensions. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(html|js|css|map|png|svg)$/;

export interface ViewerFile {
  body: Buffer;
  type: string;
  /** Hashed asset names (board-TD3BPYMH.png) never change content; app.js and app.css do. */
  immutable: boolean;
}

/** The viewer's files, read once each; null for a name that is not in the bundle. */
export class ViewerFiles {
  private readonly cache = new Map<string, ViewerFile>();

  constructor(private readonly dir = VIEWER_DIR) {}

  built(): boolean {
    return existsSync(resolve(this.dir, 'index.html'));
  }

  get(name: string): ViewerFile | null {
    const hit = this.cache.get(name);
    if (hit) return hit;
    if (!FILE_NAME.test(name)) return null;
    const path = resolve(this.dir, name);
    if (!existsSync(path)) return null;
    const file: ViewerFile = {
      body: readFileSync(path),
      type: TYPES[extname(name)],
      immutable: /-[A-Z0-9]{8}\.\w+$/.test(name),
    };
    this.cache.set(name, file);
    return file;
  }
}
