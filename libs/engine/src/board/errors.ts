/** Why a move is illegal, as named in `IllegalMoveError.reason`. */
export type IllegalReason = 'off-board' | 'occupied' | 'ko' | 'suicide' | 'superko' | 'bad-player';

/** Thrown by `Board.play` (and `Game.play`) for an illegal move; names the point and the reason. */
export class IllegalMoveError extends Error {
  constructor(
    readonly point: number,
    readonly reason: IllegalReason,
    detail?: string,
  ) {
    super(`illegal move${detail ? ` ${detail}` : ` at point ${point}`}: ${reason}`);
    this.name = 'IllegalMoveError';
  }
}

/** Thrown when golden rows or a size do not describe a board. */
export class BoardFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BoardFormatError';
  }
}
