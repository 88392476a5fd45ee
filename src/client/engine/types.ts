import type { WorkflowHistoryItem } from '../../contract/types';
/**
 * The screen schema (screens/*.json), as the engine reads it. The meta-schema that the server
 * checks at start is src/contract/meta/screen.schema.json; keep the two in step.
 */

/** "Service/Action", optionally with the HTTP method first: "POST Service/Action". */
export type CallRef = string;

/**
 * A value in `params`: a literal, or a reference read from the row ($record.x), the context a
 * screen was opened with ($context.x), the session ($session.organId) or the query ($query.id).
 * References are looked up by path; nothing is ever evaluated.
 */
export type ValueRef = unknown;

export interface Condition {
  /** a record field, or a reference such as $session.organLevel */
  field: string;
  equals?: unknown;
  notEquals?: unknown;
  in?: unknown[];
  truthy?: boolean;
  /** the field is an array holding this value (`availableTransitions` contains a step) */
  contains?: unknown;
}

/** fen: an integer amount of money in fen (分), shown as 元 with two decimals (党费) */
export type ValueType = 'text' | 'date' | 'dateTime' | 'number' | 'code' | 'enum' | 'bool' | 'auditStatus' | 'status' | 'html' | 'fen' | 'widget';

export interface ColumnDef {
  field: string;
  title?: string;
  valueType?: ValueType;
  codeTable?: string;
  /** valueType status: a list of src/contract/status-labels.json */
  statusList?: string;
  options?: { label: string; value: string | number | boolean }[];
  /** a registered widget whose read-pretty mode renders the value (valueType widget) */
  widget?: string;
  props?: Record<string, unknown>;
  width?: number;
  ellipsis?: boolean;
  /** the cell opens the detail (the first detail row action) */
  link?: boolean;
  /** detail fields: shown only when these hold on the record (e.g. the player of the resource's type) */
  visibleWhen?: Condition[];
}

export interface FilterDef {
  field: string;
  title?: string;
  /** quarter: a quarter picker sending `<field>Quarter` = 'YYYY-Qn' (the server's `quarter` filter) */
  type: 'text' | 'number' | 'code' | 'select' | 'dateRange' | 'quarter' | 'organ' | 'widget';
  /** widget: the registered widget (e.g. RemoteSelect over a list call) and its props */
  widget?: string;
  props?: Record<string, unknown>;
  codeTable?: string;
  /** select: the choices; default the labels of `statusList`, else the entity field's own options */
  options?: { label: string; value: string | number | boolean }[];
  /** select: choose among the states of a list of src/contract/status-labels.json */
  statusList?: string;
  /** query name; default the field (dateRange: <field>Start/<field>End; organ: organPath) */
  param?: string;
  placeholder?: string;
}

export interface PromptField {
  name: string;
  title: string;
  widget?: string;
  props?: Record<string, unknown>;
  required?: boolean;
  /** the message shown when the required value is missing */
  message?: string;
  /** the first value: a literal or a reference (`$record.summary` edits what the record holds) */
  value?: ValueRef;
}

/**
 * The dialog before a call: its fields (any registered widget), optionally after a `load` call
 * whose answer the fields' `value` and `props` read as `$loaded.…` (分配菜单: RoleMenusList gives
 * the menu tree and the role's menus).
 */
export interface PromptDef {
  title?: string;
  width?: number;
  load?: { call: CallRef; params?: Record<string, ValueRef> };
  fields: PromptField[];
}

