/**
 * The entity form on Formily (create and update). Fields are built one by one from the entity's
 * JSON Schema with registered widgets — not through Formily's SchemaField, whose compiler would
 * evaluate `{{ }}` expressions: here a title or prop such as "{{alert(1)}}" is plain text. Linkage
 * comes from the declarative `x-reactions` only (field state, and widget props such as 多选题's
 * checkboxes or the title whose blanks the answers follow). The server's validationErrors appear on their
 * fields.
 *
 * An object field with properties is a labelled group of its fields; an array of objects is a list
 * of rows (添加 / 删除, minItems / maxItems); `steps` show the fields step by step, each step's
 * fields validated before the next.
 */
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { createForm, onFieldInputValueChange, onFieldReact, setValidateLanguage, type ArrayField as FormilyArrayField, type Field as FormilyField, type Form } from '@formily/core';
import { ArrayField, Field, FormProvider, ObjectField, useField } from '@formily/react';
import { FormButtonGroup, FormItem, FormLayout } from '@formily/antd-v5';
import { Button, Spin, Steps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ApiError } from '../api/request';
import { ID_CARD_ANY, idCardFacts, PHONE_ANY } from '../../contract/validators';
import { toastError } from '../api/toast';
import { noEnterSubmit } from '../utils/no-enter-submit';
import { getWidget, isLabelable, isRegistered, preloadWidgets } from '../widgets/registry';
import { resolveParams, test, type RefScope } from './refs';
import { FormRecordContext } from './form-record';
import { toBody } from './entity-body';
import type { EntityDef, FieldSchema, FormStep } from './types';

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
  const requiredMessage = fs['x-required-message'] ?? `${choosing(w) ? '请选择' : '请输入'}${fs.title}`;
  if (required) rules.push({ required: true, message: requiredMessage });
  // required by a reaction: Formily flips this rule, so the message stays the schema's
  else if ((fs['x-reactions'] ?? []).some((r) => r.fulfill.state?.required !== undefined)) rules.push({ required: false, message: requiredMessage });
  if (fs.maxLength !== undefined) rules.push({ maxLength: fs.maxLength, message: say(`${fs.title}最多${fs.maxLength}个字符`) });
  if (fs.minLength !== undefined && fs.minLength > 0 && !required) rules.push({ minLength: fs.minLength, message: say(`${fs.title}至少${fs.minLength}个字符`) });
  if (fs.minimum !== undefined) rules.push({ minimum: fs.minimum, message: say(`${fs.title}不能小于${fs.minimum}`) });
  if (fs.maximum !== undefined) rules.push({ maximum: fs.maximum, message: say(`${fs.title}不能大于${fs.maximum}`) });
  // a personal number comes into the form masked as the server shows it, and may go back unchanged
  const pattern = fs['x-sensitive'] === 'idCard' ? ID_CARD_ANY : fs['x-sensitive'] === 'phone' ? PHONE_ANY : fs.pattern;
  if (pattern) rules.push({ pattern, message: say(`${fs.title}格式错误`) });
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

/** A nested member (Introducers[0].Name, address.city) -> the form's path (introducers.0.name). */
export const memberToPath = (m: string) =>
  m
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((seg, i) => seg && !(i === 0 && seg === 'input'))
    .map((seg) => seg.charAt(0).toLowerCase() + seg.slice(1))
    .join('.');

/** Shows an ApiError's validationErrors on the fields; returns the messages no field took. */
export function applyServerErrors(form: Form, err: unknown): string[] {
  if (!(err instanceof ApiError)) return [(err as Error)?.message ?? '提交失败'];
  const rest: string[] = [];
  for (const ve of err.validationErrors ?? []) {
    const target = (ve.members ?? [])
      .flatMap((m) => [memberToPath(m), memberToField(m)])
      .map((n) => form.query(n).take() as FormilyField | undefined)
      .find(Boolean);
    if (target) target.setFeedback({ type: 'error', code: 'EffectError', messages: [ve.message] });
    else rest.push(ve.message);
  }
  if (!(err.validationErrors ?? []).length) rest.push(err.message);
  return rest;
}

export interface EntityFormProps {
  entity: EntityDef;
  fields?: string[];
  /** the fields step by step (上一步 / 下一步); the fields of all steps make the form */
  steps?: FormStep[];
  initialValues?: Record<string, unknown>;
  submitText?: string;
  /** the submit button's test id (default form-submit) */
  submitTestId?: string;
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  onCancel?: () => void;
  /** vertical: labels above the fields (member pages, narrow screens) */
  layout?: 'horizontal' | 'vertical';
  /** what reactions may name besides the values ($query.id, $context.locked) and widgets read (useFormRecord: the context) */
  scope?: Omit<RefScope, 'record'>;
}

