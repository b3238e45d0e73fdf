import type { HubPart, HubRequest, HubResponse, HubStreamEvent, HubUsage } from '../../formats/hub.js';
import type { HubStreamDecoder, UpstreamChatFormat } from '../../formats/types.js';
import type { SseEvent } from '../../stream/sse-parser.js';
import { hubStreamError, plainFinish } from '../plain-chat.js';
import { baiduErrorInfo, isBaiduError } from './errors.js';
import { ernieCallParts, ernieFunctionFields, ernieMessages } from './functions.js';

/** ERNIE refuses a temperature of 0 or above 1 and a top_p above 1 (error 336003). */
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The body of `POST .../wenxinworkshop/chat/<endpoint>`; instructions go in `system`. */
export function baiduChatBody(hub: HubRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    messages: ernieMessages(hub.messages),
    stream: hub.stream,
    ...ernieFunctionFields(hub),
  };
  if (hub.system.length > 0) body.system = hub.system.join('\n');
  if (hub.temperature !== undefined) body.temperature = clamp(hub.temperature, 0.01, 1);
  if (hub.topP !== undefined) body.top_p = clamp(hub.topP, 0, 1);
  if (hub.maxTokens > 0) body.max_output_tokens = hub.maxTokens;
  if (hub.stop.length > 0) body.stop = hub.stop;
  if (hub.user) body.user_id = hub.user;
  return body;
}

interface BaiduUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

export function baiduUsageToHub(raw: unknown): HubUsage | null {
  if (!raw || typeof raw !== 'object') return null;
  const usage = raw as BaiduUsage;
  return {
    promptTokens: usage.prompt_tokens ?? 0,
    completionTokens: usage.completion_tokens ?? 0,
    cachedTokens: 0,
    cacheCreationTokens: 0,
  };
}

/** `is_truncated` marks an answer cut at max_output_tokens; newer models also say `finish_reason`. */
function finishOf(json: Record<string, unknown>) {
  if (json.function_call) return 'tool_calls';
  if (typeof json.finish_reason === 'string' && json.finish_reason) return plainFinish(json.finish_reason);
  return json.is_truncated === true ? 'length' : 'stop';
}

/** `{id, result, function_call, is_truncated, usage}` in hub terms. */
export function baiduResponseToHub(json: Record<string, unknown>): HubResponse {
  const text = typeof json.result === 'string' ? json.result : '';
  const parts: HubPart[] = text ? [{ type: 'text', text }] : [];
  return {
    id: typeof json.id === 'string' ? json.id : '',
    model: '',
    parts: [...parts, ...ernieCallParts(json.function_call)],
    finish: finishOf(json),
    usage: baiduUsageToHub(json.usage),
  };
}

/**
 * ERNIE streams `data: {id, result, function_call, is_end, usage}` events, each with the running usage; the
 * one with `is_end` closes the answer. An `{error_code, error_msg}` event is a failure.
 */
export class BaiduStreamDecoder implements HubStreamDecoder {
  private started = false;

  push(event: SseEvent): HubStreamEvent[] {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(event.data) as Record<string, unknown>;
    } catch {
      return [];
    }
    if (isBaiduError(json)) {
      const info = baiduErrorInfo(json);
      return [hubStreamError(info.message, info.type, info.status)];
    }
    const out: HubStreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      out.push({ type: 'start', id: typeof json.id === 'string' ? json.id : '', model: '' });
    }
    if (typeof json.result === 'string' && json.result) out.push({ type: 'text', text: json.result });
    // ERNIE sends a function call whole, in one event.
    for (const part of ernieCallParts(json.function_call)) {
      if (part.type === 'thinking') out.push({ type: 'thinking', text: part.text });
      if (part.type !== 'tool_call') continue;
      out.push({ type: 'tool_call_start', index: 0, id: part.id, name: part.name });
      out.push({ type: 'tool_call_arguments', index: 0, fragment: part.arguments });
    }
    const usage = baiduUsageToHub(json.usage);
    if (usage) out.push({ type: 'usage', usage });
    if (json.is_end === true) out.push({ type: 'finish', reason: finishOf(json) });
    return out;
  }
}

/** Baidu ERNIE v1's chat format, reached from every client format through the hub. */
export const baiduErnie: UpstreamChatFormat = {
  name: 'baidu-ernie',
  mode: 'chat',
  path: '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat',
  requestFromHub: baiduChatBody,
  responseToHub: baiduResponseToHub,
  streamDecoder: () => new BaiduStreamDecoder(),
};
