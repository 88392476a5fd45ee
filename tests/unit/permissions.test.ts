import { describe, expect, it } from 'vitest';
import type { MenuDto, PermissionEntry } from '../../src/contract/types';
import { buttonFlags, firstMenuUrl, joinUrl, landingPath, selectRole } from '../../src/client/state/permissions';
import { buildAdminRoutes, buildMenuData, hangfireUrl, selectedTopMenu } from '../../src/client/routing/admin-routes';
import { matchedTitles, MEMBER_PAGES, showBreadcrumb } from '../../src/client/routing/member-pages';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

let id = 0;
const menu = (url: string, type: 1 | 2 | 6, extra: Partial<MenuDto> = {}, children: MenuDto[] = []): MenuDto => ({
  id: ++id, url, displayName: url, iconPath: null, type, parentId: null, tags: url.replace(/\W/g, '') || null, permissionName: null, sort: id, children, ...extra,
});
const entry = (roleId: number, isDefault: boolean, menus: MenuDto[] = []): PermissionEntry => ({
  roleId, roleName: `r${roleId}`, roleDisplayName: `角色${roleId}`, organId: 1, organName: '组织', isDefault, menus,
});

describe('default role selection (core §4)', () => {
  const perms = [entry(5, false), entry(1, true), entry(7, false)];
  it('uses the stored roleId when held', () => expect(selectRole(perms, 7)?.roleId).toBe(7));
  it('else the default-flagged role', () => {
    expect(selectRole(perms, null)?.roleId).toBe(1);
    expect(selectRole(perms, 99)?.roleId).toBe(1);
  });
  it('else the first', () => expect(selectRole([entry(5, false), entry(7, false)], null)?.roleId).toBe(5));
  it('none without permissions', () => expect(selectRole([], 1)).toBeNull());
});

describe('menus, routes and landing', () => {
  const admin = [
    menu('/branchSpace', 1, { permissionName: 'Pages.BranchSpace', displayName: '支部空间' }, [menu('/notice', 6, { displayName: '重要通知' })]),
    menu('/education', 1, { displayName: '教育' }, [
      menu('/exam', 6, { permissionName: 'Pages.ExamLibaryService', displayName: '考试管理', tags: 'exam' }, [menu('', 2, { permissionName: 'Pages.Exam.Delete' })]),
      menu('/hangfire', 6, { displayName: '任务' }),
    ]),
    menu('/settings', 6, { displayName: '设置', tags: 'settings' }),
  ];
  it('joins a submenu url to its parent url', () => {
    expect(joinUrl('/education', '/exam')).toBe('/education/exam');
    expect(joinUrl('/education', 'exam')).toBe('/education/exam');
    expect(joinUrl('/education', '/education/exam')).toBe('/education/exam');
  });
  it('the default role lands on the member space, others on their first menu', () => {
    const perms = [entry(1, true, [menu('/partyMember/partySpace', 1)]), entry(2, false, admin)];
    expect(landingPath(perms, null)).toBe('/partyMember/partySpace');
    expect(landingPath(perms, 2)).toBe('/branchSpace/notice');
    expect(firstMenuUrl(admin)).toBe('/branchSpace/notice');
  });
  it('type-2 menus set button flags', () => expect(buttonFlags(admin)).toEqual({ 'Pages.Exam.Delete': true }));
  // the screens the child routes come from (UiConfigService/GetAll): `<tag>/<sub>` screens and a tag's own `routes`
  const screens = {
    branchSpace: { title: '支部空间' },
    'branchSpace/notice/info': { title: '通知详情' },
    exam: { title: '考试管理', routes: ['exam/list', 'exam/info'] },
    'exam/exam/create': { title: '新建试卷' },
    'exam/questions/update': { title: '编辑试题' },
    'exam/users': { title: '参考人员', embedded: true },
  };
  it('builds routes from navigable menus, with child routes from the screens of the menu tag', () => {
    const routes = buildAdminRoutes(admin, screens);
    const paths = routes.map((r) => r.path);
    expect(paths).toContain('/branchSpace/notice');
    expect(paths).toContain('/branchSpace/notice/info');
    expect(paths).toContain('/education/exam');
    expect(paths).toContain('/education/exam/exam/create');
    expect(paths).toContain('/education/exam/questions/update');
    expect(paths).toContain('/settings');
    // hangfire is not a client route; /branchSpace itself is the member area's page
    expect(paths).not.toContain('/education/hangfire');
    expect(paths).not.toContain('/branchSpace');
    expect(paths.some((p) => p.includes('Pages.'))).toBe(false);
    // a screen shown inside another (a tab, a related list, a dialog) is no route
    expect(paths).not.toContain('/education/exam/users');
    // titled by the menu and the screen; the menu's own screen as its detail or list; guarded by the menu's permission
    const byPath = (path: string) => routes.find((r) => r.path === path);
    expect(byPath('/education/exam/exam/create')).toMatchObject({ title: '考试管理 - 新建试卷', tag: 'exam', sub: 'exam/create', permissionName: 'Pages.ExamLibaryService' });
    expect(byPath('/education/exam/exam/info')).toMatchObject({ title: '考试管理 - 详情', sub: 'exam/info', permissionName: 'Pages.ExamLibaryService' });
    expect(byPath('/education/exam/exam/list')).toMatchObject({ title: '考试管理 - 列表', sub: 'exam/list' });
    expect(byPath('/branchSpace/notice/info')).toMatchObject({ title: '支部空间 - 通知详情', tag: 'branchSpace', sub: 'notice/info', permissionName: 'Pages.BranchSpace' });
  });
  it('child routes appear only once the screens are known, under the menu whose tag they name', () => {
    const tree = (extra: Partial<MenuDto>) => [menu('/manager', 1, {}, [menu('/partyMember', 6, { tags: 'partyMember', ...extra })])];
    const partyMember = { partyMember: { title: '党员管理', routes: ['info'] }, 'partyMember/analysis': { title: '党员分析' } };
    expect(buildAdminRoutes(tree({})).map((r) => r.path)).toEqual(['/manager', '/manager/partyMember']);
    expect(buildAdminRoutes(tree({}), partyMember).map((r) => r.path)).toEqual(['/manager', '/manager/partyMember', '/manager/partyMember/info', '/manager/partyMember/analysis']);
    expect(buildAdminRoutes(tree({ tags: 'other' }), partyMember).map((r) => r.path)).toEqual(['/manager', '/manager/partyMember']);
  });
  it('side menu: submenus under their top menu, hangfire marked, selected top follows the path', () => {
    const data = buildMenuData(admin);
    expect(data.map((d) => d.path)).toEqual(['/branchSpace', '/education', '/settings']);
    expect(data[1].children?.map((c) => c.path)).toEqual(['/education/exam', '/education/hangfire']);
    expect(data[1].children?.[1].external).toBe(true);
    expect(selectedTopMenu(data, '/education/exam/exam/create')?.path).toBe('/education');
    expect(selectedTopMenu(data, '/settings')?.path).toBe('/settings');
    expect(hangfireUrl('/hangfire', 'a b')).toBe('/hangfire?access_token=a%20b');
  });
});

