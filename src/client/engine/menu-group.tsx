/** A top menu's own page: its submenus of the current role, as links. */
import { Card, Col, Empty, Row } from 'antd';
import { Link } from 'react-router-dom';
import type { MenuDto } from '../../contract/types';
import { useAppState } from '../state/store';
import { isNavigable, joinUrl, sortedMenus } from '../state/permissions';

function findByTag(menus: MenuDto[], tag: string, parentUrl = ''): { menu: MenuDto; url: string } | null {
  for (const m of sortedMenus(menus)) {
    const url = isNavigable(m) && m.url ? joinUrl(parentUrl, m.url) : parentUrl;
    if (m.tags === tag && isNavigable(m)) return { menu: m, url };
    const hit = findByTag(m.children ?? [], tag, url);
    if (hit) return hit;
  }
  return null;
}

export function MenuGroupPage({ tag, title }: { tag: string | null; title: string }) {
  const menus = useAppState((s) => s.permissionMenus);
  const found = tag ? findByTag(menus, tag) : null;
  const kids = found ? sortedMenus(found.menu.children).filter((c) => isNavigable(c) && c.url) : [];
  return (
    <Card title={title} data-testid="menu-group">
      {kids.length ? (
        <Row gutter={[16, 16]}>
          {kids.map((k) => (
            <Col key={k.id} xs={12} md={8} lg={6}>
              <Link to={joinUrl(found!.url, k.url)}>
                <Card hoverable size="small">
                  {k.displayName}
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description="无数据" />
      )}
    </Card>
  );
}
