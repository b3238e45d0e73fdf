import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { greyPng } from '../fake-upstream/png.js';
import { advance, newTask, type FakeMjTask } from './tasks.js';

export { FAIL_REASON, type FakeMjTask } from './tasks.js';

/**
 * A fake midjourney-proxy (novicezk/midjourney-proxy and its Plus variant) on loopback, speaking
 * its JSON: submissions answer `{code, description, result, properties}`, tasks are read with
 * `/mj/task/{id}/fetch` and `/mj/task/list-by-condition`, every call needs `mj-api-secret`.
 *
 * The prompt steers the answer: `[refuse]` → code 24 (banned word), `[exists]` → code 21,
 * `[queue]` → code 22, `[noaccount]` → code 3, `[fail]` → accepted, then fails while drawing.
 */
export interface FakeMidjourney {
  url: string;
  secret: string;
  tasks: Map<string, FakeMjTask>;
  /** Every submission as received: path, headers and body. */
  submissions: Array<{ path: string; body: Record<string, unknown>; secret: string | undefined }>;
  /** How many list-by-condition calls arrived. */
  polls: number;
  /** Moves every unfinished task one step. */
  advanceAll(): void;
  reset(): void;
  close(): Promise<void>;
}

const SUBMIT_PATHS = new Set([
  '/mj/submit/imagine',
  '/mj/submit/change',
  '/mj/submit/simple-change',
  '/mj/submit/action',
  '/mj/submit/describe',
  '/mj/submit/blend',
  '/mj/submit/shorten',
  '/mj/submit/modal',
  '/mj/submit/upload-discord-images',
  '/mj/insight-face/swap',
]);

const ACTION_OF: Record<string, string> = {
  '/mj/submit/imagine': 'IMAGINE',
  '/mj/submit/describe': 'DESCRIBE',
  '/mj/submit/blend': 'BLEND',
  '/mj/submit/shorten': 'SHORTEN',
  '/mj/submit/modal': 'MODAL',
  '/mj/submit/upload-discord-images': 'UPLOAD',
  '/mj/insight-face/swap': 'SWAP_FACE',
};

function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as Record<string, unknown>);
      } catch {
        resolve({});
      }
    });
  });
}

export async function startFakeMidjourney(options: { secret?: string } = {}): Promise<FakeMidjourney> {
  const secret = options.secret ?? 'mj-secret';
  let next = 1_700_000_000_000;
  const fake: FakeMidjourney = {
    url: '',
    secret,
    tasks: new Map(),
    submissions: [],
    polls: 0,
    advanceAll: () => fake.tasks.forEach((t) => advance(t, fake.url)),
    reset() {
      fake.tasks.clear();
      fake.submissions.length = 0;
      fake.polls = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      if (req.method === 'GET' && path.startsWith('/attachments/')) {
        res.writeHead(200, { 'content-type': 'image/png' }).end(greyPng(8, 8));
        return;
      }
      if (req.headers['mj-api-secret'] !== secret) {
        send(res, 401, { code: 401, description: 'Unauthorized' });
        return;
      }
      if (req.method === 'POST' && SUBMIT_PATHS.has(path)) {
        const body = await readJson(req);
        fake.submissions.push({ path, body, secret: req.headers['mj-api-secret'] as string | undefined });
        const prompt = typeof body.prompt === 'string' ? body.prompt : '';
        if (prompt.includes('[refuse]')) {
          send(res, 200, {
            code: 24,
            description: '可能包含敏感词',
            result: null,
            properties: { bannedWord: 'refuse' },
          });
          return;
        }
        if (prompt.includes('[noaccount]')) {
          send(res, 200, { code: 3, description: '无可用的账号实例', result: null });
          return;
        }
        const id = String(next++);
        const action =
          ACTION_OF[path] ??
          (typeof body.action === 'string'
            ? body.action
            : typeof body.customId === 'string'
              ? 'ACTION'
              : 'CHANGE');
        fake.tasks.set(id, newTask(id, action, prompt, typeof body.state === 'string' ? body.state : ''));
        if (prompt.includes('[exists]')) {
          send(res, 200, {
            code: 21,
            description: '任务已存在',
            result: id,
            properties: { status: 'IN_PROGRESS' },
          });
        } else if (prompt.includes('[queue]')) {
          send(res, 200, {
            code: 22,
            description: '排队中，前面还有1个任务',
            result: id,
            properties: { numberOfQueues: 1 },
          });
        } else {
          send(res, 200, {
            code: 1,
            description: '提交成功',
            result: id,
            properties: { discordInstanceId: 'fake-instance' },
          });
        }
        return;
      }
      if (req.method === 'POST' && path === '/mj/task/list-by-condition') {
        const body = await readJson(req);
        fake.polls++;
        const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
        const found = ids.map((id) => fake.tasks.get(id)).filter((t): t is FakeMjTask => !!t);
        found.forEach((t) => advance(t, fake.url));
        send(res, 200, found);
        return;
      }
      const fetch = /^\/mj\/task\/([^/]+)\/(fetch|image-seed)$/.exec(path);
      if (req.method === 'GET' && fetch) {
        const task = fake.tasks.get(decodeURIComponent(fetch[1]!));
        if (!task) {
          send(res, 404, { code: 4, description: 'task_not_found' });
        } else if (fetch[2] === 'fetch') send(res, 200, task);
        else send(res, 200, { code: 1, description: '成功', result: `seed-${task.id}` });
        return;
      }
      send(res, 404, { code: 4, description: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
