/**
 * 设置 → 界面配置 → 配置: one screen (or entity) file, in a form view and a JSON view that write the
 * same JSON, beside the live preview; what a chosen role would lose; save with a comment as a new
 * version, diff and roll back. The kind `configEditor` of the engine's registry (screens/screen-config-edit.json).
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Input, Select, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useLocation } from 'react-router-dom';
import * as validators from 'virtual:meta-validators';
import screenMeta from '../../contract/meta/screen.schema.json';
import entityMeta from '../../contract/meta/entity.schema.json';
import type { AccessReport, ConfigDetail, ConfigKind } from '../../contract/screen-config';
import { api } from '../api/request';
import { loadUiConfig, setUiConfig } from '../engine/config';
import type { KindProps } from '../engine/kinds';
import type { ScreenDef, UiConfig } from '../engine/types';
import { checkAccess, exportConfig, getConfig, getRoles, importConfig, rollbackConfig, saveConfig, validateConfig } from './api';
import { EntityFormView, ScreenFormView } from './form-view';
import { ScreenPreview } from './preview';
import { checkText, diagnosticsOf, type Diagnostic } from './schema-help';
import { Versions } from './versions';
import { saveBlob } from '../widgets/download/download';
import './screen-config.css';

const JsonEditor = lazy(() => import('./json-editor'));
const text = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** The fields a list's rows lack: asked of the real list call as the implementer. */
async function missingFields(screen: ScreenDef): Promise<string[]> {
  const list = screen.calls?.list;
  if (!list || !screen.columns?.length) return [];
  const [method, path] = list.includes(' ') ? list.split(' ') : ['GET', list];
  const url = `/api/services/app/${path}`;
  const params = { ...(screen.params ?? {}), skipCount: 0, maxResultCount: 10 };
  const answer: any = method === 'POST' ? await api.post(url, params, { silent: true }) : await api.get(url, params as Record<string, unknown>, { silent: true });
  const rows: Record<string, unknown>[] = Array.isArray(answer) ? answer : answer?.items ?? [];
  if (!rows.length) return [];
  const has = (r: Record<string, unknown>, f: string) => f.split('.').reduce<any>((o, k) => (o && typeof o === 'object' ? o[k] : undefined), r) !== undefined;
  return screen.columns.map((c) => c.field).filter((f) => !rows.some((r) => has(r, f)));
}