export interface ActionDef {
  key: string;
  label: string;
  /**
   * create: the entity form, posted to calls.create (`params`, resolved with the row, fill the
   * form first: a row's 新增下级 sends parentId); edit: the form filled from the row (or
   * calls.get), put to calls.update; delete: calls.delete (or `call`) with the confirm prompt;
   * detail: the detail (route `info` when given, else a drawer);
   * call: the `call` with `params` (and its answer shown when `result` says so); audit: the detail
   * plus the screen's decision; screen: another screen in a dialog with `params` as its context;
   * navigate: a child route of the menu; transition: a workflow step in a dialog (通过/不通过 when
   * `decision`, the remark, the step's `fields`) posted to `call`; pickMembers: the member picker,
   * the chosen ids posted to `call` with `params`; export: the list's rows as XLSX (list toolbars);
   * import: upload an XLSX and post its file id to `call` (list toolbars).
   */
  kind: 'create' | 'edit' | 'delete' | 'detail' | 'call' | 'audit' | 'screen' | 'navigate' | 'transition' | 'pickMembers' | 'export' | 'import';
  call?: CallRef;
  params?: Record<string, ValueRef>;
  permission?: string;
  confirm?: string;
  success?: string;
  prompt?: PromptDef;
  visibleWhen?: Condition[];
  danger?: boolean;
  primary?: boolean;
  screen?: string;
  route?: string;
  /** navigate: into a child route of another menu, by its tag (shown only to roles with that menu) */
  menu?: string;
  /** after a call on a detail screen: go back to the list */
  back?: boolean;
  /** transition: the step is a decision (通过 / 不通过, sent as `approved`) */
  decision?: boolean;
  /** transition: when the remark is required (default onReject for a decision, else optional); none: no 备注 box */
  remark?: 'required' | 'onReject' | 'optional' | 'none';
  /** transition: entity fields the step may change, filled from the record */
  fields?: string[];
  /** transition: of `fields`, the ones the step must receive (the transition's `required`) */
  required?: string[];
  approveLabel?: string;
  rejectLabel?: string;
  remarkTitle?: string;
  /** the message of a missing required remark (default 请输入备注) */
  remarkMessage?: string;
  /** pickMembers: how the member picker chooses and what it sends */
  picker?: PickerDef;
  /** call: fields of the answer shown in a dialog (e.g. a sign-in code and its validity) */
  result?: { title?: string; fields: ColumnDef[] };
  /** import: the action answering the empty template (GET, downloaded) */
  importTemplate?: CallRef;
  /** export: the file name (default the screen's title) */
  fileName?: string;
}

export interface PickerDef {
  /** several members (default), or exactly one */
  multiple?: boolean;
  /** the body field of the chosen ids (default userIds; single mode sends one value) */
  param?: string;
  /** the property of a found member sent (default id) */
  valueKey?: string;
  title?: string;
}

export interface DetailSection {
  title?: string;
  /** fields (default): the record's fields; timeline: the record's workflow history */
  kind?: 'fields' | 'timeline';
  fields?: (string | ColumnDef)[];
  /** timeline: the record field holding the history items (default history) */
  field?: string;
  /** timeline: the status list of src/contract/status-labels.json naming the states (default audit) */
  statusList?: string;
  /** timeline: shown without history */
  empty?: string;
}

/** One workflow history item as the server answers it (get of a workflow entity, op history). */
export type HistoryItem = WorkflowHistoryItem;

export interface RelatedDef {
  title: string;
  screen: string;
  params?: Record<string, ValueRef>;
}

export interface DetailDef {
  title?: string;
  sections?: DetailSection[];
  related?: RelatedDef[];
  actions?: ActionDef[];
}

export interface DecisionDef {
  call: CallRef;
  /** the row field sent as id (report audits send reportId) */
  idField?: string;
  approveLabel?: string;
  rejectLabel?: string;
  remarkTitle?: string;
  /** the message when rejecting without a remark */
  remarkMessage?: string;
  success?: string;
}

/** A line of figures above a list, from one property of the list answer (screen.schema.json listSummary). */
export interface ListSummaryDef {
  /** the call answering the figures, given the list's filters (an aggregate too slow for every list call) */
  call: CallRef;
  title?: string;
  titleField?: string;
  items: { field: string; title: string; suffix?: string }[];
}

export interface TabDef {
  key: string;
  summary?: ListSummaryDef;
  title: string;
  call?: CallRef;
  params?: Record<string, ValueRef>;
  columns?: ColumnDef[];
  filters?: FilterDef[];
  toolbar?: ActionDef[];
  rowActions?: ActionDef[];
  empty?: string;
  permission?: string;
  /** the row key of this tab's items when it is not the screen's (e.g. userId) */
  rowKey?: string;
  /** the tab shows this screen (any kind, e.g. a statistics screen) instead of a list */
  screen?: string;
}

