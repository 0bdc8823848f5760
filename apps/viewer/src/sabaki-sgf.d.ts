declare module '@sabaki/sgf' {
  export interface SgfNode {
    id: number | null;
    data: Record<string, string[]>;
    parentId: number | null;
    children: SgfNode[];
  }
  export function parse(contents: string): SgfNode[];
}
