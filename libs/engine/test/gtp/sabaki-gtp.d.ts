/** The parts of @sabaki/gtp (no types of its own) the client test uses. */
declare module '@sabaki/gtp' {
  export interface GtpResponse {
    id: number | null;
    content: string;
    error: boolean;
  }
  export class Controller {
    constructor(path: string, args?: string[], spawnOptions?: { cwd?: string });
    start(): void;
    stop(timeout?: number): Promise<void>;
    sendCommand(
      command: { name: string; args?: string[] },
      subscriber?: (event: { line: string; end: boolean }) => void,
    ): Promise<GtpResponse>;
  }
}
