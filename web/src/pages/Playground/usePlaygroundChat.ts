import { Toast } from '@douyinfe/semi-ui-19';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expireSession } from '../../api/client';
import { readStoredUser } from '../../session/stored-user';
import { readChatStream } from './chat-stream';
import {
  chatRequest,
  greeting,
  loadMessages,
  messageId,
  PLAYGROUND_MESSAGES_KEY,
  type Message,
  type PlaygroundInputs,
} from './playground-messages';

/** The error text of a refused request: the OpenAI-shaped error message, else the status. */
async function errorDetail(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: string }; message?: string };
    return body.error?.message ?? body.message ?? `HTTP ${response.status}`;
  } catch {
    return `HTTP ${response.status}`;
  }
}

/**
 * The playground conversation: kept in this browser, sent to /pg/chat/completions and streamed
 * back with the message lifecycle of spec 3 §4 (loading → incomplete → complete, or error with
 * the error appended).
 */
export function usePlaygroundChat(inputs: PlaygroundInputs) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<Message[]>(() => {
    const stored = loadMessages(localStorage.getItem(PLAYGROUND_MESSAGES_KEY));
    return stored.messages ?? greeting(t('playground.greetingUser'), t('playground.greetingAssistant'));
  });
  const [generating, setGenerating] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (loadMessages(localStorage.getItem(PLAYGROUND_MESSAGES_KEY)).failed) {
      Toast.error(t('playground.parseFailed'));
    }
    // Only once, for what was stored before this visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    localStorage.setItem(PLAYGROUND_MESSAGES_KEY, JSON.stringify(messages));
  }, [messages]);
  useEffect(() => () => abort.current?.abort(), []);

  const send = useCallback(
    async (content: string, history: Message[]) => {
      const question: Message = {
        role: 'user',
        id: messageId(),
        content,
        createAt: Date.now(),
        status: 'complete',
      };
      const answerId = messageId();
      const answer: Message = {
        role: 'assistant',
        id: answerId,
        content: '',
        createAt: Date.now(),
        status: 'loading',
      };
      const context = [...history.filter((m) => m.id !== answerId), question];
      setMessages([...context, answer]);
      setGenerating(true);
      const update = (id: string, change: (m: Message) => Message) =>
        setMessages((list) => list.map((m) => (m.id === id ? change(m) : m)));
      const controller = new AbortController();
      abort.current = controller;
      const fail = (detail: string) =>
        update(answerId, (m) => ({
          ...m,
          content: `${m.content}\n\n${detail}`.trim(),
          status: 'error',
        }));
      try {
        const userId = readStoredUser()?.id;
        const response = await fetch('/pg/chat/completions', {
          method: 'POST',
          credentials: 'same-origin',
          signal: controller.signal,
          headers: {
            'Content-Type': 'application/json',
            ...(userId !== undefined ? { 'New-Api-User': String(userId) } : {}),
          },
          body: JSON.stringify(chatRequest(inputs, context)),
        });
        if (response.status === 401) {
          expireSession();
          return;
        }
        if (!response.ok || !response.body) {
          fail(await errorDetail(response));
          return;
        }
        let finished = false;
        for await (const event of readChatStream(response.body)) {
          if (event.kind === 'delta') {
            update(answerId, (m) => ({
              ...m,
              content: `${m.content}${event.text}`,
              status: 'incomplete',
            }));
          } else if (event.kind === 'error') {
            fail(event.detail);
            finished = true;
            break;
          } else {
            break;
          }
        }
        // [DONE], or a stream that closed without a status: the answer is complete.
        if (!finished) update(answerId, (m) => ({ ...m, status: 'complete' }));
      } catch (err) {
        if (controller.signal.aborted) update(answerId, (m) => ({ ...m, status: 'complete' }));
        else fail(err instanceof Error ? err.message : String(err));
      } finally {
        setGenerating(false);
        abort.current = null;
      }
    },
    [inputs],
  );

  const stop = useCallback(() => abort.current?.abort(), []);
  const clear = useCallback(() => {
    abort.current?.abort();
    setMessages([]);
  }, []);
  const remove = useCallback((id: string) => setMessages((list) => list.filter((m) => m.id !== id)), []);

  return { messages, generating, send, stop, clear, remove };
}
