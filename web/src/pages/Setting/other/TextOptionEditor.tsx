import { Button, Input, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putOption, useRefreshOptions } from '../../../api/option-queries';
import { siteKeys } from '../../../api/site-queries';

export type TextOptionName = 'notice' | 'systemName' | 'logo' | 'homePage' | 'about' | 'footer' | 'docsLink';

interface Props {
  optionKey: string;
  name: TextOptionName;
  stored: string;
  multiline?: boolean;
}

/**
 * One display text (notice, name, logo, …) with its own save button and its own success toast
 * (spec 1 §8: "公告已更新", "系统名称已更新", …). The pages showing it read it afresh afterwards.
 */
export function TextOptionEditor({ optionKey, name, stored, multiline }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = useRefreshOptions();
  const [value, setValue] = useState(stored);
  const [saving, setSaving] = useState(false);
  const id = `option-${optionKey.replaceAll('.', '-')}`;

  const save = async () => {
    if (value === stored) {
      Toast.warning(t('setting.nothingChanged'));
      return;
    }
    setSaving(true);
    try {
      await putOption(optionKey, value);
      Toast.success(t(`settingSystem.other.${name}.saved`));
      await Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: siteKeys.notice }),
        queryClient.invalidateQueries({ queryKey: siteKeys.about }),
        queryClient.invalidateQueries({ queryKey: siteKeys.homePage }),
      ]);
    } catch {
      // The API client already showed the server's reason.
    } finally {
      setSaving(false);
    }
  };

  const label = t(`settingSystem.other.${name}.label`);
  const placeholder = t(`settingSystem.other.${name}.placeholder`);
  return (
    <div className="setting-text-option">
      <Typography.Text strong>
        <label htmlFor={id}>{label}</label>
      </Typography.Text>
      {multiline ? (
        <TextArea
          id={id}
          value={value}
          onChange={setValue}
          placeholder={placeholder}
          autosize={{ minRows: 4, maxRows: 16 }}
        />
      ) : (
        <Input id={id} value={value} onChange={setValue} placeholder={placeholder} />
      )}
      <Button type="primary" theme="solid" loading={saving} onClick={() => void save()}>
        {t(`settingSystem.other.${name}.save`)}
      </Button>
    </div>
  );
}
