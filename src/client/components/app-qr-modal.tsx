/** 手机APP download QR codes, Android and iOS. */
import { Modal, QRCode } from 'antd';

export const APP_LINKS = {
  android: `${typeof location !== 'undefined' ? location.origin : ''}/dj/app/android`,
  ios: `${typeof location !== 'undefined' ? location.origin : ''}/dj/app/ios`,
};

export function AppQrModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title="手机APP下载" open={open} onCancel={onClose} footer={null} width={460} destroyOnHidden>
      <div className="dj-qr-row">
        <figure>
          <QRCode value={APP_LINKS.android} size={150} color="#262626" />
          <figcaption>安卓版</figcaption>
        </figure>
        <figure>
          <QRCode value={APP_LINKS.ios} size={150} color="#262626" />
          <figcaption>苹果版（iOS）</figcaption>
        </figure>
      </div>
      <p style={{ textAlign: 'center', color: 'var(--dj-text-muted)', marginBottom: 0 }}>使用手机扫描二维码下载安装</p>
    </Modal>
  );
}
