/** A form screen: create, or update when the query carries id (loaded through calls.get). */
import { useEffect, useState } from 'react';
import { Card, Empty, Spin } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { toastSuccess } from '../api/toast';
import { invoke } from './calls';
import { EntityForm, editedFields, pickBody } from './entity-form';
import { BackBar } from './detail';
import { DEFAULT_SUCCESS, useSessionScope } from './actions';
import { resolveParams } from './refs';
import type { ScreenDef, UiConfig } from './types';

export function FormScreen({ screen, config, basePath }: { screen: ScreenDef; config: UiConfig; basePath: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSessionScope();
  const query = Object.fromEntries(new URLSearchParams(location.search));
  const entity = screen.entity ? config.entities[screen.entity] : undefined;
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const editing = !!query.id && !!screen.calls?.update;

  useEffect(() => {
    if (!editing || !screen.calls?.get) return;
    void invoke<Record<string, unknown>>(screen.calls.get, 'get', { id: query.id }).then(setRecord, () => undefined);
  }, [editing, query.id, screen.calls?.get]);

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
            initialValues={record ? pickBody(entity, record, only) : undefined}
            onCancel={back}
            onSubmit={async (values) => {
              const fixed = resolveParams(screen.form?.values, { session, query, record });
              if (editing) await invoke(screen.calls!.update!, 'update', { ...pickBody(entity, record, only), ...fixed, ...values, id: query.id }, { silent: true });
              else await invoke(screen.calls!.create!, 'create', { ...fixed, ...values }, { silent: true });
              void toastSuccess(DEFAULT_SUCCESS);
              back();
            }}
          />
        )}
      </Card>
    </div>
  );
}
