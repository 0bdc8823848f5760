import { MAX_POSITION_MOVES } from '@moyo/contracts';

/** Longest move list (and initial stones list) of a request. */
export const MAX_MOVES = MAX_POSITION_MOVES;
/** Most turns one request may ask for (one job each). */
export const MAX_TURNS = 500;
/** Most moves all the jobs of one `analyzeTurns` request may hold together (rows stay small). */
export const MAX_BATCH_MOVES = 250_000;
