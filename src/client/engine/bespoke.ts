/**
 * Bespoke pages: menu tags rendered by code instead of a screen schema. Every seeded menu tag
 * resolves to a screen (screens/*.json) or to an entry here — a unit test checks it — so nothing is
 * left to a silent placeholder.
 *
 * - GROUP_TAGS: top menus; their page lists the submenus of the role.
 * - PENDING: tags whose services arrive with a later issue; they show a 建设中 page naming what
 *   they wait for. When that issue lands it adds screens/<tag>.json (or a bespoke page) and removes
 *   the tag from this list.
 */
export const GROUP_TAGS = ['branchSpace', 'education', 'manager', 'message', 'service', 'setting', 'bigScreen'];

export const PENDING: Record<string, string> = {
  // 专题学习 is screens/special*.json; a topic's exam is a paper composed in 考试管理 and attached there
  'special/createExam': '专题考试的组卷（试卷在“考试管理”中新建、组卷和分配，再在专题详情的“考试”中关联）',
  'special/updateExam': '专题考试的修改（试卷在“考试管理”中修改，专题详情的“考试”中可取消关联）',
  // the contract hangs the question editor's routes under 考试管理; questions are made and changed in 试题管理
  'exam/questions/create': '试题的新建在“试题管理”中进行',
  'exam/questions/update': '试题的修改在“试题管理”中进行',
  'difficultyPartyMember/create': '管理员代党员登记困难党员（尚无对应服务：困难党员由党员本人申请、经支部和上级两级审核产生，见“待我审核”）',
  'difficultyPartyMember/update': '管理员修改困难党员信息（尚无对应服务：困难情况随党员的帮扶申请审核通过写入党员信息）',
};

const has = (k: string) => Object.prototype.hasOwnProperty.call(PENDING, k);

/** A tag (or one permission child route of it, `tag/sub`) rendered by a bespoke page. */
export const isBespoke = (tag: string, sub?: string) => (!sub && GROUP_TAGS.includes(tag)) || has(tag) || (!!sub && has(`${tag}/${sub}`));

export const pendingFor = (tag: string | null, sub?: string) => (tag ? PENDING[sub ? `${tag}/${sub}` : tag] ?? PENDING[tag] : undefined);
