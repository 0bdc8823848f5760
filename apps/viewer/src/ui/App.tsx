import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { moveAnalysis } from '../analysis';
import { Api, storedKey, storeKey } from '../api';
import { mainLineMoves } from '../sgf-moves';
import { openBatch } from '../sources/batch';
import { openGame } from '../sources/game';
import { openJob } from '../sources/job';
import type { OpenSource, Source } from '../sources/source';
import { lastMoveNumber, positionAt, type Timeline } from '../timeline';
import { Board, type Overlays } from './Board';
import { MovePanel } from './MovePanel';
import { OpenForm, type OpenRequest } from './OpenForm';
import { ScoreGraph } from './ScoreGraph';

type Opened = { kind: 'game' | 'batch' | 'job'; id: string };

const OPENERS: Record<Opened['kind'], OpenSource<Api>> = { game: openGame, batch: openBatch, job: openJob };
const EXPORT_PATH: Record<Opened['kind'], string> = { game: 'games', batch: 'batches', job: 'jobs' };
/** What an SGF is analysed with: ownership, dead stones, score with its interval, move values. */
const SGF_ANALYSES = ['territory', 'deadStones', 'score', 'moveValues'];
/** A followed game's analyses: the move values are left out to keep up with live play. */
const GAME_ANALYSES = ['territory', 'deadStones', 'score'];
/** The api's limit of turns per request. */
const MAX_TURNS = 500;

function fromHash(): Opened | null {
  const m = /^#(game|batch|job)=(.+)$/.exec(location.hash);
  return m ? { kind: m[1] as Opened['kind'], id: decodeURIComponent(m[2]) } : null;
}

/** Every turn of a game, or evenly spread turns (the last one always) when there are too many. */
function turnsOf(moves: number): number[] {
  if (moves + 1 <= MAX_TURNS) return Array.from({ length: moves + 1 }, (_, i) => i);
  const step = moves / (MAX_TURNS - 1);
  return [...new Set(Array.from({ length: MAX_TURNS }, (_, i) => Math.round(i * step)))];
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  if (el.tagName === 'TEXTAREA') return true;
  return (
    el.tagName === 'INPUT' &&
    !['checkbox', 'radio', 'button', 'submit'].includes((el as HTMLInputElement).type)
  );
}