// a field naming its own widget keeps it (an upload list of {id, name} is an array of objects too)
const isObject = (fs: FieldSchema) => !fs['x-component'] && firstType(fs) === 'object' && !!fs.properties;
const isRows = (fs: FieldSchema) => !fs['x-component'] && firstType(fs) === 'array' && !!fs.items?.properties;

/** Every field with x-reactions, by Formily path pattern (rows: introducers.*.phone). */
function reactivePaths(props: Record<string, FieldSchema>, names: string[], prefix = ''): [string, FieldSchema][] {
  return names.flatMap((name) => {
    const fs = props[name];
    if (!fs) return [];
    const path = `${prefix}${name}`;
    if (isObject(fs)) return reactivePaths(fs.properties!, Object.keys(fs.properties!), `${path}.`);
    if (isRows(fs)) return reactivePaths(fs.items!.properties!, Object.keys(fs.items!.properties!), `${path}.*.`);
    return fs['x-reactions']?.length ? [[path, fs] as [string, FieldSchema]] : [];
  });
}

/**
 * Labels tied to their inputs: each field's input has an id from the form and the field's path, and
 * the label Formily's FormItem draws says `for` it — a click on the label focuses the field, screen
 * readers announce it, tests find it by its label. Which widgets take the id is the registry's
 * knowledge (isLabelable); any other is a group named by the label (aria-labelledby).
 */
const fieldId = (field: { form: { id: string | number }; address: { toString(): string } }) =>
  `dj-f${field.form.id}-${field.address.toString().replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** FormItem whose label is `for` the field's input (and carries the id a group refers to). */
function LabelledItem(props: Record<string, unknown> & { labelFor?: boolean }) {
  const { labelFor, ...rest } = props;
  const field = useField();
  const id = fieldId(field as any);
  const box = useRef<HTMLDivElement>(null);
  // FormItem draws its <label> without a `for` and takes no prop for it: set it on what it drew
  useLayoutEffect(() => {
    const label = box.current?.querySelector<HTMLLabelElement>('.ant-formily-item-label label');
    if (!label) return;
    label.id = `${id}-label`;
    if (labelFor) label.htmlFor = id;
    else label.removeAttribute('for');
  });
  return (
    <div ref={box} className="dj-form-item-box">
      <FormItem {...(rest as any)} />
    </div>
  );
}

/**
 * The widget with the field's id; a widget that cannot take it is a group the label names. One
 * component per widget, made once: the widget must not travel in the field's props, which Formily
 * makes observable (a lazy component there breaks).
 */
const labelledControls = new Map<string, ComponentType<any>>();
function labelledControl(w: string, Edit: ComponentType<any>, labelFor: boolean): ComponentType<any> {
  const key = `${w}|${labelFor}`;
  let C = labelledControls.get(key);
  if (!C) {
    C = function LabelledControl(props: Record<string, unknown>) {
      const id = fieldId(useField() as any);
      if (labelFor) return <Edit {...props} id={id} />;
      return (
        <div role="group" id={id} aria-labelledby={`${id}-label`} className="dj-form-control-group">
          <Edit {...props} />
        </div>
      );
    };
    labelledControls.set(key, C);
  }
  return C;
}

/** One field of the schema: a widget, a titled group (object) or repeating rows (array of objects). */
function FieldNode({ name, fs, required }: { name: string | number; fs: FieldSchema; required: boolean }) {
  if (isObject(fs)) {
    const req = new Set(fs.required ?? []);
    return (
      <ObjectField name={name} title={fs.title} decorator={[FormItem, { 'data-field': name }]}>
        <div className="dj-form-group" role="group" aria-label={fs.title}>
          <FormLayout layout="vertical" feedbackLayout="terse">
            <div className="dj-form-row__fields">
              {Object.entries(fs.properties!).map(([k, sub]) => (
                <FieldNode key={k} name={k} fs={sub} required={req.has(k)} />
              ))}
            </div>
          </FormLayout>
        </div>
      </ObjectField>
    );
  }
  if (isRows(fs)) return <RowsField name={name} fs={fs} required={required} />;
  const w = widgetOf(fs);
  const known = isRegistered(w);
  const Edit = known ? getWidget(w).Edit : getWidget('Input').Edit;
  const labelFor = known ? isLabelable(w) : true;
  return (
    <Field
      name={name}
      title={fs.title}
      description={fs.description}
      validator={rulesOf(fs, required) as any}
      decorator={[LabelledItem, { 'data-field': name, labelFor }]}
      component={[labelledControl(known ? w : 'Input', Edit, labelFor), propsOf(fs)]}
    />
  );
}

/** Rows of an array of objects: each row its item's fields, with 删除; 添加 below, within min/max items. */
function RowsField({ name, fs, required }: { name: string | number; fs: FieldSchema; required: boolean }) {
  const item = fs.items!;
  const req = new Set(item.required ?? []);
  const min = fs.minItems ?? 0;
  const max = fs.maxItems ?? Infinity;
  const rules: Record<string, unknown>[] = [];
  if (required || min > 0) rules.push({ required: true, message: `请添加${fs.title}` });
  if (min > 1) rules.push({ minItems: min, message: `${fs.title}至少${min}项` });
  if (fs.maxItems !== undefined) rules.push({ maxItems: fs.maxItems, message: `${fs.title}最多${fs.maxItems}项` });
  return (
    <ArrayField name={name} title={fs.title} validator={rules as any} decorator={[FormItem, { 'data-field': name }]}>
      {(field) => {
        const f = field as FormilyArrayField;
        const rows = Array.isArray(f.value) ? f.value : [];
        return (
          <div className="dj-form-rows">
            {rows.map((_, i) => (
              <div className="dj-form-row" key={i} data-row={i}>
                <ObjectField name={i}>
                  <FormLayout layout="vertical" feedbackLayout="terse">
                    <div className="dj-form-row__fields">
                      {Object.entries(item.properties!).map(([k, sub]) => (
                        <FieldNode key={k} name={k} fs={sub} required={req.has(k)} />
                      ))}
                    </div>
                  </FormLayout>
                </ObjectField>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除第${i + 1}项${fs.title}`} disabled={rows.length <= min} onClick={() => void f.remove(i)}>
                  删除
                </Button>
              </div>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} disabled={rows.length >= max} onClick={() => void f.push({})}>
              添加{fs.title}
            </Button>
          </div>
        );
      }}
    </ArrayField>
  );
}

