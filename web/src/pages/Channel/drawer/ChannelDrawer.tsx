import { Empty, SideSheet, Spin } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useChannelQuery } from '../../../api/channel-queries';
import { useIsMobile } from '../../../app/layout/useIsMobile';
import { ChannelForm } from './ChannelForm';
import { emptyChannelForm, formFromChannel, type DrawerMode } from './channel-form';

interface Props {
  /** null: closed. */
  mode: DrawerMode | null;
  groups: string[];
  onClose(): void;
}

/** The create / edit / copy side sheet; an edit loads the channel fresh by id. */
export function ChannelDrawer({ mode, groups, onClose }: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const editId = mode?.kind === 'edit' ? mode.id : null;
  const channel = useChannelQuery(editId);

  let title = t('channels.drawer.createTitle');
  if (mode?.kind === 'edit') title = t('channels.drawer.editTitle');

  let body = null;
  if (mode?.kind === 'create') {
    body = (
      <ChannelForm key="create" mode={mode} initial={emptyChannelForm()} groups={groups} onClose={onClose} />
    );
  } else if (mode?.kind === 'edit') {
    if (channel.data) {
      body = (
        <ChannelForm
          key={`edit-${mode.id}-${channel.dataUpdatedAt}`}
          mode={mode}
          initial={formFromChannel(channel.data)}
          groups={groups}
          onClose={onClose}
        />
      );
    } else if (channel.isError) {
      body = <Empty description={t('channels.drawer.loadFailed')} />;
    } else {
      body = <Spin size="large" />;
    }
  }

  return (
    <SideSheet
      className="channel-drawer"
      visible={mode !== null}
      title={title}
      width={isMobile ? '100%' : 720}
      onCancel={onClose}
      // Fields are state of the form component: closing drops them, so reopening starts clean.
      keepDOM={false}
    >
      {body}
    </SideSheet>
  );
}
