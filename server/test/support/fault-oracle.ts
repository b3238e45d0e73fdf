import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import type { RecordedRequest } from '@gateway/test-support';
import { promptOf, type CallRecord } from './fault-load.js';

/**
 * The fault suite's independent oracle: what each call should have cost, from what the fake
 * upstream answered and what the client saw, priced by hand here (the suite's prices: model ratio
 * 1, completion ratio 1 (no built-in ratio for these names), group ratio 1), never by the
 * gateway's pricing code. Usage counted locally follows the documented rule (cl100k tokens):
 * prompt = 3 + per message (3 + role + content); completion = the produced text.
 */
const MODEL_RATIO = 1;
const COMPLETION_RATIO = 1;
const GROUP_RATIO = 1;
const price = (prompt: number, completion: number) =>
  (prompt + completion * COMPLETION_RATIO) * MODEL_RATIO * GROUP_RATIO;

/** JSON, or an empty object for a body cut in the middle (it reported nothing). */
function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** The usage an OpenAI answer reported and the text it carried (JSON or SSE, possibly cut). */
export function readAnswer(body: string): {
  usage: { prompt: number; completion: number } | null;
  text: string;
} {
  type Usage = { prompt_tokens: number; completion_tokens: number } | null | undefined;
  let usage: Usage = null;
  let text = '';
  const take = (u: Usage) => {
    if (u) usage = u;
  };
  if (body.trimStart().startsWith('data:')) {
    for (const line of body.split('\n')) {
      const data = line.startsWith('data: ') ? line.slice(6).trim() : '';
      if (!data || data === '[DONE]') continue;
      const chunk = parse(data) as {
        choices?: Array<{ delta?: { content?: string } }>;
        usage?: Usage;
      };
      for (const c of chunk.choices ?? []) text += c.delta?.content ?? '';
      take(chunk.usage);
    }
  } else if (body) {
    const answer = parse(body) as { choices?: Array<{ message?: { content?: string } }>; usage?: Usage };
    text = answer.choices?.[0]?.message?.content ?? '';
    take(answer.usage);
  }
  const u = usage as Usage;
  return { usage: u ? { prompt: u.prompt_tokens, completion: u.completion_tokens } : null, text };
}

/** A consume log row as the oracle reads it. */
export interface ChargeRow {
  request_id: string;
  user_id: number;
  quota: number;
  other: string;
}

export interface OracleInput {
  calls: CallRecord[];
  upstream: readonly RecordedRequest[];
  rows: ChargeRow[];
  userOfKey: Map<string, number>;
}

export interface UserVerdict {
  /** Charges the oracle computed: exact calls with their row, plus the rows of racy calls. */
  expected: number;
  exactCalls: number;
  racyRows: number;
  overdraft: number;
}

/**
 * Checks every call against the rows and returns, per user, the charges the oracle expects
 * (problems are thrown, listing the first few calls that break a rule):
 * - a call that read a whole 200 answer costs exactly its upstream usage, or the local count
 *   when the upstream reported none (a stream cut upstream, an answer without usage); its row
 *   must exist (also when its instance was killed right after) and record that cost;
 * - a call that read a whole error answer costs nothing and has no row;
 * - a call the client left, or that broke in transport, may cost nothing or up to what the
 *   upstream had sent for it (the gateway stops reading at an unpredictable event);
 * - a row the client cannot name (no headers arrived) must be one of the latter.
 */
