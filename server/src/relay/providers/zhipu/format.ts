import type { HubRequest, HubResponse, HubStreamEvent, HubUsage } from '../../formats/hub.js';
import type { HubStreamDecoder, UpstreamChatFormat } from '../../formats/types.js';
import type { SseEvent } from '../../stream/sse-parser.js';
import { hubStreamError, plainMessages, type PlainMessage } from '../plain-chat.js';
import { isZhipuFailure, zhipuErrorInfo } from './errors.js';

/** Zhipu v3 takes temperature and top_p strictly between 0 and 1. */
const clamp = (value: number) => Math.min(0.99, Math.max(0.01, value));

/**
 * The body of `.../model-api/<model>/invoke` and `/sse-invoke` (the URL says whether it streams).
 * v3 knows no system role: instructions become a first user turn the assistant acknowledges,
 * which keeps the turns alternating.
 */
export function zhipuChatBody(hub: HubRequest): Record<string, unknown> {
  const prompt: PlainMessage[] = [];
  if (hub.system.length > 0) {
    prompt.push({ role: 'user', content: hub.system.join('\n') }, { role: 'assistant', content: '好的。' });
  }
  prompt.push(...plainMessages(hub.messages));
  const body: Record<string, unknown> = { prompt, incremental: true };
  if (hub.temperature !== undefined) body.temperature = clamp(hub.temperature);
  if (hub.topP !== undefined) body.top_p = clamp(hub.topP);
  return body;
}

export function zhipuUsageToHub(raw: unknown): HubUsage | null {
  if (!raw || typeof raw !== 'object') return null;
  const usage = raw as { prompt_tokens?: number; completion_tokens?: number };
  return {
    promptTokens: usage.prompt_tokens ?? 0,
    completionTokens: usage.completion_tokens ?? 0,
    cachedTokens: 0,
    cacheCreationTokens: 0,
  };
}

/** v3 answers its content as a JSON string literal (`"\"Hello\\n\""`); unquoted here. */
export function unquoteContent(content: string): string {
  if (content.length >= 2 && content.startsWith('"') && content.endsWith('"')) {
    try {
      const parsed = JSON.parse(content) as unknown;
      if (typeof parsed === 'string') return parsed;
    } catch {
      return content.slice(1, -1);
    }
  }
  return content;
}

interface ZhipuData {
  task_id?: string;
  request_id?: string;
  choices?: Array<{ role?: string; content?: string }>;
  usage?: unknown;
}

/** `{code, msg, success, data: {choices, usage}}` in hub terms. */
export function zhipuResponseToHub(json: Record<string, unknown>): HubResponse {
  const data = (json.data ?? {}) as ZhipuData;
  const text = unquoteContent(data.choices?.[0]?.content ?? '');
  return {
    id: data.task_id ?? data.request_id ?? '',
    model: '',
    parts: text ? [{ type: 'text', text }] : [],
    finish: 'stop',
    usage: zhipuUsageToHub(data.usage),
  };
}

/**
 * v3's stream (framed by `ZhipuSseDecoder`): `add` events carry raw text, `finish` the last text
 * and then a `meta` event with the usage; `error` and `interrupted` end it with a failure.
 */
export class ZhipuStreamDecoder implements HubStreamDecoder {
  private started = false;

  push(event: SseEvent): HubStreamEvent[] {
    const out: HubStreamEvent[] = [];
    if (event.event === 'error' || event.event === 'interrupted') {
      return [hubStreamError(event.data || `Zhipu stream ${event.event}`, 'zhipu_error', 500)];
    }
    if (event.event === 'meta') {
      let meta: Record<string, unknown>;
      try {
        meta = JSON.parse(event.data) as Record<string, unknown>;
      } catch {
        return [];
      }
      if (isZhipuFailure(meta)) {
        const info = zhipuErrorInfo(meta);
        return [hubStreamError(info.message, info.type, info.status)];
      }
      const usage = zhipuUsageToHub(meta.usage);
      return usage ? [{ type: 'usage', usage }] : [];
    }
    if (!this.started) {
      this.started = true;
      out.push({ type: 'start', id: '', model: '' });
    }
    if (event.data) out.push({ type: 'text', text: event.data });
    if (event.event === 'finish') out.push({ type: 'finish', reason: 'stop' });
    return out;
  }
}

/** Zhipu's v3 model API, reached from every client format through the hub. */
export const zhipuV3: UpstreamChatFormat = {
  name: 'zhipu-v3',
  mode: 'chat',
  path: '/api/paas/v3/model-api',
  requestFromHub: zhipuChatBody,
  responseToHub: zhipuResponseToHub,
  streamDecoder: () => new ZhipuStreamDecoder(),
};
