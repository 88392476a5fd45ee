/**
 * An application form of a member page: the engine's EntityForm over the entity's JSON Schema from
 * UiConfigService/GetAll — the schema the server validates with — so required messages, limits and
 * widgets come from schemas/*.json and the server's validation errors land on their fields.
 */
import { lazy, Suspense, useMemo } from 'react';
import { Button, Result, Skeleton } from 'antd';
import type { EntityDef } from '../../engine/types';
import { useEntity } from './use-entity';
import './kit.css';

// Formily loads with the first form, not with every page that imports the kit
const EntityForm = lazy(() => import('../../engine/entity-form').then((m) => ({ default: m.EntityForm })));
const loading = <Skeleton active paragraph={{ rows: 6 }} />;

export interface MemberFormProps {
  /** the entity's name (loaded from the configuration), or its definition */
  entity: string | EntityDef;
  /** the fields shown, in order (default: all of the schema) */
  fields?: string[];
  initialValues?: Record<string, unknown>;
  submitText?: string;
  /** the call; throw (the request wrapper's ApiError) to keep the form open with the errors shown */
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  onCancel?: () => void;
}

export function MemberForm({ entity, fields, initialValues, submitText = '提交', onSubmit, onCancel }: MemberFormProps) {
  const loaded = useEntity(typeof entity === 'string' ? entity : undefined);
  // EntityForm makes a new form for new initial values: a literal written in the page must not reset it
  const initial = useMemo(() => initialValues, [JSON.stringify(initialValues ?? null)]); // eslint-disable-line react-hooks/exhaustive-deps
  const def = typeof entity === 'string' ? loaded.entity : entity;
  if (!def) {
    if (loaded.error || (!loaded.loading && typeof entity === 'string'))
      return <Result status="warning" title="表单加载失败" extra={<Button onClick={loaded.retry}>重新加载</Button>} />;
    return loading;
  }
  return (
    <div className="dj-member-form" data-entity={def.name}>
      <Suspense fallback={loading}>
        <EntityForm entity={def} fields={fields} initialValues={initial} submitText={submitText} onSubmit={onSubmit} onCancel={onCancel} layout="vertical" />
      </Suspense>
    </div>
  );
}
