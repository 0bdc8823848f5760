/** The field, message and HTTP status of the FieldError `fn` throws; fails when it throws none. */
export function fieldOf(fn: () => unknown): { field: string; message: string; status: number } {
  try {
    fn();
  } catch (err) {
    const e = err as { getResponse(): { field: string; message: string }; getStatus(): number };
    return { ...e.getResponse(), status: e.getStatus() };
  }
  throw new Error('expected a FieldError');
}
