import { RelayError } from '../../errors.js';
import { embeddingInputs, openAIEmbeddingsAnswer } from '../embeddings-answer.js';
import type {
  CompletedExchange,
  FollowUp,
  InboundRequest,
  ParsedResponse,
  UpstreamRequest,
  UpstreamTarget,
} from '../types.js';
import { bedrockBase, signedBedrockPost } from './request.js';

/**
 * OpenAI embeddings on Bedrock's Amazon Titan text embedding models. Titan's InvokeModel embeds
 * one `inputText` per call, so an OpenAI request with several inputs becomes one signed call per
 * input: the first is the attempt's request, the others follow in `completeTitanEmbeddings`.
 */

interface TitanAnswer {
  embedding?: unknown;
  inputTextTokenCount?: unknown;
}

/** The texts of the request; token arrays are not text, and Titan only takes text. */
function titanInputs(inbound: InboundRequest): string[] {
  const inputs = embeddingInputs(inbound.body);
  if (inputs.length === 0) {
    throw new RelayError(
      400,
      'Titan 向量模型只接受文本输入 (input 须为字符串或字符串数组)',
      'invalid_request',
      {
        type: 'invalid_request_error',
        param: 'input',
      },
    );
  }
  return inputs;
}

/** Titan's body for one text: OpenAI's `dimensions`, and Titan's own `normalize` when a client sends it. */
export function titanBody(inbound: InboundRequest, text: string): Record<string, unknown> {
  const body = inbound.body ?? {};
  const out: Record<string, unknown> = { inputText: text };
  if (typeof body.dimensions === 'number') out.dimensions = body.dimensions;
  if (typeof body.normalize === 'boolean') out.normalize = body.normalize;
  return out;
}

/** The signed InvokeModel call embedding `text` (model ids are sent as they are: `amazon.…`). */
function titanInvoke(
  inbound: InboundRequest,
  target: UpstreamTarget,
  text: string,
): Promise<UpstreamRequest> {
  const url = `${bedrockBase(target)}/model/${encodeURIComponent(target.upstreamModel)}/invoke`;
  return signedBedrockPost(target, url, JSON.stringify(titanBody(inbound, text)));
}

/** The attempt's request: the first input's call. */
export async function titanEmbeddingsRequest(
  inbound: InboundRequest,
  target: UpstreamTarget,
): Promise<UpstreamRequest> {
  return titanInvoke(inbound, target, titanInputs(inbound)[0]!);
}

const parse = (body: Buffer): unknown => {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
};

/**
 * After the first call's answer (`first`): one call per further input, in order. The answers are
 * handed on as a JSON array, which `parseTitanEmbeddings` reads; the first failed call ends it,
 * and its error is the attempt's (nothing is charged for a partly embedded request).
 */
export async function completeTitanEmbeddings(
  first: Buffer,
  inbound: InboundRequest,
  target: UpstreamTarget,
  followUp: FollowUp,
): Promise<CompletedExchange> {
  const answers: unknown[] = [parse(first)];
  for (const text of titanInputs(inbound).slice(1)) {
    const done = await followUp.send(await titanInvoke(inbound, target, text));
    if (done.status < 200 || done.status >= 300) return done;
    answers.push(parse(done.body));
  }
  return {
    status: 200,
    body: Buffer.from(JSON.stringify(answers)),
    headers: {},
    contentType: 'application/json',
  };
}

const isVector = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => typeof n === 'number');

/**
 * Titan's answers (an array, or one answer) as OpenAI's list; usage is the sum of the answers'
 * `inputTextTokenCount`, counted locally when any answer lacks it.
 */
export function parseTitanEmbeddings(inbound: InboundRequest, body: Buffer): ParsedResponse {
  const json = parse(body);
  const answers = (Array.isArray(json) ? json : [json]) as (TitanAnswer | null)[];
  const vectors: number[][] = [];
  let tokens: number | null = 0;
  for (const answer of answers) {
    if (!isVector(answer?.embedding)) {
      return {
        body,
        contentType: 'application/json',
        usage: null,
        text: () => '',
        error: {
          message: 'the Titan answer has no embedding',
          type: 'upstream_error',
          code: 'bad_response_body',
          param: null,
        },
      };
    }
    vectors.push(answer.embedding);
    const count = answer.inputTextTokenCount;
    tokens = tokens !== null && typeof count === 'number' ? tokens + count : null;
  }
  return openAIEmbeddingsAnswer(inbound, vectors, tokens);
}
