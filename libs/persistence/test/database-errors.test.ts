import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src';

/** An error as `pg` makes them: message, and the SQLSTATE or socket code. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'a server shutting down (57P01)',
      pgError('terminating connection due to administrator command', '57P01'),
    ],
    ['a server starting up (57P03)', pgError('the database system is starting up', '57P03')],
    ['a connection exception class 08', pgError('connection failure', '08006')],
    ['a dropped connection', pgError('Connection terminated unexpectedly')],
    ['the pool connect timeout', pgError('timeout exceeded when trying to connect')],
    [
      'Prisma: database not reachable',
      Object.assign(new Error("Can't reach database server"), { code: 'P1001' }),
    ],
    [
      "Prisma: the transaction's connection died",
      Object.assign(new Error('Transaction API error: Transaction already closed'), { code: 'P2028' }),
    ],
    [
      'Prisma wrapping the driver error',
      Object.assign(new Error('Raw query failed'), {
        code: 'P2010',
        meta: { driverAdapterError: { cause: { originalCode: '57P01', kind: 'postgres' } } },
      }),
    ],
    ['an error wrapping one of these', new Error('write failed', { cause: pgError('x', 'ECONNRESET') })],
  ])('is true for %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value violates unique constraint', '23505')],
    ['Prisma: unique constraint', Object.assign(new Error('Unique constraint failed'), { code: 'P2002' })],
    ['invalid text (NUL)', pgError('invalid byte sequence for encoding "UTF8": 0x00', '22021')],
    ['a syntax error', pgError('syntax error at or near "SELEC"', '42601')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
