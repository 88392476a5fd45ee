/**
 * The entity form on Formily (create and update). Fields are built one by one from the entity's
 * JSON Schema with registered widgets — not through Formily's SchemaField, whose compiler would
 * evaluate `{{ }}` expressions: here a title or prop such as "{{alert(1)}}" is plain text. Linkage
 * comes from the declarative `x-reactions` only. The server's validationErrors appear on their
 * fields.
 */
import { Suspense, useEffect, useMemo, useState } from 'react';
import { createForm, onFieldInputValueChange, onFieldReact, setValidateLanguage, type Field as FormilyField, type Form } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { FormButtonGroup, FormItem, FormLayout } from '@formily/antd-v5';
import { Button, Spin } from 'antd';
import { ApiError } from '../api/request';
import { toastError } from '../api/toast';
import { getWidget, isRegistered, preloadWidgets } from '../widgets/registry';
import { test } from './refs';
import type { EntityDef, FieldSchema } from './types';

setValidateLanguage('zh-CN');

const firstType = (fs: FieldSchema) => (Array.isArray(fs.type) ? fs.type.find((t) => t !== 'null') : fs.type);

/** The widget of a field: its x-component, else one that fits its type. */
export function widgetOf(fs: FieldSchema): string {
  if (fs['x-component']) return fs['x-component'];
  if (fs['x-code-table']) return 'CodeSelect';
  if (fs.contentMediaType === 'text/html') return 'RichText';
  const t = firstType(fs);
  if (t === 'boolean') return 'Switch';
  if (t === 'integer' || t === 'number') return 'NumberPicker';
  if (fs.format === 'date') return 'DatePicker';
  return 'Input';
}

const choosing = (w: string) => /Select|Picker|Cascader|Switch|Upload/.test(w) && w !== 'NumberPicker';

/** Formily validator rules from the JSON Schema keywords, with Chinese messages. */
export function rulesOf(fs: FieldSchema, required: boolean): Record<string, unknown>[] {
  const w = widgetOf(fs);
  const rules: Record<string, unknown>[] = [];
  // x-message is the field's message for any failure, as on the server (http/validation.ts)
  const say = (fallback: string) => fs['x-message'] ?? fallback;
  if (required) rules.push({ required: true, message: fs['x-required-message'] ?? `${choosing(w) ? '请选择' : '请输入'}${fs.title}` });
  if (fs.maxLength !== undefined) rules.push({ maxLength: fs.maxLength, message: say(`${fs.title}最多${fs.maxLength}个字符`) });
  if (fs.minLength !== undefined && fs.minLength > 0 && !required) rules.push({ minLength: fs.minLength, message: say(`${fs.title}至少${fs.minLength}个字符`) });
  if (fs.minimum !== undefined) rules.push({ minimum: fs.minimum, message: say(`${fs.title}不能小于${fs.minimum}`) });
  if (fs.maximum !== undefined) rules.push({ maximum: fs.maximum, message: say(`${fs.title}不能大于${fs.maximum}`) });
  if (fs.pattern) rules.push({ pattern: fs.pattern, message: say(`${fs.title}格式错误`) });
  if (firstType(fs) === 'integer') rules.push({ integer: true, message: say(`${fs.title}须为整数`) });
  return rules;
}

/** Widget props: the schema's x-component-props plus the code table; strings are never compiled. */
export function propsOf(fs: FieldSchema): Record<string, unknown> {
  const props: Record<string, unknown> = { ...(fs['x-component-props'] ?? {}) };
  if (widgetOf(fs) === 'CodeSelect' && !props.codeTable && fs['x-code-table']) props.codeTable = fs['x-code-table'];
  return props;
}

/** A server member name (Title, input.title, title[0]) -> the form's field name. */
export const memberToField = (m: string) => {
  const last = m.split('.').pop()!.replace(/\[\d+\]$/, '');
  return last.charAt(0).toLowerCase() + last.slice(1);
};

