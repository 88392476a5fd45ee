/** URL prefixes shared by the server and the client. */
export const APP_BASE = '/dj/';
export const TOKEN_AUTH_PREFIX = '/api/TokenAuth';
export const APP_SERVICE_PREFIX = '/api/services/app';
export const FILE_PREFIX = '/file';

export const servicePath = (service: string, action: string) => `${APP_SERVICE_PREFIX}/${service}/${action}`;
