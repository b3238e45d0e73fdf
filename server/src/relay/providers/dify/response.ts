import type { HubResponse, HubStreamEvent, HubUsage } from '../../formats/hub.js';
import { chatAnswer } from '../chat-via-hub.js';
import type { InboundRequest, ParsedResponse, UpstreamErrorInfo } from '../types.js';
import { workflowAnswerToHub, workflowFailure, type DifyWorkflowRun } from './workflow.js';

interface DifyUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0);

/** `metadata.usage` of a blocking answer or of `message_end`. */
export function difyUsage(metadata: unknown): HubUsage | null {
  const usage = (metadata as { usage?: DifyUsage } | undefined)?.usage;
  const prompt = count(usage?.prompt_tokens);
  const completion = count(usage?.completion_tokens);
  if (prompt === 0 && completion === 0) return null;
  return { promptTokens: prompt, completionTokens: completion, cachedTokens: 0, cacheCreationTokens: 0 };
}

export function difyAnswerToHub(json: Record<string, unknown>): HubResponse {
  const answer = typeof json.answer === 'string' ? json.answer : '';
  return {
    id: String(json.message_id ?? json.id ?? ''),
    model: '',
    parts: answer ? [{ type: 'text', text: answer }] : [],
    finish: 'stop',
    usage: difyUsage(json.metadata),
  };
}

/**
 * One event of Dify's chat stream in hub terms. `message` and `agent_message` carry answer text,
 * `message_end` the usage, `error` a failure. Workflow and node progress, agent thoughts (whose
 * text repeats the answer), pings and TTS events are not relayed.
 */
export function difyStreamEventToHub(event: Record<string, unknown>, started: boolean): HubStreamEvent[] {
  const out: HubStreamEvent[] = [];
  switch (event.event) {
    case 'message':
    case 'agent_message':
      if (!started) out.push({ type: 'start', id: String(event.message_id ?? event.id ?? ''), model: '' });
      if (typeof event.answer === 'string' && event.answer) out.push({ type: 'text', text: event.answer });
      return out;
    case 'message_end': {
      out.push({ type: 'finish', reason: 'stop' });
      const usage = difyUsage(event.metadata);
      if (usage) out.push({ type: 'usage', usage });
      return out;
    }
    case 'error':
      return [
        {
          type: 'error',
          message: typeof event.message === 'string' ? event.message : 'Dify stream error',
          errorType: typeof event.code === 'string' ? event.code : 'upstream_error',
          status: typeof event.status === 'number' ? event.status : 500,
        },
      ];
    default:
      return [];
  }
}

/**
 * A blocking answer as an OpenAI chat completion: a chat or completion app's `message`, or a
 * workflow run (`workflow_run_id` and `data`), whose failure fails the attempt.
 */
export function parseDifyAnswer(inbound: InboundRequest, body: Buffer, contentType: string): ParsedResponse {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    const error = {
      message: 'the upstream answer is not valid JSON',
      type: 'upstream_error',
      code: 'bad_response_body',
      param: null,
    };
    return { body, contentType, usage: null, text: () => '', error };
  }
  if (typeof json.workflow_run_id === 'string' && json.data && typeof json.data === 'object') {
    const failure = workflowFailure(json.data as DifyWorkflowRun);
    if (failure) {
      const error = {
        message: failure.message,
        type: 'upstream_error',
        code: failure.errorType,
        param: null,
      };
      return { body, contentType, usage: null, text: () => '', error };
    }
    return chatAnswer(workflowAnswerToHub(json), inbound);
  }
  return chatAnswer(difyAnswerToHub(json), inbound);
}

/** Dify's errors: `{"code": "invalid_param", "message": "…", "status": 400}`; the code is kept. */
export function parseDifyError(status: number, body: Buffer): UpstreamErrorInfo {
  let json: { code?: unknown; message?: unknown } = {};
  try {
    json = JSON.parse(body.toString('utf8')) as typeof json;
  } catch {
    // not JSON: the status says enough
  }
  const text = body.toString('utf8').trim();
  const fallback =
    text && text.length < 500 && !text.startsWith('<') ? text : `bad response status code ${status}`;
  return {
    message: typeof json.message === 'string' && json.message ? json.message : fallback,
    type: 'upstream_error',
    code: typeof json.code === 'string' && json.code ? json.code : 'bad_response_status_code',
    param: null,
  };
}
