import { Button, Card, Form, Skeleton, Toast, Typography } from '@douyinfe/semi-ui-19';
import { optionDef } from '@gateway/contract';
import { useRef, type ComponentProps, type ReactNode } from 'react';
import type { OptionFormValue } from '../option-save';
import { useOptionSection } from '../useOptionSection';
import './system.css';

type Values = Record<string, OptionFormValue>;
export type SectionFormApi = Parameters<NonNullable<ComponentProps<typeof Form<Values>>['getFormApi']>>[0];

/**
 * The form field of an option. Semi reads dots in field names as nested paths, so keys such as
 * `oidc.client_id` are flattened to `oidc__client_id` while in the form.
 */
export const fieldOf = (key: string) => key.replaceAll('.', '__');

export interface OptionSectionFormProps {
  title: string;
  hint?: ReactNode;
  keys: readonly string[];
  saveText: string;
  /** A message stops the save (shown as an error toast); values are keyed by option key. */
  check?: (values: Values) => string | null;
  children: ReactNode;
}

/** One settings section: its own form over its option keys and its own save button (spec 1 §4). */
export function OptionSectionForm({ title, hint, keys, saveText, check, children }: OptionSectionFormProps) {
  const section = useOptionSection(keys);
  const formApi = useRef<SectionFormApi | null>(null);

  const submit = async (formValues: Values) => {
    const values = Object.fromEntries(keys.map((key) => [key, formValues[fieldOf(key)]]));
    const problem = check?.(values);
    if (problem) {
      Toast.error(problem);
      return;
    }
    const outcome = await section.save(values);
    // A typed secret was sent; clearing the box keeps it from being sent again with the next save.
    if (outcome === 'saved' || outcome === 'partial') {
      for (const key of keys) if (optionDef(key)?.secret) formApi.current?.setValue(fieldOf(key), '');
    }
  };

  return (
    <Card className="setting-section" title={title} data-testid={`section-${fieldOf(keys[0] ?? '')}`}>
      {hint && (
        <Typography.Paragraph type="tertiary" className="setting-section-hint">
          {hint}
        </Typography.Paragraph>
      )}
      {section.initialValues ? (
        <Form<Values>
          initValues={Object.fromEntries(
            Object.entries(section.initialValues).map(([key, value]) => [fieldOf(key), value]),
          )}
          getFormApi={(api) => (formApi.current = api)}
          onSubmit={(values) => void submit(values)}
          labelPosition="top"
        >
          <div className="setting-fields">{children}</div>
          <Button htmlType="submit" type="primary" theme="solid" loading={section.saving}>
            {saveText}
          </Button>
        </Form>
      ) : (
        <Skeleton placeholder={<Skeleton.Paragraph rows={3} />} loading active />
      )}
    </Card>
  );
}
