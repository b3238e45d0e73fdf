import type { FastifyRequest } from 'fastify';
import { decodeJsonText, UnreadableTextError } from '../platform/http/json-text.js';
import { RelayError } from './errors.js';
import { isBatchEmbedPath, isValidGeminiEmbedBody } from './formats/gemini/embeddings.js';
import type { InboundRequest, RelayMode } from './providers/types.js';

/** Default model per endpoint when the client names none (what OpenAI's own defaults were). */
const DEFAULT_MODEL: Partial<Record<RelayMode, string>> = {
  images: 'dall-e-2',
  speech: 'tts-1',
  transcription: 'whisper-1',
  translation: 'whisper-1',
  moderations: 'text-moderation-stable',
};

const invalid = (message: string) =>
  new RelayError(400, message, 'invalid_request', { local: true, type: 'invalid_request_error' });

/**
 * The `model` field of a multipart upload, read by a real multipart parser (the platform's own,
 * as `fetch` uses it): a file whose bytes look like a form field can never pass for the model.
 */
async function multipartModel(raw: Buffer, contentType: string): Promise<string | undefined> {
  let form: FormData;
  try {
    // A copy: the platform's body types take only ArrayBuffer-backed views.
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw invalid('Invalid request: the multipart body cannot be read');
  }
  const model = form.get('model');
  return typeof model === 'string' ? model.trim() : undefined;
}

const isMultipart = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('multipart/form-data');

/** Parses the client's request once, multipart uploads included (audio transcription and translation). */
export async function readInbound(
  request: FastifyRequest,
  mode: RelayMode,
  pathModel?: string,
): Promise<InboundRequest> {
  if (!isMultipart(request)) return parseInbound(request, mode, pathModel);
  if (mode !== 'transcription' && mode !== 'translation') throw invalid('this endpoint expects a JSON body');
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const contentType = String(request.headers['content-type']);
  const queryStart = request.url.indexOf('?');
  const model = (await multipartModel(raw, contentType)) || DEFAULT_MODEL[mode]!;
  return {
    mode,
    path: queryStart >= 0 ? request.url.slice(0, queryStart) : request.url,
    query: queryStart >= 0 ? request.url.slice(queryStart + 1) : '',
    body: null,
    raw,
    contentType,
    model,
    stream: false,
    clientWantsUsage: false,
  };
}

/** Parses a JSON request once; validation failures are local 400s that cost nothing. */
export function parseInbound(request: FastifyRequest, mode: RelayMode, pathModel?: string): InboundRequest {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const queryStart = request.url.indexOf('?');
  const query = queryStart >= 0 ? request.url.slice(queryStart + 1) : '';
  const path = queryStart >= 0 ? request.url.slice(0, queryStart) : request.url;

  if (isMultipart(request)) throw invalid('this endpoint expects a JSON body');

  let text: string;
  try {
    text = decodeJsonText(raw);
  } catch (err) {
    if (err instanceof UnreadableTextError) throw invalid(`Invalid request: ${err.message}`);
    throw err;
  }
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    body = parsed as Record<string, unknown>;
  } catch {
    throw invalid('Invalid request: the body must be a JSON object');
  }
  // Gemini names the model and the streaming in the URL (…/models/{model}:streamGenerateContent).
  const gemini = mode === 'gemini' || mode === 'gemini-embed';
  const model = gemini
    ? (pathModel ?? '')
    : (typeof body.model === 'string' && body.model.trim()) || pathModel || DEFAULT_MODEL[mode] || '';
  if (!model) throw invalid('model is required');
  const stream = gemini
    ? path.endsWith(':streamGenerateContent')
    : body.stream === true &&
      (mode === 'chat' || mode === 'completions' || mode === 'messages' || mode === 'responses');
  const streamOptions = body.stream_options as { include_usage?: unknown } | undefined;
  validate(mode, body, path);
  return {
    mode,
    path,
    // Gemini's query holds only alt=sse and maybe the gateway's own key: never forwarded.
    query: gemini ? '' : query,
    body,
    raw,
    contentType: 'application/json',
    model,
    stream,
    // A Responses stream always ends with its usage (response.completed), so upstreams are asked for it.
    clientWantsUsage: stream && (mode === 'responses' || streamOptions?.include_usage === true),
    ...(mode === 'messages' ? { protocolHeaders: anthropicHeaders(request) } : {}),
  };
}

/** Headers a Claude upstream honours, forwarded from Anthropic clients. */
function anthropicHeaders(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['anthropic-version', 'anthropic-beta']) {
    const value = request.headers[name];
    if (typeof value === 'string' && value) out[name] = value;
  }
  return out;
}

function validate(mode: RelayMode, body: Record<string, unknown>, path: string) {
  const maxTokens = body.max_tokens ?? body.max_completion_tokens ?? body.max_output_tokens;
  if (maxTokens !== undefined && (typeof maxTokens !== 'number' || maxTokens < 0 || maxTokens > 2 ** 30)) {
    throw invalid('max_tokens is invalid');
  }
  switch (mode) {
    case 'chat':
    case 'messages':
      if (!Array.isArray(body.messages) || body.messages.length === 0)
        throw invalid('field messages is required');
      break;
    case 'responses':
      if (typeof body.input !== 'string' && !(Array.isArray(body.input) && body.input.length > 0))
        throw invalid('field input is required');
      break;
    case 'gemini':
      if (!Array.isArray(body.contents) || body.contents.length === 0) throw invalid('contents is required');
      break;
    case 'gemini-embed': {
      const batch = isBatchEmbedPath(path);
      if (!isValidGeminiEmbedBody(body, batch))
        throw invalid(batch ? 'requests with content are required' : 'content is required');
      break;
    }
    case 'completions':
      if (body.prompt === undefined || body.prompt === null) throw invalid('field prompt is required');
      break;
    case 'embeddings':
    case 'moderations':
      if (body.input === undefined || body.input === null || body.input === '')
        throw invalid('field input is required');
      break;
    case 'images':
      if (typeof body.prompt !== 'string' || !body.prompt) throw invalid('field prompt is required');
      if (
        body.n !== undefined &&
        (!Number.isInteger(body.n) || (body.n as number) < 1 || (body.n as number) > 10)
      ) {
        throw invalid('n must be an integer between 1 and 10');
      }
      break;
    case 'speech':
      if (typeof body.input !== 'string' || !body.input) throw invalid('field input is required');
      break;
    case 'rerank':
      if (typeof body.query !== 'string' || !Array.isArray(body.documents) || body.documents.length === 0) {
        throw invalid('fields query and documents are required');
      }
      break;
    default:
      break;
  }
}

/** The larger of max_tokens and max_completion_tokens (Gemini: maxOutputTokens, Responses: max_output_tokens; 0 when none). */
export function requestedMaxTokens(inbound: InboundRequest): number {
  const b = inbound.body;
  if (!b) return 0;
  const config = b.generationConfig as { maxOutputTokens?: unknown } | undefined;
  const values = [b.max_tokens, b.max_completion_tokens, config?.maxOutputTokens, b.max_output_tokens].filter(
    (v): v is number => typeof v === 'number',
  );
  return values.length ? Math.max(...values) : 0;
}
