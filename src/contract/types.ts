/** DTO shapes the spec shows (core §3). Both halves import these; the server's OpenAPI mirrors them. */

export interface AbpError {
  code: number;
  message: string;
  details: string | null;
  validationErrors: { message: string; members: string[] }[] | null;
}
export interface AbpEnvelope<T> {
  result: T | null;
  success: boolean;
  error: AbpError | null;
  unAuthorizedRequest: boolean;
  targetUrl?: string | null;
  __abp?: true;
}

/** userType 0: ordinary member (no admin role); 1: administrator; 2: teacher. */
export type UserType = 0 | 1 | 2;

/** 长辈模式 steps (issue 33): 0 standard, 1 大字 (body 18 px at the browser's default 16 px), 2 特大字 (22 px). */
export type ElderMode = 0 | 1 | 2;

export interface SessionData {
  accessToken: string;
  expireInSeconds: number;
  userId: number;
  userName: string;
  nickName: string;
  organId: number | null;
  organName: string;
  organLevel: number | null;
  organPath: string;
  userType: UserType;
  roleId: number | null;
  /** true when the password must be changed before going on (weak or reset password). */
  needChangePassword?: boolean;
  /** 长辈模式, the member's own preference kept on the server: 0 standard, 1 large text, 2 larger text */
  elderMode?: ElderMode;
  /** the browser's copy of the server's session stamp (x-session-stamp): a new one reloads the session */
  stamp?: string;
  /** the platform time zone (IANA name): the browser's "today" and displayed times follow it, not the browser's zone */
  timeZone?: string;
  /** which map the browser draws (docs/map.md): the server's configuration, no secret beyond the AMap web key */
  map?: MapSettings;
  /**
   * The second factor (docs/SECURITY.md §17), on sign-in answers: `required` — the user's
   * administrator roles (or, with SECOND_FACTOR=all, every role) open only after it; `verified` —
   * this session proved it; `enrolled` — a TOTP authenticator is bound; `ukey` — a usb key is bound.
   */
  secondFactor?: { required: boolean; verified: boolean; enrolled: boolean; ukey: boolean };
}

/**
 * The map provider of the deployment: `outline` (default) draws the bundled province outline and
 * needs no key and no network; `tiles` adds an OSM-style tile source (MAP_TILE_URL); `amap` loads
 * AMap's JS API with AMAP_KEY (and AMAP_SECURITY_CODE, AMap's 安全密钥 for keys issued since 2021).
 */
export interface MapSettings {
  provider: 'outline' | 'tiles' | 'amap';
  amapKey?: string;
  amapSecurityCode?: string;
  tileUrl?: string;
  tileAttribution?: string;
}

export type MenuType = 1 | 2 | 6;
export interface MenuDto {
  id: number;
  url: string;
  displayName: string;
  iconPath: string | null;
  type: MenuType;
  parentId: number | null;
  tags: string | null;
  permissionName: string | null;
  sort: number;
  children: MenuDto[];
}

export interface PermissionEntry {
  roleId: number;
  roleName: string;
  roleDisplayName: string;
  organId: number | null;
  organName: string;
  isDefault: boolean;
  menus: MenuDto[];
}

export interface ManageOrganEntry {
  roleId: number;
  organId: number;
  organName: string;
  roleName: string;
}

export interface OrganNode {
  id: number;
  parentId: number | null;
  organName: string;
  organizationName: string;
  organPath: string;
  organLevel: number;
  organType: string | null;
  hasChild: boolean;
  children: OrganNode[] | null;
  /** 组织审核: 0 待审核, 1 已通过, 2 未通过 (members are only ever offered approved ones) */
  auditStatus: number;
}

export interface PagedResult<T> {
  totalCount: number;
  items: T[];
}

export interface BaseCodeItem {
  label: string;
  value: string;
  children?: BaseCodeItem[];
}
export type BaseCodeTables = Record<string, BaseCodeItem[]>;

export interface MessageItem {
  messageId: number;
  /** a site message, or an announcement (通知公告) of the member's organisation or above: ids of their own */
  kind?: 'message' | 'announce';
  isRead: boolean;
  messageType: string;
  title: string;
  organName: string;
  creationTime: string;
}

/** One step of a record's workflow history, as every workflow entity's `get` (and op `history`) answers it. */
export interface WorkflowHistoryItem {
  transition?: string;
  title?: string;
  fromState?: number | string | null;
  toState?: number | string | null;
  actorName?: string | null;
  actorOrganName?: string | null;
  remark?: string | null;
  creationTime?: string;
}

/** A record of a workflow entity as its calls answer it (the member's lists and details). */
export interface WorkflowRecordDto {
  id: number;
  auditStatus: number;
  ownerName?: string | null;
  creationTime: string;
  /** the steps the caller may take now (withdraw, evaluate…) */
  availableTransitions?: string[];
  history?: WorkflowHistoryItem[];
  evaluateLevel?: number | null;
  evaluateContent?: string | null;
  [k: string]: unknown;
}

/** GetUserSecretaryInfo: the 书记 (else 副书记) in office of the member's branch */
export interface SecretaryInfo {
  organId: number;
  organName: string;
  /** 书记 or 副书记; '' when only the organisation's phone is known */
  dutyName: string;
  name: string;
  /** the secretary's own mobile, masked (138****1234): a member sees it, not copies it */
  phoneNumber: string;
  /** the organisation's office number, public, not masked */
  contactPhone: string;
}

export interface SiteMessageInfo {
  messageId: number;
  /** an announcement's content is sanitised rich text; a site message's is plain text */
  kind?: 'message' | 'announce';
  title: string;
  content: string;
  messageType: string;
  organName: string;
  linkUrl: string | null;
  creationTime: string;
  isRead: boolean;
}
