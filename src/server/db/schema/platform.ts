import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTs, Json } from './columns';

/** Organisations, users, roles and menus, sign-in and sessions, codes, settings, projects, site messages, the audit log and files. */

export interface OrganizationTable {
  id: Generated<number>;
  parentId: number | null;
  organName: string;
  shortName: string | null;
  organCode: string | null;
  organPath: Generated<string>;
  organLevel: number;
  organType: string | null;
  areaCode: string | null;
  secretaryName: string | null;
  contactPhone: string | null;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  sort: Generated<number>;
  status: Generated<number>;
  extra: Json;
  creatorUserId: number | null;
  creationTime: Timestamp;
  lastModificationTime: NullableTs;
  isDeleted: Generated<boolean>;
  /** 0 待审核, 1 已通过, 2 未通过 (migration 010) */
  auditStatus: Generated<number>;
  auditRemark: string | null;
  /** the creator's managed organisation when a level below the province created it: the level above audits */
  submitOrganPath: string | null;
}

export interface UserTable {
  id: Generated<number>;
  userName: string;
  name: string;
  passwordHash: string;
  phoneNumber: string | null;
  phoneConfirmed: Generated<boolean>;
  email: string | null;
  organId: number | null;
  userType: Generated<number>;
  isActive: Generated<boolean>;
  needChangePassword: Generated<boolean>;
  /** 长辈模式: 0 standard, 1 large text, 2 larger text (migration 029) */
  elderMode: Generated<number>;
  failedLoginCount: Generated<number>;
  lockoutEnd: NullableTs;
  lastFailedLoginAt: NullableTs;
  ukeyPublicKey: string | null;
  ssoSubject: string | null;
  creatorUserId: number | null;
  creationTime: Timestamp;
  lastLoginTime: NullableTs;
  isDeleted: Generated<boolean>;
  /** the sealed TOTP key, its enrolment and the last time step used (migration 033) */
  totpSecret: string | null;
  totpEnabledAt: NullableTs;
  totpLastStep: ColumnType<string | number | null, number | null | undefined, number | null>;
  passwordChangedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  enabledAt: NullableTs;
}

export interface UserRecoveryCodeTable { id: Generated<string>; userId: number; codeHash: string; usedAt: NullableTs; creationTime: Generated<Date> }

export interface RoleTable {
  id: Generated<number>;
  name: string;
  displayName: string;
  description: string | null;
  isDefault: Generated<boolean>;
  isStatic: Generated<boolean>;
  level: number | null;
  organType: string | null;
  userType: Generated<number>;
  creationTime: Timestamp;
}

export interface MenuTable {
  id: Generated<number>;
  parentId: number | null;
  displayName: string;
  url: Generated<string>;
  iconPath: string | null;
  type: number;
  tags: string | null;
  permissionName: string | null;
  sort: Generated<number>;
  isEnabled: Generated<boolean>;
  creationTime: Timestamp;
}

export interface RoleMenuTable { roleId: number; menuId: number }
export interface TenantMenuTable { menuId: number }

export interface UserRoleTable {
  id: Generated<number>;
  userId: number;
  roleId: number;
  organId: number;
  creationTime: Timestamp;
}

export interface AuthSessionTable {
  id: string;
  userId: number;
  roleId: number | null;
  organId: number | null;
  loginMethod: string;
  expiresAt: Timestamp;
  revokedAt: NullableTs;
  creationTime: Timestamp;
  /** last request seen (at most every 30 s) and its address (migration 012) */
  lastActivityTime: NullableTs;
  clientIp: ColumnType<string | null, string | null | undefined, string | null>;
  /** migration 033: the second factor proved (totp, recovery, ukey), a password past its age, why the session ended (logout, idle) */
  secondFactor: ColumnType<string | null, string | null | undefined, string | null>;
  passwordExpired: Generated<boolean>;
  endReason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CaptchaTable { id: string; answer: string; expiresAt: Timestamp }
export interface RateCounterTable { key: string; count: number; windowStart: Timestamp; expiresAt: Timestamp }
export interface UnknownSignInNameTable { name: string; failedLoginCount: Generated<number>; lockoutEnd: NullableTs; lastFailedLoginAt: Timestamp }
export interface PhoneCodeTable {
  id: Generated<number>;
  /** the keyed search hash of the number (migration 048), never the number */
  phoneHash: string;
  purpose: string;
  codeHash: string;
  attempts: Generated<number>;
  used: Generated<boolean>;
  expiresAt: Timestamp;
  creationTime: Timestamp;
}
export interface UkeyChallengeTable { id: string; challenge: string; expiresAt: Timestamp; used: Generated<boolean> }
export interface SsoTicketUsedTable { jti: string; expiresAt: Timestamp }

export interface BaseCodeTypeTable { id: Generated<number>; name: string; displayName: string; isTree: Generated<boolean>; creationTime: Timestamp }
export interface BaseCodeTable { id: Generated<number>; typeName: string; label: string; value: string; parentValue: string | null; sort: Generated<number> }
export interface SettingTable { key: string; value: string }

export interface ProjectTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  isEnabled: Generated<boolean>;
  creationTime: Timestamp;
  isDeleted: Generated<boolean>;
}

