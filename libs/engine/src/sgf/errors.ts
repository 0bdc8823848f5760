/** Thrown for an SGF that cannot be read or replayed; names where (node, move, property) and what. */
export class SgfError extends Error {
  constructor(
    /** What is wrong, without the location. */
    readonly problem: string,
    /** Where: 0-based node index along the main line (0 = root), when known. */
    readonly node?: number,
    /** The move number (1-based) of the node, when the node holds a move. */
    readonly moveNumber?: number,
    /** The SGF property involved (`SZ`, `B`, `AB`...), when one is. */
    readonly property?: string,
  ) {
    super(`SGF ${SgfError.where(node, moveNumber, property)}${problem}`);
    this.name = 'SgfError';
  }

  private static where(node?: number, moveNumber?: number, property?: string): string {
    const parts: string[] = [];
    if (node !== undefined) parts.push(node === 0 ? 'root node' : `node ${node}`);
    if (moveNumber !== undefined) parts.push(`move ${moveNumber}`);
    if (property !== undefined) parts.push(`property ${property}`);
    return parts.length ? `${parts.join(', ')}: ` : '';
  }
}
