import type { Usage } from '../../billing/pricing.js';
import { GeminiStreamDecoder } from '../../formats/gemini/stream-decode.js';
import { geminiUsageToHub } from '../../formats/gemini/usage.js';
import { isOutputEvent } from '../../formats/hub.js';
import type { SseEvent } from '../../stream/sse-parser.js';
import type { ReportedUsage, StreamFailure, StreamTranslator } from '../types.js';

const ERROR_CHUNK = /^\s*\{\s*"error"\s*:/;

/**
 * A Gemini stream to a Gemini client: frames pass through as received. Until the first output
 * each chunk is decoded (to find the commit point, or an error that fails the attempt);
 * afterwards chunks are only scanned for an error object. Every chunk repeats the running
 * usageMetadata, so only the latest chunk that has one is kept, and parsed when usage is read.
 */
export class GeminiPassThroughTranslator implements StreamTranslator {
  started = false;
  failure: StreamFailure | null = null;
  private readonly decoder = new GeminiStreamDecoder();
  private readonly chunks: string[] = [];
  private usageChunk: string | null = null;

  get usage(): ReportedUsage | null {
    if (this.usageChunk === null) return null;
    try {
      return geminiUsageToHub((JSON.parse(this.usageChunk) as { usageMetadata?: unknown }).usageMetadata);
    } catch {
      return null;
    }
  }

  push(event: SseEvent): string {
    if (event.data.includes('"usageMetadata"')) this.usageChunk = event.data;
    if (this.started && !ERROR_CHUNK.test(event.data)) {
      this.chunks.push(event.data);
      return `data: ${event.data}\n\n`;
    }
    for (const hub of this.decoder.push(event)) {
      if (hub.type === 'error') {
        this.failure = {
          message: hub.message,
          type: hub.errorType,
          code: hub.errorType,
          param: null,
          status: hub.status,
        };
        return '';
      }
      if (isOutputEvent(hub)) this.started = true;
    }
    this.chunks.push(event.data);
    return `data: ${event.data}\n\n`;
  }

  producedText(): string {
    const decoder = new GeminiStreamDecoder();
    let text = '';
    for (const data of this.chunks) {
      for (const hub of decoder.push({ event: 'message', data })) {
        if (hub.type === 'text' || hub.type === 'thinking') text += hub.text;
        else if (hub.type === 'tool_call_start') text += hub.name;
        else if (hub.type === 'tool_call_arguments') text += hub.fragment;
      }
    }
    return text;
  }

  /** The upstream's last chunk already carried the finish reason and usage. */
  finish(_usage: Usage | null): string {
    return '';
  }
}