describe('member routes', () => {
  it('gives every route of contract/member-routes.txt a page of its own (none left 建设中)', () => {
    const file = [join(process.cwd(), '../shared/contract/member-routes.txt'), '/work/shared/contract/member-routes.txt'].find((f) => existsSync(f))!;
    const listed = readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
    for (const r of listed) expect(MEMBER_PAGES[r]?.load, r).toBeTypeOf('function');
  });
  it('shows the breadcrumb only when more than one matched route has a title', () => {
    expect(showBreadcrumb('/partyMember/partySpace')).toBe(false);
    expect(showBreadcrumb('/partyMember/personal')).toBe(false);
    expect(showBreadcrumb('/partyMember/iStudy/partybook/video/info')).toBe(true);
    expect(matchedTitles('/partyMember/iStudy/partybook/video/info').map((t) => t.title)).toEqual(['我的学习', '党员书架', '视频', '视频详情']);
  });
  it('the exam pages have their own breadcrumb; a topic’s paper opened from its topic leads back to that topic', () => {
    const E = '/partyMember/iStudy/subject/info/exam';
    expect(matchedTitles(E)).toEqual([{ path: '/partyMember/iStudy', title: '我的学习' }, { path: E, title: '我的考试' }]);
    expect(matchedTitles(E, '?paperId=7').map((c) => c.title)).toEqual(['我的学习', '我的考试', '考试详情']);
    const topic = matchedTitles(E, '?paperId=7&topicId=12');
    expect(topic.map((c) => c.title)).toEqual(['我的学习', '专题课程', '专题详情', '专题考试']);
    expect(topic[2].path).toBe('/partyMember/iStudy/subject/info?id=12');
    expect(matchedTitles('/partyMember/iStudy/subject/info/mistakesCollection').map((c) => c.title)).toEqual(['我的学习', '我的考试', '错题集']);
    expect(matchedTitles('/partyMember/iStudy/subject/info/createReport', '?id=12')[2]).toEqual({ path: '/partyMember/iStudy/subject/info?id=12', title: '专题详情' });
  });
});

describe('the permissions screens name on their actions', () => {
  it('are granted by a seeded menu or button: a name nobody can hold hides the action from everyone', async () => {
    const { ADMIN_MENUS } = await import('../../src/server/db/seed/menus');
    type Def = { permissionName?: string; children?: Def[] };
    const granted = new Set<string>();
    const walk = (list: Def[]) => list.forEach((m) => (m.permissionName && granted.add(m.permissionName), walk(m.children ?? [])));
    walk(ADMIN_MENUS as Def[]);
    const named: string[] = [];
    const visit = (o: unknown): void => {
      if (Array.isArray(o)) o.forEach(visit);
      else if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) (k === 'permission' && typeof v === 'string' ? named.push(v) : visit(v));
    };
    const { readdirSync } = await import('node:fs');
    for (const f of readdirSync('screens').filter((x) => x.endsWith('.json'))) visit(JSON.parse(readFileSync(join('screens', f), 'utf8')));
    expect(named).toContain('Pages.OfflinePeriod');
    expect(named.filter((p) => !granted.has(p))).toEqual([]);
  });
});
