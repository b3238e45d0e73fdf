import { Button, Input, Select, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import { channelTypeInfo, channelTypeModels } from '@gateway/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSavedChannelModels, fetchUpstreamModels } from '../../../api/channel-actions';
import { firstKey, normalizeBaseUrl, type ChannelFormValues, type DrawerMode } from './channel-form';
import { FormField } from './FormField';
import { GroupMultiSelect } from './GroupMultiSelect';
import { JsonTextArea } from './JsonTextArea';
import { addCustomModels, allKnownModels, modelOptions } from './model-options';

interface Props {
  values: ChannelFormValues;
  set(patch: Partial<ChannelFormValues>): void;
  mode: DrawerMode;
  groups: string[];
}

const MAPPING_TEMPLATE = JSON.stringify({ 'gpt-3.5-turbo': 'gpt-3.5-turbo-0125' }, null, 2);

/** Models (catalogue, custom names, upstream list), groups, test model and model mapping. */
export function ModelsSection({ values, set, mode, groups }: Props) {
  const { t } = useTranslation();
  const d = (key: string, options?: Record<string, unknown>) => t(`channels.drawer.${key}`, options);
  const [custom, setCustom] = useState('');
  const [fetching, setFetching] = useState(false);
  const typeModels = channelTypeModels(values.type);

  const merge = (names: readonly string[]) => set({ models: [...new Set([...values.models, ...names])] });

  const addCustom = () => {
    const { models, duplicates } = addCustomModels(values.models, custom);
    if (duplicates) Toast.warning(d('modelsExist'));
    set({ models });
    setCustom('');
  };

  /** A saved channel can use its stored key; otherwise the key typed here is needed. */
  const fetchModels = async () => {
    const key = firstKey(values.type, values.key);
    if (mode.kind !== 'edit' && !key) {
      Toast.warning(d('keyRequired'));
      return;
    }
    setFetching(true);
    try {
      const models = key
        ? await fetchUpstreamModels({ type: values.type, base_url: normalizeBaseUrl(values.base_url), key })
        : await fetchSavedChannelModels((mode as { id: number }).id);
      set({ models: [...new Set(models)] });
      Toast.success(d('modelsFetched', { count: models.length }));
    } catch {
      // shown by the client
    } finally {
      setFetching(false);
    }
  };

  return (
    <section className="channel-drawer-section">
      <Typography.Title heading={6}>{d('sections.models')}</Typography.Title>
      <FormField id="channel-models" label={d('models')}>
        <Select
          id="channel-models"
          aria-labelledby="channel-models-label"
          multiple
          filter
          allowCreate
          style={{ width: '100%' }}
          placeholder={d('modelsPlaceholder')}
          optionList={modelOptions(values.models, typeModels.length ? typeModels : allKnownModels())}
          value={values.models}
          onChange={(models) => set({ models: (models as string[]) ?? [] })}
        />
        <Space wrap className="channel-model-buttons">
          <Button size="small" type="primary" onClick={() => merge(typeModels)}>
            {d('fillTypeModels')}
          </Button>
          <Button size="small" type="secondary" onClick={() => merge(allKnownModels())}>
            {d('fillAllModels')}
          </Button>
          {/* Only types whose descriptor names a model-list API; the server refuses the others. */}
          {channelTypeInfo(values.type)?.modelList && (
            <Button size="small" type="tertiary" loading={fetching} onClick={() => void fetchModels()}>
              {d('fetchModels')}
            </Button>
          )}
          <Button size="small" type="warning" onClick={() => set({ models: [] })}>
            {d('clearModels')}
          </Button>
        </Space>
      </FormField>
      <FormField id="channel-custom-models" label={d('customModels')}>
        <Input
          id="channel-custom-models"
          value={custom}
          placeholder={d('customModelsPlaceholder')}
          onChange={setCustom}
          onEnterPress={addCustom}
          suffix={
            <Button size="small" theme="borderless" onClick={addCustom}>
              {d('addCustomModels')}
            </Button>
          }
        />
      </FormField>
      <FormField id="channel-groups" label={d('groups')}>
        <GroupMultiSelect
          id="channel-groups"
          groups={groups}
          value={values.groups}
          placeholder={d('groupsPlaceholder')}
          onChange={(chosen) => set({ groups: chosen })}
        />
      </FormField>
      <FormField id="channel-test-model" label={d('testModel')}>
        <Input
          id="channel-test-model"
          value={values.test_model}
          placeholder={d('testModelPlaceholder')}
          onChange={(test_model) => set({ test_model })}
        />
      </FormField>
      <JsonTextArea
        id="channel-model-mapping"
        label={d('modelMapping')}
        value={values.model_mapping}
        placeholder={d('modelMappingPlaceholder')}
        onChange={(model_mapping) => set({ model_mapping })}
        extra={
          <Button size="small" theme="borderless" onClick={() => set({ model_mapping: MAPPING_TEMPLATE })}>
            {d('fillTemplate')}
          </Button>
        }
      />
    </section>
  );
}
