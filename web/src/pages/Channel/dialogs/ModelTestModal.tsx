import { Button, Input, Modal, Table, Tag, Typography } from '@douyinfe/semi-ui-19';
import { IconSearch } from '@douyinfe/semi-icons';
import type { ChannelView } from '@gateway/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testChannel } from '../../../api/channel-actions';
import { useRefreshChannels } from '../../../api/channel-queries';
import { ApiRequestError } from '../../../api/http-client';
import { commaList, msToSeconds, responseTimeColor } from '../channel-display';

type Result = { state: 'testing' } | { state: 'ok'; ms: number } | { state: 'failed'; message: string };

interface Props {
  channel: ChannelView;
  onClose(): void;
}

/** Tests the channel with a model of its own list; each model shows its time or its failure. */
export function ModelTestModal({ channel, onClose }: Props) {
  const { t } = useTranslation();
  const refresh = useRefreshChannels();
  const [filter, setFilter] = useState('');
  const [results, setResults] = useState<Record<string, Result>>({});
  const models = useMemo(() => commaList(channel.models), [channel.models]);
  const shown = models.filter((m) => m.toLowerCase().includes(filter.trim().toLowerCase()));

  const run = async (model: string) => {
    setResults((r) => ({ ...r, [model]: { state: 'testing' } }));
    let result: Result;
    try {
      // Quiet: the failure is shown in the dialog, next to its model.
      const { time } = await testChannel(channel.id, model, { quiet: true });
      result = { state: 'ok', ms: Math.round(time * 1000) };
    } catch (err) {
      result = { state: 'failed', message: err instanceof ApiRequestError ? err.message : String(err) };
    }
    setResults((r) => ({ ...r, [model]: result }));
    await refresh();
  };

  const renderResult = (model: string) => {
    const result = results[model];
    if (!result)
      return <Typography.Text type="tertiary">{t('channels.modelTest.notTested')}</Typography.Text>;
    if (result.state === 'testing')
      return <Typography.Text>{t('channels.modelTest.testing')}</Typography.Text>;
    if (result.state === 'ok') {
      return (
        <Tag color={responseTimeColor(result.ms)}>
          {t('channels.responseTime.seconds', { seconds: msToSeconds(result.ms) })}
        </Tag>
      );
    }
    return (
      <Typography.Text type="danger" className="channel-test-failure">
        {t('channels.modelTest.failed', { message: result.message })}
      </Typography.Text>
    );
  };

  return (
    <Modal
      title={t('channels.modelTest.title', { name: channel.name })}
      visible
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      width={680}
    >
      <Input
        prefix={<IconSearch />}
        aria-label={t('channels.modelTest.search')}
        placeholder={t('channels.modelTest.search')}
        value={filter}
        showClear
        onChange={setFilter}
      />
      <Table
        className="channel-model-test-table"
        size="small"
        rowKey="model"
        dataSource={shown.map((model) => ({ model }))}
        pagination={shown.length > 10 ? { pageSize: 10 } : false}
        empty={t('channels.modelTest.empty')}
        columns={[
          {
            title: t('channels.modelTest.model'),
            dataIndex: 'model',
            render: (model: string) => (
              <span>
                {model}
                {model === channel.test_model && (
                  <Tag size="small" color="blue" className="channel-default-model">
                    {t('channels.modelTest.defaultModel')}
                  </Tag>
                )}
              </span>
            ),
          },
          {
            title: t('channels.modelTest.result'),
            dataIndex: 'result',
            render: (_: unknown, row: { model: string }) => renderResult(row.model),
          },
          {
            title: t('channels.modelTest.action'),
            dataIndex: 'action',
            width: 100,
            render: (_: unknown, row: { model: string }) => (
              <Button
                size="small"
                theme="light"
                aria-label={`${t('channels.actions.test')} ${row.model}`}
                loading={results[row.model]?.state === 'testing'}
                onClick={() => void run(row.model)}
              >
                {t('channels.actions.test')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