/** The top-level field names a Formily field belongs to (introducers.0.name -> introducers). */
const topName = (f: { address: { segments: (string | number)[] } }) => String(f.address.segments[0]);

/**
 * The widget props a reaction sets: its own (references such as `$record.title` resolved against the
 * field's siblings) while its condition holds, else the schema's x-component-props for those keys.
 */
export function reactionProps(props: Record<string, unknown>, own: Record<string, unknown> | undefined, met: boolean, siblings: Record<string, unknown>): Record<string, unknown> {
  if (met) return resolveParams(props, { record: siblings });
  return Object.fromEntries(Object.keys(props).map((k) => [k, own?.[k]]));
}

/** Validates the fields under the given top-level names; true when they all hold. */
async function validateNames(form: Form, names: string[]): Promise<boolean> {
  const targets = Object.values(form.fields).filter((f) => names.includes(topName(f)) && 'validate' in f) as FormilyField[];
  await Promise.all(targets.map((f) => f.validate().catch(() => undefined)));
  return targets.every((f) => !f.selfErrors?.length);
}

export function EntityForm({ entity, fields, steps, initialValues, submitText = '提交', submitTestId = 'form-submit', onSubmit, onCancel, layout = 'horizontal', scope }: EntityFormProps) {
  const props = entity.schema.properties;
  const stepped = !!steps?.length;
  const names = useMemo(
    () => (stepped ? steps!.flatMap((s) => s.fields) : fields?.length ? fields : Object.keys(props)).filter((n) => props[n]),
    [stepped, steps, fields, props],
  );
  const required = new Set(entity.schema.required ?? []);
  const [submitting, setSubmitting] = useState(false);
  const [step, setStep] = useState(0);

  const form = useMemo(
    () =>
      createForm({
        // a new record starts from the schema's defaults (省内转接 preselected), an edit from the record
        initialValues: initialValues ?? Object.fromEntries(names.filter((n) => props[n].default !== undefined).map((n) => [n, props[n].default])),
        effects() {
          // a server error stays on its field until the user changes that field
          onFieldInputValueChange('*', (field) => {
            if ((field as FormilyField).feedbacks?.some((f) => f.code === 'EffectError')) (field as FormilyField).setFeedback({ type: 'error', code: 'EffectError', messages: [] });
          });
          // the ID card does the typing: a whole, valid 18-digit number fills its siblings 性别 and 出生日期
          // (the one rule of contract/validators.ts; the server refuses a contradiction)
          onFieldInputValueChange('*', (field) => {
            const f = field as FormilyField;
            if (f.path.segments[f.path.segments.length - 1] !== 'idCard') return;
            const facts = idCardFacts(typeof f.value === 'string' ? f.value : null);
            if (!facts) return;
            const parent = f.address.parent().toString();
            const at = (k: string) => (parent ? `${parent}.${k}` : k);
            for (const [k, v] of [['sex', facts.sex], ['birthday', facts.birthday]] as const) {
              const sibling = f.form.query(at(k)).take() as FormilyField | undefined;
              if (sibling && 'setValue' in sibling) sibling.setValue(v);
            }
          });
          for (const [path, fs] of reactivePaths(props, names)) {
            for (const r of fs['x-reactions'] ?? []) {
              onFieldReact(path, (field) => {
                const f = field as FormilyField;
                // the condition reads the field's siblings: the form's values at the top, the row or group inside
                const parent = f.address.parent().toString();
                const values = ((parent ? f.form.getValuesIn(parent) : f.form.values) ?? {}) as Record<string, unknown>;
                for (const dep of r.dependencies) void values[dep]; // tracked
                const met = test(r.when, { ...scope, record: values });
                const st = r.fulfill.state ?? {};
                if (st.visible !== undefined) f.visible = met ? st.visible : !st.visible;
                if (st.disabled !== undefined) f.disabled = met ? st.disabled : !st.disabled;
                if (st.required !== undefined) f.required = met ? st.required : !st.required;
                // widget props while the condition holds (references read the siblings: the title
                // whose blanks the answers follow); otherwise the schema's own
                if (r.fulfill.props) f.setComponentProps(reactionProps(r.fulfill.props, fs['x-component-props'], met, values));
              });
            }
          }
        },
      }),
    // a new form per record
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [initialValues, names.join(',')],
  );

  useEffect(() => {
    const widgets = (fs: FieldSchema): string[] =>
      isObject(fs) ? Object.values(fs.properties!).flatMap(widgets) : isRows(fs) ? Object.values(fs.items!.properties!).flatMap((x) => widgets(x as FieldSchema)) : [widgetOf(fs)];
    preloadWidgets(names.flatMap((n) => widgets(props[n])));
  }, [names, props]);

  // one request at a time: a second click (or Enter) while the first is in flight sends nothing
  const inFlight = useRef(false);
  const submit = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      await form.submit(async (values) => {
        try {
          await onSubmit(toBody(entity, values as Record<string, unknown>));
        } catch (err) {
          const rest = applyServerErrors(form, err);
          if (rest.length) void toastError(rest.join('；'));
          throw err;
        }
      });
    } catch {
      // validation failed or the server refused: shown on the fields (STACK.md pitfall 6); in steps,
      // show the first step holding an error
      if (stepped) {
        const bad = Object.values(form.fields).find((f) => 'selfErrors' in f && (f as FormilyField).selfErrors.length + ((f as FormilyField).feedbacks?.filter((x) => x.code === 'EffectError' && x.messages?.length).length ?? 0) > 0);
        const at = bad ? steps!.findIndex((s) => s.fields.includes(topName(bad))) : -1;
        if (at >= 0) setStep(at);
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };
  const next = async () => {
    if (await validateNames(form, steps![step].fields)) setStep((i) => Math.min(i + 1, steps!.length - 1));
  };

  const last = !stepped || step === steps!.length - 1;
  const node = (name: string) => <FieldNode key={name} name={name} fs={props[name]} required={required.has(name)} />;
  return (
    <FormProvider form={form}>
      <FormRecordContext.Provider value={scope?.context ?? null}>
      <div className="dj-entity-form" onKeyDown={noEnterSubmit}>
        <Suspense fallback={<Spin />}>
          {stepped ? <Steps className="dj-form-steps" size="small" current={step} items={steps!.map((s) => ({ title: s.title }))} /> : null}
          <FormLayout {...(layout === 'vertical' ? { layout: 'vertical' as const } : { labelCol: 5, wrapperCol: 18, labelWrap: true })} feedbackLayout="terse">
            {stepped
              ? steps!.map((s, i) => (
                  // every step stays mounted (its values and state kept); only the current one shows
                  <div key={s.title} data-step={i} hidden={i !== step}>
                    {s.fields.filter((n) => props[n]).map(node)}
                  </div>
                ))
              : names.map(node)}
            <FormButtonGroup.FormItem>
              {stepped && step > 0 ? <Button onClick={() => setStep((i) => i - 1)}>上一步</Button> : null}
              {last ? (
                <Button type="primary" loading={submitting} onClick={() => void submit()} data-testid={submitTestId}>
                  {submitText}
                </Button>
              ) : (
                <Button type="primary" onClick={() => void next()} data-testid="form-next">
                  下一步
                </Button>
              )}
              {onCancel ? <Button onClick={onCancel}>取消</Button> : null}
            </FormButtonGroup.FormItem>
          </FormLayout>
        </Suspense>
      </div>
      </FormRecordContext.Provider>
    </FormProvider>
  );
}

// pickBody and editedFields live in ./entity-body (no Formily), so that screens need not load the form to use them
export { pickBody, editedFields } from './entity-body';
