import type { HubResponse, HubStreamEvent, HubUsage } from '../../formats/hub.js';

/** `data` of a blocking workflow answer and of the `workflow_finished` event. */
export interface DifyWorkflowRun {
  status?: unknown;
  outputs?: unknown;
  total_tokens?: unknown;
  error?: unknown;
}

/**
 * A workflow's answer text: its `text` or `answer` output (what the end node is usually wired
 * to), else all of its outputs as JSON, so that no result is lost.
 */
export function workflowOutputText(outputs: unknown): string {
  if (!outputs || typeof outputs !== 'object') return '';
  const named = outputs as Record<string, unknown>;
  if (typeof named.text === 'string') return named.text;
  if (typeof named.answer === 'string') return named.answer;
  return Object.keys(named).length === 0 ? '' : JSON.stringify(outputs);
}

/**
 * A workflow reports only `total_tokens`, summed over its LLM nodes, whose prompts hold the app's
 * own templates beside the client's text: no local count would split it truly. All of it is
 * billed as completion tokens (see docs/decisions.md, "Dify completion apps and workflows").
 */
export function workflowUsage(run: DifyWorkflowRun): HubUsage | null {
  const total = typeof run.total_tokens === 'number' ? Math.max(0, Math.trunc(run.total_tokens)) : 0;
  if (total === 0) return null;
  return { promptTokens: 0, completionTokens: total, cachedTokens: 0, cacheCreationTokens: 0 };
}

/** A failed run's error in hub terms (Dify says why in `data.error`). */
export function workflowFailure(run: DifyWorkflowRun): Extract<HubStreamEvent, { type: 'error' }> | null {
  if (run.status === 'succeeded' || run.status === undefined) return null;
  const message = typeof run.error === 'string' && run.error ? run.error : `workflow ${String(run.status)}`;
  return { type: 'error', message, errorType: 'workflow_failed', status: 500 };
}

/** A blocking `/v1/workflows/run` answer (`{workflow_run_id, data}`) as a hub response. */
export function workflowAnswerToHub(json: Record<string, unknown>): HubResponse {
  const run = (json.data ?? {}) as DifyWorkflowRun;
  const text = workflowOutputText(run.outputs);
  return {
    id: String(json.workflow_run_id ?? json.task_id ?? ''),
    model: '',
    parts: text ? [{ type: 'text', text }] : [],
    finish: 'stop',
    usage: workflowUsage(run),
  };
}

/**
 * One event of a workflow stream in hub terms: `text_chunk` carries text; `workflow_finished`
 * the outputs (sent as the text when no chunk came), the total and the status. Node progress is
 * not relayed. `streamedText` says whether text chunks were relayed already.
 */
export function workflowStreamEventToHub(
  event: Record<string, unknown>,
  started: boolean,
  streamedText: boolean,
): HubStreamEvent[] {
  const data = (event.data ?? {}) as DifyWorkflowRun & { text?: unknown };
  const start: HubStreamEvent[] = started
    ? []
    : [{ type: 'start', id: String(event.workflow_run_id ?? event.task_id ?? ''), model: '' }];
  if (event.event === 'text_chunk') {
    return typeof data.text === 'string' && data.text ? [...start, { type: 'text', text: data.text }] : [];
  }
  if (event.event !== 'workflow_finished') return [];
  const failure = workflowFailure(data);
  if (failure) return [failure];
  const text = streamedText ? '' : workflowOutputText(data.outputs);
  const usage = workflowUsage(data);
  return [
    ...start,
    ...(text ? [{ type: 'text' as const, text }] : []),
    { type: 'finish', reason: 'stop' },
    ...(usage ? [{ type: 'usage' as const, usage }] : []),
  ];
}
