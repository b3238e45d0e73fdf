import { Button, Modal, Space, Spin, Toast } from '@douyinfe/semi-ui-19';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createChannels, updateChannel } from '../../../api/channel-actions';
import { useRefreshChannels } from '../../../api/channel-queries';
import { isRoot, useStoredUser } from '../../../session/stored-user';
import { AdvancedSection, JSON_FIELD_TEXTS } from './AdvancedSection';
import { BasicSection } from './BasicSection';
import {
  channelPayload,
  checkChannelForm,
  endsWithV1,
  type ChannelFormValues,
  type DrawerMode,
} from './channel-form';
import { keyNeeded } from './key-guard';
import { ModelsSection } from './ModelsSection';

interface Props {
  mode: DrawerMode;
  initial: ChannelFormValues;
  groups: string[];
  onClose(): void;
}

/** The drawer's fields and its submit: checks, the /v1 confirmation, create or update. */
export function ChannelForm({ mode, initial, groups, onClose }: Props) {
  const { t } = useTranslation();
  const refresh = useRefreshChannels();
  const [values, setValues] = useState(initial);
  const [submitting, setSubmitting] = useState(false);
  // A ref, not state: a second click in the same tick must already see the first one.
  const inFlight = useRef(false);
  const set = (patch: Partial<ChannelFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const creating = mode.kind !== 'edit';
  const root = isRoot(useStoredUser());
  // Changing where the stored key goes needs the key again (root excepted): said before submitting.
  const needsKey = !creating && keyNeeded(initial, values, root);

  const save = async () => {
    setSubmitting(true);
    const body = channelPayload(values, creating);
    try {
      if (mode.kind === 'edit') {
        await updateChannel({ ...body, id: mode.id, key: body.key || undefined });
        Toast.success(t('channels.drawer.updated'));
      } else {
        await createChannels(body);
        Toast.success(t('channels.drawer.created'));
      }
      onClose();
      await refresh();
    } catch {
      // shown by the client
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const submit = () => {
    if (inFlight.current) {
      Toast.warning(t('channels.drawer.duplicateSubmit'));
      return;
    }
    const error = checkChannelForm(values, creating);
    if (error) {
      const field = error.field ? t(`channels.drawer.${JSON_FIELD_TEXTS[error.field].label}`) : undefined;
      Toast.warning(t(error.text, { field, ...error.params }));
      return;
    }
    if (needsKey) {
      Toast.warning(t('channels.drawer.keyRequiredForAddress'));
      return;
    }
    inFlight.current = true;
    if (!endsWithV1(values.base_url)) {
      void save();
      return;
    }
    Modal.confirm({
      title: t('channels.drawer.v1Title'),
      content: t('channels.drawer.v1Content'),
      okText: t('channels.drawer.v1Continue'),
      cancelText: t('common.cancel'),
      onOk: () => save(),
      onCancel: () => {
        inFlight.current = false;
      },
    });
  };

  return (
    <div className="channel-form">
      <BasicSection values={values} set={set} mode={mode} needsKey={needsKey} />
      <ModelsSection values={values} set={set} mode={mode} groups={groups} />
      <AdvancedSection values={values} set={set} editing={!creating} />
      <div className="channel-drawer-footer">
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {/* Not `loading`: that would disable the button and hide the double-submit notice. */}
          <Button
            theme="solid"
            type="primary"
            icon={submitting ? <Spin size="small" /> : undefined}
            onClick={submit}
          >
            {t('common.submit')}
          </Button>
        </Space>
      </div>
    </div>
  );
}
