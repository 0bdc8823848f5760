import { HttpException, HttpStatus } from '@nestjs/common';
import type { z } from 'zod';

/** One problem with a request: which field (a JSON path like `moves[3]`, or a header name) and what. */
export interface FieldProblem {
  field: string;
  message: string;
}

const REASON: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** The JSON body every api error has: status, reason, a readable message, and the fields at fault. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** The first field at fault (when a field is). */
  field?: string;
  /** Every field at fault, when there are several. */
  errors?: FieldProblem[];
  [extra: string]: unknown;
}

export function errorBody(status: number, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { statusCode: status, error: REASON[status] ?? 'Error', message, ...extra };
}

/** A request field that is wrong: 422 (or `status`) with `field` and a message that names it. */
export class FieldError extends HttpException {
  constructor(field: string, message: string, status: number = HttpStatus.UNPROCESSABLE_ENTITY) {
    super(errorBody(status, `${field}: ${message}`, { field, errors: [{ field, message }] }), status);
  }
}

/** Several wrong fields at once (a schema check): 422 listing them all, the message naming the first. */
export class FieldErrors extends HttpException {
  constructor(problems: FieldProblem[], status: number = HttpStatus.UNPROCESSABLE_ENTITY) {
    const first = problems[0] ?? { field: 'body', message: 'is invalid' };
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    super(
      errorBody(status, `${first.field}: ${first.message}${more}`, { field: first.field, errors: problems }),
      status,
    );
  }
}

/** `moves.3.1` → `moves[3][1]`: how clients write JSON paths. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || 'body';
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  tuple: 'an array',
};

function typeOfInput(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'object') return 'an object';
  return `${typeof input} ${JSON.stringify(input)?.slice(0, 40)}`;
}

/** The value at `path` inside `root`, or undefined when a step is missing. */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const step of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[step];
  }
  return v;
}

/**
 * The problems of a failed zod parse of `input`, one per issue, with client-style paths and plain
 * messages ("is required", "must be a number, got string \"6.5\"").
 */
export function problemsOf(error: z.ZodError, input: unknown): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({ field: fieldPath([...issue.path, key]), message: 'is not a known field' });
      }
      continue;
    }
    const field = fieldPath(issue.path);
    let message = issue.message;
    if (issue.code === 'invalid_type') {
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      const given = valueAt(input, issue.path);
      message = given === undefined ? 'is required' : `must be ${expected}, got ${typeOfInput(given)}`;
    }
    out.push({ field, message });
  }
  return out;
}
