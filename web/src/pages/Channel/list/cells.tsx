import { Space, Tag, Tooltip, Typography } from '@douyinfe/semi-ui-19';
import { channelTypeInfo, ChannelStatus, type ChannelView } from '@gateway/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  balanceText,
  formatUnixTime,
  groupColor,
  hasBalanceApi,
  msToSeconds,
  responseTimeColor,
} from '../channel-display';
import type { TagRow } from '../tag-rows';

/** Small cells of the channel table. Semi popups get a <span> trigger: they need a real DOM node. */

export function GroupTags({ groups }: { groups: string[] }) {
  return (
    <Space spacing={4} wrap>
      {groups.map((group) => (
        <Tag key={group} color={groupColor(group)} shape="circle">
          {group}
        </Tag>
      ))}
    </Space>
  );
}

export function TypeTag({ type }: { type: number }) {
  return <Tag color="blue">{channelTypeInfo(type)?.name ?? `#${type}`}</Tag>;
}

/** Enabled / disabled / auto-disabled; the auto-disabled tag explains why and when on hover. */
export function StatusTag({ channel }: { channel: ChannelView }) {
  const { t } = useTranslation();
  if (channel.status === ChannelStatus.Enabled)
    return <Tag color="green">{t('channels.status.enabled')}</Tag>;
  if (channel.status === ChannelStatus.ManuallyDisabled) {
    return (
      <Tooltip content={t('channels.status.manualNote')}>
        <span>
          <Tag color="red">{t('channels.status.disabled')}</Tag>
        </span>
      </Tooltip>
    );
  }
  if (channel.status === ChannelStatus.AutoDisabled) {
    const note = (
      <div className="channel-status-note">
        <div>{t('channels.status.autoNote')}</div>
        <div>
          {channel.status_reason
            ? t('channels.status.reason', { reason: channel.status_reason })
            : t('channels.status.noReason')}
        </div>
        {channel.status_time > 0 && (
          <div>{t('channels.status.time', { time: formatUnixTime(channel.status_time) })}</div>
        )}
      </div>
    );
    return (
      <Tooltip content={note}>
        <span data-testid={`auto-disabled-${channel.id}`}>
          <Tag color="yellow">{t('channels.status.autoDisabled')}</Tag>
        </span>
      </Tooltip>
    );
  }
  return <Tag color="grey">{t('channels.status.unknown')}</Tag>;
}

export function TagStatusTag({ row }: { row: TagRow }) {
  const { t } = useTranslation();
  if (row.enabled === 'all') return <Tag color="green">{t('channels.status.tagAll')}</Tag>;
  if (row.enabled === 'none') return <Tag color="red">{t('channels.status.tagNone')}</Tag>;
  return <Tag color="orange">{t('channels.status.tagSome')}</Tag>;
}

/** Response time in the spec's colours; a click tests the channel again. */
export function ResponseTimeTag({ channel, onTest }: { channel: ChannelView; onTest(): Promise<void> }) {
  const { t } = useTranslation();
  const [testing, setTesting] = useState(false);
  const ms = channel.response_time;
  const label = ms > 0 ? t('channels.responseTime.seconds', { seconds: msToSeconds(ms) }) : null;
  const tip = channel.test_time
    ? `${t('channels.responseTime.clickToTest')} · ${t('channels.responseTime.lastTested', {
        time: formatUnixTime(channel.test_time),
      })}`
    : t('channels.responseTime.clickToTest');
  const run = async () => {
    if (testing) return;
    setTesting(true);
    try {
      await onTest();
    } finally {
      setTesting(false);
    }
  };
  return (
    <Tooltip content={tip}>
      <span>
        <Tag
          color={responseTimeColor(ms)}
          className="channel-clickable"
          data-testid={`response-time-${channel.id}`}
          onClick={() => void run()}
        >
          {testing ? '...' : (label ?? t('channels.responseTime.untested'))}
        </Tag>
      </span>
    </Tooltip>
  );
}

/** The provider's balance for types with a balance API; a click asks the provider again. */
export function BalanceTag({ channel, onUpdate }: { channel: ChannelView; onUpdate(): Promise<void> }) {
  const { t } = useTranslation();
  const [updating, setUpdating] = useState(false);
  if (!hasBalanceApi(channel.type)) {
    return <Typography.Text type="tertiary">{t('channels.balance.notSupported')}</Typography.Text>;
  }
  const tip = channel.balance_updated_time
    ? `${t('channels.balance.clickToUpdate')} · ${t('channels.balance.updatedAt', {
        time: formatUnixTime(channel.balance_updated_time),
      })}`
    : t('channels.balance.clickToUpdate');
  const run = async () => {
    if (updating) return;
    setUpdating(true);
    try {
      await onUpdate();
    } finally {
      setUpdating(false);
    }
  };
  return (
    <Tooltip content={tip}>
      <span>
        <Tag
          color="white"
          className="channel-clickable"
          data-testid={`balance-${channel.id}`}
          onClick={() => void run()}
        >
          {updating ? '...' : balanceText(channel.type, channel.balance)}
        </Tag>
      </span>
    </Tooltip>
  );
}