export function checkCharges(input: OracleInput): Map<number, UserVerdict> {
  const byTag = new Map<string, RecordedRequest[]>();
  for (const r of input.upstream) {
    const content = (r.body as { messages?: Array<{ content?: unknown }> } | undefined)?.messages?.[0]
      ?.content;
    const tag = typeof content === 'string' ? /\[(call-\d+)\]$/.exec(content)?.[1] : undefined;
    if (tag) byTag.set(tag, [...(byTag.get(tag) ?? []), r]);
  }
  const rowById = new Map(input.rows.map((r) => [r.request_id, r]));
  const overdraftOf = (row: ChargeRow) =>
    Number((JSON.parse(row.other || '{}') as { overdraft?: number }).overdraft ?? 0);
  const verdicts = new Map<number, UserVerdict>();
  const verdict = (userId: number) => {
    let v = verdicts.get(userId);
    if (!v) verdicts.set(userId, (v = { expected: 0, exactCalls: 0, racyRows: 0, overdraft: 0 }));
    return v;
  };
  const problems: string[] = [];
  const claimed = new Set<string>();
  const nameless = new Map<number, { calls: number; maxCost: number }>();

  for (const call of input.calls) {
    const userId = input.userOfKey.get(call.apiKey)!;
    const v = verdict(userId);
    const localPrompt = 3 + 3 + countTokens('user') + countTokens(promptOf(call.tag));
    // The attempt whose answer reached the gateway as a success (a retry follows a failure).
    const delivering = (byTag.get(call.tag) ?? []).filter((r) => r.reply?.status === 200).at(-1);
    const answer = delivering?.reply ? readAnswer(delivering.reply.body) : null;
    const row = call.requestId ? rowById.get(call.requestId) : undefined;
    if (row) claimed.add(row.request_id);

    if (call.complete && call.status === 200) {
      if (!answer) {
        problems.push(`${call.tag}: answered 200 without a successful upstream reply`);
        continue;
      }
      const cost =
        answer.usage && delivering!.reply!.complete
          ? price(answer.usage.prompt, answer.usage.completion)
          : price(localPrompt, countTokens(answer.text));
      // Also when its instance was killed right after: the charge was journaled before the answer left.
      if (!row) {
        problems.push(`${call.tag} (${call.model}, stream ${call.stream}): answered, no charge row`);
        continue;
      }
      const overdraft = overdraftOf(row);
      if (row.quota + overdraft !== cost)
        problems.push(
          `${call.tag} (${call.model}): charged ${row.quota}+${overdraft} overdraft, expected ${cost}`,
        );
      v.expected += cost - overdraft;
      v.overdraft += overdraft;
      v.exactCalls++;
    } else if (call.complete) {
      if (row) problems.push(`${call.tag}: status ${call.status} but charged ${row.quota}`);
    } else {
      // Left by the client or cut in transport: bounded by what the upstream sent for it.
      const maxCost = answer
        ? price(
            Math.max(answer.usage?.prompt ?? 0, localPrompt),
            Math.max(answer.usage?.completion ?? 0, countTokens(answer.text)),
          )
        : 0;
      if (row) {
        const overdraft = overdraftOf(row);
        if (row.quota + overdraft > maxCost || row.quota + overdraft <= 0)
          problems.push(`${call.tag}: cut call charged ${row.quota}+${overdraft}, at most ${maxCost}`);
        v.expected += row.quota;
        v.overdraft += overdraft;
        v.racyRows++;
      } else if (!call.requestId && answer) {
        const n = nameless.get(userId) ?? { calls: 0, maxCost: 0 };
        nameless.set(userId, { calls: n.calls + 1, maxCost: Math.max(n.maxCost, maxCost) });
      }
    }
  }

  // Rows no client can name: calls cut before their headers arrived, which reached an upstream.
  const unnamed = new Map<number, ChargeRow[]>();
  for (const row of input.rows)
    if (!claimed.has(row.request_id)) unnamed.set(row.user_id, [...(unnamed.get(row.user_id) ?? []), row]);
  for (const [userId, rows] of unnamed) {
    const bound = nameless.get(userId) ?? { calls: 0, maxCost: 0 };
    if (rows.length > bound.calls)
      problems.push(`user ${userId}: ${rows.length} unnamed rows for ${bound.calls} cut calls`);
    for (const row of rows) {
      const overdraft = overdraftOf(row);
      if (row.quota + overdraft > bound.maxCost) problems.push(`user ${userId}: unnamed row of ${row.quota}`);
      verdict(userId).expected += row.quota;
      verdict(userId).overdraft += overdraft;
      verdict(userId).racyRows++;
    }
  }
  if (problems.length > 0)
    throw new Error(
      `${problems.length} charges disagree with the oracle:\n${problems.slice(0, 15).join('\n')}`,
    );
  return verdicts;
}
