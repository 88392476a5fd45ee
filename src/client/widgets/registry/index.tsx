/**
 * The widget registry: every widget a schema may name, by PascalCase name, loaded on first use.
 * Schemas (schemas/*.json `x-component`, screens/*.json `widget`) only ever use these names; a unit
 * test fails when one names a widget that is not registered here.
 *
 * A widget module exports `default` (the edit component: value, onChange and its own props) and,
 * optionally, `Read` (the read-pretty component for detail screens and table cells: value, record
 * and the same props). Without `Read` the value is shown as text.
 *
 * New widgets register here, one line each, with the widget in its own folder under widgets/:
 *   MapView and AddressPicker (widgets/map, pluggable provider: docs/map.md); VideoPlayer / AudioPlayer / PdfViewer.
 *   MemberPicker (search PartyMemberService/SearchPageList, page size 7) and Radio came with the
 *   engine's foundations (participants, workflow decisions).
 *   ImageUpload, FileUpload, MediaUpload and the braft-editor RichText.
 *   RemoteTreeSelect (a tree a GET call answers, e.g. the resource classes).
 *   TreeCheck (checkboxes over a tree, parents half-checked: 角色管理's 分配菜单).
 *   RemoteSelect (a choice among the items of a GET list call: the question banks), OptionsEditor
 *   (a choice question's options A–H with the right ones) and BlankAnswersEditor (a fill-in
 *   question's accepted answers per blank of the title).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ReadProps {
  value: unknown;
  /** the whole record, for widgets that show a sibling field (e.g. organName for organId) */
  record?: Record<string, unknown>;
  [prop: string]: unknown;
}

export interface WidgetModule {
  default: ComponentType<any>;
  Read?: ComponentType<ReadProps>;
}

type Loader = () => Promise<WidgetModule>;

const REGISTRY: Record<string, Loader> = {
  Input: () => import('../basic/input'),
  'Input.TextArea': () => import('../basic/text-area'),
  NumberPicker: () => import('../basic/number-picker'),
  Select: () => import('../basic/select'),
  DatePicker: () => import('../basic/date-picker'),
  Switch: () => import('../basic/switch'),
  Radio: () => import('../basic/radio'),
  CodeSelect: () => import('../code-select'),
  OrganCascader: () => import('../organ-field'),
  RichText: () => import('../rich-text'),
  ImageUpload: () => import('../image-upload'),
  FileUpload: () => import('../file-upload'),
  MediaUpload: () => import('../media-upload'),
  VideoPlayer: () => import('../video-player'),
  AudioPlayer: () => import('../audio-player'),
  PdfViewer: () => import('../pdf-viewer'),
  RemoteTreeSelect: () => import('../remote-tree-select'),
  MemberPicker: () => import('../member-picker'),
  TreeCheck: () => import('../tree-check'),
  RemoteSelect: () => import('../remote-select'),
  OptionsEditor: () => import('../options-editor'),
  BlankAnswersEditor: () => import('../blank-answers'),
  // 考试管理: the paper composer, 阅卷, statistics and list cells
  OrganTreeSelect: () => import('../organ-tree-select'),
  QuestionPicker: () => import('../exam-paper/question-picker'),
  RandomSetEditor: () => import('../exam-paper/random-set-editor'),
  ShortAnswerMarker: () => import('../exam-paper/short-answer-marker'),
  ScoreChart: () => import('../exam-paper/score-chart'),
  RateTable: () => import('../exam-paper/rate-table'),
  TimeWindow: () => import('../exam-paper/time-window'),
  AttemptCount: () => import('../exam-paper/attempt-count'),
  ScorePair: () => import('../exam-paper/score-pair'),
  // 培训班: a course's sign-in code as a QR code, in SignCode's call-result dialog
  SignCodeQr: () => import('../sign-code-qr'),
  // 党建地图: a read-only map of a point or markers, and the map address picker
  MapView: () => import('../map'),
  AddressPicker: () => import('../map/address-picker'),
  // 党费: money typed in 元, kept as integer fen
  FenInput: () => import('../fen-input'),
};

/**
 * Widgets whose read side has a module of its own: a table cell or a detail loads only that, not the
 * edit component's inputs (CodeSelect's Select and TreeSelect are ≈ 25 KB gzip).
 */
const READERS: Record<string, () => Promise<Pick<WidgetModule, 'Read'>>> = {
  CodeSelect: () => import('../code-select/read'),
};

/**
 * Widgets whose focusable element takes the form's id, so a field's `<label for>` can point at it.
 * Any other (uploads, rich text, radios, the member picker) is shown by the engine as a group its
 * label names (aria-labelledby). Known before the widget loads: the form draws its labels at once.
 */
const LABELABLE = new Set(['Input', 'AddressPicker', 'Input.TextArea', 'NumberPicker', 'Select', 'DatePicker', 'CodeSelect', 'Switch', 'OrganCascader', 'RemoteTreeSelect', 'RemoteSelect', 'OrganTreeSelect', 'FenInput']);

/** Adds a widget (for later issues and tests); a name can be registered once. */
export function registerWidget(name: string, loader: Loader, opts: { labelable?: boolean } = {}) {
  if (!/^[A-Z][A-Za-z0-9]*(\.[A-Z][A-Za-z0-9]*)?$/.test(name)) throw new Error(`widget name must be PascalCase: ${name}`);
  if (REGISTRY[name]) throw new Error(`widget already registered: ${name}`);
  REGISTRY[name] = loader;
  if (opts.labelable) LABELABLE.add(name);
}

/** Whether a field's label can point at the widget's input (see LABELABLE). */
export const isLabelable = (name: string) => LABELABLE.has(name);

export const isRegistered = (name: string) => Object.prototype.hasOwnProperty.call(REGISTRY, name);
export const widgetNames = () => Object.keys(REGISTRY);

export interface ResolvedWidget {
  Edit: LazyExoticComponent<ComponentType<any>>;
  Read: LazyExoticComponent<ComponentType<ReadProps>>;
}

const cache = new Map<string, ResolvedWidget>();

function PlainRead({ value }: ReadProps) {
  if (value === null || value === undefined || value === '') return <span className="dj-empty-value">-</span>;
  return <span>{Array.isArray(value) ? value.join('、') : String(value)}</span>;
}

/** The lazy edit and read components of a registered widget (stable per name). */
export function getWidget(name: string): ResolvedWidget {
  const hit = cache.get(name);
  if (hit) return hit;
  const loader = REGISTRY[name];
  if (!loader) throw new Error(`未注册的组件：${name}`);
  let p: Promise<WidgetModule> | null = null;
  const load = () => (p ??= loader());
  const reader = READERS[name];
  const w: ResolvedWidget = {
    Edit: lazy(async () => ({ default: (await load()).default })),
    Read: lazy(async () => ({ default: (await (reader ?? load)()).Read ?? PlainRead })),
  };
  cache.set(name, w);
  return w;
}

/** Starts loading widgets ahead of use (a form about to open). */
export function preloadWidgets(names: string[]) {
  for (const n of names) if (REGISTRY[n]) void REGISTRY[n]();
}
