/** A form screen: create, or update when the query carries id (loaded through calls.get). */
import { useEffect, useMemo, useState } from 'react';
import { Card, Empty, Spin } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { toastSuccess } from '../api/toast';
import { invoke } from './calls';
import { EntityForm, editedFields, pickBody } from './entity-form';
import { BackBar } from './detail';
import { useSessionScope } from './actions';
import { DEFAULT_SUCCESS } from './success';
import { allHold, resolveParams, resolveValue } from './refs';
import type { EntityDef, FormDef, ScreenDef, UiConfig } from './types';

/** A value from the query as the field's type wants it ("2" -> 2 for an integer enum). */
export function asFieldValue(entity: EntityDef, name: string, v: unknown): unknown {
  const t = entity.schema.properties[name]?.type;
  const types = Array.isArray(t) ? t : [t];
  if (typeof v === 'string' && v !== '' && (types.includes('integer') || types.includes('number')) && Number.isFinite(Number(v))) return Number(v);
  return v;
}

/** A new record's first values: the schema's defaults under the form's `initial` (resolved). */
export function newRecordValues(entity: EntityDef, form: FormDef | undefined, scope: Parameters<typeof resolveParams>[1]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, fs] of Object.entries(entity.schema.properties)) if (fs.default !== undefined) out[k] = fs.default;
  for (const [k, v] of Object.entries(resolveParams(form?.initial, scope))) if (v !== undefined && v !== '') out[k] = asFieldValue(entity, k, v);
  return out;
}

/** The record fields the form's `load` calls fill, from their answers. */
export async function loadExtra(form: FormDef | undefined, scope: Parameters<typeof resolveParams>[1]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const l of form?.load ?? []) {
    const answer = await invoke<Record<string, unknown>>(l.call, 'get', resolveParams(l.params, scope));
    for (const [field, path] of Object.entries(l.set)) out[field] = resolveValue(`$loaded.${path}`, { loaded: answer });
  }
  return out;
}

export function FormScreen({ screen, config, basePath }: { screen: ScreenDef; config: UiConfig; basePath: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSessionScope();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(location.search)), [location.search]);
  const entity = screen.entity ? config.entities[screen.entity] : undefined;
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const editing = !!query.id && !!screen.calls?.update;
  const fresh = useMemo(() => (entity && !editing ? newRecordValues(entity, screen.form, { session, query }) : undefined), [entity, editing, screen.form, query]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!editing || !screen.calls?.get) return;
    void (async () => {
      const r = await invoke<Record<string, unknown>>(screen.calls!.get!, 'get', { id: query.id });
      // the rest of what the form edits (a paper's questions) comes from calls of its own
      setRecord({ ...r, ...(await loadExtra(screen.form, { session, query, record: r })) });
    })().catch(() => undefined);
  }, [editing, query.id, screen.calls?.get]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!entity) return null;
  const only = editedFields(entity, screen.form);
  const back = () => navigate(`${basePath}${query.num ? `?num=${encodeURIComponent(query.num)}` : ''}`);
  return (
    <div className="dj-screen" data-screen={screen.tag}>
      <BackBar basePath={basePath} title={screen.title} />
      <Card>
        {editing && !record ? (
          <Spin />
        ) : !editing && !screen.calls?.create ? (
          // an update route opened without a record
          <Empty description="无数据" />
        ) : (
          <EntityForm
            entity={entity}
            fields={screen.form?.fields}
            steps={screen.form?.steps}
            initialValues={record ? pickBody(entity, record, only) : fresh}
            scope={{ session, query, context: record }}
            onCancel={back}
            onSubmit={async (values) => {
              const fixed = resolveParams(screen.form?.values, { session, query, record });
              if (editing) {
                await invoke(screen.calls!.update!, 'update', { ...pickBody(entity, record, only), ...fixed, ...values, id: query.id }, { silent: true });
                // one after another: a refusal stops there, its message on its field
                const edited = { ...record, ...values };
                for (const t of screen.form?.then ?? []) {
                  if (!allHold(t.visibleWhen, { session, query, record: edited })) continue;
                  const body = Object.fromEntries((t.fields ?? []).filter((f) => values[f] !== undefined).map((f) => [f, values[f]]));
                  await invoke(t.call, 'action', { ...resolveParams(t.params, { session, query, record: edited }), ...body }, { silent: true });
                }
              } else await invoke(screen.calls!.create!, 'create', { ...fixed, ...values }, { silent: true });
              void toastSuccess(DEFAULT_SUCCESS);
              back();
            }}
          />
        )}
      </Card>
    </div>
  );
}
