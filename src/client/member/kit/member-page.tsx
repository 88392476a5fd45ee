/**
 * The frame of a member page: the card (dj-card), its title, an optional back bar and actions on the
 * right. The back bar goes to the list it came from with `num` set to that list's page (core §2): a
 * list passes its page on in the link (`pageLink`), the back bar hands it back.
 */
import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { PAGE_PARAM, pageOfQuery } from './use-paged-list';
import '../member.css';
import './kit.css';

export interface MemberPageProps {
  title: ReactNode;
  /** the back bar: a list path (it may carry its own query, e.g. a tab), or true for the parent path (…/list/info → …/list) */
  back?: string | boolean;
  backText?: string;
  /** actions on the right of the title */
  extra?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** The parent path of a route: the "relative path list" of its back bar. */
export const parentPath = (pathname: string) => pathname.replace(/\/+$/, '').replace(/\/[^/]*$/, '') || '/';

/** A link from a list row that carries the list's page, for the back bar to return to it. */
export function pageLink(path: string, query: Record<string, string | number | undefined>, pageIndex: number): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') sp.set(k, String(v));
  sp.set(PAGE_PARAM, String(pageIndex));
  return `${path}?${sp}`;
}

export function BackBar({ to, text = '返回列表' }: { to: string; text?: string }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const num = pageOfQuery(new URLSearchParams(search));
  return (
    <Button type="link" className="dj-member-page__back" icon={<ArrowLeftOutlined />} data-testid="back-bar" onClick={() => navigate(`${to}${to.includes('?') ? '&' : '?'}${PAGE_PARAM}=${num}`)}>
      {text}
    </Button>
  );
}

export function MemberPage({ title, back, backText, extra, children, className }: MemberPageProps) {
  const { pathname } = useLocation();
  const backTo = back === true ? parentPath(pathname) : back || null;
  return (
    <section className={`dj-card dj-member-page${className ? ` ${className}` : ''}`}>
      <header className="dj-member-page__head">
        {backTo ? <BackBar to={backTo} text={backText} /> : null}
        <h2 className="dj-member-page__title">{title}</h2>
        {extra ? <div className="dj-member-page__extra">{extra}</div> : null}
      </header>
      {children}
    </section>
  );
}
