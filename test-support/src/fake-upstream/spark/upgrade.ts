/**
 * Xunfei Spark's chat WebSocket (`/v{n}/chat`, `/chat/{name}`): the signed handshake is checked,
 * the scenario is picked by the handshake's `api_key`, and the single request frame is answered
 * (`chat.ts`). The request frame is recorded as the request's `body`; a socket the gateway closes
 * before the answer ended marks the request `clientAborted`.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestLog } from '../requests.js';
import type { ScenarioBook } from '../scenarios.js';
import type { RecordedRequest } from '../types.js';
import { acceptUpgrade, refuseUpgrade, type FakeSocket } from '../websocket.js';
import type { SparkApps } from './apps.js';
import { answerChat } from './chat.js';
import { checkHandshake } from './handshake.js';

export { isSparkPath } from './chat.js';

const sleep = (ms: number | undefined) => new Promise((resolve) => setTimeout(resolve, ms ?? 0));

export async function serveSpark(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  deps: { apps: SparkApps; scenarios: ScenarioBook; requests: RequestLog },
) {
  const url = new URL(req.url ?? '/', 'http://fake-upstream');
  const check = checkHandshake(req, url, deps.apps);
  const key = check.ok ? check.app.apiKey : check.apiKey;
  const record: RecordedRequest = {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: req.headers,
    key,
    body: undefined,
    rawBody: Buffer.alloc(0),
    files: [],
    route: 'spark.chat',
    params: {},
    time: Date.now(),
    clientAborted: false,
  };
  const { spec, fail } = deps.scenarios.resolve(key);
  record.scenario = spec.name;
  deps.requests.add(record);
  if (!check.ok) return refuseUpgrade(socket, check.status, { message: check.message });
  await sleep(spec.delayMs);
  if (spec.dropConnection) return socket.destroy();
  // A scenario error without a Spark code is an HTTP refusal of the handshake.
  if (fail && spec.error && typeof spec.error.code !== 'number') {
    return refuseUpgrade(
      socket,
      spec.error.status,
      spec.error.body ?? { message: spec.error.message ?? 'error' },
    );
  }

  const accepted = acceptUpgrade(req, socket, head);
  let served = false;
  const ws: FakeSocket = {
    ...accepted,
    close(code) {
      served = true;
      accepted.close(code);
    },
    destroy() {
      served = true;
      accepted.destroy();
    },
  };
  accepted.onClose(() => {
    if (!served) record.clientAborted = true;
  });
  let asked = false;
  accepted.onMessage((text) => {
    // One question per connection, as Spark serves it.
    if (asked) return;
    asked = true;
    record.rawBody = Buffer.from(text);
    void answerChat(ws, text, record, spec, check.app, fail);
  });
}
