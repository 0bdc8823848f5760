import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// Nest relies on decorator metadata, which esbuild does not emit: SWC compiles the tests.
const alias = {
  '@moyo/engine': resolve(__dirname, 'libs/engine/src/index.ts'),
  '@moyo/contracts': resolve(__dirname, 'libs/contracts/src/index.ts'),
  '@moyo/persistence': resolve(__dirname, 'libs/persistence/src/index.ts'),
};
const plugins = [swc.vite({ module: { type: 'es6' } })];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is one file at a
    // time (10.6 min for the suite); two workers take 6 min there. Integration suites are isolated
    // (own database, Redis prefix, ports), so files may run side by side.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins,
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['{apps,libs}/*/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        plugins,
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['{apps,libs}/*/test/**/*.int.test.ts', 'test/**/*.int.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
