import { describe, expect, it } from 'vitest';
import {
  binsOnPath,
  contextSources,
  dockerignoreExcludes,
  effective,
  ImageExpectations,
  lintDockerfileRules,
  lintDockerfileSyntax,
  parseDockerfile,
  readRepoFile,
  repoHas,
} from '../../scripts/infra-docker';
import { workspaceBins } from '../../scripts/infra-manifests';

const dockerfile = readRepoFile('Dockerfile');
const dockerignore = readRepoFile('.dockerignore');

export const IMAGES: ImageExpectations = {
  targets: {
    api: { entry: ['node', 'apps/api/dist/main.js'], healthcheck: true },
    worker: { entry: ['node', 'apps/worker/dist/main.js'], healthcheck: false },
    ingest: { entry: ['node', 'apps/ingest/dist/main.js'], healthcheck: false },
    migrate: {
      entry: ['node', 'node_modules/prisma/build/index.js', 'migrate', 'deploy'],
      healthcheck: false,
    },
  },
};

describe('Dockerfile', () => {
  it('passes the dockerfile-utils validator', () => {
    expect(lintDockerfileSyntax(dockerfile)).toEqual([]);
  });

  it('follows the house rules (pinned bases, exec form, non-root, prod deps only, prisma generate, healthchecks, real entry points)', () => {
    expect(lintDockerfileRules(dockerfile, IMAGES)).toEqual([]);
  });

  it('builds the api image by default (the last stage) and puts every package bin on PATH', () => {
    const stages = parseDockerfile(dockerfile);
    expect(stages[stages.length - 1].name).toBe('api');
    const bins = workspaceBins();
    expect(bins.get('moyo'), 'libs/engine package.json declares the moyo bin').toBe(
      'libs/engine/bin/moyo.js',
    );
    expect(bins.get('moyo-admin'), 'the root package.json declares moyo-admin').toBe(
      'apps/api/bin/moyo-admin.js',
    );
    expect(binsOnPath(dockerfile, 'runtime', bins)).toEqual([]);
    // No ENTRYPOINT override: the node image's entrypoint runs `moyo analyze -` as a command.
    expect(effective(stages, 'api', 'ENTRYPOINT')).toBeUndefined();
  });

  it('copies only files that exist and that .dockerignore lets through', () => {
    const sources = contextSources(dockerfile);
    expect(sources).toEqual(
      expect.arrayContaining([
        'package.json',
        'package-lock.json',
        'prisma',
        'prisma.config.ts',
        'libs',
        'apps',
      ]),
    );
    for (const src of sources) {
      expect(repoHas(src), `${src} exists`).toBe(true);
      expect(dockerignoreExcludes(dockerignore, src), `${src} is excluded by .dockerignore`).toBe(false);
    }
  });

  it('.dockerignore keeps local state out of the build context', () => {
    for (const p of [
      'node_modules',
      'apps/api/node_modules',
      'apps/api/dist',
      'libs/persistence/src/generated',
      '.git',
      '.env',
      'libs/engine/test/board/board.test.ts',
    ]) {
      expect(dockerignoreExcludes(dockerignore, p), p).toBe(true);
    }
    expect(dockerignoreExcludes(dockerignore, 'apps/api/src/main.ts')).toBe(false);
  });
});

describe('broken Dockerfiles are caught', () => {
  it('bins: one not linked onto PATH, one whose file the image never copies', () => {
    const bins = new Map([
      ['moyo', 'libs/engine/bin/moyo.js'],
      ['moyo-admin', 'apps/api/bin/moyo-admin.js'],
    ]);
    const bad = [
      'FROM node:20-bookworm-slim AS runtime',
      'COPY libs/engine/bin libs/engine/bin',
      'RUN ln -s /app/libs/engine/bin/moyo.js /usr/local/bin/moyo && ln -s /app/apps/api/bin/moyo-admin.js /usr/local/bin/moyo-adm',
    ].join('\n');
    const problems = binsOnPath(bad, 'runtime', bins).join('\n');
    expect(problems).toContain('moyo-admin is not linked to /usr/local/bin/moyo-admin');
    expect(problems).toContain('apps/api/bin/moyo-admin.js is not copied into the image');
    expect(problems).not.toMatch(/\bmoyo is not/);
  });

  it('syntax: bad port, bad duration, COPY without destination', () => {
    const bad =
      'FROM node:20-bookworm-slim AS a\nEXPOSE http\nHEALTHCHECK --interval=5 CMD true\nCOPY package.json\n';
    const problems = lintDockerfileSyntax(bad).join('\n');
    expect(problems).toContain('Invalid containerPort: http');
    expect(problems).toContain('missing unit in duration');
    expect(problems).toContain('COPY requires at least two arguments');
  });

  it('rules: latest base, shell CMD, root user, npm install, dev deps at run time, missing healthcheck and entry point', () => {
    const bad = [
      'FROM node:latest AS build',
      'WORKDIR /app',
      'COPY . .',
      'RUN npm install && npx prisma generate && npm run build',
      'FROM build AS api',
      'CMD node apps/api/dist/main.js',
      'FROM build AS worker',
      'USER node',
      'HEALTHCHECK CMD curl -f http://localhost:3000/healthz',
      'CMD ["node", "apps/worker/dist/server.js"]',
    ].join('\n');
    const problems = lintDockerfileRules(bad, {
      targets: { api: IMAGES.targets.api, worker: { entry: 'any', healthcheck: false } },
    }).join('\n');
    expect(problems).toContain('node:latest is not pinned');
    expect(problems).toContain('CMD in shell form');
    expect(problems).toContain('image api runs as root');
    expect(problems).toContain('npm install in an image build');
    expect(problems).toContain('image api has no HEALTHCHECK');
    expect(problems).toContain('image worker inherits a HEALTHCHECK');
    expect(problems).toContain('apps/worker/src/server.ts, which does not exist');
    expect(problems).toContain('image api contains development dependencies');
  });
});
