/**
 * `--name N` from the command line as an integer of at least `min` (default 1), or `fallback` when
 * the option is absent. Anything else is a usage error: a message naming the benchmark and the
 * option on stderr, exit code 2.
 */
export function integerOption(bench: string, name: string, fallback: number, min = 1): number {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(args[i + 1]);
  if (!Number.isInteger(v) || v < min) {
    const kind =
      min === 0 ? 'a non-negative integer' : min === 1 ? 'a positive integer' : `an integer >= ${min}`;
    process.stderr.write(`${bench}: ${name} must be ${kind}\n`);
    process.exit(2);
  }
  return v;
}
