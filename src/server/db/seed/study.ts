import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FileStorage } from '../../files/storage';
import { sniff } from '../../files/sniff';
import type { OrgSeed } from './organisations';
import type { Db } from './util';

/**
 * The study demo: a resource class tree and fifteen resources in its four classes, published by the
 * province so every member can play them out of the box — a 75 s video, a 90 s audio lesson and six
 * Chinese documents, real files from public/samples (documents from scripts/make-sample-documents.py;
 * the video and the audio stand in for several lessons each, large media are not committed).
 * The first three are the showcase (newest, first in every list); the others fill the lists, filters
 * and pages (the bookshelf shows 12 a page).
 */
const CLASSES = ['理想信念', '党章党规', '党史学习', '业务知识'];

type Sample = { file: string; name: string; resourceType: 1 | 3 | 4; seconds: number; cls: number; keyWord: string; recommend: boolean };
const VIDEO = 'party-lesson.mp4';
const AUDIO = 'party-audio.mp3';

// oldest first: ids rise in this order and lists show the newest first
const SAMPLES: Sample[] = [
  { file: 'party-dues-guide.pdf', name: '党费交纳工作指引', resourceType: 4, seconds: 240, cls: 3, keyWord: '党费,支部工作', recommend: false },
  { file: 'rules-study-notes.pdf', name: '党章党规学习笔记（范例）', resourceType: 4, seconds: 240, cls: 1, keyWord: '党章,学习笔记', recommend: false },
  { file: AUDIO, name: '党规解读：中国共产党支部工作条例', resourceType: 3, seconds: 90, cls: 1, keyWord: '党规,支部', recommend: false },
  { file: VIDEO, name: '示范党课：如何开好组织生活会', resourceType: 1, seconds: 75, cls: 3, keyWord: '组织生活会,示范', recommend: false },
  { file: 'party-history-milestones.pdf', name: '党史学习要点：重要会议与事件', resourceType: 4, seconds: 300, cls: 2, keyWord: '党史,学习要点', recommend: true },
  { file: AUDIO, name: '有声党史：长征路上', resourceType: 3, seconds: 90, cls: 2, keyWord: '党史,长征', recommend: false },
  { file: VIDEO, name: '党史小课堂：遵义会议', resourceType: 1, seconds: 75, cls: 2, keyWord: '党史,遵义会议', recommend: false },
  { file: 'branch-work-qa.pdf', name: '党支部工作实务问答', resourceType: 4, seconds: 300, cls: 3, keyWord: '支部工作,三会一课', recommend: false },
  { file: AUDIO, name: '理论音频：为人民服务', resourceType: 3, seconds: 90, cls: 0, keyWord: '理论,宗旨', recommend: false },
  { file: VIDEO, name: '红色故事：井冈山精神', resourceType: 1, seconds: 75, cls: 2, keyWord: '红色故事,井冈山', recommend: true },
  { file: 'theory-study-guide.pdf', name: '理论学习导读：坚定理想信念', resourceType: 4, seconds: 300, cls: 0, keyWord: '理想信念,理论学习', recommend: false },
  { file: VIDEO, name: '专题党课：学习贯彻党的二十大精神', resourceType: 1, seconds: 75, cls: 0, keyWord: '二十大,专题党课', recommend: false },
  // the showcase, named in the end-to-end tests
  { file: VIDEO, name: '微党课：新时代党员的初心使命', resourceType: 1, seconds: 75, cls: 0, keyWord: '微党课,初心使命', recommend: true },
  { file: AUDIO, name: '党章诵读：总纲', resourceType: 3, seconds: 90, cls: 1, keyWord: '党章,诵读', recommend: true },
  // a document's 学时 is its reading time, set by whoever publishes it (here 5 minutes for three pages)
  { file: 'party-handbook.pdf', name: '党员学习手册（节选）', resourceType: 4, seconds: 300, cls: 1, keyWord: '学习手册', recommend: false },
];

export async function seedStudy(db: Db, storage: FileStorage, root: OrgSeed): Promise<number> {
  const ids: number[] = [];
  for (const [i, className] of CLASSES.entries()) {
    const row = await db.insertInto('resourceClasses').values({ className, parentId: null, classPath: '/', resClassType: 1, sort: i }).returning('id').executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  let n = 0;
  for (const s of SAMPLES) {
    const src = resolve('public/samples', s.file);
    if (!existsSync(src)) continue;
    const bytes = readFileSync(src);
    const sniffed = sniff(bytes.subarray(0, 65536));
    if (!sniffed) continue;
    const key = storage.newKey();
    await storage.putFile(storage.objectKey(key), src);
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
