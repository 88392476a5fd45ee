import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

/** The big screen: registration codes, screen information, versions, videos, news, resources and concerns. */

export interface BigScreenRegistCodeTable {
  id: Generated<number>;
  code: string;
  organId: number;
  organPath: string;
  remark: string | null;
  deviceName: string | null;
  registerTime: Date | null;
  lastPullTime: Date | null;
  creatorUserId: number | null;
  creationTime: Timestamp;
  isDeleted: Generated<boolean>;
  deletionTime: Date | null;
}
interface BigScreenOwned {
  id: Generated<number>;
  organId: number;
  organPath: string;
  creatorUserId: number | null;
  creationTime: Timestamp;
  isDeleted: Generated<boolean>;
}
export interface BigScreenInfoTable extends BigScreenOwned {
  screenName: string;
  welcomeText: string | null;
  remark: string | null;
  lastModificationTime: Date | null;
}
export interface BigScreenVideoTable extends BigScreenOwned {
  title: string;
  resourceId: number | null;
  videoUrl: string;
  coverImage: string | null;
}
export interface BigScreenVersionTable extends BigScreenOwned {
  versionName: string;
  modules: ColumnType<string[], string, string>;
  videoId: number | null;
  remark: string | null;
  isCurrent: Generated<boolean>;
  lastModificationTime: Date | null;
}
export interface BigScreenNewsTable extends BigScreenOwned {
  newsType: number;
  title: string;
  content: string | null;
  coverImage: string | null;
}
export interface BigScreenResourceTable extends BigScreenOwned {
  name: string;
  resourceType: number;
  url: string;
}
export interface BigScreenResourceMapTable { versionId: number; resourceId: number; sort: Generated<number> }
export interface BigScreenConcernTable {
  id: Generated<number>;
  organId: number;
  organPath: string;
  codeId: number | null;
  name: string;
  phone: string | null;
  content: string;
  backContent: string | null;
  backTime: Date | null;
  backUserId: number | null;
  creationTime: Timestamp;
  isDeleted: Generated<boolean>;
}