export interface SiteMessageTable {
  id: Generated<number>;
  title: string;
  content: Generated<string>;
  messageType: string;
  senderOrganId: number | null;
  organName: Generated<string>;
  linkUrl: string | null;
  creationTime: Timestamp;
}
export interface SiteMessageReceiverTable {
  id: Generated<number>;
  messageId: number;
  userId: number;
  source: number;
  isRead: Generated<boolean>;
  readTime: NullableTs;
}

export interface AuditLogTable {
  id: Generated<number>;
  userId: number | null;
  service: string;
  action: string;
  targetId: string | null;
  detail: Json<unknown> | null;
  clientIp: string | null;
  creationTime: Timestamp;
  /** the caller's organisation at the time (migration 012) */
  organId: ColumnType<number | null, number | null | undefined, number | null>;
  organPath: ColumnType<string | null, string | null | undefined, string | null>;
  /** migration 032: 'write' (an operation), 'view' (a sensitive read), 'read' (recorded before 032, not shown) */
  kind: Generated<string>;
  module: ColumnType<string | null, string | null | undefined, string | null>;
  operation: ColumnType<string | null, string | null | undefined, string | null>;
  title: ColumnType<string | null, string | null | undefined, string | null>;
  targetName: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FileTable {
  id: string;
  storageKey: string;
  name: string;
  ext: Generated<string>;
  size: number;
  contentType: string;
  kind: string;
  sha256: string;
  headMd5: string | null;
  project: string;
  attachClass: number;
  uploaderUserId: number | null;
  durationSeconds: number | null;
  hlsStatus: string | null;
  hlsProgress: number | null;
  creationTime: Timestamp;
}

/** The background-job queue (migration 027, src/server/jobs/). */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  key: string;
  payload: Json;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  runAt: Timestamp;
  groupOnly: string | null;
  lockedBy: string | null;
  lockedGroup: string | null;
  lockedUntil: NullableTs;
  lastError: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: NullableTs;
}

/** An import of a workbook: progress and refused rows (migration 040, records/import-runs.ts). */
export interface ImportRunTable {
  userId: number;
  key: string;
  title: string;
  header: Json<string[]>;
  total: Generated<number>;
  done: Generated<number>;
  added: Generated<number>;
  refused: Generated<number>;
  refusedRows: Json<{ line: number; cells: string[]; messages: string[] }[]>;
  finished: Generated<boolean>;
  creationTime: Timestamp;
}

/** The hash-chained security log (migration 034, security/security-log.ts). */
export interface SecurityLogTable {
  seq: number;
  occurredAt: Timestamp;
  eventType: string;
  result: string;
  actorUserId: number | null;
  actorName: string | null;
  target: string | null;
  detail: string | null;
  clientIp: string | null;
  organPath: string | null;
  prevHash: string;
  hash: string;
}

/** The chain's head: the last seq and hash, and the anchor the retention job moves (migration 034). */
export interface SecurityLogHeadTable {
  id: number;
  seq: number;
  hash: string;
  prunedSeq: number;
  prunedHash: string;
}

/** Overrides of screens and entity files made in the browser, one row a version (migration 038). */
export interface ConfigOverrideTable {
  id: Generated<number>;
  kind: 'screen' | 'entity';
  key: string;
  version: number;
  /** the override's JSON text; null: back to the shipped file */
  body: string | null;
  shippedHash: string | null;
  comment: ColumnType<string, string | undefined, string>;
  action: 'save' | 'rollback' | 'reset' | 'import';
  authorId: number | null;
  authorName: ColumnType<string, string | undefined, string>;
  createdAt: ColumnType<Date, Date | string | undefined, never>;
}