export default function ConfigEditorPage({ basePath }: KindProps) {
  const { message } = App.useApp();
  const location = useLocation();
  const query = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const kind = (query.get('kind') === 'entity' ? 'entity' : 'screen') as ConfigKind;
  const key = query.get('key') ?? '';
  const [detail, setDetail] = useState<ConfigDetail | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [serverErrors, setServerErrors] = useState<Diagnostic[]>([]);
  const [good, setGood] = useState<{ json: any; revision: number } | null>(null);
  const [config, setConfig] = useState<UiConfig | null>(null);
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const [roles, setRoles] = useState<{ id: number; displayName: string }[]>([]);
  const [roleId, setRoleId] = useState<number | null>(null);
  const [report, setReport] = useState<(AccessReport & { missing: string[] }) | null>(null);
  const meta = kind === 'screen' ? screenMeta : entityMeta;
  const validate = kind === 'screen' ? validators.screen : validators.entity;

  const reload = useCallback(() => {
    getConfig(kind, key).then(
      (d) => {
        setDetail(d);
        setDraft(text(d.current));
      },
      (e) => setFailed(e?.message ?? '加载失败'),
    );
  }, [kind, key]);
  useEffect(reload, [reload]);
  useEffect(() => {
    loadUiConfig().then(setConfig, () => {});
    getRoles().then(setRoles, () => {});
  }, []);

  const checked = useMemo(() => checkText(draft, validate), [draft, validate]);
  const valid = checked.diagnostics.length === 0;

  // the server's own check (calls that exist, entity limits, no addresses), shortly after typing stops
  const seq = useRef(0);
  const importInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!detail || !valid) {
      setServerErrors([]);
      return;
    }
    const n = ++seq.current;
    const t = setTimeout(() => {
      validateConfig(kind, key, checked.json).then(
        (r) => n === seq.current && setServerErrors(diagnosticsOf(draft, r.errors)),
        () => {},
      );
      setGood((g) => ({ json: checked.json, revision: (g?.revision ?? 0) + 1 }));
    }, 400);
    return () => clearTimeout(t);
  }, [checked, valid, detail, draft, kind, key]);

  const diagnostics = valid ? serverErrors : checked.diagnostics;
  const errorCount = diagnostics.length;

  const save = async () => {
    if (!comment.trim()) {
      message.warning('请填写修改说明');
      return;
    }
    setSaving(true);
    try {
      const r = await saveConfig(kind, key, checked.json, comment.trim());
      message.success(`已保存为第${r.version}版`);
      setComment('');
      // this browser's screens are asked again, so the menus show what was saved
      setUiConfig(null);
      reload();
    } catch {
      // the request wrapper showed the server's message (the pointer and the reason)
    } finally {
      setSaving(false);
    }
  };
  const rollback = async (version: number) => {
    try {
      const r = await rollbackConfig(kind, key, version);
      message.success(version ? `已回滚到第${version}版（记为第${r.version}版）` : `已恢复出厂配置（记为第${r.version}版）`);
      setUiConfig(null);
      reload();
    } catch {
      /* shown by the request wrapper */
    }
  };
  const runCheck = async () => {
    if (!roleId || !valid) return;
    const [r, missing] = await Promise.all([checkAccess(checked.json, roleId), kind === 'screen' ? missingFields(checked.json as ScreenDef).catch(() => []) : Promise.resolve([])]);
    setReport({ ...r, missing });
  };
  const doExport = async () => {
    const { files } = await exportConfig();
    saveBlob(new Blob([JSON.stringify({ files }, null, 2)], { type: 'application/json' }), '界面配置导出.json');
  };
  const doImport = async (list: FileList | null) => {
    if (!list?.length) return;
    const files: { path: string; content: string }[] = [];
    for (const f of Array.from(list)) {
      const content = await f.text();
      // an export (several files in one) or one file of the repository
      try {
        const parsed = JSON.parse(content);
        if (Array.isArray(parsed?.files)) files.push(...parsed.files);
        else files.push({ path: f.name, content });
      } catch {
        files.push({ path: f.name, content });
      }
    }
    try {
      const r = await importConfig(files, comment.trim() || '导入配置文件');
      message.success(`已导入${r.imported.length}个文件`);
      setUiConfig(null);
      reload();
    } catch {
      /* shown by the request wrapper */
    }
  };

  if (failed) return <Alert type="error" showIcon message={failed} />;
  if (!detail) return <Spin />;
  const json = checked.json as Record<string, any> | undefined;
  const formView = !json ? <Alert type="warning" message="JSON 有语法错误，请先在 JSON 视图中修正" /> : kind === 'screen' ? <ScreenFormView json={json} onChange={(j) => setDraft(text(j))} /> : <EntityFormView json={json} onChange={(j) => setDraft(text(j))} />;

  return (
    <div className="dj-config-page" data-screen="screenConfig/edit">
      <Card size="small">
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {kind === 'screen' ? '界面' : '实体'} {key} {detail.overridden ? <Tag color="blue">已修改</Tag> : <Tag>出厂配置</Tag>}
            {detail.needsReview && <Tag color="orange">出厂文件已更新，待复核</Tag>}
          </Typography.Title>
          <Space wrap>
            <Button onClick={doExport}>导出全部修改</Button>
            <Button onClick={() => importInput.current?.click()}>导入</Button>
            <input ref={importInput} hidden type="file" accept=".json,application/json" multiple aria-label="导入配置文件" onChange={(e) => doImport(e.target.files)} />
            {detail.overridden && <Button danger onClick={() => rollback(0)}>恢复出厂</Button>}
          </Space>
        </Space>
      </Card>
      <div className="dj-config-split">
        <Card size="small" className="dj-config-left">
          <Tabs
            items={[
              { key: 'form', label: '表单视图', children: formView },
              {
                key: 'json',
                label: `JSON 视图${errorCount ? `（${errorCount}个错误）` : ''}`,
                children: (
                  <Suspense fallback={<Spin />}>
                    <JsonEditor value={draft} onChange={setDraft} schema={meta} diagnostics={diagnostics} label={`${key} 的 JSON`} />
                  </Suspense>
                ),
              },
            ]}
          />
          {errorCount > 0 && (
            <Alert type="error" className="dj-config-errors" data-testid="config-errors" message={`${errorCount}个错误`} description={<ul>{diagnostics.slice(0, 10).map((d, i) => <li key={i}>{`${d.pointer || '/'} ${d.message}`}</li>)}</ul>} />
          )}
          <Space.Compact style={{ width: '100%', marginTop: 12 }}>
            <Input aria-label="修改说明" placeholder="修改说明（必填）" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={500} />
            <Button type="primary" loading={saving} disabled={errorCount > 0} onClick={save}>保存</Button>
          </Space.Compact>
        </Card>
        <div className="dj-config-right">
          {kind === 'screen' && (
            <Card size="small" title="预览（以您本人的权限调用真实接口）">
              {good && config ? <ScreenPreview screen={good.json} config={config} basePath={basePath} revision={good.revision} /> : <Spin />}
            </Card>
          )}
          <Card size="small" title="角色检查">
            <Space wrap>
              <Select aria-label="检查的角色" placeholder="选择角色" style={{ width: 200 }} value={roleId ?? undefined} options={roles.map((r) => ({ label: r.displayName, value: r.id }))} onChange={setRoleId} />
              <Button onClick={runCheck} disabled={!roleId || !valid}>检查</Button>
            </Space>
            {report && (
              <ul className="dj-config-report" data-testid="config-access-report">
                {report.calls.map((c) => <li key={c.call}>{`${report.roleName}无权调用 ${c.call}（需要 ${c.permission}）`}</li>)}
                {report.buttons.map((b, i) => <li key={i}>{`${report.roleName}看不到按钮“${b.label}”（需要 ${b.permission}）`}</li>)}
                {report.codeTables.map((t) => <li key={t}>{`代码表 ${t} 不存在`}</li>)}
                {report.missing.map((f) => <li key={f}>{`列表数据中没有字段 ${f}`}</li>)}
                {!report.calls.length && !report.buttons.length && !report.codeTables.length && !report.missing.length && <li>{`${report.roleName}可以完整使用该界面`}</li>}
              </ul>
            )}
          </Card>
          <Card size="small">
            <Versions detail={detail} onRollback={rollback} />
          </Card>
        </div>
      </div>
    </div>
  );
}
