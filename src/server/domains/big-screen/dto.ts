import type { Selectable } from 'kysely';
import type { BigScreenConcernTable, BigScreenInfoTable, BigScreenNewsTable, BigScreenRegistCodeTable, BigScreenResourceTable, BigScreenVersionTable, BigScreenVideoTable } from '../../db/schema';
import {
  NEWS_TYPES, SCREEN_MODULES, SCREEN_RESOURCE_TYPES,
  type BigScreenConcernDto, type BigScreenInfoDto, type BigScreenNewsDto, type BigScreenResourceDto, type BigScreenVersionDto, type BigScreenVideoDto, type RegistCodeDto,
} from '../../../contract/big-screen';
import { iso } from './organ-scope';

/** The answers of the admin calls: each row with its organisation's name, as src/contract/big-screen.ts types them. */
type Named<T> = Selectable<T> & { organName: string };

export const infoOut = (r: Named<BigScreenInfoTable>): BigScreenInfoDto => ({
  id: r.id, organId: r.organId, organName: r.organName, screenName: r.screenName, welcomeText: r.welcomeText, remark: r.remark,
  creationTime: iso(r.creationTime), lastModificationTime: iso(r.lastModificationTime),
});

const moduleLabels = new Map<string, string>(SCREEN_MODULES.map((m) => [m.value, m.label]));
export const modulesOf = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);

export const versionOut = (r: Named<BigScreenVersionTable> & { videoTitle: string | null }): BigScreenVersionDto => ({
  id: r.id, organId: r.organId, organName: r.organName, versionName: r.versionName, modules: modulesOf(r.modules),
  moduleNames: modulesOf(r.modules).map((m) => moduleLabels.get(m) ?? m).join('、'),
  videoId: r.videoId, videoTitle: r.videoTitle ?? null, remark: r.remark, isCurrent: r.isCurrent,
  creationTime: iso(r.creationTime), lastModificationTime: iso(r.lastModificationTime),
});

export const videoOut = (r: Named<BigScreenVideoTable>): BigScreenVideoDto => ({
  id: r.id, organId: r.organId, organName: r.organName, title: r.title, resourceId: r.resourceId, videoUrl: r.videoUrl, coverImage: r.coverImage, creationTime: iso(r.creationTime),
});

const newsTypeName = (t: number) => NEWS_TYPES.find((n) => n.value === t)?.label ?? '';
export const newsOut = (r: Named<BigScreenNewsTable>): BigScreenNewsDto => ({
  id: r.id, organId: r.organId, organName: r.organName, newsType: r.newsType, newsTypeName: newsTypeName(r.newsType), title: r.title,
  content: r.content, coverImage: r.coverImage, creationTime: iso(r.creationTime),
});

export const resourceOut = (r: Named<BigScreenResourceTable>): BigScreenResourceDto => ({
  id: r.id, organId: r.organId, organName: r.organName, name: r.name, resourceType: r.resourceType,
  resourceTypeName: SCREEN_RESOURCE_TYPES.find((t) => t.value === r.resourceType)?.label ?? '', url: r.url, creationTime: iso(r.creationTime),
});

export const concernOut = (r: Named<BigScreenConcernTable>): BigScreenConcernDto => ({
  id: r.id, organId: r.organId, organName: r.organName, name: r.name, phone: r.phone, content: r.content, backContent: r.backContent,
  backTime: iso(r.backTime), isBack: r.backTime != null, creationTime: iso(r.creationTime),
});

export const codeOut = (r: Named<BigScreenRegistCodeTable>): RegistCodeDto => ({
  id: r.id, code: r.code, organId: r.organId, organName: r.organName, remark: r.remark, deviceName: r.deviceName,
  registerTime: iso(r.registerTime), lastPullTime: iso(r.lastPullTime), isRegistered: r.registerTime != null, creationTime: iso(r.creationTime),
});
