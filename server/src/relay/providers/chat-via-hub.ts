import type { Usage } from '../billing/pricing.js';
import { hubPartsText, type HubResponse, type HubStreamEvent, type HubUsage } from '../formats/hub.js';
import { HubStreamTranslator } from '../formats/hub-stream.js';
import { openAIChat } from '../formats/openai-chat/index.js';
import { ChatStreamEncoder } from '../formats/openai-chat/stream-encode.js';
import { SseParser, type SseEvent } from '../stream/sse-parser.js';
import type { InboundRequest, ParsedResponse, StreamTranslator } from './types.js';

/**
 * Upstreams with a chat protocol of their own that no client speaks (Cohere, Dify) are read as
 * OpenAI chat: their adapters declare `openAIChat` as chat format and turn answers and stream
 * events into OpenAI chat through the hub. Clients of every other format then reach them through
 * the ordinary hub bridge, which reads OpenAI chat, with no format of their own to maintain.
 */

/** A hub answer as the OpenAI chat.completion the client (or the bridge) reads. */
export function chatAnswer(hub: HubResponse, inbound: InboundRequest): ParsedResponse {
  const json = openAIChat.responseFromHub({ ...hub, model: inbound.model });
  return {
    body: Buffer.from(JSON.stringify(json)),
    contentType: 'application/json',
    usage: hub.usage,
    text: () => hubPartsText(hub.parts),
  };
}

/**
 * An upstream's own chat answer, passed on unchanged (the client's format is the upstream's, or
 * the bridge converts it); the hub reading gives the usage and the produced text.
 */
export function passedChatAnswer(body: Buffer, hub: HubResponse): ParsedResponse {
  return { body, contentType: 'application/json', usage: hub.usage, text: () => hubPartsText(hub.parts) };
}

/**
 * The stream translator for OpenAI chat clients: the stream decoder already yields OpenAI chunk
 * events, which are re-encoded here so that ids, the client's model name, the usage chunk (when
 * asked for) and `[DONE]` look as they would from OpenAI.
 */
export function chatStreamTranslator(inbound: InboundRequest): StreamTranslator {
  return new HubStreamTranslator(
    openAIChat.streamDecoder(),
    openAIChat.streamEncoder({ model: inbound.model, clientWantsUsage: inbound.clientWantsUsage }),
  );
}

/**
 * Hub stream events written as OpenAI chat.completion.chunk events (what a stream decoder of an
 * upstream read as OpenAI chat must yield). Usage is kept until `end()`, which writes it in a
 * usage chunk. An error becomes OpenAI's in-stream `{"error":…}` event, which fails the attempt
 * (status 500: the chunk has no field for the upstream's own status).
 */
export class HubAsChatEvents {
  private readonly encoder = new ChatStreamEncoder({ model: '', clientWantsUsage: true });
  private readonly parser = new SseParser();
  private usage: Partial<HubUsage> | null = null;

  push(events: readonly HubStreamEvent[]): SseEvent[] {
    let frames = '';
    for (const event of events) {
      if (event.type === 'usage') this.usage = { ...this.usage, ...event.usage };
      else if (event.type === 'error') {
        const error = { message: event.message, type: event.errorType, code: event.errorType };
        frames += `data: ${JSON.stringify({ error })}\n\n`;
      } else frames += this.encoder.push(event);
    }
    return frames ? this.parser.push(Buffer.from(frames)) : [];
  }

  /** The usage chunk (when the upstream reported usage) and `[DONE]`. */
  end(): SseEvent[] {
    const u = this.usage;
    const usage: Usage | null = u
      ? {
          promptTokens: u.promptTokens ?? 0,
          completionTokens: u.completionTokens ?? 0,
          cachedTokens: u.cachedTokens ?? 0,
          cacheCreationTokens: u.cacheCreationTokens ?? 0,
        }
      : null;
    return this.parser.push(Buffer.from(this.encoder.finish(usage)));
  }
}
