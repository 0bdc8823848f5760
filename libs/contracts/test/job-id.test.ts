import { describe, expect, it } from 'vitest';
import {
  ALL_QUEUES,
  JobName,
  QueueOfJob,
  canonicalJson,
  deterministicJobId,
  hashOf,
  jobIdentity,
} from '../src';

const base = {
  kind: 'position',
  tenantId: 't1',
  input: { boardXSize: 19, moves: [['B', 'Q16']] },
  options: { analyses: ['territory'] },
  engineVersion: '0.1.0',
};

describe('deterministicJobId', () => {
  it('is the same for equal inputs whatever their key order', () => {
    const reordered = { ...base, input: { moves: [['B', 'Q16']], boardXSize: 19 } };
    expect(deterministicJobId(reordered)).toBe(deterministicJobId(base));
    expect(deterministicJobId(base)).toMatch(/^position-[0-9a-f]{40}$/);
  });

  it('differs when the tenant, input, options or engine version differ', () => {
    const id = deterministicJobId(base);
    expect(deterministicJobId({ ...base, tenantId: 't2' })).not.toBe(id);
    expect(deterministicJobId({ ...base, input: { ...base.input, moves: [['W', 'Q16']] } })).not.toBe(id);
    expect(deterministicJobId({ ...base, options: { analyses: ['score'] } })).not.toBe(id);
    expect(deterministicJobId({ ...base, engineVersion: '0.2.0' })).not.toBe(id);
  });

  it('is the hash of the canonical JSON of its parts, with the input hashed alone beside it', () => {
    const variants = [
      base,
      { ...base, tenantId: null },
      { ...base, options: undefined },
      {
        ...base,
        input: {
          moves: [
            ['B', 'Q16'],
            ['W', undefined],
          ],
          initialStones: [],
          komi: 6.5,
        },
      },
      { ...base, input: { graph: 'OO!%O.X%!..', nested: [{ b: 1, a: [{ d: 2, c: [1] }] }] } },
    ];
    for (const parts of variants) {
      const digest = hashOf({
        kind: parts.kind,
        tenantId: parts.tenantId,
        input: parts.input,
        options: parts.options,
        engineVersion: parts.engineVersion,
      });
      expect(jobIdentity(parts)).toEqual({
        id: `position-${digest.slice(0, 40)}`,
        inputHash: hashOf(parts.input),
      });
    }
  });

  it('never contains the Redis key separator', () => {
    expect(deterministicJobId({ ...base, kind: 'eyegraph' })).not.toContain(':');
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"z":1}]},"b":1}',
    );
  });
});

describe('queue and job names', () => {
  it('maps every job name to a registered queue', () => {
    for (const name of Object.values(JobName)) expect(ALL_QUEUES).toContain(QueueOfJob[name]);
  });
});
