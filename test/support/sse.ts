/** One Server-Sent Event, its data parsed as JSON. */
export interface SseEvent {
  type: string;
  id?: string;
  data: unknown;
}

/** Reads a text/event-stream response until the server ends it (`onEvent` sees each as it comes). */
export async function readSse(res: Response, onEvent?: (e: SseEvent) => void): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buf = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buf += decoder.decode(chunk, { stream: true });
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const ev: SseEvent = { type: 'message', data: undefined };
      for (const line of block.split('\n')) {
        const [k, ...rest] = line.split(':');
        const v = rest.join(':').trimStart();
        if (k === 'event') ev.type = v;
        else if (k === 'id') ev.id = v;
        else if (k === 'data') ev.data = JSON.parse(v);
      }
      events.push(ev);
      onEvent?.(ev);
    }
  }
  return events;
}
