/**
 * Alert dialog (core §2): types success, fail and wait; content and description; closes when
 * acknowledged, then runs the optional on-OK action. Driven by alertConfig in the state so that
 * any code can raise it with showAlert().
 */
import { Button, Modal } from 'antd';
import { CheckCircleFilled, ClockCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { getState, setState, useAppState, type AlertConfig } from '../../state/store';

export function showAlert(config: Omit<AlertConfig, 'show'>) {
  setState({ alertConfig: { ...config, show: true } });
}

const ICONS = {
  success: <CheckCircleFilled style={{ color: '#52c41a', fontSize: 56 }} />,
  fail: <CloseCircleFilled style={{ color: '#ff4d4f', fontSize: 56 }} />,
  wait: <ClockCircleFilled style={{ color: '#faad14', fontSize: 56 }} />,
};

export default function AlertDialog() {
  const cfg = useAppState((s) => s.alertConfig);
  const close = () => {
    const onOk = getState().alertConfig.onOk;
    setState({ alertConfig: { show: false, type: cfg.type, content: '' } });
    onOk?.();
  };
  return (
    <Modal open={cfg.show} footer={null} closable={false} centered width={360} onCancel={close} destroyOnHidden>
      <div style={{ textAlign: 'center', padding: '12px 0 4px' }} data-testid="alert-dialog" data-type={cfg.type}>
        {ICONS[cfg.type]}
        <div style={{ fontSize: 18, fontWeight: 600, marginTop: 16 }}>{cfg.content}</div>
        {cfg.desc ? <div style={{ color: 'var(--dj-text-muted)', marginTop: 8 }}>{cfg.desc}</div> : null}
        <Button type="primary" style={{ marginTop: 24, minWidth: 120 }} onClick={close}>
          我知道了
        </Button>
      </div>
    </Modal>
  );
}
