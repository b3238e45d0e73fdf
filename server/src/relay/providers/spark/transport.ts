import type { ClientRequest, IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { isIP, type LookupFunction } from 'node:net';
import {
  addressRefusal,
  guardedLookup,
  OutboundRefusedError,
} from '../../../platform/http/outbound-guard.js';
import { RelayError } from '../../errors.js';
import type { TransportOptions, UpstreamExchange, UpstreamRequest, UpstreamTransport } from '../types.js';
import { frameFailure, isLastFrame, parseFrame } from './frames.js';
import { SPARK_FRAMES_TYPE } from './stream.js';

/** The part of the `ws` client used here (the package ships no types of its own). */
interface WsSocket {
  on(event: 'open', listener: () => void): this;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[]) => void): this;
  on(event: 'unexpected-response', listener: (req: ClientRequest, res: IncomingMessage) => void): this;
  on(event: 'error', listener: (err: Error & { code?: string }) => void): this;
  on(event: 'close', listener: () => void): this;
  send(data: string | Buffer): void;
  close(code?: number): void;
  terminate(): void;
}
type WsConstructor = new (
  url: string,
  options: {
    headers: Record<string, string>;
    handshakeTimeout: number;
    followRedirects: boolean;
    perMessageDeflate: boolean;
    maxPayload: number;
    lookup: LookupFunction;
  },
) => WsSocket;

const WebSocket = createRequire(import.meta.url)('ws') as WsConstructor;

/** A refused handshake's body is an error message: more is not read. */
const MAX_REFUSAL_BYTES = 64 * 1024;

function codedError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

function text(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

async function* once(bytes: Buffer): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/**
 * Spark's chat socket as an HTTP-like exchange: open the signed URL, send the request frame, and
 * answer at the first frame. An error frame then is an error status (its code's), with the frame
 * as the body; otherwise 200 and a body of frames, one JSON text a line, ending at the last
 * frame (`status: 2`). A refused handshake answers its HTTP status and body. The socket closes
 * when the signal aborts (the client left) or the reader stops early; a socket that closes before
 * the last frame makes the body throw, like a cut HTTP stream.
 */
function exchange(request: UpstreamRequest, options: TransportOptions): Promise<UpstreamExchange> {
  if (options.proxy) {
    // `ws` would need a proxy agent of its own; sending around the proxy is not an option.
    return Promise.reject(
      new RelayError(500, '讯飞星火渠道暂不支持代理', 'proxy_unsupported', {
        local: false,
        type: 'new_api_error',
      }),
    );
  }
  // An IP literal is connected to without a lookup, so it is judged here.
  const host = new URL(request.url).hostname.replace(/^\[|\]$/g, '');
  const refused = isIP(host) ? addressRefusal(host, true) : null;
  if (refused) return Promise.reject(new OutboundRefusedError(refused));
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(request.url, {
      headers: request.headers,
      handshakeTimeout: options.connectTimeoutMs,
      // A redirect would carry the signed query to whatever host the upstream names.
      followRedirects: false,
      perMessageDeflate: false,
      maxPayload: 16 * 1024 * 1024,
      // The channel policy of every upstream call: no link-local or metadata addresses.
      lookup: guardedLookup(true),
    });
    const frames: Buffer[] = [];
    let answered = false;
    let ended = false;
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    let timer: NodeJS.Timeout | undefined;

    const notify = () => {
      const resume = wake;
      wake = null;
      resume?.();
    };
    const settle = () => {
      ended = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
    };
    const fail = (err: Error) => {
      if (ended) return;
      settle();
      failure = err;
      socket.terminate();
      if (!answered) reject(err);
      notify();
    };
    const answer = (exchange: UpstreamExchange) => {
      answered = true;
      resolve(exchange);
    };
    const arm = (ms: number, code: string) => {
      clearTimeout(timer);
      if (ms > 0) timer = setTimeout(() => fail(codedError('Spark went silent', code)), ms);
    };
    function onAbort() {
      fail(codedError('the call was cancelled', 'ABORT_ERR'));
    }
    if (options.signal.aborted) return onAbort();
    options.signal.addEventListener('abort', onAbort, { once: true });

    async function* body(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) {
          const next = frames.shift();
          if (next) yield next;
          else if (failure) throw failure;
          else if (ended) return;
          else await new Promise<void>((resume) => (wake = resume));
        }
      } finally {
        // The reader stopped early (an error event, a client gone): nothing more is wanted.
        if (!ended) {
          settle();
          socket.terminate();
        }
      }
    }

    socket.on('unexpected-response', (_req, res) => {
      const parts: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_REFUSAL_BYTES) parts.push(chunk);
      });
      res.on('end', () => {
        if (ended) return;
        settle();
        answer({ statusCode: res.statusCode ?? 502, headers: res.headers, body: once(Buffer.concat(parts)) });
        socket.terminate();
      });
      res.on('error', (err) => fail(codedError(err.message, 'UND_ERR_SOCKET')));
    });
    socket.on('open', () => {
      arm(options.responseTimeoutMs, 'UND_ERR_HEADERS_TIMEOUT');
      socket.send(String(request.body ?? ''));
    });
    socket.on('message', (data) => {
      if (ended) return;
      // Frames are compact JSON; a raw line break could only be whitespace between tokens.
      const line = text(data).replace(/[\r\n]+/g, ' ');
      const frame = parseFrame(line);
      const error = frame && frameFailure(frame);
      if (!answered && error) {
        settle();
        answer({
          statusCode: error.status,
          headers: { 'content-type': 'application/json' },
          body: once(Buffer.from(line)),
        });
        socket.close(1000);
        return;
      }
      if (!answered)
        answer({ statusCode: 200, headers: { 'content-type': SPARK_FRAMES_TYPE }, body: body() });
      frames.push(Buffer.from(`${line}\n`));
      if (!frame || error || isLastFrame(frame)) {
        settle();
        socket.close(1000);
      } else {
        arm(options.idleTimeoutMs, 'UND_ERR_BODY_TIMEOUT');
      }
      notify();
    });
    socket.on('error', (err) => fail(codedError(err.message, err.code ?? 'websocket_error')));
    socket.on('close', () =>
      fail(codedError('Spark closed the socket before its last frame', 'UND_ERR_SOCKET')),
    );
  });
}

export const sparkTransport: UpstreamTransport = { exchange };
