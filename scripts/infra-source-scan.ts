/** What the apps' source declares: the api's GET routes and the Prometheus metric names. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './infra-kustomize';

function listFiles(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...listFiles(p, ext));
    else if (p.endsWith(ext)) out.push(p);
  }
  return out;
}

/** First string argument of a decorator call such as `@Get('x')`, `@Controller({ path: 'x' })`. */
function decoratorPath(args: string): string {
  const m = /^\s*(?:\{[^}]*path\s*:\s*)?['"`]([^'"`]*)['"`]/.exec(args);
  return m ? m[1] : '';
}

/**
 * GET routes of the NestJS api, read from its source: `@Controller(prefix)` + `@Get(path)`.
 * Nest's global prefix is ignored on purpose: health routes are excluded from it, and any
 * other probe path must be written with its prefix anyway.
 */
export function apiGetRoutes(srcDir = join(ROOT, 'apps/api/src')): Set<string> {
  const routes = new Set<string>();
  for (const file of listFiles(srcDir, '.ts')) {
    const text = readFileSync(file, 'utf8');
    const controller = /@Controller\(([^)]*)\)/.exec(text);
    if (!controller) continue;
    const prefix = decoratorPath(controller[1]);
    for (const m of text.matchAll(/@Get\(([^)]*)\)/g)) {
      const path = ['', prefix, decoratorPath(m[1])]
        .join('/')
        .replace(/\/+/g, '/')
        .replace(/(.)\/$/, '$1');
      routes.add(path);
    }
  }
  return routes;
}

// ---------------------------------------------------------------- metrics

/**
 * Prometheus metric names the apps expose, read from their source: prom-client metrics, the
 * exposition text they write themselves, and prom-client's default metrics under each
 * `collectDefaultMetrics` prefix (listed from a scratch registry, so the names are prom-client's
 * own). keda.int.test.ts checks the names against a real scrape as well.
 */
export async function exposedMetricNames(
  dirs = ['apps', 'libs'].map((d) => join(ROOT, d)),
): Promise<Set<string>> {
  const { collectDefaultMetrics, Registry } = await import('prom-client');
  const names = new Set<string>();
  const files = dirs
    .flatMap((d) => (existsSync(d) ? readdirSync(d).map((x) => join(d, x, 'src')) : []))
    .flatMap((src) => listFiles(src, '.ts'));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // prom-client metrics (`name: 'moyo_x'`), exposition text written by hand (`# TYPE moyo_x gauge`)
    // and names handed to a text helper as its first argument (`counterText('moyo_x', ...)`).
    for (const m of text.matchAll(/\bname:\s*['"`](moyo_[a-z0-9_]+)['"`]/g)) names.add(m[1]);
    for (const m of text.matchAll(/\(\s*['"`](moyo_[a-z0-9_]+)['"`]\s*,/g)) names.add(m[1]);
    for (const m of text.matchAll(/# TYPE (moyo_[a-z0-9_]+) (gauge|counter|histogram|summary)/g)) {
      names.add(m[1]);
      if (m[2] === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(m[1] + suffix);
    }
    for (const m of text.matchAll(/collectDefaultMetrics\(\{[^}]*prefix:\s*['"`]([a-z0-9_]+)['"`]/g)) {
      const registry = new Registry();
      collectDefaultMetrics({ register: registry, prefix: m[1] });
      for (const metric of registry.getMetricsAsArray()) names.add(metric.name);
    }
  }
  return names;
}
