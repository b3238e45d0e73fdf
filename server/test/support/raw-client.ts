import net from 'node:net';

/**
 * A relay client on a bare TCP socket, so a test decides exactly when the connection closes: right
 * after the request is written (0 ms), after a delay, or once some answer bytes have arrived.
 */
export interface RawCall {
  /** Everything the gateway sent before the socket closed. */
  received(): string;
  /** Closes the socket now. */
  close(): void;
  /** Resolves once `text` appears in what was received. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves once the socket is closed (by either side). */
  closed: Promise<void>;
}

export function rawPost(
  baseUrl: string,
  path: string,
  apiKey: string,
  body: unknown,
  options: { closeAfterMs?: number } = {},
): RawCall {
  const { hostname, port } = new URL(baseUrl);
  const payload = Buffer.from(JSON.stringify(body));
  const head =
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${apiKey}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`;
  const socket = net.connect(Number(port), hostname);
  let text = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const w of waiters.filter((w) => text.includes(w.text))) w.resolve();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(Buffer.concat([Buffer.from(head), payload]), () => {
    const { closeAfterMs } = options;
    if (closeAfterMs === 0) socket.destroy();
    else if (closeAfterMs !== undefined) setTimeout(() => socket.destroy(), closeAfterMs);
  });
  return {
    received: () => text,
    close: () => socket.destroy(),
    closed,
    waitFor(wanted, timeoutMs = 5_000) {
      if (text.includes(wanted)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${wanted}" within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          text: wanted,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
}
