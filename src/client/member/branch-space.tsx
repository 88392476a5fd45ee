/** /branchSpace: the branch's own space, with side buttons for the manual and the app QR code. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Descriptions, Tooltip } from 'antd';
import { BookOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useAppState } from '../state/store';
import { codeLabel } from '../widgets/code-select/read';
import { lazyDialog } from '../components/lazy-dialog';
import { AreaBanner, EntryGrid } from './entry-grid';
import { BRANCH_ITEMS } from './area-entry';
import './member.css';

// loaded when first opened
const AppQrModal = lazyDialog(() => import('../components/app-qr-modal').then((m) => m.AppQrModal));

export default function BranchSpace() {
  const session = useAppState((s) => s.session);
  const levels = useAppState((s) => s.baseCode?.organLevel);
  const [qr, setQr] = useState(false);
  return (
    <>
      <AreaBanner title="支部空间" subtitle={session?.organName || ''} />
      <Card title="支部概况" style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label="党组织">{session?.organName}</Descriptions.Item>
          {/* a code shown as its label (党组织层级 code table), not as the bare number */}
          <Descriptions.Item label="组织层级">{session?.organLevel != null ? codeLabel(levels, session.organLevel) : '-'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <EntryGrid items={BRANCH_ITEMS} />
      <div className="dj-side-buttons">
        <Tooltip title="操作手册" placement="left">
          <Link to="/manual"><Button shape="circle" size="large" icon={<BookOutlined />} aria-label="操作手册" /></Link>
        </Tooltip>
        <Tooltip title="手机APP" placement="left">
          <Button shape="circle" size="large" icon={<QrcodeOutlined />} onClick={() => setQr(true)} aria-label="手机APP" />
        </Tooltip>
      </div>
      <AppQrModal open={qr} onClose={() => setQr(false)} />
    </>
  );
}
