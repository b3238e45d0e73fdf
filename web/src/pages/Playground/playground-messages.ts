export type MessageStatus = 'loading' | 'incomplete' | 'complete' | 'error';

/** One chat message; assistant answers go loading → incomplete → complete, or error. */
export interface Message {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createAt: number;
  status: MessageStatus;
}

/** Where the conversation is kept between visits (this browser only). */
export const PLAYGROUND_MESSAGES_KEY = 'playground_messages';

export interface PlaygroundInputs {
  model: string;
  group: string;
  temperature: number;
  maxTokens: number;
  systemPrompt: string;
}

let counter = 0;
export const messageId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** The opening exchange of a fresh playground (spec 3 §2.4). */
export function greeting(userText: string, assistantText: string): Message[] {
  const now = Date.now();
  return [
    { role: 'user', id: 'greeting-user', content: userText, createAt: now, status: 'complete' },
    {
      role: 'assistant',
      id: 'greeting-assistant',
      content: assistantText,
      createAt: now,
      status: 'complete',
    },
  ];
}

/** The stored conversation; `failed` when something is stored but unreadable. */
export function loadMessages(raw: string | null): { messages: Message[] | null; failed: boolean } {
  if (raw === null) return { messages: null, failed: false };
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return { messages: null, failed: true };
    const messages = parsed.filter(
      (m): m is Message =>
        !!m &&
        typeof m === 'object' &&
        ((m as Message).role === 'user' || (m as Message).role === 'assistant') &&
        typeof (m as Message).content === 'string',
    );
    // An answer that was still streaming when the page closed is kept as far as it got.
    return {
      messages: messages.map((m) =>
        m.status === 'loading' || m.status === 'incomplete' ? { ...m, status: 'complete' } : m,
      ),
      failed: false,
    };
  } catch {
    return { messages: null, failed: true };
  }
}

/**
 * The body of POST /pg/chat/completions: the system prompt, then every finished message (failed
 * answers are left out so an error never becomes context). max_tokens only when set.
 */
export function chatRequest(inputs: PlaygroundInputs, history: Message[]) {
  const messages = [
    ...(inputs.systemPrompt.trim() ? [{ role: 'system', content: inputs.systemPrompt }] : []),
    ...history
      .filter((m) => m.status !== 'error' && m.status !== 'loading')
      .map((m) => ({ role: m.role as string, content: m.content })),
  ];
  return {
    messages,
    stream: true,
    model: inputs.model,
    group: inputs.group,
    temperature: inputs.temperature,
    ...(inputs.maxTokens > 0 ? { max_tokens: Math.trunc(inputs.maxTokens) } : {}),
  };
}
