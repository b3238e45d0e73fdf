/**
 * GET /v1/realtime?model=… (WebSocket): OpenAI's Realtime API. The session opens with
 * `session.created`; `session.update` is answered with `session.updated`; each
 * `response.create` gets response.created, text deltas, response.text.done and a
 * `response.done` carrying the scenario's usage. The client's events are recorded as the
 * request body (an array), so tests can assert what the gateway forwarded.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomId } from '../ids.js';
import type { RecordedRequest, ScenarioSpec } from '../types.js';
import { acceptUpgrade, refuseUpgrade, type FakeSocket } from '../websocket.js';
import { countTokens } from '../tokens.js';
import { openAIErrorObject } from './family.js';
import { DEFAULT_REPLY, replyDeltas } from './text.js';
import { resolveUsage } from './usage.js';

export const REALTIME_PATH = '/v1/realtime';
/** Azure OpenAI's: `?api-version=…&deployment=…`, the key in `api-key`. */
export const AZURE_REALTIME_PATH = '/openai/realtime';

/** The recorded route of an upgrade path, or undefined when no realtime API lives there. */
export function realtimeRoute(path: string): string | undefined {
  if (path === REALTIME_PATH) return 'openai.realtime';
  if (path === AZURE_REALTIME_PATH) return 'azure.realtime';
  return undefined;
}

function respond(ws: FakeSocket, spec: ScenarioSpec, model: string, inputText: string) {
  const id = randomId('resp_', 22);
  const itemId = randomId('item_', 22);
  const text = spec.chunks?.join('') ?? spec.content ?? DEFAULT_REPLY;
  const event = (type: string, fields: Record<string, unknown>) =>
    ws.send(JSON.stringify({ type, event_id: randomId('event_', 22), ...fields }));
  event('response.created', {
    response: { id, object: 'realtime.response', status: 'in_progress', output: [] },
  });
  for (const delta of replyDeltas(text, spec.chunks, spec.chunkCount)) {
    event('response.text.delta', {
      response_id: id,
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      delta,
    });
  }
  event('response.text.done', { response_id: id, item_id: itemId, output_index: 0, content_index: 0, text });
  const usage = resolveUsage(spec, {
    prompt: countTokens(inputText, model),
    completion: countTokens(text, model),
  });
  event('response.done', {
    response: {
      id,
      object: 'realtime.response',
      status: 'completed',
      output: [{ id: itemId, type: 'message', role: 'assistant', content: [{ type: 'text', text }] }],
      usage: usage && {
        total_tokens: usage.total,
        input_tokens: usage.prompt,
        output_tokens: usage.completion,
        input_token_details: {
          cached_tokens: usage.cached,
          text_tokens: usage.prompt - usage.audioPrompt,
          audio_tokens: usage.audioPrompt,
        },
        output_token_details: {
          text_tokens: usage.completion - usage.audioCompletion,
          audio_tokens: usage.audioCompletion,
        },
      },
    },
  });
}

/**
 * Serves one upgrade on the realtime path. `refusal` is the error the scenario or key calls for
 * (the handshake is then answered with it, as OpenAI answers a bad key with an HTTP 401).
 */
export function serveRealtime(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  record: RecordedRequest,
  spec: ScenarioSpec,
  refusal: { status: number; message?: string; type?: string; code?: string | number | null } | null,
) {
  if (refusal) return refuseUpgrade(socket, refusal.status, { error: openAIErrorObject(refusal) });
  const azure = record.route === 'azure.realtime';
  if (azure && !record.query['api-version'])
    return refuseUpgrade(socket, 404, {
      error: openAIErrorObject({ status: 404, message: 'Resource not found' }),
    });
  const model = (azure ? record.query.deployment : record.query.model) ?? '';
  if (!model)
    return refuseUpgrade(socket, 400, {
      error: openAIErrorObject({
        status: 400,
        message: azure ? 'deployment is required' : 'model is required',
      }),
    });
  const received: unknown[] = [];
  record.body = received;
  const ws = acceptUpgrade(req, socket, head);
  let inputText = '';
  ws.send(
    JSON.stringify({
      type: 'session.created',
      event_id: randomId('event_', 22),
      session: { id: randomId('sess_', 22), object: 'realtime.session', model },
    }),
  );
  ws.onMessage((text) => {
    let event: { type?: unknown; item?: { content?: Array<{ text?: unknown }> }; session?: unknown };
    try {
      event = JSON.parse(text) as typeof event;
    } catch {
      ws.send(
        JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'invalid JSON' } }),
      );
      return;
    }
    received.push(event);
    if (event.type === 'session.update') {
      ws.send(
        JSON.stringify({ type: 'session.updated', event_id: randomId('event_', 22), session: event.session }),
      );
    } else if (event.type === 'conversation.item.create') {
      for (const part of event.item?.content ?? []) if (typeof part.text === 'string') inputText += part.text;
    } else if (event.type === 'response.create') {
      respond(ws, spec, model, inputText);
    }
  });
}
