/**
 * The configuration as data: every screens/*.json passes the meta-schema, names registered widgets,
 * existing entities, screens and (for configured services) declared actions with their methods;
 * every tag of a seeded menu resolves to a screen or to a listed bespoke page, and every child route
 * comes from a screen and is where the screens' links lead.
 */
import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import screenMeta from '../../../src/contract/meta/screen.schema.json';
import entityMeta from '../../../src/contract/meta/entity.schema.json';
import { ADMIN_MENUS, type MenuDef } from '../../../src/server/db/seed/menus';
import { buildAdminRoutes } from '../../../src/client/routing/admin-routes';
import type { MenuDto } from '../../../src/contract/types';
import { isRegistered, widgetNames } from '../../../src/client/widgets/registry';
import { screenFor } from '../../../src/client/engine/resolve';
import { GROUP_TAGS, isBespoke } from '../../../src/client/engine/bespoke';
import { parseCall, type CallRole } from '../../../src/client/engine/calls';
import type { ActionDef, ScreenDef } from '../../../src/client/engine/types';
import { readConfigDir } from './config-dirs';

const entityFiles = readConfigDir('schemas');
const screenFiles = readConfigDir('screens');
const screens: Record<string, ScreenDef> = Object.fromEntries(screenFiles.map((s) => [s.json.tag, s.json]));
const entities = new Map(entityFiles.map((e) => [e.json.name as string, e.json]));

/** Every string value under a key named `key`, anywhere in the JSON. */
function valuesOf(node: unknown, key: string, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => valuesOf(n, key, out));
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === key && typeof v === 'string') out.push(v);
      valuesOf(v, key, out);
    }
  return out;
}

function allActions(s: ScreenDef): ActionDef[] {
  return [...(s.toolbar ?? []), ...(s.rowActions ?? []), ...(s.detail?.actions ?? []), ...(s.tabs ?? []).flatMap((t) => [...(t.toolbar ?? []), ...(t.rowActions ?? [])])];
}

