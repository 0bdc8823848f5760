import { errorBody, fieldPath } from './api-errors';

/** Deepest JSON nesting a request body may have (the api's own inputs need fewer than 10 levels). */
export const MAX_JSON_DEPTH = 64;

/** Why a piece of request text cannot be stored: NUL, or a UTF-16 half with no other half. */
function textProblem(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return 'must not contain the NUL character (U+0000)';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return 'must not contain a lone UTF-16 surrogate (invalid Unicode)';
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return 'must not contain a lone UTF-16 surrogate (invalid Unicode)';
    }
  }
  return null;
}

/** The first problem in a parsed JSON value (its keys too), with the path of the field, or null. */
export function jsonTextProblem(
  value: unknown,
  path: (string | number)[] = [],
): { field: string; message: string } | null {
  const found = problemIn(value, path.length);
  // The path is built on the way out of a failure only: building it for every value cost a
  // position's few hundred moves an array each per request.
  return found ? { field: fieldPath([...path, ...found.at.reverse()]), message: found.message } : null;
}

/** The first problem under `value` at `depth`, with its path from `value` reversed. */
function problemIn(value: unknown, depth: number): { at: (string | number)[]; message: string } | null {
  if (depth > MAX_JSON_DEPTH) return { at: [], message: `is nested deeper than ${MAX_JSON_DEPTH} levels` };
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { at: [], message } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = problemIn(value[i], depth + 1);
      if (found) {
        found.at.push(i);
        return found;
      }
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { at: [key], message: `(a key) ${keyProblem}` };
      const found = problemIn((value as Record<string, unknown>)[key], depth + 1);
      if (found) {
        found.at.push(key);
        return found;
      }
    }
  }
  return null;
}

interface GuardedRequest {
  path?: string;
  body?: unknown;
  query?: unknown;
}
interface GuardedResponse {
  status(code: number): { json(body: unknown): unknown };
}

/**
 * Express middleware, after the JSON body parser: refuses with 400 naming the field any request
 * whose path, query or JSON body holds text PostgreSQL cannot store (NUL; lone surrogates, which
 * are no valid UTF-8) or a body nested deeper than MAX_JSON_DEPTH, before a route sees it. Without
 * it such input reached the database and failed there as a 500.
 */
export function textGuard(req: GuardedRequest, res: GuardedResponse, next: () => void): void {
  let problem: { field: string; message: string } | null = null;
  if (typeof req.path === 'string') {
    let path = req.path;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      // Malformed %-escapes are the router's to refuse; check the raw text.
    }
    const message = textProblem(path);
    if (message) problem = { field: 'path', message };
  }
  problem ??=
    req.query && typeof req.query === 'object' ? prefixed('query', jsonTextProblem(req.query)) : null;
  problem ??= req.body !== undefined ? jsonTextProblem(req.body) : null;
  if (!problem) return next();
  res
    .status(400)
    .json(
      errorBody(400, `${problem.field}: ${problem.message}`, { field: problem.field, errors: [problem] }),
    );
}

function prefixed(
  prefix: string,
  problem: { field: string; message: string } | null,
): { field: string; message: string } | null {
  return problem
    ? { ...problem, field: problem.field === 'body' ? prefix : `${prefix}.${problem.field}` }
    : null;
}
