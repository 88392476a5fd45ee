/** 切换管理组织 (core §2): radio list of managed organisations; confirm disabled until one is chosen. */
import { useEffect, useState } from 'react';
import { Empty, Modal, Radio, Spin } from 'antd';
import type { ManageOrganEntry } from '../../contract/types';
import { userService } from '../api/endpoints';
import { switchToManagedRole } from '../state/session';
import { setState } from '../state/store';

const keyOf = (e: ManageOrganEntry) => `${e.roleId}:${e.organId}`;

export function RoleSwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [list, setList] = useState<ManageOrganEntry[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setChosen(null);
    setList(null);
    userService
      .manageOrgans()
      .then((l) => {
        setList(l ?? []);
        setState({ allroles: l ?? [] });
      })
      .catch(() => setList([]));
  }, [open]);
  const confirm = async () => {
    const entry = list?.find((e) => keyOf(e) === chosen);
    if (!entry) return;
    setBusy(true);
    try {
      await switchToManagedRole(entry.roleId, entry.organId);
      onClose();
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="切换管理组织"
      open={open}
      onCancel={onClose}
      onOk={confirm}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !chosen, loading: busy }}
      destroyOnHidden
      width={480}
    >
      {list === null ? (
        <div style={{ textAlign: 'center', padding: 24 }}><Spin /></div>
      ) : list.length === 0 ? (
        <Empty description="暂无可管理的组织" />
      ) : (
        <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value)} style={{ width: '100%' }}>
          <div className="dj-role-list">
            {list.map((e) => (
              <Radio key={keyOf(e)} value={keyOf(e)} className="dj-role-item">
                <span className="dj-role-organ">{e.organName}</span>
                <span className="dj-role-name">{e.roleName}</span>
              </Radio>
            ))}
          </div>
        </Radio.Group>
      )}
    </Modal>
  );
}
