import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FileStorage } from '../../files/storage';
import { sniff } from '../../files/sniff';
import type { OrgSeed } from './organisations';
import type { Db } from './util';

/**
 * The study demo: a resource class tree and three real, short sample media from public/samples
 * (a 75 s video, a 90 s audio lesson and a three-page handbook PDF), published by the province so
 * every member can play them out of the box.
 */
const CLASSES = ['理想信念', '党章党规', '党史学习', '业务知识'];

const SAMPLES = [
  { file: 'party-lesson.mp4', name: '微党课：新时代党员的初心使命', resourceType: 1, seconds: 75, cls: 0, keyWord: '微党课,初心使命', recommend: true },
  { file: 'party-audio.mp3', name: '党章诵读：总纲', resourceType: 3, seconds: 90, cls: 1, keyWord: '党章,诵读', recommend: true },
  // a document's 学时 is its reading time, set by whoever publishes it (here 5 minutes for three pages)
  { file: 'party-handbook.pdf', name: '党员学习手册（节选）', resourceType: 4, seconds: 300, cls: 1, keyWord: '学习手册', recommend: false },
];

export async function seedStudy(db: Db, dataDir: string | null, root: OrgSeed): Promise<number> {
  const ids: number[] = [];
  for (const [i, className] of CLASSES.entries()) {
    const row = await db.insertInto('resourceClasses').values({ className, parentId: null, classPath: '/', resClassType: 1, sort: i }).returning('id').executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  const storage = FileStorage.for(dataDir);
  let n = 0;
  for (const s of SAMPLES) {
    const src = resolve('public/samples', s.file);
    if (!existsSync(src)) continue;
    const bytes = readFileSync(src);
    const sniffed = sniff(bytes.subarray(0, 65536));
    if (!sniffed) continue;
    const key = storage.newKey();
    copyFileSync(src, storage.objectPath(key));
    const fileId = randomBytes(12).toString('base64url');
    const media = sniffed.kind === 'video' || sniffed.kind === 'audio';
    await db
      .insertInto('files')
      .values({
        id: fileId, storageKey: key, name: s.file, ext: s.file.split('.').pop()!, size: bytes.length, contentType: sniffed.mime, kind: sniffed.kind,
        sha256: createHash('sha256').update(bytes).digest('hex'), headMd5: media ? createHash('md5').update(bytes.subarray(0, 31457280)).digest('hex') : null,
        project: 'LyProduct', attachClass: media ? 5 : 1, uploaderUserId: null, durationSeconds: media ? s.seconds : null, hlsStatus: null, hlsProgress: null,
      })
      .execute();
    await db
      .insertInto('resources')
      .values({
        organId: root.id, organPath: root.organPath, classId: ids[s.cls], name: s.name, resourceType: s.resourceType, keyWord: s.keyWord,
        description: null, fileId, playUrl: `/file/f/${key}`, contentSha256: createHash('sha256').update(bytes).digest('hex'),
        durationSeconds: s.seconds, isRecommend: s.recommend,
      })
      .execute();
    n++;
  }
  return n;
}
