import { describe, expect, it } from 'vitest';
import { InsertCoalescer } from '../src/repositories/insert-coalescer';

interface Item {
  id: string;
  tenantId?: string | null;
  idempotencyKey?: string | null;
}

/** An insert that records its batches and inserts every id it has not seen. */
function recording(fail?: (items: Item[]) => Error | null) {
  const batches: string[][] = [];
  const stored = new Set<string>();
  const insert = (items: Item[]) => {
    batches.push(items.map((i) => i.id));
    const err = fail?.(items);
    if (err) return Promise.reject(err);
    const fresh = items.filter((i) => !stored.has(i.id));
    for (const i of fresh) stored.add(i.id);
    return Promise.resolve(fresh.map((i) => ({ id: i.id })));
  };
  return { batches, insert };
}

const sqlError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

describe('InsertCoalescer', () => {
  it('inserts the adds of one turn as one batch and answers each with its row', async () => {
    const r = recording();
    const c = new InsertCoalescer<Item, { id: string }>(r.insert);
    const answers = await Promise.all(['a', 'b', 'c'].map((id) => c.add({ id })));
    expect(r.batches).toEqual([['a', 'b', 'c']]);
    expect(answers).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    // A later turn is a new batch; an id stored already is not inserted (null).
    expect(await Promise.all([c.add({ id: 'a' }), c.add({ id: 'd' })])).toEqual([null, { id: 'd' }]);
    expect(r.batches).toHaveLength(2);
  });

  it('puts a repeated id, or a tenant key already in the batch, into the next batch', async () => {
    const r = recording();
    const c = new InsertCoalescer<Item, { id: string }>(r.insert);
    const answers = await Promise.all([
      c.add({ id: 'x' }),
      c.add({ id: 'x' }),
      c.add({ id: 'y', tenantId: 't', idempotencyKey: 'k' }),
      c.add({ id: 'z', tenantId: 't', idempotencyKey: 'k' }),
      c.add({ id: 'w', tenantId: 'u', idempotencyKey: 'k' }),
    ]);
    expect(r.batches).toEqual([
      ['x', 'y', 'w'],
      ['x', 'z'],
    ]);
    // The second x finds the first stored: not created, as when two requests race.
    expect(answers).toEqual([{ id: 'x' }, null, { id: 'y' }, { id: 'z' }, { id: 'w' }]);
  });

  it('splits what exceeds the batch size into later batches', async () => {
    const r = recording();
    const c = new InsertCoalescer<Item, { id: string }>(r.insert, 2);
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => c.add({ id })));
    expect(r.batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('tries the jobs of a batch one by one when it fails on its data, failing only the bad one', async () => {
    const r = recording((items) => (items.some((i) => i.id === 'bad') ? sqlError('23503') : null));
    const c = new InsertCoalescer<Item, { id: string }>(r.insert);
    const settled = await Promise.allSettled(['a', 'bad', 'b'].map((id) => c.add({ id })));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23503' });
    expect(r.batches[0]).toEqual(['a', 'bad', 'b']);
    expect(r.batches.slice(1).sort()).toEqual([['a'], ['b'], ['bad']]);
  });

  it('fails every job of the batch at once when the database is unreachable', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const r = recording(() => down);
    const c = new InsertCoalescer<Item, { id: string }>(r.insert);
    const settled = await Promise.allSettled(['a', 'b'].map((id) => c.add({ id })));
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(r.batches).toEqual([['a', 'b']]);
  });
});
