import { Button, Form, Spin, Toast } from '@douyinfe/semi-ui-19';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionSection } from '../useOptionSection';
import { valuesByField, valuesByKey } from './option-field';

interface Props {
  /** The section's heading; also names its form for assistive technology. */
  title: string;
  keys: readonly string[];
  saveLabel: string;
  children: ReactNode;
}

/**
 * One settings panel: a Semi form over some option keys with its own save button. Field rules run
 * before saving (a refused field blocks it with "请检查输入"); saving sends only what changed.
 */
export function OptionSectionForm({ title, keys, saveLabel, children }: Props) {
  const { t } = useTranslation();
  const section = useOptionSection(keys);
  const initial = section.initialValues;
  const initValues = useMemo(() => (initial ? valuesByField(initial) : undefined), [initial]);

  if (!initValues) {
    return (
      <div className="setting-section option-section-loading">
        <Spin />
      </div>
    );
  }
  return (
    <Form
      // A new stored value (after saving, or saved elsewhere) resets the form to it.
      key={JSON.stringify(initValues)}
      className="setting-section option-section"
      aria-label={title}
      initValues={initValues}
      labelPosition="top"
      onSubmit={(values: Record<string, unknown>) => void section.save(valuesByKey(keys, values))}
      onSubmitFail={() => Toast.error(t('setting.checkInput'))}
    >
      <Form.Section text={title}>{children}</Form.Section>
      <Button htmlType="submit" type="primary" loading={section.saving}>
        {saveLabel}
      </Button>
    </Form>
  );
}
