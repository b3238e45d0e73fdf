import { Banner } from '@douyinfe/semi-ui-19';
import { useNoticeQuery } from '../../api/site-queries';
import { RichContent } from '../../components/RichContent';

/** The admin's notice (Settings → Other), above the home page content; closable for this visit. */
export function HomeNotice() {
  const { data } = useNoticeQuery();
  if (!data?.trim()) return null;
  return (
    <Banner
      type="info"
      fullMode={false}
      className="home-notice"
      data-testid="home-notice"
      style={{ marginBottom: 16 }}
      description={<RichContent content={data} title="notice" />}
    />
  );
}
