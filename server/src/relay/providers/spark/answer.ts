import { readUsage } from '../../formats/openai-chat/usage.js';
import type { InboundRequest, ParsedResponse } from '../types.js';
import {
  frameContent,
  frameFailure,
  frameLines,
  frameUsage,
  parseFrame,
  toolCallOf,
  type SparkFrame,
} from './frames.js';

/**
 * A non-streamed answer: Spark always streams, so its frames are joined into one OpenAI chat
 * completion (the hub converts it for clients of other formats).
 */
export function parseSparkAnswer(inbound: InboundRequest, body: Buffer): ParsedResponse {
  const frames: SparkFrame[] = [];
  for (const line of frameLines(body.toString('utf8'))) {
    const frame = parseFrame(line);
    if (frame) frames.push(frame);
  }
  let content = '';
  let toolCall: ReturnType<typeof toolCallOf>;
  let usage: ReturnType<typeof frameUsage>;
  for (const frame of frames) {
    const failure = frameFailure(frame);
    if (failure) {
      const { status: _status, ...error } = failure;
      return { body, contentType: 'application/json', usage: null, text: () => content, error };
    }
    content += frameContent(frame);
    toolCall ??= toolCallOf(frame);
    usage = frameUsage(frame) ?? usage;
  }
  const sid = frames.find((f) => f.header?.sid)?.header?.sid ?? 'spark';
  const message: Record<string, unknown> = { role: 'assistant', content };
  if (toolCall) message.tool_calls = [toolCall];
  const completion = {
    id: `chatcmpl-${sid}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: inbound.model,
    choices: [{ index: 0, message, finish_reason: toolCall ? 'tool_calls' : 'stop' }],
    ...(usage ? { usage } : {}),
  };
  const produced = () => content + (toolCall ? toolCall.function.name + toolCall.function.arguments : '');
  return {
    body: Buffer.from(JSON.stringify(completion)),
    contentType: 'application/json',
    usage: readUsage(usage),
    text: produced,
  };
}
