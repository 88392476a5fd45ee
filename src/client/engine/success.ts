/**
 * The toast of a call whose action names no `success` of its own. A module of its own because the
 * action runner (actions.tsx) and the dialogs it opens (transition.tsx) both show it: taken from
 * actions.tsx, it closed an import cycle between the two.
 */
export const DEFAULT_SUCCESS = '操作成功';