describe('configuration files', () => {
  it('every screen file passes the meta-schema (as the server checks at start)', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(screenMeta);
    const bad = screenFiles.filter((s) => !validate(s.json)).map((s) => `${s.file}: ${JSON.stringify(validate.errors?.[0])}`);
    expect(bad).toEqual([]);
    const validateEntity = new Ajv({ allErrors: true, strict: false }).compile(entityMeta);
    expect(entityFiles.filter((e) => !validateEntity(e.json)).map((e) => e.file)).toEqual([]);
  });

  it('the meta-schema is strict: an unknown key or a bad call is refused', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(screenMeta);
    expect(validate({ tag: 'x', kind: 'list', title: 'X', calls: { list: 'XService/PageList' }, colums: [] })).toBe(false);
    expect(validate({ tag: 'x', kind: 'list', title: 'X', calls: { list: 'fetch("/evil")' } })).toBe(false);
    expect(validate({ tag: 'x', kind: 'audit', title: 'X', calls: { list: 'XService/PageList' } })).toBe(false);
    expect(validate({ tag: 'x', kind: 'list', title: 'X', calls: { list: 'XService/PageList' }, rowActions: [{ key: 'a', label: 'A', kind: 'call' }] })).toBe(false);
  });

  it('schemas and screens only name registered widgets', () => {
    const names = [...entityFiles.flatMap((e) => valuesOf(e.json, 'x-component')), ...screenFiles.flatMap((s) => valuesOf(s.json, 'widget'))];
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => !isRegistered(n))).toEqual([]);
    for (const n of ['Input', 'Input.TextArea', 'NumberPicker', 'Select', 'DatePicker', 'Switch', 'CodeSelect', 'OrganCascader', 'RichText']) expect(widgetNames()).toContain(n);
  });

  // configured services with a hand-written part (src/server/services/live-room.ts: what the record store cannot say)
  const HANDWRITTEN: Record<string, string[]> = {
    LiveRoomService: ['GET GetPushUrl', 'GET GetLiveListByTimeSpan', 'GET GetUserLiveLists', 'GET Detail', 'POST IntoRoomAsync'],
  };

  it('screens name existing entities and screens, and calls that configured services declare with that method', () => {
    const problems: string[] = [];
    const services = new Map<string, { entity: string; actions: Record<string, { method: string }> }>();
    // one service may span entities (DifficultyService: applications and their help records)
    for (const e of entityFiles)
      if (e.json.service) services.set(e.json.service.name, { entity: e.json.name, actions: { ...(services.get(e.json.service.name)?.actions ?? {}), ...e.json.service.actions } });
    for (const { file, json: s } of screenFiles as { file: string; json: ScreenDef }[]) {
      if (s.entity && !entities.has(s.entity)) problems.push(`${file}: entity ${s.entity}`);
      const refs = [...valuesOf(s, 'screen')];
      for (const r of refs) if (!screens[r]) problems.push(`${file}: screen ${r}`);
      const calls: [string, CallRole][] = [];
      // a statistics call is read like a get
      for (const [role, c] of Object.entries(s.calls ?? {})) calls.push([c as string, (role === 'statistics' ? 'get' : role) as CallRole]);
      for (const t of s.tabs ?? []) if (t.call) calls.push([t.call, 'list']);
      for (const a of allActions(s)) if (a.call) calls.push([a.call, a.kind === 'delete' ? 'delete' : 'action']);
      if (s.decision) calls.push([s.decision.call, 'action']);
      for (const [ref, role] of calls) {
        const { method, service, action } = parseCall(ref, role);
        const svc = services.get(service);
        if (!svc) continue; // a core service: its actions are hand-written (see OpenAPI)
        if (HANDWRITTEN[service]?.includes(`${method} ${action}`)) continue;
        const declared = Object.entries(svc.actions).find(([k]) => k.split('#')[0] === action)?.[1];
        if (!declared) problems.push(`${file}: ${service}/${action} is not declared`);
        else if (declared.method !== method) problems.push(`${file}: ${service}/${action} is ${declared.method}, the screen calls ${method}`);
      }
    }
    expect(problems).toEqual([]);
  });

  let id = 0;
  const toDto = (ms: MenuDef[], parent: MenuDto | null): MenuDto[] =>
    ms.map((m, i) => {
      const dto = { id: ++id, parentId: parent?.id ?? null, displayName: m.displayName, url: m.url ?? '', iconPath: null, type: m.type ?? (parent ? 6 : 1), tags: m.tags ?? null, permissionName: m.permissionName ?? null, sort: i, children: [] as MenuDto[] } as unknown as MenuDto;
      dto.children = toDto(m.children ?? [], dto);
      return dto;
    });
  const seeded = toDto(ADMIN_MENUS, null);
  const routes = buildAdminRoutes(seeded, screens);

  it('every admin route of the seeded menus (tags and child routes) resolves to a screen or a listed bespoke page', () => {
    expect(routes.filter((r) => r.sub).length).toBeGreaterThan(60);
    const missing = routes.filter((r) => !r.tag || (!screenFor(screens, r.tag, r.sub) && !isBespoke(r.tag, r.sub))).map((r) => `${r.path} (${r.tag}${r.sub ? `/${r.sub}` : ''})`);
    expect(missing).toEqual([]);
  });

  it('every <tag>/<sub> screen of a seeded menu tag is a child route of that menu, unless embedded in another screen', () => {
    const menuTags = new Set(routes.filter((r) => !r.sub).map((r) => r.tag));
    const subScreens = Object.values(screens).filter((s) => s.tag.includes('/') && menuTags.has(s.tag.split('/')[0]));
    const routed = new Set(routes.filter((r) => r.sub).map((r) => `${r.tag}/${r.sub}`));
    expect(subScreens.filter((s) => !s.embedded && !routed.has(s.tag)).map((s) => s.tag)).toEqual([]);
    expect(subScreens.filter((s) => s.embedded && routed.has(s.tag)).map((s) => s.tag)).toEqual([]);
    // an embedded screen is shown by another: a tab, a related list or a dialog names it
    const shown = new Set(Object.values(screens).flatMap((s) => valuesOf(s, 'screen')));
    expect(Object.values(screens).filter((s) => s.embedded && !shown.has(s.tag)).map((s) => s.tag)).toEqual([]);
  });

  it('every child route a screen opens (detail, navigate, calendar `route`) is a route of the seeded menus', () => {
    const paths = new Set(routes.map((r) => r.path.toLowerCase()));
    const menuPaths = (tag: string) => routes.filter((r) => r.tag === tag && !r.sub).map((r) => r.path);
    const dead: string[] = [];
    const visit = (node: unknown, tag: string) => {
      if (Array.isArray(node)) node.forEach((n) => visit(n, tag));
      else if (node && typeof node === 'object') {
        const o = node as Record<string, unknown>;
        // relative to the screen's menu, or to the menu a navigate action names
        if (typeof o.route === 'string')
          for (const base of menuPaths(typeof o.menu === 'string' ? o.menu : tag)) if (!paths.has(`${base}/${o.route}`.toLowerCase())) dead.push(`${tag}: ${base}/${o.route}`);
        Object.values(o).forEach((v) => visit(v, tag));
      }
    };
    for (const s of Object.values(screens)) visit(s, s.tag.split('/')[0]);
    expect(dead).toEqual([]);
  });

  it('a tag is either configured or bespoke, never both, and every page under construction says what it waits for', () => {
    expect(Object.keys(screens).filter((t) => !t.includes('/') && isBespoke(t))).toEqual([]);
    const construction = Object.values(screens).filter((s) => s.kind === 'construction');
    expect(construction.length).toBeGreaterThan(0);
    for (const s of construction) expect(s.waitsFor?.length ?? 0, s.tag).toBeGreaterThan(4);
    expect(GROUP_TAGS).toContain('education');
  });
});
