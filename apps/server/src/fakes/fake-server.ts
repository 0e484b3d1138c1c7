import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fakes of the providers' APIs share: an HTTP server on 127.0.0.1, requests held without
 * an answer (a provider that does not answer), and a close that drops them with every connection.
 */
export abstract class FakeHttpServer {
  url = '';
  private readonly server: Server;
  private closed = false;
  private readonly hanging = new Set<ServerResponse>();

  constructor() {
    this.server = createServer((req, res) => this.onRequest(req, res));
  }

  /** Answers one request (called for each; errors are the subclass's to answer). */
  protected abstract onRequest(req: IncomingMessage, res: ServerResponse): void;

  /** The request's body as text (the fakes read it whole, then answer). */
  protected async readText(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Leaves a request without an answer until the client gives up or the fake closes. */
  protected hold(res: ServerResponse): void {
    this.hanging.add(res);
    res.on('close', () => this.hanging.delete(res));
  }

  /** Starts listening on 127.0.0.1, on `wanted` or a free port. */
  async listen(wanted = 0): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(wanted, '127.0.0.1', () => resolve());
    });
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Stops the server, dropping open connections and the requests held. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const res of this.hanging) res.socket?.destroy();
    this.hanging.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Failures planned for the next requests (`failNext`), each for `left` requests, in order. */
export class PlannedFailures<F> {
  private readonly planned: { failure: F; left: number; retryAfterSeconds: number }[] = [];

  constructor(private readonly defaultRetryAfterSeconds: number) {}

  add(failure: F, options: { count?: number; retryAfterSeconds?: number } = {}): void {
    this.planned.push({
      failure,
      left: options.count ?? 1,
      retryAfterSeconds: options.retryAfterSeconds ?? this.defaultRetryAfterSeconds,
    });
  }

  /** The failure planned for this request, if any (counted as used). */
  take(): { failure: F; retryAfterSeconds: number } | null {
    const rule = this.planned[0];
    if (!rule) return null;
    rule.left -= 1;
    if (rule.left <= 0) this.planned.shift();
    return rule;
  }

  clear(): void {
    this.planned.length = 0;
  }
}
