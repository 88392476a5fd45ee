import { Card, Empty, Tag, Typography } from 'antd';
import type { ScreenProps } from './index';

export default function ScreenPlaceholder({ tag, sub, title }: ScreenProps) {
  return (
    <Card data-testid="screen-placeholder">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <div>
            <Typography.Title level={5} style={{ marginBottom: 8 }}>{title}</Typography.Title>
            <div>
              页面标识：<Tag color="red">{tag || '（未配置）'}</Tag>
              {sub ? <>子页面：<Tag>{sub}</Tag></> : null}
            </div>
            <div style={{ marginTop: 8, color: '#8c8c8c' }}>该页面将由配置引擎按页面标识渲染，敬请期待。</div>
          </div>
        }
      />
    </Card>
  );
}
