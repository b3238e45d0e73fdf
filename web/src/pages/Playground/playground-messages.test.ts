import { describe, expect, it } from 'vitest';
import { chatRequest, greeting, loadMessages, type Message } from './playground-messages';

const msg = (role: Message['role'], content: string, status: Message['status']): Message => ({
  id: `${role}-${content}`,
  role,
  content,
  status,
  createAt: 1,
});

const inputs = {
  model: 'gpt-4o-mini',
  group: 'vip',
  temperature: 0.3,
  maxTokens: 0,
  systemPrompt: 'Be brief.',
};

describe('chatRequest', () => {
  it('sends the system prompt and finished messages, never failed or pending ones', () => {
    const body = chatRequest(inputs, [
      ...greeting('Hi', 'Hello!'),
      msg('user', 'broken?', 'complete'),
      msg('assistant', 'oops', 'error'),
      msg('user', 'again', 'complete'),
      msg('assistant', '', 'loading'),
    ]);
    expect(body).toEqual({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'broken?' },
        { role: 'user', content: 'again' },
      ],
      stream: true,
      model: 'gpt-4o-mini',
      group: 'vip',
      temperature: 0.3,
    });
  });

  it('sends max_tokens as an integer only when set, and no empty system prompt', () => {
    const body = chatRequest({ ...inputs, maxTokens: 256.7, systemPrompt: '  ' }, []);
    expect(body.max_tokens).toBe(256);
    expect(body.messages).toEqual([]);
  });
});

describe('loadMessages', () => {
  it('reads a stored conversation and finishes answers cut off by a reload', () => {
    const stored = JSON.stringify([
      msg('user', 'q', 'complete'),
      msg('assistant', 'half', 'incomplete'),
      { x: 1 },
    ]);
    expect(loadMessages(stored)).toEqual({
      messages: [msg('user', 'q', 'complete'), msg('assistant', 'half', 'complete')],
      failed: false,
    });
  });

  it('reports unreadable data and treats nothing stored as a fresh start', () => {
    expect(loadMessages('{not json')).toEqual({ messages: null, failed: true });
    expect(loadMessages('{"a":1}')).toEqual({ messages: null, failed: true });
    expect(loadMessages(null)).toEqual({ messages: null, failed: false });
  });
});
