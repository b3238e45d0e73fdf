import { Toast } from '@douyinfe/semi-ui-19';
import type { ChannelView } from '@gateway/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteChannel,
  editTag,
  setTagStatus,
  testChannel,
  updateBalance,
  updateChannel,
} from '../../../api/channel-actions';
import { useRefreshChannels } from '../../../api/channel-queries';
import { msToSeconds } from '../channel-display';
import { channelPriorityInput, channelWeightInput, tagPriorityInput, tagWeightInput } from '../inline-edit';

/** Runs a call whose failure the API client has already shown as a toast; true when it worked. */
async function attempt(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch {
    return false;
  }
}

/**
 * What a row of the channel table can do. Server failures are already shown as toasts by the
 * API client; these add the success messages and reload the list. None of them rejects.
 */
export function useChannelActions() {
  const { t } = useTranslation();
  const refresh = useRefreshChannels();

  return useMemo(() => {
    const done = async (message = t('channels.messages.done')) => {
      Toast.success(message);
      await refresh();
    };

    /** Saves one inline number; null (refused or failed) puts the stored value back. */
    const saveField = async (
      channel: ChannelView,
      field: 'priority' | 'weight',
      value: number | null,
    ): Promise<number | null> => {
      if (value === null) return null;
      if (!(await attempt(() => updateChannel({ id: channel.id, [field]: value })))) return null;
      await done();
      return value;
    };

    const saveTagField = async (
      tag: string,
      field: 'priority' | 'weight',
      parsed: ReturnType<typeof tagPriorityInput>,
    ): Promise<number | null> => {
      if (parsed === null) return null;
      if ('error' in parsed) {
        Toast.error(t(`channels.messages.${parsed.error}`));
        return null;
      }
      if (!(await attempt(() => editTag({ tag, [field]: parsed.value })))) return null;
      await done();
      return parsed.value;
    };

    return {
      /** Tests with the channel's default model, or `model`; the new response time shows after reload. */
      async test(channel: ChannelView, model = '') {
        const ok = await attempt(async () => {
          const { time } = await testChannel(channel.id, model);
          Toast.success(
            t('channels.messages.testSuccess', { name: channel.name, seconds: msToSeconds(time * 1000) }),
          );
        });
        // A failed test records its time too.
        await refresh();
        return ok;
      },
      async updateBalance(channel: ChannelView) {
        if (!(await attempt(() => updateBalance(channel.id)))) return false;
        await done(t('channels.balance.updated', { name: channel.name }));
        return true;
      },
      async setEnabled(channel: ChannelView, enabled: boolean) {
        if (!(await attempt(() => updateChannel({ id: channel.id, status: enabled ? 1 : 2 })))) return false;
        await done();
        return true;
      },
      async remove(channel: ChannelView) {
        if (!(await attempt(() => deleteChannel(channel.id)))) return false;
        await done(t('channels.messages.deleted'));
        return true;
      },
      savePriority: (channel: ChannelView, text: string) =>
        saveField(channel, 'priority', channelPriorityInput(text)),
      saveWeight: (channel: ChannelView, text: string) =>
        saveField(channel, 'weight', channelWeightInput(text)),
      saveTagPriority: (tag: string, text: string) => saveTagField(tag, 'priority', tagPriorityInput(text)),
      saveTagWeight: (tag: string, text: string) => saveTagField(tag, 'weight', tagWeightInput(text)),
      async setTagEnabled(tag: string, enabled: boolean) {
        let count = 0;
        if (!(await attempt(async () => (count = await setTagStatus(tag, enabled))))) return false;
        await done(
          t(enabled ? 'channels.messages.tagEnabled' : 'channels.messages.tagDisabled', { tag, count }),
        );
        return true;
      },
    };
  }, [refresh, t]);
}

export type ChannelActions = ReturnType<typeof useChannelActions>;
