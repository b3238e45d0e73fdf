import { Form, InputNumber, Select, Slider, TextArea, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import type { PlaygroundInputs } from './playground-messages';

interface Props {
  inputs: PlaygroundInputs;
  groups: Array<{ value: string; label: string }>;
  models: string[];
  onChange(change: Partial<PlaygroundInputs>): void;
}

/** The left panel of spec 3 §2.4: group, model, temperature, max tokens, system prompt. */
export function PlaygroundSettings({ inputs, groups, models, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className="playground-settings">
      <Typography.Title heading={5}>{t('playground.settings')}</Typography.Title>
      <Form.Label text={t('playground.group')} />
      <Select
        aria-label={t('playground.group')}
        className="playground-field"
        value={inputs.group}
        optionList={groups}
        onChange={(value) => onChange({ group: String(value) })}
      />
      <Form.Label text={t('playground.model')} />
      <Select
        aria-label={t('playground.model')}
        className="playground-field playground-model"
        filter
        value={inputs.model}
        placeholder={t('playground.modelPlaceholder')}
        emptyContent={t('playground.noModels')}
        optionList={models.map((m) => ({ value: m, label: m }))}
        onChange={(value) => onChange({ model: String(value) })}
      />
      <Form.Label text={`${t('playground.temperature')}: ${inputs.temperature}`} />
      <Slider
        aria-label={t('playground.temperature')}
        min={0.1}
        max={1}
        step={0.1}
        value={inputs.temperature}
        onChange={(value) => onChange({ temperature: Number(value) })}
      />
      <Form.Label text={t('playground.maxTokens')} />
      <InputNumber
        aria-label={t('playground.maxTokens')}
        className="playground-field"
        min={0}
        precision={0}
        value={inputs.maxTokens}
        suffix={<Typography.Text type="tertiary">{t('playground.maxTokensHint')}</Typography.Text>}
        onChange={(value) => onChange({ maxTokens: Number(value) || 0 })}
      />
      <Form.Label text={t('playground.systemPrompt')} />
      <TextArea
        aria-label={t('playground.systemPrompt')}
        autosize={{ minRows: 3, maxRows: 10 }}
        value={inputs.systemPrompt}
        onChange={(value) => onChange({ systemPrompt: value })}
      />
    </div>
  );
}
