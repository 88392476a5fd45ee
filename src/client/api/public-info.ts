/**
 * Typed calls of the members' public information (PartyPublicInfoService: 上级精神, 基层动态, 党务公开
 * and their 学习心得) and of the members' forum (ForumService). Records of the record store: body fields
 * beside the record's columns (docs/foundations.md).
 */
import { api } from './request';
import { servicePath } from '../../contract/paths';
import type { PagedResult } from '../../contract/types';
import type { PublicInfo, InfoReport, ForumPost, ForumReply } from '../../contract/practice';
export type { PublicInfo, InfoReport, ForumPost, ForumReply } from '../../contract/practice';

const pi = (a: string) => servicePath('PartyPublicInfoService', a);
const fs = (a: string) => servicePath('ForumService', a);
type Page = { skipCount?: number; maxResultCount?: number };

/** 上级精神 (spirit), 基层动态 (dynamic), 党务公开 (affairs: the branch's public information) */
export type InfoKind = 'spirit' | 'dynamic' | 'affairs';

const LIST_CALL: Record<InfoKind, string> = {
  spirit: 'PartyMemberSuperiorSpirtPagedList',
  dynamic: 'PartyMemberLocalPagedList',
  affairs: 'PartyMemberPublicPagedList',
};

export const publicInfoService = {
  list: (kind: InfoKind, input: Page & { title?: string; category?: string }) => api.post<PagedResult<PublicInfo>>(pi(LIST_CALL[kind]), input),
  /** opening it marks it read on the server */
  get: (id: number) => api.get<PublicInfo>(pi('GetPublicInfoInfo'), { id }, { silent: true }),
  setRead: (id: number) => api.post<boolean>(pi('SetRead'), { id }, { silent: true }),
  myReports: (input: Page & { parentId?: number }) => api.get<PagedResult<InfoReport>>(pi('MyReportPageList'), input as Record<string, unknown>),
  createReport: (input: { parentId: number; title: string; content: string }) => api.post<InfoReport>(pi('CreateReport'), input),
  updateReport: (input: { id: number; title: string; content: string }) => api.put<InfoReport>(pi('UpdateReport'), input),
  deleteReport: (id: number) => api.delete<boolean>(pi('DeleteReport'), { id }),
};

export const forumService = {
  list: (input: Page & { title?: string }) => api.get<PagedResult<ForumPost>>(fs('PageList'), input as Record<string, unknown>),
  get: (id: number) => api.get<ForumPost>(fs('Get'), { id }, { silent: true }),
  create: (input: { title: string; content: string }) => api.post<ForumPost>(fs('Create'), input),
  like: (id: number) => api.post<{ likeCount: number; isLiked: boolean }>(fs('Like'), { id }),
  unlike: (id: number) => api.post<{ likeCount: number; isLiked: boolean }>(fs('UnLike'), { id }),
  replies: (id: number, input: Page) => api.get<PagedResult<ForumReply>>(fs('RepliesPageList'), { id, ...input }),
  reply: (id: number, content: string) => api.post<ForumReply>(fs('Reply'), { id, content }),
  removePost: (id: number) => api.delete<boolean>(fs('DeleteMyForum'), { id }),
  removeReply: (id: number) => api.delete<boolean>(fs('DeleteMyReply'), { id }),
};
