import { Goban, type Map, type Marker, type Vertex } from '@sabaki/shudan';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { MoveAnalysis } from '../analysis';
import type { Position } from '../timeline';

export interface Overlays {
  ownership: boolean;
  dead: boolean;
  moveValues: boolean;
}

interface Props {
  position: Position;
  analysis: MoveAnalysis | null;
  overlays: Overlays;
  onSwipe(direction: -1 | 1): void;
}

/**
 * Shudan's board is (size + 2) vertices wide with coordinates, plus a border of 0.15 vertex each
 * side. (Its BoundedGoban sizes itself from a first render at 1 px, which rounds a 9x9 board down
 * to 85 % of a phone's width, so the size is worked out here.)
 */
const BOARD_WIDTH_IN_VERTICES = 2.3;
const MAX_VERTEX_SIZE = 64;

/** Ownership below this is left unmarked (the engine is not sure either way). */
const MIN_OWNERSHIP = 0.15;

function grid<T>(width: number, height: number, fill: T): Map<T> {
  return Array.from({ length: height }, () => Array.from({ length: width }, () => fill));
}

/**
 * The goban (@sabaki/shudan): stones from the replayed moves; ownership as graded marks on empty
 * points and dead stones, dead stones faded and crossed, the best moves labelled with their
 * values, the last move circled. Fills the width it is given; a horizontal swipe steps.
 */
export function Board({ position, analysis, overlays, onSwipe }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const signMap = position.board.signMap;
  // Rows of columns: a rectangular board (boardXSize != boardYSize) is drawn as it is.
  const rows = signMap.length;
  const columns = signMap[0]?.length ?? 0;
  const maps = useMemo(() => {
    const paintMap = grid<number>(columns, rows, 0);
    const markerMap = grid<Marker | null>(columns, rows, null);
    const dimmed: Vertex[] = [];
    const dead = new Set((analysis?.deadStones ?? []).map(([x, y]) => y * columns + x));
    if (analysis && overlays.ownership && analysis.ownership) {
      analysis.ownership.forEach((v, i) => {
        const x = i % columns;
        const y = Math.floor(i / columns);
        if (y >= rows) return;
        const stone = signMap[y][x];
        // Marks on empty points and on dead stones; a living stone needs none.
        if (stone !== 0 && !dead.has(i)) return;
        if (Math.abs(v) >= MIN_OWNERSHIP) paintMap[y][x] = Math.max(-1, Math.min(1, v));
      });
    }
    if (analysis && overlays.dead) {
      for (const [x, y] of analysis.deadStones) {
        if (signMap[y]?.[x] === 0) continue;
        dimmed.push([x, y]);
        markerMap[y][x] = { type: 'cross' };
      }
    }
    if (analysis && overlays.moveValues) {
      for (const m of analysis.topMoves.slice(0, 3)) {
        const [x, y] = m.vertex;
        if (signMap[y]?.[x] !== 0) continue;
        markerMap[y][x] = { type: 'label', label: m.value.toFixed(1) };
        paintMap[y][x] = 0;
      }
    }
    const last = position.lastMove?.vertex;
    if (last && signMap[last[1]]?.[last[0]] !== 0 && !markerMap[last[1]][last[0]]) {
      markerMap[last[1]][last[0]] = { type: 'circle' };
    }
    return { paintMap, markerMap, dimmed };
  }, [position, analysis, overlays, signMap, rows, columns]);

  const start = useRef<{ x: number; y: number } | null>(null);
  // On a phone the board takes the whole width; on a desktop it also fits the window's height.
  const maxHeight = Math.max(Math.min(width, 480), window.innerHeight - 140);
  const vertexSize = Math.min(
    MAX_VERTEX_SIZE,
    Math.floor(
      Math.min(width / (columns + BOARD_WIDTH_IN_VERTICES), maxHeight / (rows + BOARD_WIDTH_IN_VERTICES)),
    ),
  );
  return (
    <div
      class="board"
      ref={box}
      data-size={columns === rows ? columns : `${columns}x${rows}`}
      onPointerDown={(e) => (start.current = { x: e.clientX, y: e.clientY })}
      onPointerUp={(e) => {
        const s = start.current;
        start.current = null;
        if (!s) return;
        const dx = e.clientX - s.x;
        if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(e.clientY - s.y)) onSwipe(dx < 0 ? 1 : -1);
      }}
    >
      {width > 0 && (
        <Goban
          vertexSize={vertexSize}
          showCoordinates
          signMap={signMap}
          paintMap={maps.paintMap as Map<0 | 1 | -1>}
          markerMap={maps.markerMap}
          dimmedVertices={maps.dimmed}
        />
      )}
    </div>
  );
}
