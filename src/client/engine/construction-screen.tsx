import { Card, Empty, Tag, Typography } from 'antd';

/** 建设中: a page whose service comes later (a screen of kind construction says which), or a menu tag without a screen. */
export function ConstructionScreen({ tag, sub, title, waitsFor }: { tag: string | null; sub?: string; title: string; waitsFor?: string }) {
  return (
    <Card data-testid="screen-placeholder">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <div>
            <Typography.Title level={5} style={{ marginBottom: 8 }}>
              {title}（建设中）
            </Typography.Title>
            <div>
              页面标识：<Tag color={waitsFor ? 'gold' : 'red'}>{tag || '（未配置）'}</Tag>
              {sub ? (
                <>
                  子页面：<Tag>{sub}</Tag>
                </>
              ) : null}
            </div>
            <div style={{ marginTop: 8, color: 'var(--dj-text-muted)' }}>{waitsFor ? `该功能随“${waitsFor}”上线。` : '该页面尚未配置界面（screens/ 中没有这个标识）。'}</div>
          </div>
        }
      />
    </Card>
  );
}
