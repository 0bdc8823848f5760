/**
 * Compares two `npm run regress -- --json OUT` reports: Moyo's passes per suite in each and every
 * test gained or lost, with both answers (scripts/gnugo-regress/compare.ts).
 *
 * Run: `npx tsx scripts/regress-compare.ts BEFORE.json AFTER.json`. Exit 2 on bad arguments or a
 * file that is not such a report.
 */
import { readFileSync } from 'node:fs';
import { asReport, compareReports, formatComparison } from './gnugo-regress/compare';

function fail(message: string): never {
  process.stderr.write(`regress-compare: ${message}\n`);
  process.exit(2);
}

function load(path: string): ReturnType<typeof asReport> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    fail(`${path}: ${(e as Error).message}`);
  }
  try {
    return asReport(JSON.parse(text), path);
  } catch (e) {
    fail((e as Error).message);
  }
}

const [before, after, ...extra] = process.argv.slice(2);
if (!before || !after || extra.length > 0)
  fail('usage: npx tsx scripts/regress-compare.ts BEFORE.json AFTER.json');
process.stdout.write(`${formatComparison(compareReports(load(before), load(after)))}\n`);
