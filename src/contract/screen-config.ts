/** The DTOs of ScreenConfigService (设置 → 界面配置), read by the server and the editor alike. */
import type { PointedError } from './meta-messages';

export type ConfigKind = 'screen' | 'entity';

export interface ConfigListItem {
  id: string;
  kind: ConfigKind;
  key: string;
  title: string;
  /** screens: list, form, detail …; entities: 实体 */
  screenKind: string;
  /** the menus that show it (a screen of tag a/b: the menus of tag a) */
  menuNames: string;
  overridden: boolean;
  version: number | null;
  /** the shipped file changed since the override was made over it: to be reviewed */
  needsReview: boolean;
}

export interface ConfigVersion {
  version: number;
  action: 'save' | 'rollback' | 'reset' | 'import';
  comment: string;
  authorName: string;
  creationTime: string;
  /** null: the shipped file */
  body: unknown;
}

export interface ConfigDetail {
  kind: ConfigKind;
  key: string;
  shipped: unknown;
  /** what is in force: the override, else the shipped file */
  current: unknown;
  overridden: boolean;
  needsReview: boolean;
  versions: ConfigVersion[];
}

export interface ConfigCheck {
  errors: PointedError[];
}

/** What a role would not see of a screen: calls it may not make, buttons it lacks, missing code tables and fields. */
export interface AccessReport {
  roleName: string;
  calls: { call: string; permission: string }[];
  buttons: { label: string; permission: string }[];
  codeTables: string[];
  fields: string[];
}

export const SCREEN_CONFIG_MSG = {
  notFound: '界面或实体不存在',
  versionNotFound: '版本不存在',
  selfScreen: '界面配置自身的界面不能在此修改',
  unchanged: '与当前生效的配置相同，无需保存',
  commentRequired: '请填写修改说明',
  keyChanged: '不能修改界面的 tag（实体的 name）',
  roleNotFound: '角色不存在',
} as const;
