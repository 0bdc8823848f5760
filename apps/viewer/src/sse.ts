/**
 * Server-Sent Events over fetch (EventSource cannot send the Authorization header). Calls onEvent
 * for each complete event; resolves when the server ends the stream, rejects on a failed request.
 */
export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
}

export async function readEvents(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  onEvent: (e: SseEvent) => void,
): Promise<void> {
  const res = await fetch(url, { headers: { ...headers, Accept: 'text/event-stream' }, signal });
  if (!res.ok || !res.body) throw new Error(`no event stream (HTTP ${res.status})`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return;
    buffer += decoder.decode(chunk.value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      const e: SseEvent = { event: 'message', id: null, data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const field = line.slice(0, colon);
        const value = line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') e.event = value;
        else if (field === 'id') e.id = value;
        else if (field === 'data') data.push(value);
      }
      e.data = data.join('\n');
      if (data.length) onEvent(e);
    }
  }
}
