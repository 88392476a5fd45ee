/** 返回列表 above a child route of a menu (a detail, a form, a list such as 培训班's 分配名额): back to the menu's list at its page. */
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';

export function BackBar({ basePath, title }: { basePath: string; title: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const num = new URLSearchParams(location.search).get('num');
  return (
    <div className="dj-back-bar" data-testid="back-bar">
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate(`${basePath}${num ? `?num=${encodeURIComponent(num)}` : ''}`)}>
        返回列表
      </Button>
      <span className="dj-back-bar__title">{title}</span>
    </div>
  );
}

