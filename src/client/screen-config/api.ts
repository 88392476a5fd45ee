/** The calls of 界面配置 (ScreenConfigService), typed by the contract. */
import { api } from '../api/request';
import { servicePath } from '../../contract/paths';
import type { AccessReport, ConfigDetail, ConfigKind } from '../../contract/screen-config';
import type { PointedError } from '../../contract/meta-messages';

const path = (a: string) => servicePath('ScreenConfigService', a);

export const getConfig = (kind: ConfigKind, key: string) => api.get<ConfigDetail>(path('Get'), { kind, key });
export const validateConfig = (kind: ConfigKind, key: string, body: unknown) => api.post<{ errors: PointedError[] }>(path('Validate'), { kind, key, body }, { silent: true });
export const saveConfig = (kind: ConfigKind, key: string, body: unknown, comment: string) => api.post<{ version: number }>(path('Save'), { kind, key, body, comment });
export const rollbackConfig = (kind: ConfigKind, key: string, version: number, comment?: string) => api.post<{ version: number }>(path('Rollback'), { kind, key, version, comment });
export const checkAccess = (body: unknown, roleId: number) => api.post<AccessReport>(path('CheckAccess'), { body, roleId }, { silent: true });
export const getRoles = () => api.get<{ id: number; displayName: string }[]>(path('GetRoles'));
export const exportConfig = () => api.get<{ files: { path: string; content: string }[] }>(path('Export'));
export const importConfig = (files: { path: string; content: string }[], comment: string) => api.post<{ imported: { kind: string; key: string; version: number }[] }>(path('Import'), { files, comment });
