/**
 * The channel setting `thinking_to_content`: reasoning text (`reasoning_content`, or `reasoning`)
 * is moved into the answer as `<think>…</think>`, for clients that ignore reasoning fields.
 */
interface ReasoningPart {
  content?: unknown;
  reasoning_content?: unknown;
  reasoning?: unknown;
}

const reasoningOf = (part: ReasoningPart): string => {
  const text = part.reasoning_content ?? part.reasoning;
  return typeof text === 'string' ? text : '';
};

const stripReasoning = (part: ReasoningPart) => {
  delete part.reasoning_content;
  delete part.reasoning;
};

/** A whole (non-streamed) answer, changed in place; returns whether it carried reasoning. */
export function inlineReasoning(json: { choices?: Array<{ message?: ReasoningPart }> }): boolean {
  let changed = false;
  for (const choice of json.choices ?? []) {
    const message = choice.message;
    if (!message) continue;
    const reasoning = reasoningOf(message);
    if (!reasoning) continue;
    const content = typeof message.content === 'string' ? message.content : '';
    message.content = `<think>\n${reasoning}\n</think>\n${content}`;
    stripReasoning(message);
    changed = true;
  }
  return changed;
}

/** Rewrites stream chunks one by one, opening `<think>` on the first reasoning and closing it on the first answer text. */
export class StreamReasoningInliner {
  private open = false;
  private template: Record<string, unknown> | null = null;

  transform(data: string): string {
    if (!data.includes('reasoning') && !this.open) return data;
    let chunk: { choices?: Array<{ delta?: ReasoningPart }> } & Record<string, unknown>;
    try {
      chunk = JSON.parse(data) as typeof chunk;
    } catch {
      return data;
    }
    this.template ??= { id: chunk.id, object: chunk.object, created: chunk.created, model: chunk.model };
    let changed = false;
    for (const choice of chunk.choices ?? []) {
      const delta = choice.delta;
      if (!delta) continue;
      const reasoning = reasoningOf(delta);
      const content = typeof delta.content === 'string' ? delta.content : '';
      if (reasoning) {
        delta.content = (this.open ? '' : '<think>\n') + reasoning + content;
        this.open = true;
        stripReasoning(delta);
        changed = true;
      } else if (content && this.open) {
        delta.content = `\n</think>\n${content}`;
        this.open = false;
        changed = true;
      }
    }
    return changed ? JSON.stringify(chunk) : data;
  }

  /** A chunk closing the think block when the stream ended inside it, else null. */
  close(): string | null {
    if (!this.open || !this.template) return null;
    this.open = false;
    return JSON.stringify({ ...this.template, choices: [{ index: 0, delta: { content: '\n</think>\n' } }] });
  }
}
