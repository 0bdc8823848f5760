import { describe, expect, it } from 'vitest';
import { jsonTextProblem, MAX_JSON_DEPTH } from '../src/errors/text-guard';

describe('jsonTextProblem', () => {
  it('names the field of the first bad text, through arrays and keys', () => {
    const body = {
      moves: [
        ['B', 'Q16'],
        ['W', 'D\u00004'],
      ],
      komi: 6.5,
    };
    expect(jsonTextProblem(body)).toEqual({
      field: 'moves[1][1]',
      message: 'must not contain the NUL character (U+0000)',
    });
    expect(jsonTextProblem({ a: [{ ['b\ud800']: 1 }] })).toEqual({
      field: 'a[0].b\ud800',
      message: '(a key) must not contain a lone UTF-16 surrogate (invalid Unicode)',
    });
    expect(jsonTextProblem('x\udc00', ['query', 'q'])?.field).toBe('query.q');
  });

  it('accepts clean text and paired surrogates', () => {
    expect(jsonTextProblem({ moves: [['B', 'Q16']], comment: 'go \ud83d\ude00', n: null })).toBeNull();
  });

  it('refuses nesting past MAX_JSON_DEPTH, naming where it went too deep', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i <= MAX_JSON_DEPTH; i++) deep = [deep];
    const found = jsonTextProblem({ x: deep });
    expect(found?.message).toBe(`is nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(found?.field.startsWith('x[0][0]')).toBe(true);
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) fine = [fine];
    expect(jsonTextProblem({ x: fine })).toBeNull();
  });
});
