import type { HubPart, HubRequest, HubResponse, HubStreamEvent, HubUsage } from '../../formats/hub.js';
import type { HubStreamDecoder, UpstreamChatFormat } from '../../formats/types.js';
import type { SseEvent } from '../../stream/sse-parser.js';
import { hubStreamError, plainFinish } from '../plain-chat.js';
import { tencentErrorInfo, tencentErrorOf } from './errors.js';
import { hunyuanMessages, hunyuanToolFields } from './messages.js';

/** `system` turns first, then alternating user and assistant turns (Hunyuan checks both). */
export function hunyuanChatBody(hub: HubRequest): Record<string, unknown> {
  const Messages = hunyuanMessages(hub.system, hub.messages);
  // `Model` is the channel's upstream model, set by the adapter.
  const body: Record<string, unknown> = {
    Model: hub.model,
    Messages,
    Stream: hub.stream,
    ...hunyuanToolFields(hub),
  };
  // Hunyuan's ranges: Temperature [0, 2], TopP [0, 1].
  if (hub.temperature !== undefined) body.Temperature = Math.min(2, Math.max(0, hub.temperature));
  if (hub.topP !== undefined) body.TopP = Math.min(1, Math.max(0, hub.topP));
  return body;
}

export function hunyuanUsageToHub(raw: unknown): HubUsage | null {
  if (!raw || typeof raw !== 'object') return null;
  const usage = raw as { PromptTokens?: number; CompletionTokens?: number };
  return {
    promptTokens: usage.PromptTokens ?? 0,
    completionTokens: usage.CompletionTokens ?? 0,
    cachedTokens: 0,
    cacheCreationTokens: 0,
  };
}

interface HunyuanToolCall {
  Id?: string;
  Index?: number;
  Function?: { Name?: string; Arguments?: string };
}

interface HunyuanAnswer {
  Id?: string;
  Choices?: Array<{
    Message?: { Content?: string; ToolCalls?: HunyuanToolCall[] };
    Delta?: { Content?: string; ToolCalls?: HunyuanToolCall[] };
    FinishReason?: string;
  }>;
  Usage?: unknown;
}

/** `{Response: {Choices: [{Message, FinishReason}], Usage, Id}}` in hub terms. */
export function hunyuanResponseToHub(json: Record<string, unknown>): HubResponse {
  const answer = (json.Response ?? json) as HunyuanAnswer;
  const choice = answer.Choices?.[0];
  const text = choice?.Message?.Content ?? '';
  const parts: HubPart[] = text ? [{ type: 'text', text }] : [];
  for (const call of choice?.Message?.ToolCalls ?? []) {
    parts.push({
      type: 'tool_call',
      id: call.Id ?? '',
      name: call.Function?.Name ?? '',
      arguments: call.Function?.Arguments ?? '',
    });
  }
  return {
    id: answer.Id ?? '',
    model: '',
    parts,
    finish: plainFinish(choice?.FinishReason),
    usage: hunyuanUsageToHub(answer.Usage),
  };
}

/**
 * Hunyuan streams `data: {Choices: [{Delta: {Content, ToolCalls}, FinishReason}], Usage, Id}`
 * chunks with the running usage; the chunk with a non-empty FinishReason ends the answer.
 */
export class HunyuanStreamDecoder implements HubStreamDecoder {
  private started = false;
  /** Tool call indexes already announced: a call's later chunks carry only argument fragments. */
  private readonly calls = new Set<number>();

  push(event: SseEvent): HubStreamEvent[] {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(event.data) as Record<string, unknown>;
    } catch {
      return [];
    }
    const error = tencentErrorOf(json);
    if (error) {
      const info = tencentErrorInfo(error);
      return [hubStreamError(info.message, info.type, info.status)];
    }
    const chunk = json as HunyuanAnswer;
    const out: HubStreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      out.push({ type: 'start', id: chunk.Id ?? '', model: '' });
    }
    const choice = chunk.Choices?.[0];
    const text = choice?.Delta?.Content ?? '';
    if (text) out.push({ type: 'text', text });
    for (const [position, call] of (choice?.Delta?.ToolCalls ?? []).entries()) {
      const index = call.Index ?? position;
      if (!this.calls.has(index)) {
        this.calls.add(index);
        out.push({ type: 'tool_call_start', index, id: call.Id ?? '', name: call.Function?.Name ?? '' });
      }
      const fragment = call.Function?.Arguments ?? '';
      if (fragment) out.push({ type: 'tool_call_arguments', index, fragment });
    }
    const usage = hunyuanUsageToHub(chunk.Usage);
    if (usage) out.push({ type: 'usage', usage });
    if (choice?.FinishReason) out.push({ type: 'finish', reason: plainFinish(choice.FinishReason) });
    return out;
  }
}

/** Tencent Hunyuan's ChatCompletions (2023-09-01), reached from every client format through the hub. */
export const hunyuanChat: UpstreamChatFormat = {
  name: 'tencent-hunyuan',
  mode: 'chat',
  path: '/',
  requestFromHub: hunyuanChatBody,
  responseToHub: hunyuanResponseToHub,
  streamDecoder: () => new HunyuanStreamDecoder(),
};
