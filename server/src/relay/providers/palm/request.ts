import { channelTypeInfo } from '@gateway/contract';
import { chatRequestToHub } from '../../formats/openai-chat/request.js';
import type { HubPart } from '../../formats/hub.js';
import type { WholeAnswer } from '../whole-answer.js';
import type { InboundRequest, UpstreamTarget } from '../types.js';

/** PaLM 2's only chat model; the gateway's names for it (PaLM-2, ...) all call this one. */
const CHAT_MODEL = 'chat-bison-001';

/** Only text reaches PaLM: images and tool traffic have no place in a generateMessage prompt. */
function partsText(parts: readonly HubPart[]): string {
  let text = '';
  for (const part of parts) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'tool_result') text += part.content;
  }
  return text;
}

/** `<base>/v1beta2/models/<model>:generateMessage?key=<key>`, as PaLM authenticates. */
export function palmUrl(target: UpstreamTarget): string {
  const { channel, upstreamModel } = target;
  const base = channel.baseUrl || channelTypeInfo(channel.type)?.baseUrl || '';
  const model = upstreamModel.startsWith('chat-bison') ? upstreamModel : CHAT_MODEL;
  return `${base}/v1beta2/models/${encodeURIComponent(model)}:generateMessage?key=${encodeURIComponent(channel.key)}`;
}

/**
 * An OpenAI chat request as a generateMessage prompt: system text becomes the `context`, turns
 * alternate between author "0" (the user) and "1" (the model). PaLM streams nothing and always
 * answers one candidate here.
 */
export function palmBody(inbound: InboundRequest): Record<string, unknown> {
  const hub = chatRequestToHub(inbound.body ?? {});
  const messages = hub.messages.map((m) => ({
    author: m.role === 'user' ? '0' : '1',
    content: partsText(m.parts),
  }));
  const body: Record<string, unknown> = { prompt: { messages }, candidateCount: 1 };
  if (hub.system.length > 0) (body.prompt as Record<string, unknown>).context = hub.system.join('\n');
  if (hub.temperature !== undefined) body.temperature = hub.temperature;
  if (hub.topP !== undefined) body.topP = hub.topP;
  const topK = inbound.body?.top_k;
  if (typeof topK === 'number') body.topK = topK;
  return body;
}

interface PalmAnswer {
  candidates?: Array<{ author?: string; content?: string }>;
  filters?: Array<{ reason?: string; message?: string }>;
  error?: { code?: number; message?: string; status?: string };
}

/** The first candidate's text; no candidate (the prompt was filtered) is an error. */
export function readPalmAnswer(json: Record<string, unknown>): WholeAnswer {
  const answer = json as PalmAnswer;
  if (answer.error?.message) {
    const status = answer.error.status || 'INTERNAL';
    return { error: { message: answer.error.message, type: status, code: status, param: null } };
  }
  const candidate = answer.candidates?.[0];
  if (!candidate) {
    const reason = answer.filters
      ?.map((f) => f.reason)
      .filter(Boolean)
      .join(', ');
    return {
      error: {
        message: reason ? `No candidates returned (filtered: ${reason})` : 'No candidates returned',
        type: 'upstream_error',
        code: 'no_candidates',
        param: null,
      },
    };
  }
  return { text: candidate.content ?? '', finish: 'stop' };
}
