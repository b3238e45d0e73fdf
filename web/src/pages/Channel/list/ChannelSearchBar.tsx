import { Button, Input, Select, Space, Switch, Typography } from '@douyinfe/semi-ui-19';
import { IconSearch } from '@douyinfe/semi-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChannelFilters {
  keyword: string;
  group: string;
  model: string;
}

export const NO_FILTERS: ChannelFilters = { keyword: '', group: '', model: '' };

interface Props {
  groups: string[];
  applied: ChannelFilters;
  onSearch(filters: ChannelFilters): void;
  idSort: boolean;
  onIdSort(on: boolean): void;
  tagMode: boolean;
  onTagMode(on: boolean): void;
}

/** Keyword (id, name or key), group and model filters, plus the id-sort and tag-mode switches. */
export function ChannelSearchBar({ groups, applied, onSearch, idSort, onIdSort, tagMode, onTagMode }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ChannelFilters>(applied);
  const search = (next = draft) =>
    onSearch({ ...next, keyword: next.keyword.trim(), model: next.model.trim() });

  return (
    <form
      className="channel-search-bar"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        search();
      }}
    >
      <Input
        className="channel-search-keyword"
        prefix={<IconSearch />}
        aria-label={t('channels.search.keywordLabel')}
        placeholder={t('channels.search.keyword')}
        value={draft.keyword}
        showClear
        onChange={(keyword) => setDraft({ ...draft, keyword })}
      />
      <Select
        className="channel-search-group"
        aria-label={t('channels.search.groupLabel')}
        placeholder={t('channels.search.group')}
        value={draft.group || undefined}
        showClear
        optionList={groups.map((g) => ({ value: g, label: g }))}
        onChange={(value) => {
          const next = { ...draft, group: typeof value === 'string' ? value : '' };
          setDraft(next);
          search(next);
        }}
      />
      <Input
        className="channel-search-model"
        aria-label={t('channels.search.modelLabel')}
        placeholder={t('channels.search.model')}
        value={draft.model}
        showClear
        onChange={(model) => setDraft({ ...draft, model })}
      />
      <Space>
        <Button htmlType="submit" type="primary" theme="solid">
          {t('channels.search.submit')}
        </Button>
        <Button
          onClick={() => {
            setDraft(NO_FILTERS);
            onSearch(NO_FILTERS);
          }}
        >
          {t('channels.search.reset')}
        </Button>
      </Space>
      <Space className="channel-search-switches">
        <label className="channel-switch">
          <Switch checked={idSort} onChange={onIdSort} aria-label={t('channels.search.idSort')} />
          <Typography.Text>{t('channels.search.idSort')}</Typography.Text>
        </label>
        <label className="channel-switch">
          <Switch checked={tagMode} onChange={onTagMode} aria-label={t('channels.search.tagMode')} />
          <Typography.Text>{t('channels.search.tagMode')}</Typography.Text>
        </label>
      </Space>
    </form>
  );
}
