/**
 * Spark's chat socket after the handshake: one request frame in, answer frames out
 * (`header.status` 0 first, 1 between, 2 last; the last carries `payload.usage.text`), then the
 * server closes. Problems are error frames: `header.code` non-zero, status 2.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_REPLY, replyDeltas } from '../openai/text.js';
import { resolveUsage } from '../openai/usage.js';
import { countTokens } from '../tokens.js';
import type { RecordedRequest, ScenarioSpec } from '../types.js';
import type { FakeSocket } from '../websocket.js';
import type { SparkApp } from './apps.js';

/** The domain each socket path serves (Xunfei's table); another domain is a 10404 error. */
const DOMAINS: Readonly<Record<string, string>> = {
  '/v1.1/chat': 'general',
  '/v2.1/chat': 'generalv2',
  '/v3.1/chat': 'generalv3',
  '/v3.5/chat': 'generalv3.5',
  '/v4.0/chat': '4.0Ultra',
  '/chat/pro-128k': 'pro-128k',
  '/chat/max-32k': 'max-32k',
};

export const isSparkPath = (path: string) => path in DOMAINS;

interface RequestFrame {
  header?: { app_id?: unknown; uid?: unknown };
  parameter?: { chat?: { domain?: unknown; temperature?: unknown; max_tokens?: unknown } };
  payload?: { message?: { text?: Array<{ role?: unknown; content?: unknown }> } };
}

const sleep = (ms: number | undefined) => new Promise((resolve) => setTimeout(resolve, ms ?? 0));

/** What is wrong with a request frame, as Xunfei's code and message; null when it is fine. */
function invalid(frame: RequestFrame, app: SparkApp, path: string): { code: number; message: string } | null {
  if (frame.header?.app_id !== app.appId) return { code: 10313, message: 'appid和apikey不匹配' };
  if (frame.parameter?.chat?.domain !== DOMAINS[path]) {
    return { code: 10404, message: `domain ${String(frame.parameter?.chat?.domain)} is not served here` };
  }
  const temperature = frame.parameter?.chat?.temperature;
  if (temperature !== undefined && (typeof temperature !== 'number' || temperature <= 0 || temperature > 1)) {
    return { code: 10163, message: 'request parameter error: temperature must be in (0, 1]' };
  }
  const text = frame.payload?.message?.text;
  if (!Array.isArray(text) || text.length === 0)
    return { code: 10163, message: 'payload.message.text is required' };
  for (const m of text) {
    if (
      !['system', 'user', 'assistant'].includes(String(m.role)) ||
      typeof m.content !== 'string' ||
      !m.content
    ) {
      return { code: 10163, message: 'every message needs a role and non-empty content' };
    }
  }
  return null;
}

/** Answers one request frame on an accepted socket, as the scenario says. */
export async function answerChat(
  ws: FakeSocket,
  raw: string,
  record: RecordedRequest,
  spec: ScenarioSpec,
  app: SparkApp,
  fail: boolean,
) {
  const sid = `cht000${randomBytes(6).toString('hex')}`;
  const send = (header: Record<string, unknown>, payload?: unknown) =>
    ws.send(
      JSON.stringify({
        header: { code: 0, message: 'Success', sid, ...header },
        ...(payload ? { payload } : {}),
      }),
    );
  const errorFrame = (code: number, message: string) => {
    send({ code, message, status: 2 });
    ws.close();
  };
  let frame: RequestFrame;
  try {
    frame = JSON.parse(raw) as RequestFrame;
  } catch {
    return errorFrame(10160, 'request data format error: not JSON');
  }
  record.body = frame;
  const problem = spec.skipValidation ? null : invalid(frame, app, record.path);
  if (problem) return errorFrame(problem.code, problem.message);
  if (fail) {
    const code = typeof spec.error?.code === 'number' ? spec.error.code : 10110;
    return errorFrame(code, spec.error?.message ?? '服务忙，请稍后再试');
  }

  const text = spec.chunks?.join('') ?? spec.content ?? DEFAULT_REPLY;
  const deltas = spec.toolCalls?.length ? [] : replyDeltas(text, spec.chunks, spec.chunkCount);
  const prompt = (frame.payload?.message?.text ?? []).map((m) => String(m.content)).join('\n');
  const usage = resolveUsage(spec, { prompt: countTokens(prompt), completion: countTokens(text) });
  const frames: Array<{ content: string; functionCall?: { name: string; arguments: string } }> = deltas.map(
    (content) => ({ content }),
  );
  const call = spec.toolCalls?.[0];
  if (call) frames.push({ content: '', functionCall: { name: call.name, arguments: call.arguments } });
  if (frames.length === 0) frames.push({ content: '' });

  for (const [i, part] of frames.entries()) {
    if (spec.breakAfterChunks === i) return ws.destroy();
    if (spec.hangAfterChunks === i) return;
    if (spec.streamError?.afterEvents === i)
      return errorFrame(10014, spec.streamError.message ?? '输出内容审核不通过');
    await sleep(spec.chunkDelayMs);
    const status = i === frames.length - 1 ? 2 : i === 0 ? 0 : 1;
    const textItem: Record<string, unknown> = { content: part.content, role: 'assistant', index: 0 };
    if (part.functionCall) {
      textItem.content_type = 'function_call';
      textItem.function_call = part.functionCall;
    }
    const payload: Record<string, unknown> = { choices: { status, seq: i, text: [textItem] } };
    if (status === 2 && usage) {
      payload.usage = {
        text: {
          question_tokens: usage.prompt,
          prompt_tokens: usage.prompt,
          completion_tokens: usage.completion,
          total_tokens: usage.total,
        },
      };
    }
    send({ status }, payload);
  }
  ws.close();
}
