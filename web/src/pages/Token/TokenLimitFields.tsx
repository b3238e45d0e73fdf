import { Form, useFormState } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useSelfGroupsQuery, useUserModelsQuery } from '../../api/token-queries';
import type { TokenFormValues } from './token-form';

/** Group, model limits and the IP allow list. */
export function TokenLimitFields() {
  const { t } = useTranslation();
  const values: Partial<TokenFormValues> = useFormState<TokenFormValues>().values ?? {};
  const models = useUserModelsQuery();
  const groups = useSelfGroupsQuery();

  const groupOptions = [
    { value: '', label: t('token.drawer.useOwnGroup') },
    ...Object.entries(groups.data ?? {}).map(([group, info]) => ({
      value: group,
      label: t('token.drawer.groupOption', { group, desc: info.desc, ratio: info.ratio }),
    })),
  ];
  // A model limited earlier may have lost its channel since; it stays visible so it can be removed.
  const modelNames = [...new Set([...(models.data ?? []), ...(values.model_limits ?? [])])];

  return (
    <>
      <Form.Select
        field="group"
        label={t('token.drawer.group')}
        placeholder={t('token.drawer.groupPlaceholder')}
        optionList={groupOptions}
        loading={groups.isPending}
        style={{ width: '100%' }}
      />
      <Form.Switch field="model_limits_enabled" label={t('token.drawer.modelLimitsEnabled')} />
      <Form.Select
        field="model_limits"
        label={t('token.drawer.modelLimits')}
        placeholder={t('token.drawer.modelLimitsPlaceholder')}
        multiple
        filter
        maxTagCount={6}
        disabled={!values.model_limits_enabled}
        optionList={modelNames.map((name) => ({ value: name, label: name }))}
        loading={models.isPending}
        style={{ width: '100%' }}
      />
      <Form.TextArea
        field="allow_ips"
        label={t('token.drawer.allowIps')}
        placeholder={t('token.drawer.allowIpsPlaceholder')}
        autosize={{ minRows: 2, maxRows: 6 }}
      />
    </>
  );
}
