import { Banner, Button, Card, Space, Spin, TabPane, Tabs } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isJson,
  jsonEditorValue,
  prettyJson,
  PRICING_OPTION_KEYS,
  type PricingOptionKey,
} from './price-maps';
import { PriceJsonEditor } from './PriceJsonEditor';
import { ResetRatiosButton } from './ResetRatiosButton';
import { UnsetModelsEditor } from './UnsetModelsEditor';
import { useDraft } from './useDraft';
import { usePricingOptions } from './usePricingOptions';
import { VisualPriceEditor } from './VisualPriceEditor';
import './pricing.css';

type TabKey = PricingOptionKey | 'visual' | 'unset';

const pretty = (stored: Record<string, string> | undefined) =>
  Object.fromEntries(PRICING_OPTION_KEYS.map((key) => [key, prettyJson(stored?.[key])]));

/**
 * The operation tab's model price and ratio area (spec 2 §2.1): four JSON editors saved together,
 * the visual editor and the list of unpriced models. All three save through the settings save,
 * which sends only the options that changed.
 */
export function PricingSettings() {
  const { t } = useTranslation();
  const pricing = usePricingOptions();
  const [tab, setTab] = useState<TabKey>('ModelPrice');
  const [texts, setTexts] = useDraft(pricing.stored, pretty);
  const [invalid, setInvalid] = useState<Partial<Record<PricingOptionKey, boolean>>>({});

  const saveJson = async () => {
    const values = Object.fromEntries(
      PRICING_OPTION_KEYS.map((key) => [key, jsonEditorValue(pricing.stored?.[key], texts[key] ?? '')]),
    );
    await pricing.saveTexts(values);
  };

  const isJsonTab = (PRICING_OPTION_KEYS as readonly string[]).includes(tab);
  const tableEditor = (Editor: typeof VisualPriceEditor) =>
    pricing.maps ? (
      <Editor maps={pricing.maps} saving={pricing.saving} onSave={(maps) => void pricing.saveMaps(maps)} />
    ) : (
      <Banner type="warning" closeIcon={null} description={t('settingPricing.mapsInvalid')} />
    );

  return (
    <Card title={t('settingPricing.title')} className="pricing-settings" data-testid="pricing-settings">
      <Spin spinning={pricing.loading}>
        <Tabs type="line" activeKey={tab} onChange={(key) => setTab(key as TabKey)} lazyRender>
          {PRICING_OPTION_KEYS.map((key) => (
            <TabPane key={key} itemKey={key} tab={t(`settingPricing.tabs.${key}`)}>
              <PriceJsonEditor
                optionKey={key}
                value={texts[key] ?? ''}
                invalid={invalid[key] ?? false}
                onChange={(text) => {
                  setTexts((prev) => ({ ...prev, [key]: text }));
                  if (invalid[key] && isJson(text)) setInvalid({ ...invalid, [key]: false });
                }}
                onBlur={() => setInvalid({ ...invalid, [key]: !isJson(texts[key] ?? '') })}
              />
            </TabPane>
          ))}
          <TabPane itemKey="visual" tab={t('settingPricing.tabs.visual')}>
            {tableEditor(VisualPriceEditor)}
          </TabPane>
          <TabPane itemKey="unset" tab={t('settingPricing.tabs.unset')}>
            {tableEditor(UnsetModelsEditor)}
          </TabPane>
        </Tabs>
        {isJsonTab ? (
          <Space wrap className="pricing-actions">
            <Button type="primary" theme="solid" loading={pricing.saving} onClick={() => void saveJson()}>
              {t('settingPricing.saveJson')}
            </Button>
            <ResetRatiosButton />
          </Space>
        ) : null}
      </Spin>
    </Card>
  );
}
