import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Suno API (the task server the Suno channel type points at) on loopback, speaking its JSON
 * wire format: `POST /suno/submit/{MUSIC,LYRICS}` answers `{"code":"success","data":"<task id>"}`,
 * `POST /suno/fetch {"ids":[…]}` (and `GET /suno/fetch/:id`) answers the tasks. Each fetch that
 * includes a task moves it one step along its script, so a poller sees it progress over polls.
 *
 * Scripts are chosen by the prompt: one containing `FAIL` ends in FAILURE with a reason; `REFUSE`
 * is refused at submission (code ≠ success); `BROKEN` answers HTTP 500. Anything else succeeds.
 */

export interface FakeSunoTask {
  task_id: string;
  action: string;
  prompt: string;
  /** Steps taken so far (fetches that included it). */
  polls: number;
  submit_time: number;
  script: readonly Step[];
}

interface Step {
  status: string;
  fail_reason?: string;
}

export interface FakeSunoRequest {
  method: string;
  path: string;
  authorization: string;
  body: unknown;
}

export interface FakeSuno {
  url: string;
  key: string;
  tasks: Map<string, FakeSunoTask>;
  requests: FakeSunoRequest[];
  /** While true, fetches answer HTTP 502 (the upstream is down). */
  fetchDown: boolean;
  close(): Promise<void>;
}

const SUCCESS_SCRIPT: readonly Step[] = [
  { status: 'SUBMITTED' },
  { status: 'IN_PROGRESS' },
  { status: 'SUCCESS' },
];
const FAIL_REASON = 'generation failed: content policy';
const FAIL_SCRIPT: readonly Step[] = [
  { status: 'QUEUED' },
  { status: 'IN_PROGRESS' },
  { status: 'FAILURE', fail_reason: FAIL_REASON },
];
export const FAKE_SUNO_FAIL_REASON = FAIL_REASON;

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** The clip(s) the real API returns for a finished task. */
function resultData(task: FakeSunoTask, step: Step): unknown {
  if (step.status !== 'SUCCESS') return null;
  if (task.action === 'LYRICS') {
    return {
      id: `${task.task_id}-lyrics`,
      title: 'Fake lyrics',
      text: `[Verse]\n${task.prompt}`,
      status: 'complete',
    };
  }
  return [0, 1].map((i) => ({
    id: `${task.task_id}-clip-${i}`,
    title: 'Fake song',
    status: 'complete',
    audio_url: `https://cdn.example.test/${task.task_id}-${i}.mp3`,
    image_url: `https://cdn.example.test/${task.task_id}-${i}.jpeg`,
    model_name: 'chirp-v3',
    metadata: { prompt: task.prompt, duration: 120 },
  }));
}

/** The wire shape of one task (the Suno API's task DTO). */
function taskDto(task: FakeSunoTask) {
  const index = Math.min(task.polls, task.script.length) - 1;
  const step = index < 0 ? { status: 'NOT_START' } : task.script[index]!;
  const now = Math.floor(Date.now() / 1000);
  const done = step.status === 'SUCCESS' || step.status === 'FAILURE';
  return {
    task_id: task.task_id,
    action: task.action,
    status: step.status,
    fail_reason: step.fail_reason ?? '',
    submit_time: task.submit_time,
    start_time: step.status === 'IN_PROGRESS' || done ? task.submit_time + 1 : 0,
    finish_time: done ? now : 0,
    data: resultData(task, step),
  };
}

export async function startFakeSuno(options: { key?: string } = {}): Promise<FakeSuno> {
  const key = options.key ?? 'suno-upstream-key';
  let counter = 0;
  const fake: FakeSuno = {
    url: '',
    key,
    tasks: new Map(),
    requests: [],
    fetchDown: false,
    close: () => Promise.resolve(),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(res, 400, { code: 'invalid_json', message: 'invalid json', data: null });
      }
      const path = (req.url ?? '').split('?')[0]!;
      const authorization = req.headers.authorization ?? '';
      fake.requests.push({ method: req.method ?? '', path, authorization, body });
      if (authorization !== `Bearer ${key}`) {
        return send(res, 401, { code: 'unauthorized', message: 'invalid api key', data: null });
      }

      const submit = /^\/suno\/submit\/(MUSIC|LYRICS)$/.exec(path);
      if (req.method === 'POST' && submit) {
        const prompt = typeof body.prompt === 'string' ? body.prompt : '';
        const description =
          typeof body.gpt_description_prompt === 'string' ? body.gpt_description_prompt : '';
        const text = `${prompt} ${description}`;
        if (text.includes('BROKEN'))
          return send(res, 500, { code: 'error', message: 'internal', data: null });
        if (text.includes('REFUSE')) {
          return send(res, 200, { code: 'prompt_refused', message: 'the prompt was refused', data: null });
        }
        const taskId = `suno-task-${++counter}`;
        fake.tasks.set(taskId, {
          task_id: taskId,
          action: submit[1]!,
          prompt: text.trim(),
          polls: 0,
          submit_time: Math.floor(Date.now() / 1000),
          script: text.includes('FAIL') ? FAIL_SCRIPT : SUCCESS_SCRIPT,
        });
        return send(res, 200, { code: 'success', message: '', data: taskId });
      }

      const one = /^\/suno\/fetch\/([^/]+)$/.exec(path);
      if (path === '/suno/fetch' || one) {
        if (fake.fetchDown) return send(res, 502, { code: 'bad_gateway', message: 'down', data: null });
        const ids = one ? [one[1]!] : Array.isArray(body.ids) ? body.ids.map(String) : [];
        const found = ids.flatMap((id) => {
          const task = fake.tasks.get(id);
          if (!task) return [];
          task.polls += 1;
          return [taskDto(task)];
        });
        return send(res, 200, { code: 'success', message: '', data: one ? (found[0] ?? null) : found });
      }
      send(res, 404, { code: 'not_found', message: `no route ${path}`, data: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
