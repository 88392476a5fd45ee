/**
 * antd's message alone, for toast.ts to load on first use: a dynamic `import('antd')` would make
 * the whole antd barrel (every component, admin-only ones included) one chunk that every signed-in
 * page loads, since a namespace import is not tree-shaken.
 */
export { message } from 'antd';
