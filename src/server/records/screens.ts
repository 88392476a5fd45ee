import Ajv from 'ajv';
import screenMeta from '../../contract/meta/screen.schema.json' with { type: 'json' };
import { ConfigError, readConfigDirs, withVariants } from './entities';

/**
 * Screen files of screens/: validated at start (an invalid file stops the server, naming the file
 * and the JSON pointer) and served to the client by tag, so a new screen needs no client build.
 */
export type ScreenFile = { tag: string; kind: string; title: string; entity?: string; [k: string]: unknown };

const ajv = new Ajv({ allErrors: true, strict: false });
const validateScreen = ajv.compile(screenMeta);

/** The meta-schema's errors of a parsed screen (none: valid), as ajv gives them. */
export function screenMetaErrors(json: unknown) {
  return validateScreen(json) ? [] : [...validateScreen.errors!];
}

export function checkScreenFile(json: unknown, file: string, entityNames?: Set<string>): ScreenFile {
  if (!validateScreen(json)) {
    const e = validateScreen.errors![0];
    throw new ConfigError(`配置文件 ${file} 不合法：${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  }
  const screen = json as ScreenFile;
  if (screen.entity && entityNames && !entityNames.has(screen.entity)) throw new ConfigError(`配置文件 ${file} 不合法：/entity 引用了不存在的实体 ${screen.entity}`);
  return screen;
}

/** Reads every *.json of the given folders (later folders may add screens, never replace one); variants resolved. */
export function loadScreenFiles(dirs: string[], entityNames?: Set<string>): Map<string, ScreenFile> {
  const screens = new Map<string, ScreenFile>();
  for (const { file, json } of withVariants(readConfigDirs(dirs), 'tag')) {
    const screen = checkScreenFile(json, file, entityNames);
    if (screens.has(screen.tag)) throw new ConfigError(`配置文件 ${file}：界面标签 ${screen.tag} 重复`);
    screens.set(screen.tag, screen);
  }
  return screens;
}
