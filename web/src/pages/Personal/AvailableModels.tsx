import { Button, Empty, Tag, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserModelsQuery } from '../../api/token-queries';
import { copyWithFeedback } from '../../clipboard/copy-text';

/** Spec 1 §9: the list collapses beyond this many models. */
export const MODELS_SHOWN_COLLAPSED = 10;

/** The models the user's groups can call; a click copies a name. */
export function AvailableModels() {
  const { t } = useTranslation();
  const { data: models = [] } = useUserModelsQuery();
  const [expanded, setExpanded] = useState(false);
  const long = models.length > MODELS_SHOWN_COLLAPSED;
  const shown = expanded || !long ? models : models.slice(0, MODELS_SHOWN_COLLAPSED);

  return (
    <section className="page-card" data-testid="available-models">
      <Typography.Title heading={5}>{t('personalSettings.models.title')}</Typography.Title>
      <Typography.Paragraph type="tertiary" style={{ marginBottom: 12 }}>
        {t('personalSettings.models.hint')}
      </Typography.Paragraph>
      {models.length === 0 ? (
        <Empty description={t('personalSettings.models.empty')} />
      ) : (
        <div className="model-tags">
          {shown.map((name) => (
            <Tag
              key={name}
              size="large"
              color="white"
              style={{ cursor: 'pointer' }}
              onClick={() => void copyWithFeedback(name, t('personalSettings.models.copied', { name }))}
            >
              {name}
            </Tag>
          ))}
          {long && (
            <Button size="small" theme="borderless" onClick={() => setExpanded(!expanded)}>
              {expanded
                ? t('personalSettings.models.collapse')
                : t('personalSettings.models.expand', { count: models.length - MODELS_SHOWN_COLLAPSED })}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
