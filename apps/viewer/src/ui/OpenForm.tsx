import { useState } from 'preact/hooks';

export type OpenRequest =
  | { kind: 'sgf'; sgf: string }
  | { kind: 'game'; id: string }
  | { kind: 'batch'; id: string }
  | { kind: 'job'; id: string };

interface Props {
  apiKey: string;
  busy: boolean;
  onKey(key: string): void;
  onOpen(req: OpenRequest): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What to open: an SGF (analysed move by move), an OGS game id, a batch id or a job id. */
export function OpenForm({ apiKey, busy, onKey, onOpen }: Props) {
  const [sgf, setSgf] = useState('');
  const [id, setId] = useState('');
  const [problem, setProblem] = useState('');
  const submit = (e: Event) => {
    e.preventDefault();
    const text = sgf.trim();
    const ref = id.trim();
    if (!apiKey.trim()) return setProblem('Enter an API key (npx moyo-admin keys create --name me).');
    if (text) return (setProblem(''), onOpen({ kind: 'sgf', sgf: text }));
    if (/^\d+$/.test(ref)) return (setProblem(''), onOpen({ kind: 'game', id: ref }));
    if (UUID.test(ref)) return (setProblem(''), onOpen({ kind: 'batch', id: ref }));
    if (ref) return (setProblem(''), onOpen({ kind: 'job', id: ref }));
    setProblem('Paste an SGF, or enter an OGS game id, a batch id or a job id.');
  };
  return (
    <form class="open-form" onSubmit={submit}>
      <label>
        API key
        <input
          id="api-key"
          type="password"
          autoComplete="off"
          placeholder="moyo_..."
          value={apiKey}
          onInput={(e) => onKey((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <label>
        SGF (every move is analysed)
        <textarea
          id="sgf"
          spellcheck={false}
          placeholder="(;GM[1]SZ[9];B[ee];W[cc])"
          value={sgf}
          onInput={(e) => setSgf((e.currentTarget as HTMLTextAreaElement).value)}
        />
      </label>
      <label>
        or an OGS game id, batch id or job id
        <input
          id="open-id"
          type="text"
          placeholder="12345678, a batch uuid or position-..."
          value={id}
          onInput={(e) => setId((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      <button id="open" type="submit" disabled={busy}>
        Open
      </button>
      {problem && <p class="error">{problem}</p>}
    </form>
  );
}
