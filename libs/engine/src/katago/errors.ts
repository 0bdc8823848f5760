/**
 * A bad query field, as KataGo reports it: `{"id", "field", "error"}`; parsing stops at the first
 * one and the whole query is dropped.
 */
export class KataGoFieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'KataGoFieldError';
  }
}

/** A field the query may keep but Moyo ignores or approximates: `{"id", "field", "warning"}`. */
export interface KataGoWarning {
  readonly field: string;
  readonly warning: string;
}
