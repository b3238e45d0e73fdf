import { Spin } from '@douyinfe/semi-ui-19';

export function FullPageSpin({ tip }: { tip?: string }) {
  return (
    <div className="full-page-center">
      <Spin size="large" tip={tip} />
    </div>
  );
}
