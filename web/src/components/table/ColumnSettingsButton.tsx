import { Button, Checkbox, Modal, Space } from '@douyinfe/semi-ui-19';
import { IconSetting } from '@douyinfe/semi-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnChoice } from './persistent-columns';

interface Props {
  choices: readonly ColumnChoice[];
  visible: Record<string, boolean>;
  onSave(next: Record<string, boolean>): void;
  onReset(): void;
}

/** The "column settings" control of a table: pick visible columns, saved per browser. */
export function ColumnSettingsButton({ choices, visible, onSave, onReset }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(visible);
  const allOn = choices.every((c) => draft[c.key]);
  return (
    <>
      <Button
        icon={<IconSetting />}
        onClick={() => {
          setDraft(visible);
          setOpen(true);
        }}
      >
        {t('table.columnSettings')}
      </Button>
      <Modal
        title={t('table.columnSettings')}
        visible={open}
        onCancel={() => setOpen(false)}
        onOk={() => {
          onSave(draft);
          setOpen(false);
        }}
        footer={
          <Space>
            <Button
              onClick={() => {
                onReset();
                setOpen(false);
              }}
            >
              {t('table.resetColumns')}
            </Button>
            <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
            <Button
              theme="solid"
              onClick={() => {
                onSave(draft);
                setOpen(false);
              }}
            >
              {t('common.ok')}
            </Button>
          </Space>
        }
      >
        <Checkbox
          checked={allOn}
          indeterminate={!allOn && choices.some((c) => draft[c.key])}
          onChange={(e) => {
            const on = Boolean(e.target.checked);
            setDraft(Object.fromEntries(choices.map((c) => [c.key, c.locked ? true : on])));
          }}
        >
          {t('table.selectAll')}
        </Checkbox>
        <div className="column-settings-grid">
          {choices.map((c) => (
            <Checkbox
              key={c.key}
              checked={Boolean(draft[c.key])}
              disabled={c.locked}
              onChange={(e) => setDraft({ ...draft, [c.key]: Boolean(e.target.checked) })}
            >
              {c.title}
            </Checkbox>
          ))}
        </div>
      </Modal>
    </>
  );
}
