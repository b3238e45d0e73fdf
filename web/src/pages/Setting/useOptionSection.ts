import { Toast } from '@douyinfe/semi-ui-19';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putOption, useOptionsQuery, useRefreshOptions } from '../../api/option-queries';
import {
  checkOptionChanges,
  planOptionSave,
  sendOptionChanges,
  toFormValue,
  type OptionFormValue,
  type SaveOutcome,
} from './option-save';

export interface OptionSection {
  loading: boolean;
  /** The stored values of the section's keys, typed for form fields; undefined while loading. */
  initialValues: Record<string, OptionFormValue> | undefined;
  saving: boolean;
  /** Saves what changed, with the spec's toasts; resolves to what happened. */
  save(values: Record<string, OptionFormValue>): Promise<SaveOutcome>;
}

export interface OptionSectionSettings {
  /** The toast after a complete save, when the panel has its own (spec 1 §8: "公告已更新", …). */
  savedMessage?: string;
}

/**
 * One settings panel's options: their stored values and the save behaviour of spec 1 §4 and spec 2
 * §8 (only changed keys, switches first, "你似乎并没有修改什么", partial and total failure).
 */
export function useOptionSection(
  keys: readonly string[],
  { savedMessage }: OptionSectionSettings = {},
): OptionSection {
  const { t } = useTranslation();
  const options = useOptionsQuery();
  const refresh = useRefreshOptions();
  const [saving, setSaving] = useState(false);
  const keyList = keys.join('\n');

  const initialValues = useMemo(() => {
    if (!options.data) return undefined;
    const data = options.data;
    return Object.fromEntries(keyList.split('\n').map((k) => [k, toFormValue(k, data[k])]));
  }, [options.data, keyList]);

  const save = useCallback(
    async (values: Record<string, OptionFormValue>): Promise<SaveOutcome> => {
      const changes = planOptionSave(keyList.split('\n'), initialValues ?? {}, values);
      if (changes.length === 0) {
        Toast.warning(t('setting.nothingChanged'));
        return 'nothing';
      }
      const problem = checkOptionChanges(changes);
      if (problem) {
        Toast.error(`${t('setting.checkInput')}: ${problem.message}`);
        return 'failed';
      }
      setSaving(true);
      try {
        const { outcome } = await sendOptionChanges(changes, putOption);
        if (outcome === 'saved') Toast.success(savedMessage ?? t('setting.saved'));
        else if (outcome === 'partial') Toast.error(t('setting.partialFailed'));
        else Toast.error(t('setting.saveFailed'));
        try {
          await refresh();
        } catch {
          Toast.error(t('setting.refreshFailed'));
        }
        return outcome;
      } catch {
        Toast.error(t('setting.saveFailedRetry'));
        return 'failed';
      } finally {
        setSaving(false);
      }
    },
    [initialValues, keyList, refresh, savedMessage, t],
  );

  return { loading: options.isLoading, initialValues, saving, save };
}