export function App() {
  const [key, setKey] = useState(storedKey());
  const [opened, setOpened] = useState<Opened | null>(fromHash());
  const [timeline, setTimeline] = useState<Timeline | null>(null);
  const [move, setMove] = useState(0);
  const [follow, setFollow] = useState(true);
  const [overlays, setOverlays] = useState<Overlays>({ ownership: true, dead: true, moveValues: false });
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const source = useRef<Source | null>(null);
  const api = useMemo(() => new Api(key.trim()), [key]);

  useEffect(() => {
    const onHash = () => setOpened(fromHash());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    source.current?.close();
    setTimeline(null);
    if (!opened || !api.key) return;
    setFollow(true);
    setMessage(null);
    source.current = OPENERS[opened.kind](api, opened.id, {
      update: (t) => setTimeline(t),
      error: (text) => setMessage({ text, error: true }),
    });
    return () => source.current?.close();
    // The key is read when a source is opened; typing a new key does not reopen it.
  }, [opened]);

  const last = timeline ? lastMoveNumber(timeline) : 0;
  // Following: the newest analysed move of a live game, else the last move.
  const followed = useMemo(() => {
    if (!timeline) return 0;
    if (timeline.source === 'job') return [...timeline.steps.keys()][0] ?? last;
    const analysed = [...timeline.steps.entries()]
      .filter(([, s]) => s.status === 'completed')
      .map(([n]) => n);
    return timeline.live && analysed.length ? Math.max(...analysed) : last;
  }, [timeline, last]);
  const shown = Math.min(follow ? followed : move, last);
  // The move on screen, or the one just asked for: a key pressed right after a click steps from
  // the clicked move even before the page has rendered it (a stale `shown` would undo the click).
  const current = useRef(shown);
  current.current = shown;

  const go = useCallback(
    (to: number) => {
      const m = Math.max(0, Math.min(last, to));
      current.current = m;
      setFollow(false);
      setMove(m);
    },
    [last],
  );
  /** Steps `by` moves from the current one. */
  const stepBy = useCallback((by: number) => go(current.current + by), [go]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!timeline || isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      const to =
        e.key === 'ArrowLeft'
          ? current.current - 1
          : e.key === 'ArrowRight'
            ? current.current + 1
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? last
                : null;
      if (to === null) return;
      e.preventDefault();
      go(to);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [timeline, last, go]);

  const open = async (req: OpenRequest) => {
    storeKey(key.trim());
    if (req.kind === 'game') {
      // Follow the game (again: the same stream); the ingest analyses each move as it is played.
      try {
        await api.json('/v1/streams', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ogsGameId: Number(req.id), analyses: GAME_ANALYSES }),
        });
      } catch (err) {
        setMessage({ text: (err as Error).message, error: true });
        return;
      }
    }
    if (req.kind !== 'sgf') {
      location.hash = `${req.kind}=${encodeURIComponent(req.id)}`;
      setOpened(fromHash());
      return;
    }
    setBusy(true);
    setMessage({ text: 'Submitting the SGF...', error: false });
    try {
      const moves = mainLineMoves(req.sgf);
      const body = await api.json<{ batchId: string | null; jobId?: string }>('/v1/positions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ sgf: req.sgf, analyzeTurns: turnsOf(moves), analyses: SGF_ANALYSES }),
      });
      if (!body.batchId) throw new Error('the api answered without a batch id');
      setMessage(null);
      location.hash = `batch=${body.batchId}`;
      setOpened(fromHash());
    } catch (err) {
      setMessage({ text: (err as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  };

  const exportSgf = async () => {
    if (!opened) return;
    try {
      const { text, filename } = await api.download(
        `/v1/${EXPORT_PATH[opened.kind]}/${encodeURIComponent(opened.id)}/sgf`,
      );
      const url = URL.createObjectURL(new Blob([text], { type: 'application/x-go-sgf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      setMessage({ text: `SGF export: ${(err as Error).message}`, error: true });
    }
  };

  const position = useMemo(() => (timeline ? positionAt(timeline, shown) : null), [timeline, shown]);
  const step = timeline?.steps.get(shown);
  const analysis = timeline ? moveAnalysis(step, timeline.width, timeline.height) : null;
  const graphPoints = useMemo(() => {
    if (!timeline) return [];
    return [...timeline.steps.entries()]
      .map(([m, s]) => ({ move: m, a: moveAnalysis(s, timeline.width, timeline.height) }))
      .filter((p): p is { move: number; a: NonNullable<typeof p.a> } => p.a !== null)
      .sort((a, b) => a.move - b.move);
  }, [timeline]);

  const toggle = (name: keyof Overlays) => setOverlays({ ...overlays, [name]: !overlays[name] });

  return (
    <div class="layout">
      <header>
        <h1>Moyo</h1>
        {timeline && (
          <span class="source" data-transport={timeline.transport} data-live={String(timeline.live)}>
            {timeline.note}
            {timeline.live ? ` · live (${timeline.transport === 'sse' ? 'events' : timeline.transport})` : ''}
          </span>
        )}
      </header>
      <main>
        <div class="board-column">
          {position && timeline ? (
            <Board position={position} analysis={analysis} overlays={overlays} onSwipe={stepBy} />
          ) : (
            <div class="board-placeholder">
              {opened && api.key ? 'Loading...' : 'Open a game to see it here.'}
            </div>
          )}
          {timeline && (
            <nav class="steps" aria-label="moves">
              <button
                id="first"
                type="button"
                onClick={() => go(0)}
                disabled={shown <= 0}
                aria-label="first move"
              >
                «
              </button>
              <button
                id="prev"
                type="button"
                onClick={() => stepBy(-1)}
                disabled={shown <= 0}
                aria-label="previous move"
              >
                ‹
              </button>
              <span id="move-label">
                {shown} / {last}
                {follow && timeline.live ? ' (live)' : ''}
              </span>
              <button
                id="next"
                type="button"
                onClick={() => stepBy(1)}
                disabled={shown >= last}
                aria-label="next move"
              >
                ›
              </button>
              <button
                id="last"
                type="button"
                onClick={() => setFollow(true)}
                disabled={follow}
                aria-label={timeline.live ? 'back to live' : 'last move'}
              >
                »
              </button>
            </nav>
          )}
        </div>
        <div class="side">
          {timeline && <MovePanel timeline={timeline} move={shown} step={step} analysis={analysis} />}
          {timeline && <ScoreGraph points={graphPoints} lastMove={last} current={shown} onJump={go} />}
          {timeline && (
            <fieldset class="overlays">
              <legend>Show</legend>
              <label>
                <input
                  type="checkbox"
                  name="ownership"
                  checked={overlays.ownership}
                  onChange={() => toggle('ownership')}
                />
                territory
              </label>
              <label>
                <input type="checkbox" name="dead" checked={overlays.dead} onChange={() => toggle('dead')} />{' '}
                dead stones
              </label>
              <label>
                <input
                  type="checkbox"
                  name="moveValues"
                  checked={overlays.moveValues}
                  onChange={() => toggle('moveValues')}
                />
                best moves
              </label>
              <button id="export" type="button" class="ghost" onClick={() => void exportSgf()}>
                Export SGF
              </button>
            </fieldset>
          )}
          {message && (
            <p id="status" class={message.error ? 'error' : ''} role="status">
              {message.text}
            </p>
          )}
          <details open={!timeline}>
            <summary>Open a game</summary>
            <OpenForm apiKey={key} busy={busy} onKey={setKey} onOpen={(r) => void open(r)} />
          </details>
        </div>
      </main>
    </div>
  );
}
