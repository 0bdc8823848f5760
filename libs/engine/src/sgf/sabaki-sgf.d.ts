// Types for the parts of @sabaki/sgf (plain JavaScript, no bundled types) that the engine uses.
declare module '@sabaki/sgf' {
  export interface SgfNode {
    id: number | null;
    data: Record<string, string[]>;
    parentId: number | null;
    children: SgfNode[];
  }
  export function parse(contents: string, options?: { getId?: () => number }): SgfNode[];
  export function stringify(
    node: SgfNode | SgfNode[] | { data?: Record<string, string[]>; children: unknown[] },
    options?: { linebreak?: string; indent?: string },
  ): string;
}
