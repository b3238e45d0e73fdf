import { Button, Input, TextArea, Typography } from '@douyinfe/semi-ui-19';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteKeys } from '../../../api/site-queries';
import { useOptionSection } from '../useOptionSection';

export type TextOptionName = 'notice' | 'systemName' | 'logo' | 'homePage' | 'about' | 'footer' | 'docsLink';

interface Props {
  optionKey: string;
  name: TextOptionName;
  multiline?: boolean;
}

/**
 * One display text (notice, name, logo, …) with its own save button and its own success toast
 * (spec 1 §8: "公告已更新", "系统名称已更新", …). It saves like every other panel (contract checks,
 * "nothing changed"); the pages showing the text read it afresh afterwards.
 */
export function TextOptionEditor({ optionKey, name, multiline }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const section = useOptionSection([optionKey], { savedMessage: t(`settingSystem.other.${name}.saved`) });
  const stored = String(section.initialValues?.[optionKey] ?? '');
  // Undefined until typed into: the box shows the stored text, and follows it after a save.
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const value = typed ?? stored;
  const id = `option-${optionKey.replaceAll('.', '-')}`;

  const save = async () => {
    const outcome = await section.save({ [optionKey]: value });
    if (outcome !== 'saved') return;
    setTyped(undefined);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: siteKeys.notice }),
      queryClient.invalidateQueries({ queryKey: siteKeys.about }),
      queryClient.invalidateQueries({ queryKey: siteKeys.homePage }),
    ]);
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
          onChange={setTyped}
          placeholder={placeholder}
          autosize={{ minRows: 4, maxRows: 16 }}
        />
      ) : (
        <Input id={id} value={value} onChange={setTyped} placeholder={placeholder} />
      )}
      <Button type="primary" theme="solid" loading={section.saving} onClick={() => void save()}>
        {t(`settingSystem.other.${name}.save`)}
      </Button>
    </div>
  );
}