export interface Calls {
  list?: CallRef;
  get?: CallRef;
  create?: CallRef;
  update?: CallRef;
  delete?: CallRef;
  /** statistics screens: the GET answering {totals, rows, measures} */
  statistics?: CallRef;
  /** dashboard screens: the GET whose one answer the parts read by path */
  dashboard?: CallRef;
}

export interface FormStep {
  title: string;
  fields: string[];
}

export interface FormDef {
  /** entity fields in the form, in order (default: all) */
  fields?: string[];
  /** a form in steps (上一步 / 下一步), each step's fields validated before the next */
  steps?: FormStep[];
  /** fixed values sent with every submit */
  values?: Record<string, ValueRef>;
  /** a new record's first values besides the schema's defaults (`$query.paperType`: the toolbar's choice) */
  initial?: Record<string, ValueRef>;
  /** an edit: further GETs whose answers fill record fields the get call lacks ({questionList: "items"}) */
  load?: FormLoadDef[];
  /** an edit: further calls after the update, each sending its `fields` of the values with `params` */
  then?: FormThenDef[];
  width?: number;
}

export interface FormLoadDef {
  call: CallRef;
  params?: Record<string, ValueRef>;
  /** record field -> path in the answer */
  set: Record<string, string>;
}

export interface FormThenDef {
  call: CallRef;
  params?: Record<string, ValueRef>;
  fields?: string[];
  /** made only when these hold on the record as edited ($record: the values over the loaded record) */
  visibleWhen?: Condition[];
}

/** The kinds of screen; each is registered in engine/kinds (a unit test keeps the two in step). */
/** construction: 建设中, a page whose service comes later (`waitsFor` says which) */
export type ScreenKind = 'list' | 'form' | 'detail' | 'audit' | 'statistics' | 'calendar' | 'construction' | 'configEditor';

/** A dashboard (工作台): parts of one answer, each read by a dotted path. */
export interface DashboardDef {
  /** [{call, title, count, capped}]: each links to the screen (and tab) whose list is that call */
  pending?: string;
  figures?: { field: string; title: string; unit?: string; capped?: string; menu?: string }[];
  charts?: { field: string; kind: 'bar' | 'line' | 'ring'; title: string; label: string; value: string; labelTitle?: string; unit?: string }[];
  lists?: { field: string; title: string; empty?: string; menu?: string; columns: { field: string; title: string }[] }[];
  /** quick links: menu tags, shown to roles that have the menu */
  links?: string[];
}

export interface StatisticsDef {
  /** the title of the row labels' column (default 名称; 党组织 for rows by organisation) */
  labelTitle?: string;
  /** measures shown, in order (default all the answer names) */
  measures?: string[];
  /** how the rows are drawn: bars compare (default), a line shows a trend (rows by month) */
  chart?: 'bar' | 'line';
  /** how each breakdown (`groups`, by key) is drawn: a ring shows shares (性别, 正式/预备), default bars */
  groupCharts?: Record<string, 'bar' | 'ring' | 'line'>;
}

/** The answer of a statistics action (op statistics). */
export interface StatisticsAnswer {
  totals: Record<string, number>;
  rows: ({ key: string | number; label: string; organId?: number; organPath?: string } & Record<string, unknown>)[];
  /** valueType fen: the measure is money in integer fen, shown as 元 (党费 arrears) */
  measures: { key: string; title: string; valueType?: 'fen' }[];
  /**
   * Breakdowns of the same records shown as one chart each below the table (党员分析: by age band,
   * sex, nation …): each row's `count` is its value.
   */
  groups?: { key: string; title: string; rows: { key: string; label: string; count: number }[] }[];
}

