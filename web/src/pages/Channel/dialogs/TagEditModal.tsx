import { Banner, Input, Modal, Select, Toast } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editTag } from '../../../api/channel-actions';
import { useRefreshChannels } from '../../../api/channel-queries';
import { FormField } from '../drawer/FormField';
import { GroupMultiSelect } from '../drawer/GroupMultiSelect';
import { JsonTextArea } from '../drawer/JsonTextArea';
import { modelOptions } from '../drawer/model-options';
import { buildTagEdit, emptyTagEdit, type TagEditValues } from '../tag-edit';

interface Props {
  tag: string;
  groups: string[];
  onClose(): void;
}

/**
 * Edits every channel of a tag at once (PUT /api/channel/tag). Fields start blank: a blank field
 * changes nothing, a filled one overwrites; a blank tag name dissolves the tag.
 */
export function TagEditModal({ tag, groups, onClose }: Props) {
  const { t } = useTranslation();
  const refresh = useRefreshChannels();
  const [values, setValues] = useState<TagEditValues>(() => emptyTagEdit(tag));
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<TagEditValues>) => setValues((current) => ({ ...current, ...patch }));

  const submit = async () => {
    const result = buildTagEdit(tag, values);
    if ('error' in result) {
      Toast.warning(t(`channels.messages.${result.error}`));
      return;
    }
    setSaving(true);
    try {
      const count = await editTag(result.body);
      Toast.success(t('channels.messages.tagUpdated', { count }));
      onClose();
      await refresh();
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('channels.tagEdit.title', { tag })}
      visible
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      width={640}
    >
      <Banner type="info" closeIcon={null} description={t('channels.tagEdit.hint')} />
      <FormField
        id="tag-edit-name"
        label={t('channels.tagEdit.newTag')}
        hint={t('channels.tagEdit.newTagHint')}
      >
        <Input id="tag-edit-name" value={values.newTag} onChange={(newTag) => set({ newTag })} />
      </FormField>
      <div className="channel-field-row">
        <FormField id="tag-edit-priority" label={t('channels.tagEdit.priority')}>
          <Input
            id="tag-edit-priority"
            value={values.priority}
            placeholder={t('channels.tagEdit.blank')}
            onChange={(priority) => set({ priority })}
          />
        </FormField>
        <FormField id="tag-edit-weight" label={t('channels.tagEdit.weight')}>
          <Input
            id="tag-edit-weight"
            value={values.weight}
            placeholder={t('channels.tagEdit.blank')}
            onChange={(weight) => set({ weight })}
          />
        </FormField>
      </div>
      <FormField id="tag-edit-models" label={t('channels.tagEdit.models')}>
        <Select
          id="tag-edit-models"
          aria-labelledby="tag-edit-models-label"
          multiple
          filter
          allowCreate
          maxTagCount={8}
          style={{ width: '100%' }}
          placeholder={t('channels.tagEdit.blank')}
          optionList={modelOptions(values.models)}
          value={values.models}
          onChange={(models) => set({ models: (models as string[]) ?? [] })}
        />
      </FormField>
      <FormField id="tag-edit-groups" label={t('channels.tagEdit.groups')}>
        <GroupMultiSelect
          id="tag-edit-groups"
          groups={groups}
          value={values.groups}
          placeholder={t('channels.tagEdit.blank')}
          onChange={(chosen) => set({ groups: chosen })}
        />
      </FormField>
      <JsonTextArea
        id="tag-edit-model-mapping"
        label={t('channels.tagEdit.modelMapping')}
        value={values.modelMapping}
        placeholder={t('channels.tagEdit.blank')}
        onChange={(modelMapping) => set({ modelMapping })}
      />
    </Modal>
  );
}
