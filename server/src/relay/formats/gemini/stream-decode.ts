import type { SseEvent } from '../../stream/sse-parser.js';
import type { HubStreamEvent } from '../hub.js';
import type { HubStreamDecoder } from '../types.js';
import { httpStatusOf } from './errors.js';
import { finishToHub, type GeminiCandidate } from './response.js';
import { CallIds, contentsToHub } from './request.js';
import { geminiUsageToHub } from './usage.js';

interface Chunk {
  candidates?: GeminiCandidate[];
  usageMetadata?: unknown;
  modelVersion?: string;
  responseId?: string;
  error?: { code?: number; message?: string; status?: string };
}

/**
 * A Gemini stream (`alt=sse`: one GenerateContentResponse per data frame) read as hub events.
 * Text arrives as deltas; a function call arrives whole, in one part. Each chunk's usageMetadata
 * is a running total, so the latest replaces the earlier ones.
 */
export class GeminiStreamDecoder implements HubStreamDecoder {
  private started = false;
  private calls = 0;
  private sawCall = false;
  private readonly ids = new CallIds();

  push(event: SseEvent): HubStreamEvent[] {
    let data: Chunk;
    try {
      data = JSON.parse(event.data) as Chunk;
    } catch {
      return [];
    }
    if (data.error) {
      const status = data.error.status ?? 'INTERNAL';
      const code = typeof data.error.code === 'number' ? data.error.code : httpStatusOf(status);
      return [
        { type: 'error', message: data.error.message ?? 'upstream error', errorType: status, status: code },
      ];
    }
    const out: HubStreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      out.push({ type: 'start', id: data.responseId ?? '', model: data.modelVersion ?? '' });
    }
    const candidate = data.candidates?.[0];
    const parts = candidate?.content ? contentsToHub([candidate.content], this.ids)[0]!.parts : [];
    for (const part of parts) {
      if (part.type === 'text') out.push({ type: 'text', text: part.text });
      else if (part.type === 'thinking') out.push({ type: 'thinking', text: part.text });
      else if (part.type === 'tool_call') {
        const index = this.calls++;
        this.sawCall = true;
        out.push({ type: 'tool_call_start', index, id: part.id, name: part.name });
        out.push({ type: 'tool_call_arguments', index, fragment: part.arguments });
      }
    }
    if (candidate?.finishReason) {
      const finish = finishToHub(candidate.finishReason, parts);
      out.push({ type: 'finish', reason: finish === 'stop' && this.sawCall ? 'tool_calls' : finish });
    }
    const usage = geminiUsageToHub(data.usageMetadata);
    if (usage) out.push({ type: 'usage', usage });
    return out;
  }
}