export interface ScreenDef {
  tag: string;
  kind: ScreenKind;
  title: string;
  /**
   * a menu's own screen: child routes of the menu that show this screen itself — one ending in
   * `info` its detail (the record of ?id=), one ending in `/list` its list (engine/resolve.ts)
   */
  routes?: string[];
  /** a `<tag>/<sub>` screen shown only inside another screen (a tab, a related list, a dialog): not a child route */
  embedded?: boolean;
  /** construction screens: what the page waits for */
  waitsFor?: string;
  /** list screens: figures above the table from the list answer */
  summary?: ListSummaryDef;
  description?: string;
  entity?: string;
  calls?: Calls;
  params?: Record<string, ValueRef>;
  rowKey?: string;
  columns?: ColumnDef[];
  filters?: FilterDef[];
  toolbar?: ActionDef[];
  rowActions?: ActionDef[];
  tabs?: TabDef[];
  empty?: string;
  pageSize?: number;
  form?: FormDef;
  detail?: DetailDef;
  decision?: DecisionDef;
  /** list screens: no pager (short lists) */
  noPaging?: boolean;
  /** list screens: no 导出 (by default every list with a list call offers one, filtered rows as XLSX) */
  noExport?: boolean;
  /** list screens: no row checkboxes and bulk delete / audit (by default where a delete or audit row action exists) */
  noBulk?: boolean;
  statistics?: StatisticsDef;
  /** dashboard screens (工作台): the parts of the answer shown (engine/dashboard) */
  dashboard?: DashboardDef;
  /** list screens: a hierarchy beside the list, loaded level by level (tree-panel.tsx) */
  tree?: TreeDef;
  /** calendar screens: how records are placed on the month (engine/calendar) */
  calendar?: CalendarDef;
}

/** A month of records: the list call is asked for the month's first and last day. */
export interface CalendarDef {
  /** the record's day (a wall-clock time or a day), e.g. startTime */
  dateField: string;
  titleField: string;
  /** the query names of the month's first and last day (default startTime, endTime) */
  startParam?: string;
  endParam?: string;
  /** a record's state, coloured by a status list */
  statusField?: string;
  statusList?: string;
  /** a child route of the menu a record opens with ?id= (info); without it a popover shows `fields` */
  route?: string;
  fields?: { field: string; title: string; statusList?: string }[];
}

export interface TreeDef {
  title?: string;
  /** the top level (called with rootParams) and, without childCall, the children of a node */
  call: CallRef;
  rootParams?: Record<string, ValueRef>;
  /** the children of a node, called with childParams resolved with the node as $record (default {id: $record.<valueField>}) */
  childCall?: CallRef;
  childParams?: Record<string, ValueRef>;
  labelField?: string;
  valueField?: string;
  /** a node whose field is false has no children (default hasChild) */
  hasChildField?: string;
  /** what a chosen node adds to the list's query, resolved with the node as $record */
  params: Record<string, ValueRef>;
}

export interface FieldSchema {
  title: string;
  /** help text under the field */
  description?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  /** the value a new record starts with */
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  contentMediaType?: string;
  'x-component'?: string;
  'x-component-props'?: Record<string, unknown>;
  'x-code-table'?: string;
  'x-message'?: string;
  'x-required-message'?: string;
  'x-reactions'?: Reaction[];
  /** a personal number the server shows masked; a masked value sent back keeps the stored one */
  'x-sensitive'?: 'idCard' | 'phone';
  /** type object: a titled group of these fields */
  properties?: Record<string, FieldSchema>;
  required?: string[];
  /** type array of objects: repeating rows (add / remove) of the item's fields */
  items?: Omit<FieldSchema, 'title'> & { title?: string };
  minItems?: number;
  maxItems?: number;
}

export interface Reaction {
  dependencies: string[];
  when: Condition;
  fulfill: {
    state?: { visible?: boolean; disabled?: boolean; required?: boolean };
    /**
     * widget props while `when` holds, else the schema's x-component-props for those keys; a value
     * may be a reference to a sibling field (`$record.title`), read as it changes
     */
    props?: Record<string, unknown>;
  };
}

export interface EntityDef {
  name: string;
  title: string;
  schema: { type: 'object'; properties: Record<string, FieldSchema>; required?: string[] };
}

export interface UiConfig {
  screens: Record<string, ScreenDef>;
  entities: Record<string, EntityDef>;
}
