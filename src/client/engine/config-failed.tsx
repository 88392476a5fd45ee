/** The screen configuration could not be loaded: say so and offer a reload. */
import { Button, Result } from 'antd';

export default function ConfigFailed() {
  return <Result status="warning" title="界面配置加载失败" extra={<Button onClick={() => window.location.reload()}>刷新重试</Button>} />;
}
