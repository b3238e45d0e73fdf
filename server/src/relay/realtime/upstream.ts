import { channelTypeInfo } from '@gateway/contract';
import { WebSocket } from 'undici';
import { channelDispatcher } from '../../platform/http/outbound-guard.js';
import { channelKeyHeader } from '../providers/openai/adapter.js';
import { azureDeployment } from '../providers/openai/upstream-url.js';
import type { UpstreamTarget } from '../providers/types.js';

/** How long an upstream may take to accept the WebSocket before the next channel is tried. */
const CONNECT_TIMEOUT_MS = 15_000;

/**
 * The Realtime URL of an OpenAI channel: its base URL with a ws(s) scheme. Azure names the
 * deployment (the model without dots, as for its other endpoints) and the API version instead.
 */
export function realtimeUrl(target: UpstreamTarget): string {
  const { channel, upstreamModel } = target;
  const info = channelTypeInfo(channel.type);
  const base = (channel.baseUrl || info?.baseUrl || '').replace(/\/+$/, '').replace(/^http/, 'ws');
  if (info?.urlLayout?.kind === 'azure') {
    const deployment = encodeURIComponent(azureDeployment(upstreamModel));
    const version = encodeURIComponent(target.azureApiVersion);
    return `${base}/openai/realtime?api-version=${version}&deployment=${deployment}`;
  }
  return `${base}/v1/realtime?model=${encodeURIComponent(upstreamModel)}`;
}

/** The open upstream socket; its messages are kept from the start until someone listens. */
export interface UpstreamConnection {
  socket: WebSocket;
  onMessage(listener: (data: unknown) => void): void;
}

/**
 * Opens the upstream socket; resolves once it is open, rejects when the handshake fails (a
 * refused key, an unknown model, an unreachable host) or takes too long.
 */
export function connectUpstream(
  target: UpstreamTarget,
  beta: string | undefined,
): Promise<UpstreamConnection> {
  const headers = channelKeyHeader(target.channel);
  if (beta) headers['openai-beta'] = beta;
  for (const [name, value] of Object.entries(target.channel.headers)) headers[name.toLowerCase()] = value;
  const socket = new WebSocket(realtimeUrl(target), { headers, dispatcher: channelDispatcher() });
  socket.binaryType = 'arraybuffer';
  // The first event (session.created) may arrive right behind the handshake.
  const early: unknown[] = [];
  let listener: ((data: unknown) => void) | null = null;
  socket.addEventListener('message', (event) => (listener ? listener(event.data) : early.push(event.data)));
  const connection: UpstreamConnection = {
    socket,
    onMessage(l) {
      listener = l;
      for (const data of early.splice(0)) l(data);
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('timeout'));
    }, CONNECT_TIMEOUT_MS);
    socket.addEventListener('open', () => {
      clearTimeout(timer);
      resolve(connection);
    });
    socket.addEventListener('error', () => {
      clearTimeout(timer);
      reject(new Error('handshake failed'));
    });
  });
}
