/**
 * A minimal RFC 6455 server side, enough for realtime fakes: the handshake, text and binary
 * frames (client frames are masked, fragmented messages are joined), ping/pong and close.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface FakeSocket {
  send(text: string): void;
  close(code?: number): void;
  /** Cuts the connection without a closing handshake (a provider's crash). */
  destroy(): void;
  onMessage(listener: (text: string) => void): void;
  onClose(listener: () => void): void;
}

/** Refuses an upgrade with a plain HTTP answer, as a provider does for a bad key. */
export function refuseUpgrade(socket: Duplex, status: number, body: unknown) {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} Error\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

function frame(opcode: number, payload: Buffer): Buffer {
  const len = payload.length;
  const head =
    len < 126
      ? Buffer.from([0x80 | opcode, len])
      : len < 65536
        ? Buffer.from([0x80 | opcode, 126, len >> 8, len & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 127]), bigLength(len)]);
  return Buffer.concat([head, payload]);
}

function bigLength(len: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(len));
  return b;
}

/** Completes the handshake and returns the socket's message interface. */
export function acceptUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): FakeSocket {
  const accept = createHash('sha1')
    .update(`${String(req.headers['sec-websocket-key'])}${GUID}`)
    .digest('base64');
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-accept: ${accept}\r\n\r\n`,
  );
  const messageListeners: Array<(text: string) => void> = [];
  const closeListeners: Array<() => void> = [];
  let buffer = head;
  let fragments: Buffer[] = [];
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    for (const l of closeListeners) l();
  };

  const read = () => {
    while (buffer.length >= 2) {
      const fin = (buffer[0]! & 0x80) !== 0;
      const opcode = buffer[0]! & 0x0f;
      const masked = (buffer[1]! & 0x80) !== 0;
      let len = buffer[1]! & 0x7f;
      let at = 2;
      if (len === 126) {
        if (buffer.length < 4) return;
        len = buffer.readUInt16BE(2);
        at = 4;
      } else if (len === 127) {
        if (buffer.length < 10) return;
        len = Number(buffer.readBigUInt64BE(2));
        at = 10;
      }
      const maskAt = at;
      if (masked) at += 4;
      if (buffer.length < at + len) return;
      const payload = Buffer.from(buffer.subarray(at, at + len));
      if (masked) for (let i = 0; i < len; i++) payload[i]! ^= buffer[maskAt + (i % 4)]!;
      buffer = buffer.subarray(at + len);
      if (opcode === 0x8) {
        if (!socket.destroyed) socket.end(frame(0x8, payload.subarray(0, 2)));
        finish();
        return;
      }
      if (opcode === 0x9) socket.write(frame(0xa, payload));
      else if (opcode === 0x1 || opcode === 0x2 || opcode === 0x0) {
        fragments.push(payload);
        if (fin) {
          const text = Buffer.concat(fragments).toString('utf8');
          fragments = [];
          for (const l of messageListeners) l(text);
        }
      }
    }
  };
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    read();
  });
  // The HTTP server allows half-open sockets: a peer that hung up without a close frame only
  // ends its side, and 'close' would wait for ours.
  socket.on('end', () => socket.destroy());
  socket.on('close', finish);
  socket.on('error', finish);
  queueMicrotask(read);

  return {
    send(text) {
      if (!closed && !socket.destroyed) socket.write(frame(0x1, Buffer.from(text, 'utf8')));
    },
    close(code = 1000) {
      if (closed || socket.destroyed) return;
      const payload = Buffer.alloc(2);
      payload.writeUInt16BE(code);
      socket.end(frame(0x8, payload));
      finish();
    },
    destroy() {
      socket.destroy();
      finish();
    },
    onMessage: (l) => void messageListeners.push(l),
    onClose: (l) => void closeListeners.push(l),
  };
}
