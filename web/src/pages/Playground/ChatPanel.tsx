import { IconCopy, IconDelete, IconRefresh, IconSend, IconStop } from '@douyinfe/semi-icons';
import { Button, Spin, TextArea, Tooltip } from '@douyinfe/semi-ui-19';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../clipboard/copy-text';
import type { Message } from './playground-messages';

interface Props {
  messages: Message[];
  generating: boolean;
  userName: string;
  assistantName: string;
  onSend(text: string): void;
  onStop(): void;
  onClear(): void;
  onRegenerate(message: Message): void;
  onDelete(message: Message): void;
}

/**
 * The conversation and its input. Answers are shown as plain text (model output is never parsed
 * as HTML); Enter sends, Shift+Enter breaks the line, and nothing is sent while an input method
 * is still composing.
 */
export function ChatPanel(props: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const composing = useRef(false);
  const end = useRef<HTMLDivElement>(null);
  const last = props.messages.at(-1);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [props.messages.length, last?.content]);

  const send = () => {
    const text = draft.trim();
    if (!text || props.generating) return;
    props.onSend(text);
    setDraft('');
  };

  return (
    <div className="chat-panel">
      <div className="chat-messages" role="log" aria-live="polite">
        {props.messages.map((m) => (
          <div key={m.id} className={`chat-message chat-${m.role} chat-${m.status}`} data-status={m.status}>
            <div className="chat-author">{m.role === 'user' ? props.userName : props.assistantName}</div>
            <div className="chat-bubble">
              {m.status === 'loading' ? (
                <Spin size="small" />
              ) : (
                <span className="chat-text">{m.content}</span>
              )}
              {m.status === 'incomplete' && <span className="chat-cursor" aria-hidden />}
            </div>
            {m.role === 'assistant' && m.status !== 'loading' && m.status !== 'incomplete' && (
              <div className="chat-actions">
                <Tooltip content={t('playground.copy')}>
                  <Button
                    size="small"
                    theme="borderless"
                    icon={<IconCopy />}
                    aria-label={t('playground.copy')}
                    onClick={() => void copyWithFeedback(m.content, t('playground.copied'))}
                  />
                </Tooltip>
                {m.id === last?.id && !props.generating && (
                  <Tooltip content={t('playground.regenerate')}>
                    <Button
                      size="small"
                      theme="borderless"
                      icon={<IconRefresh />}
                      aria-label={t('playground.regenerate')}
                      onClick={() => props.onRegenerate(m)}
                    />
                  </Tooltip>
                )}
                <Tooltip content={t('playground.delete')}>
                  <Button
                    size="small"
                    theme="borderless"
                    icon={<IconDelete />}
                    aria-label={t('playground.delete')}
                    disabled={props.generating}
                    onClick={() => props.onDelete(m)}
                  />
                </Tooltip>
              </div>
            )}
          </div>
        ))}
        <div ref={end} />
      </div>
      <div className="chat-input">
        <Button
          icon={<IconDelete />}
          aria-label={t('playground.clearContext')}
          onClick={props.onClear}
          disabled={props.messages.length === 0}
        >
          {t('playground.clearContext')}
        </Button>
        <TextArea
          aria-label={t('playground.inputPlaceholder')}
          placeholder={t('playground.inputPlaceholder')}
          autosize={{ minRows: 1, maxRows: 6 }}
          value={draft}
          onChange={setDraft}
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={() => {
            composing.current = false;
          }}
          onKeyDown={(event) => {
            if (
              event.key === 'Enter' &&
              !event.shiftKey &&
              !composing.current &&
              !event.nativeEvent.isComposing
            ) {
              event.preventDefault();
              send();
            }
          }}
        />
        {props.generating ? (
          <Button icon={<IconStop />} type="danger" aria-label={t('playground.stop')} onClick={props.onStop}>
            {t('playground.stop')}
          </Button>
        ) : (
          <Button
            icon={<IconSend />}
            theme="solid"
            type="primary"
            aria-label={t('playground.send')}
            disabled={!draft.trim()}
            onClick={send}
          >
            {t('playground.send')}
          </Button>
        )}
      </div>
    </div>
  );
}
