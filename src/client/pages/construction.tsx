/** The construction page (建设中) for member routes whose issue has not landed yet. */
import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';

export default function ConstructionPage({ title }: { title?: string }) {
  const navigate = useNavigate();
  return (
    <div className="dj-card" data-testid="construction">
      <Result
        icon={<ToolOutlined style={{ color: '#c8161d' }} />}
        title="建设中"
        subTitle={title ? `「${title}」功能正在建设中，敬请期待` : '该功能正在建设中，敬请期待'}
        extra={<Button onClick={() => navigate(-1)}>返回</Button>}
      />
    </div>
  );
}
