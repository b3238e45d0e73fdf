import { Button, Toast } from '@douyinfe/semi-ui-19';
import { IconSetting } from '@douyinfe/semi-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSelfGroupsQuery, useUserModelsQuery } from '../../api/token-queries';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { useStoredUser } from '../../session/stored-user';
import { ChatPanel } from './ChatPanel';
import type { Message, PlaygroundInputs } from './playground-messages';
import { PlaygroundSettings } from './PlaygroundSettings';
import { usePlaygroundChat } from './usePlaygroundChat';
import './playground.css';

const DEFAULT_MODEL = 'gpt-4o-mini';

/** /playground: try a model in a streamed chat, billed like any call (spec 3 §2.4, §4). */
export default function PlaygroundPage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const isMobile = useIsMobile();
  const [params] = useSearchParams();
  const groups = useSelfGroupsQuery();
  const models = useUserModelsQuery();
  const [showSettings, setShowSettings] = useState(!isMobile);
  const [inputs, setInputs] = useState<PlaygroundInputs>({
    model: DEFAULT_MODEL,
    group: user?.group || 'default',
    temperature: 0,
    maxTokens: 0,
    systemPrompt: t('playground.defaultSystemPrompt'),
  });
  const chat = usePlaygroundChat(inputs);

  useEffect(() => {
    if (params.get('expired')) Toast.error(t('playground.expired'));
  }, [params, t]);

  const modelList = useMemo(() => models.data ?? [], [models.data]);
  useEffect(() => {
    // The default model only when this user can use it; otherwise the first one they can.
    if (modelList.length > 0 && !modelList.includes(inputs.model)) {
      setInputs((current) => ({ ...current, model: modelList[0] }));
    }
  }, [modelList, inputs.model]);

  const groupOptions = Object.entries(groups.data ?? {}).map(([name, info]) => ({
    value: name,
    label: `${name}（${info.desc}，${info.ratio}）`,
  }));

  /** Asks the question before this answer again, dropping the answer. */
  const regenerate = (message: Message) => {
    const at = chat.messages.findIndex((m) => m.id === message.id);
    let question = at - 1;
    while (question >= 0 && chat.messages[question].role !== 'user') question--;
    if (question < 0) return;
    void chat.send(chat.messages[question].content, chat.messages.slice(0, question));
  };

  return (
    <section className="page-card playground-page">
      {isMobile && (
        <Button
          icon={<IconSetting />}
          className="playground-toggle"
          onClick={() => setShowSettings((v) => !v)}
        >
          {showSettings ? t('playground.hideSettings') : t('playground.showSettings')}
        </Button>
      )}
      <div className="playground-layout">
        {showSettings && (
          <PlaygroundSettings
            inputs={inputs}
            groups={groupOptions}
            models={modelList}
            onChange={(change) => setInputs((current) => ({ ...current, ...change }))}
          />
        )}
        <div className="playground-chat">
          <ChatPanel
            messages={chat.messages}
            generating={chat.generating}
            userName={user?.display_name || user?.username || 'User'}
            assistantName={inputs.model || 'Assistant'}
            onSend={(text) => void chat.send(text, chat.messages)}
            onStop={chat.stop}
            onClear={chat.clear}
            onRegenerate={regenerate}
            onDelete={(m) => chat.remove(m.id)}
          />
        </div>
      </div>
    </section>
  );
}
