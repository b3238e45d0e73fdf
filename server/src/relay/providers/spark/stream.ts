import type { SseEvent } from '../../stream/sse-parser.js';
import type { StreamEventDecoder } from '../types.js';
import { frameContent, frameFailure, frameUsage, isLastFrame, parseFrame, toolCallOf } from './frames.js';

/** What the transport's body is: one Spark frame (JSON) a line. */
export const SPARK_FRAMES_TYPE = 'application/x-ndjson';

/**
 * Spark's frames as the OpenAI chat chunks they stand for, so the OpenAI stream translator (and,
 * through the hub, every other client format) serves them: content and tool-call deltas; on the
 * last frame a finish chunk and a `choices: []` usage chunk, as OpenAI sends with include_usage;
 * an error frame becomes OpenAI's `{"error":…}` event.
 */
export class SparkFrameDecoder implements StreamEventDecoder {
  private buffer = '';
  private readonly utf8 = new TextDecoder();
  private roleSent = false;
  private calledTool = false;

  constructor(private readonly model: string) {}

  push(chunk: Buffer | Uint8Array): SseEvent[] {
    this.buffer += this.utf8.decode(chunk, { stream: true });
    const lines = this.buffer.split('\n');
    this.buffer = lines.pop() ?? '';
    return lines.flatMap((line) => this.frame(line));
  }

  end(): SseEvent[] {
    this.buffer += this.utf8.decode();
    const rest = this.buffer;
    this.buffer = '';
    return rest.trim() ? this.frame(rest) : [];
  }

  private frame(line: string): SseEvent[] {
    if (!line.trim()) return [];
    const frame = parseFrame(line);
    if (!frame) throw new Error('Spark sent a frame that is not JSON');
    const failure = frameFailure(frame);
    if (failure) {
      const { status: _status, ...error } = failure;
      return [{ event: 'message', data: JSON.stringify({ error }) }];
    }
    const base = {
      id: `chatcmpl-${frame.header?.sid ?? 'spark'}`,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: this.model,
    };
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): SseEvent => ({
      event: 'message',
      data: JSON.stringify({ ...base, choices, ...extra }),
    });
    const events: SseEvent[] = [];
    const content = frameContent(frame);
    const call = toolCallOf(frame);
    if (content || call) {
      const delta: Record<string, unknown> = this.roleSent ? {} : { role: 'assistant' };
      this.roleSent = true;
      if (content) delta.content = content;
      if (call) {
        this.calledTool = true;
        delta.tool_calls = [{ index: 0, ...call }];
      }
      events.push(chunk([{ index: 0, delta, finish_reason: null }]));
    }
    if (isLastFrame(frame)) {
      const reason = this.calledTool ? 'tool_calls' : 'stop';
      events.push(chunk([{ index: 0, delta: {}, finish_reason: reason }]));
      const usage = frameUsage(frame);
      if (usage) events.push(chunk([], { usage }));
    }
    return events;
  }
}
