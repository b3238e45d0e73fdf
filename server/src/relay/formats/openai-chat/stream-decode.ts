import type { SseEvent } from '../../stream/sse-parser.js';
import type { HubStreamEvent } from '../hub.js';
import type { HubStreamDecoder } from '../types.js';
import { finishToHub, usageToHub } from './response.js';

interface ChunkDelta {
  content?: unknown;
  reasoning_content?: string;
  reasoning?: string;
  tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }>;
}

interface Chunk {
  id?: string;
  model?: string;
  error?: { message?: unknown; type?: unknown };
  choices?: Array<{ index?: number; delta?: ChunkDelta; finish_reason?: string | null }>;
  usage?: unknown;
}

/** An OpenAI chat.completion.chunk stream read as hub events (first choice only). */
export class ChatStreamDecoder implements HubStreamDecoder {
  private started = false;

  push(event: SseEvent): HubStreamEvent[] {
    if (event.data === '[DONE]') return [];
    let chunk: Chunk;
    try {
      chunk = JSON.parse(event.data) as Chunk;
    } catch {
      return [];
    }
    const out: HubStreamEvent[] = [];
    if (chunk.error && typeof chunk.error === 'object') {
      const message = typeof chunk.error.message === 'string' ? chunk.error.message : 'upstream error';
      const errorType = typeof chunk.error.type === 'string' ? chunk.error.type : 'upstream_error';
      return [{ type: 'error', message, errorType, status: 500 }];
    }
    if (!this.started) {
      this.started = true;
      out.push({ type: 'start', id: chunk.id ?? '', model: chunk.model ?? '' });
    }
    for (const choice of chunk.choices ?? []) {
      if ((choice.index ?? 0) !== 0) continue;
      const delta = choice.delta ?? {};
      const reasoning = delta.reasoning_content ?? delta.reasoning;
      if (reasoning) out.push({ type: 'thinking', text: reasoning });
      if (typeof delta.content === 'string' && delta.content) out.push({ type: 'text', text: delta.content });
      for (const call of delta.tool_calls ?? []) {
        const index = call.index ?? 0;
        if (call.id || call.function?.name) {
          out.push({ type: 'tool_call_start', index, id: call.id ?? '', name: call.function?.name ?? '' });
        }
        if (call.function?.arguments) {
          out.push({ type: 'tool_call_arguments', index, fragment: call.function.arguments });
        }
      }
      if (choice.finish_reason) out.push({ type: 'finish', reason: finishToHub(choice.finish_reason) });
    }
    const usage = usageToHub(chunk.usage);
    if (usage) out.push({ type: 'usage', usage });
    return out;
  }
}