/** Shows an ApiError's validationErrors on the fields; returns the messages no field took. */
export function applyServerErrors(form: Form, err: unknown): string[] {
  if (!(err instanceof ApiError)) return [(err as Error)?.message ?? '提交失败'];
  const rest: string[] = [];
  for (const ve of err.validationErrors ?? []) {
    const target = (ve.members ?? []).map(memberToField).map((n) => form.query(n).take() as FormilyField | undefined).find(Boolean);
    if (target) target.setFeedback({ type: 'error', code: 'EffectError', messages: [ve.message] });
    else rest.push(ve.message);
  }
  if (!(err.validationErrors ?? []).length) rest.push(err.message);
  return rest;
}

export interface EntityFormProps {
  entity: EntityDef;
  fields?: string[];
  initialValues?: Record<string, unknown>;
  submitText?: string;
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  onCancel?: () => void;
  /** vertical: labels above the fields (member pages, narrow screens) */
  layout?: 'horizontal' | 'vertical';
}

export function EntityForm({ entity, fields, initialValues, submitText = '提交', onSubmit, onCancel, layout = 'horizontal' }: EntityFormProps) {
  const props = entity.schema.properties;
  const names = useMemo(() => (fields?.length ? fields : Object.keys(props)).filter((n) => props[n]), [fields, props]);
  const required = new Set(entity.schema.required ?? []);
  const [submitting, setSubmitting] = useState(false);

  const form = useMemo(
    () =>
      createForm({
        initialValues: initialValues ?? {},
        effects() {
          // a server error stays on its field until the user changes that field
          onFieldInputValueChange('*', (field) => {
            if ((field as FormilyField).feedbacks?.some((f) => f.code === 'EffectError')) (field as FormilyField).setFeedback({ type: 'error', code: 'EffectError', messages: [] });
          });
          for (const name of names) {
            for (const r of props[name]['x-reactions'] ?? []) {
              onFieldReact(name, (field) => {
                const f = field as FormilyField;
                const values = f.form.values as Record<string, unknown>;
                for (const dep of r.dependencies) void values[dep]; // tracked
                const met = test(r.when, { record: values });
                const st = r.fulfill.state ?? {};
                if (st.visible !== undefined) f.visible = met ? st.visible : !st.visible;
                if (st.disabled !== undefined) f.disabled = met ? st.disabled : !st.disabled;
                if (st.required !== undefined) f.required = met ? st.required : !st.required;
              });
            }
          }
        },
      }),
    // a new form per record
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [initialValues, names.join(',')],
  );

  useEffect(() => preloadWidgets(names.map((n) => widgetOf(props[n]))), [names, props]);

  const submit = async () => {
    setSubmitting(true);
    try {
      await form.submit(async (values) => {
        try {
          await onSubmit(values as Record<string, unknown>);
        } catch (err) {
          const rest = applyServerErrors(form, err);
          if (rest.length) void toastError(rest.join('；'));
          throw err;
        }
      });
    } catch {
      /* validation failed or the server refused: shown on the fields (STACK.md pitfall 6) */
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormProvider form={form}>
      <Suspense fallback={<Spin />}>
        <FormLayout {...(layout === 'vertical' ? { layout: 'vertical' as const } : { labelCol: 5, wrapperCol: 18 })} feedbackLayout="terse">
          {names.map((name) => {
            const fs = props[name];
            const w = widgetOf(fs);
            const Edit = isRegistered(w) ? getWidget(w).Edit : getWidget('Input').Edit;
            return (
              <Field
                key={name}
                name={name}
                title={fs.title}
                description={fs.description}
                validator={rulesOf(fs, required.has(name)) as any}
                decorator={[FormItem, { 'data-field': name }]}
                component={[Edit, propsOf(fs)]}
              />
            );
          })}
          <FormButtonGroup.FormItem>
            <Button type="primary" loading={submitting} onClick={() => void submit()} data-testid="form-submit">
              {submitText}
            </Button>
            {onCancel ? <Button onClick={onCancel}>取消</Button> : null}
          </FormButtonGroup.FormItem>
        </FormLayout>
      </Suspense>
    </FormProvider>
  );
}

/** The entity fields of a record (the flat record also carries id, organName, …). */
export function pickBody(entity: EntityDef, record: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(entity.schema.properties)) if (record && record[k] !== undefined) out[k] = record[k];
  return out;
}
