/**
 * A screen's call ("Service/Action", optionally "POST Service/Action") through the one request
 * wrapper. Without a method the role decides: reads GET, create POST, update PUT, delete DELETE,
 * other actions POST.
 */
import { api, type CallOptions } from '../api/request';
import { servicePath } from '../../contract/paths';
import type { CallRef } from './types';

export type CallRole = 'list' | 'get' | 'create' | 'update' | 'delete' | 'action';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const DEFAULT_METHOD: Record<CallRole, Method> = { list: 'GET', get: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE', action: 'POST' };

export function parseCall(ref: CallRef, role: CallRole): { method: Method; service: string; action: string } {
  const m = /^(?:(GET|POST|PUT|DELETE) )?([A-Z][A-Za-z0-9]*)\/([A-Z][A-Za-z0-9]*)$/.exec(ref.trim());
  if (!m) throw new Error(`调用配置有误：${ref}`);
  return { method: (m[1] as Method) ?? DEFAULT_METHOD[role], service: m[2], action: m[3] };
}

export function invoke<T = unknown>(ref: CallRef, role: CallRole, payload: Record<string, unknown>, opts?: CallOptions): Promise<T> {
  const { method, service, action } = parseCall(ref, role);
  const url = servicePath(service, action);
  switch (method) {
    case 'GET':
      return api.get<T>(url, payload, opts);
    case 'DELETE':
      return api.delete<T>(url, payload, opts);
    case 'PUT':
      return api.put<T>(url, payload, opts);
    default:
      return api.post<T>(url, payload, opts);
  }
}
