import { RelayError } from '../../errors.js';
import type { FollowUp, InboundRequest, ParsedResponse, CompletedExchange } from '../types.js';
import { dashScopeErrorInfo, type DashScopeError } from './errors.js';
import { pollTask } from './task-poll.js';

export const IMAGE_SYNTHESIS_PATH = '/api/v1/services/aigc/text2image/image-synthesis';

/** OpenAI's images request as a text2image task: `1024x1024` is DashScope's `1024*1024`. */
export function imageTaskBody(inbound: InboundRequest, upstreamModel: string): Record<string, unknown> {
  const body = inbound.body ?? {};
  const input: Record<string, unknown> = { prompt: String(body.prompt ?? '') };
  // Not OpenAI's, but clients of DashScope models send it and the task honours it.
  if (typeof body.negative_prompt === 'string') input.negative_prompt = body.negative_prompt;
  const size = typeof body.size === 'string' ? body.size : '1024x1024';
  const n = typeof body.n === 'number' && body.n > 0 ? Math.trunc(body.n) : 1;
  return { model: upstreamModel, input, parameters: { size: size.replace('x', '*'), n } };
}

interface ImageResult {
  url?: string;
  b64_image?: string;
}

interface TaskAnswer extends DashScopeError {
  output?: DashScopeError & { task_id?: string; task_status?: string; results?: ImageResult[] };
  usage?: { image_count?: number };
}

const wantsBase64 = (inbound: InboundRequest) => inbound.body?.response_format === 'b64_json';

function readTask(body: Buffer): TaskAnswer {
  try {
    return JSON.parse(body.toString('utf8')) as TaskAnswer;
  } catch {
    return {};
  }
}

/**
 * After the submission: the task's id, looked at until it finishes; a client that asked for
 * `b64_json` while the task answered URLs gets the images fetched (without the channel's key:
 * they live on another host).
 */
export async function completeImageTask(
  first: Buffer,
  inbound: InboundRequest,
  tasksBase: string,
  headers: Record<string, string>,
  followUp: FollowUp,
): Promise<CompletedExchange> {
  const submitted = readTask(first);
  const taskId = submitted.output?.task_id;
  if (!taskId) return { status: 200, body: first, headers: {}, contentType: 'application/json' };
  const url = `${tasksBase}/api/v1/tasks/${encodeURIComponent(taskId)}`;
  const done = await pollTask(followUp, { url, method: 'GET', headers, body: undefined });
  if (done.status < 200 || done.status >= 300 || !wantsBase64(inbound)) return done;
  const task = readTask(done.body);
  const results = task.output?.results;
  if (task.output?.task_status !== 'SUCCEEDED' || !Array.isArray(results)) return done;
  for (const result of results) {
    if (result.b64_image || !result.url) continue;
    const image = await followUp.send({ url: result.url, method: 'GET', headers: {}, body: undefined });
    if (image.status < 200 || image.status >= 300) {
      throw new RelayError(502, `下载上游图片失败 (status ${image.status})`, 'image_download_failed', {
        local: false,
        type: 'upstream_error',
      });
    }
    result.b64_image = image.body.toString('base64');
  }
  return { ...done, body: Buffer.from(JSON.stringify(task)) };
}

/** A finished task as OpenAI's `{created, data: [{url} | {b64_json}]}`; a failed one as its error. */
export function parseImageTask(inbound: InboundRequest, body: Buffer): ParsedResponse {
  const task = readTask(body);
  const output = task.output;
  if (output?.task_status !== 'SUCCEEDED') {
    const status = output?.task_status
      ? `image task ${output.task_status}`
      : 'the upstream answer has no task';
    const error = dashScopeErrorInfo(output?.code ? output : task, status);
    return { body, contentType: 'application/json', usage: null, text: () => '', error };
  }
  const base64 = wantsBase64(inbound);
  const data = (output.results ?? [])
    .filter((r) => r.url || r.b64_image)
    .map((r) =>
      base64 && r.b64_image ? { b64_json: r.b64_image } : r.url ? { url: r.url } : { b64_json: r.b64_image },
    );
  const json = { created: Math.floor(Date.now() / 1000), data };
  const count = typeof task.usage?.image_count === 'number' ? task.usage.image_count : data.length;
  return {
    body: Buffer.from(JSON.stringify(json)),
    contentType: 'application/json',
    usage: { promptTokens: count, completionTokens: 0 },
    text: () => '',
  };
}
