import type { KataGoMove, PositionInput } from '@moyo/contracts';
import type { ResultRepository } from '@moyo/persistence';
import { waitFor } from './webhook-receiver';

/** A 19x19 position input with these moves. */
export function position(moves: KataGoMove[], extra: Partial<PositionInput> = {}): PositionInput {
  return { boardXSize: 19, boardYSize: 19, komi: 6.5, rules: 'japanese', initialStones: [], moves, ...extra };
}

/** Waits until job `id` has ended (completed or failed); returns it with its result. */
export function jobFinished(results: ResultRepository, id: string) {
  return waitFor(`job ${id} to finish`, async () => {
    const job = await results.findWithResult(id);
    return job && (job.status === 'completed' || job.status === 'failed') ? job : undefined;
  });
}
