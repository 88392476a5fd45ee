import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { SCREEN_CONFIG_MSG, type AccessReport } from '../../../contract/screen-config';
import { callKey, callsOf, type CallIndex } from './calls';

/**
 * What a role would not get of a screen before it is saved: the calls it names that the role's
 * permissions do not open (the server would answer 403), the buttons it would not see, and the
 * code tables that do not exist. (Fields the records lack are seen by the preview on real data.)
 */
type Obj = Record<string, unknown>;

function walk(json: unknown, visit: (o: Obj) => void) {
  if (Array.isArray(json)) json.forEach((x) => walk(x, visit));
  else if (json && typeof json === 'object') {
    visit(json as Obj);
    for (const v of Object.values(json)) walk(v, visit);
  }
}

export async function accessReport(ctx: AppContext, calls: CallIndex, screen: unknown, roleId: number): Promise<AccessReport> {
  const role = await ctx.db.selectFrom('roles').select(['id', 'displayName']).where('id', '=', roleId).executeTakeFirst();
  if (!role) throw notFound(SCREEN_CONFIG_MSG.roleNotFound);
  const held = new Set(
    (await ctx.db.selectFrom('roleMenus as rm').innerJoin('menus as m', 'm.id', 'rm.menuId').select('m.permissionName').where('rm.roleId', '=', roleId).execute())
      .map((r) => r.permissionName)
      .filter((p): p is string => !!p),
  );
  const report: AccessReport = { roleName: role.displayName, calls: [], buttons: [], codeTables: [], fields: [] };
  const seenCalls = new Set<string>();
  for (const c of callsOf(screen)) {
    const info = calls.get(callKey(c.call));
    if (!info || seenCalls.has(c.call) || !info.permissions.length || info.permissions.some((p) => held.has(p))) continue;
    seenCalls.add(c.call);
    report.calls.push({ call: c.call, permission: info.permissions.join(' 或 ') });
  }
  const tables = new Set<string>();
  walk(screen, (o) => {
    if (typeof o.permission === 'string' && !held.has(o.permission)) {
      const label = typeof o.label === 'string' ? o.label : typeof o.title === 'string' ? o.title : o.permission;
      report.buttons.push({ label, permission: o.permission });
    }
    if (typeof o.codeTable === 'string') tables.add(o.codeTable);
  });
  if (tables.size) {
    const have = new Set((await ctx.db.selectFrom('baseCodeTypes').select('name').where('name', 'in', [...tables]).execute()).map((r) => r.name));
    report.codeTables = [...tables].filter((t) => !have.has(t));
  }
  return report;
}
