import type { OrgSeed } from './organisations';
import type { Db } from './util';

/**
 * The demo question bank: a province bank of party knowledge — 党章, 党史, 纪律 — with
 * questions of all five types, so 题库管理 and the papers to come are not empty on `npm start`.
 * The answers are those of the current 党章 and the party's own histories.
 */
type Q =
  | { t: 1 | 2; title: string; options: [string, boolean][]; analysis: string; d?: number; tags?: string[] }
  | { t: 3; title: string; answer: boolean; analysis: string; d?: number; tags?: string[] }
  | { t: 4; title: string; blanks: string[][]; analysis: string; d?: number; tags?: string[] }
  | { t: 5; title: string; reference: string; analysis: string; d?: number; tags?: string[] };

const o = (...xs: [string, boolean][]) => xs;

export const DEMO_QUESTIONS: Q[] = [
  { t: 1, title: '中国共产党的最高理想和最终目标是什么？', options: o(['实现共产主义', true], ['全面建成小康社会', false], ['实现社会主义现代化', false], ['实现中华民族伟大复兴', false]), analysis: '党章总纲：党的最高理想和最终目标是实现共产主义。', d: 1, tags: ['党章'] },
  { t: 1, title: '中国共产党第一次全国代表大会于哪一年召开？', options: o(['1919年', false], ['1921年', true], ['1927年', false], ['1949年', false]), analysis: '1921年7月，中国共产党第一次全国代表大会召开，宣告中国共产党正式成立。', d: 1, tags: ['党史'] },
  { t: 1, title: '预备党员的预备期为多长时间？', options: o(['半年', false], ['一年', true], ['两年', false], ['三年', false]), analysis: '党章第七条：预备党员的预备期为一年。', d: 1, tags: ['党章', '发展党员'] },
  { t: 1, title: '党的基层组织中，正式党员几人以上的应当成立党的基层组织？', options: o(['二人', false], ['三人', true], ['五人', false], ['七人', false]), analysis: '党章第三十条：企业、农村、机关……和其他基层单位，凡是有正式党员三人以上的，都应当成立党的基层组织。', d: 2, tags: ['党章', '组织建设'] },
  { t: 1, title: '党员如果没有正当理由，连续几个月不参加党的组织生活，或不交纳党费，或不做党所分配的工作，就被认为是自行脱党？', options: o(['三个月', false], ['六个月', true], ['九个月', false], ['十二个月', false]), analysis: '党章第九条规定为连续六个月。', d: 2, tags: ['党章', '党员管理'] },
  { t: 1, title: '遵义会议召开于哪一年？', options: o(['1934年', false], ['1935年', true], ['1936年', false], ['1937年', false]), analysis: '1935年1月召开的遵义会议，是党的历史上一个生死攸关的转折点。', d: 1, tags: ['党史'] },
  { t: 1, title: '党的纪律处分有几种？', options: o(['三种', false], ['四种', false], ['五种', true], ['六种', false]), analysis: '党章第四十二条：警告、严重警告、撤销党内职务、留党察看、开除党籍，共五种。', d: 2, tags: ['党章', '纪律'] },
  { t: 1, title: '党支部委员会每届任期为几年？', options: o(['二年或三年', true], ['三年或五年', false], ['五年', false], ['一年', false]), analysis: '党章第三十一条：党的基层委员会每届任期三年至五年，总支部委员会、支部委员会每届任期两年或三年。', d: 3, tags: ['党章', '组织建设'] },
  { t: 2, title: '党的纪律主要包括哪些？', options: o(['政治纪律', true], ['组织纪律', true], ['廉洁纪律', true], ['群众纪律', true], ['娱乐纪律', false]), analysis: '党章第四十条：党的纪律主要包括政治纪律、组织纪律、廉洁纪律、群众纪律、工作纪律、生活纪律。', d: 2, tags: ['党章', '纪律'] },
  { t: 2, title: '“四个意识”包括哪些？', options: o(['政治意识', true], ['大局意识', true], ['核心意识', true], ['看齐意识', true], ['忧患意识', false]), analysis: '“四个意识”即政治意识、大局意识、核心意识、看齐意识。', d: 1, tags: ['理论'] },
  { t: 2, title: '“四个自信”包括哪些？', options: o(['道路自信', true], ['理论自信', true], ['制度自信', true], ['文化自信', true], ['历史自信', false]), analysis: '中国特色社会主义道路自信、理论自信、制度自信、文化自信。', d: 1, tags: ['理论'] },
  { t: 2, title: '党员的组织关系转接包括以下哪些情形？', options: o(['党员因工作调动', true], ['党员因升学', true], ['党员因退休后迁居', true], ['党员外出旅游一周', false]), analysis: '党员工作单位或经常居住地发生变动的，应当及时转移组织关系；短期外出不转。', d: 2, tags: ['党员管理'] },
  { t: 2, title: '“三会一课”中的“三会”指的是？', options: o(['支部党员大会', true], ['支部委员会', true], ['党小组会', true], ['职工代表大会', false]), analysis: '“三会一课”：定期召开支部党员大会、支部委员会、党小组会，按时上好党课。', d: 1, tags: ['组织生活'] },
  { t: 2, title: '党员享有的权利包括哪些？', options: o(['参加党的有关会议，阅读党的有关文件', true], ['在党的会议上参加关于党的政策问题的讨论', true], ['行使表决权、选举权，有被选举权', true], ['不经批准自行脱离组织生活', false]), analysis: '见党章第四条党员的权利。', d: 2, tags: ['党章', '党员管理'] },
  { t: 2, title: '新民主主义革命时期，党领导的武装起义有哪些？', options: o(['南昌起义', true], ['秋收起义', true], ['广州起义', true], ['辛亥革命', false]), analysis: '1927年党领导了南昌起义、秋收起义、广州起义等；辛亥革命发生于1911年。', d: 2, tags: ['党史'] },
  { t: 2, title: '民主集中制的基本原则包括哪些？', options: o(['党员个人服从党的组织', true], ['少数服从多数', true], ['下级组织服从上级组织', true], ['全党各个组织和全体党员服从党的全国代表大会和中央委员会', true]), analysis: '党章第十条规定的“四个服从”。', d: 3, tags: ['党章'] },
  { t: 3, title: '党员应当按期交纳党费。', answer: true, analysis: '党章第八条：每个党员……都必须……按期交纳党费。', d: 1, tags: ['党章', '党费'] },
  { t: 3, title: '预备党员享有表决权、选举权和被选举权。', answer: false, analysis: '党章第七条：预备党员的义务同正式党员一样；权利除了没有表决权、选举权和被选举权以外，也同正式党员一样。', d: 2, tags: ['党章', '发展党员'] },
  { t: 3, title: '中国共产党以马克思列宁主义、毛泽东思想、邓小平理论、“三个代表”重要思想、科学发展观、习近平新时代中国特色社会主义思想作为自己的行动指南。', answer: true, analysis: '见党章总纲。', d: 1, tags: ['党章', '理论'] },
  { t: 3, title: '入党誓词由党的地方委员会自行规定。', answer: false, analysis: '入党誓词由党章第六条规定，全党统一。', d: 1, tags: ['党章'] },
  { t: 3, title: '党的最高领导机关是党的全国代表大会和它所产生的中央委员会。', answer: true, analysis: '党章第十条第（三）项。', d: 1, tags: ['党章'] },
  { t: 3, title: '党员犯了错误，只要本人写出检查，就可以不受党的纪律处分。', answer: false, analysis: '党组织对违犯党的纪律的党员，应当本着惩前毖后、治病救人的精神，按照错误性质和情节轻重给予批评教育直至纪律处分。', d: 2, tags: ['纪律'] },
  { t: 3, title: '延安整风运动的主要内容是反对主观主义以整顿学风、反对宗派主义以整顿党风、反对党八股以整顿文风。', answer: true, analysis: '1942年开始的延安整风运动。', d: 2, tags: ['党史'] },
  { t: 4, title: '中国共产党成立于____年，党的一大在上海开幕，最后一天会议转移到浙江嘉兴____上举行。', blanks: [['1921'], ['南湖红船', '南湖的游船', '南湖']], analysis: '一大最后一天的会议在嘉兴南湖的一艘游船上举行。', d: 1, tags: ['党史'] },
  { t: 4, title: '党章规定，年满____岁的中国工人、农民、军人、知识分子和其他社会阶层的先进分子，可以申请加入中国共产党。', blanks: [['十八', '18']], analysis: '党章第一条。', d: 1, tags: ['党章', '发展党员'] },
  { t: 4, title: '党的根本宗旨是____。', blanks: [['全心全意为人民服务']], analysis: '党章总纲：党除了工人阶级和最广大人民群众的利益，没有自己特殊的利益……全心全意为人民服务。', d: 1, tags: ['党章'] },
  { t: 4, title: '“两个务必”是指务必使同志们继续地保持谦虚、谨慎、不骄、不躁的作风，务必使同志们继续地保持____的作风。', blanks: [['艰苦奋斗']], analysis: '1949年3月毛泽东在党的七届二中全会上提出“两个务必”。', d: 2, tags: ['党史'] },
  { t: 4, title: '党的组织原则是____。', blanks: [['民主集中制']], analysis: '党章第十条：党是根据自己的纲领和章程，按照民主集中制组织起来的统一整体。', d: 1, tags: ['党章'] },
  { t: 4, title: '发展党员，必须经过党的支部，坚持____的原则，成熟一个，发展一个。', blanks: [['个别吸收']], analysis: '党章第五条。', d: 2, tags: ['党章', '发展党员'] },
  { t: 5, title: '简述党员的八项义务中的任意三项。', reference: '认真学习马克思列宁主义……；贯彻执行党的基本路线和各项方针、政策……；坚持党和人民的利益高于一切……；自觉遵守党的纪律……；维护党的团结和统一……；切实开展批评和自我批评……；密切联系群众……；发扬社会主义新风尚……（党章第三条）', analysis: '答出任意三项、表述基本准确即可得分。', d: 2, tags: ['党章', '党员管理'] },
  { t: 5, title: '结合实际，谈谈基层党支部如何落实“三会一课”制度。', reference: '定期召开支部党员大会、支部委员会和党小组会，按时上好党课；计划先行、内容聚焦学习和工作实际、严格记录、党员全员参与、上级检查督促等。', analysis: '言之有理、结合实际即可酌情给分。', d: 3, tags: ['组织生活'] },
];

export async function seedExamBank(db: Db, province: OrgSeed, creatorUserId: number | null) {
  const bank = await db
    .insertInto('examLibraries')
    .values({ libaryName: '党章党规与党史知识题库', description: '全省通用：党章、党史、党的纪律与组织生活，五种题型。', organId: province.id, organPath: province.organPath, creatorUserId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('examQuestions')
    .values(
      DEMO_QUESTIONS.map((q) => ({
        libaryId: bank.id,
        type: q.t,
        title: q.title,
        analysis: q.analysis,
        difficulty: q.d ?? 2,
        tags: q.tags ?? [],
        options: JSON.stringify(q.t === 1 || q.t === 2 ? q.options.map(([content, isRight]) => ({ content, isRight })) : []),
        judgeAnswer: q.t === 3 ? q.answer : null,
        blankAnswers: q.t === 4 ? JSON.stringify(q.blanks) : null,
        referenceAnswer: q.t === 5 ? q.reference : null,
        creatorUserId,
      })),
    )
    .execute();
  return bank.id;
}

/**
 * The demo papers, assigned to the demo branch and open for a month from the seed: an
 * ordinary paper of fixed questions and a random one drawn per member from the bank, so a member
 * signing in as `member` finds both under 我的考试.
 */
export async function seedExamPapers(db: Db, opts: { bankId: number; province: OrgSeed; branch: OrgSeed; creatorUserId: number | null; now: Date; specialId?: number | null }) {
  const { bankId, province, branch, creatorUserId, now, specialId } = opts;
  const questions = await db.selectFrom('examQuestions').select(['id', 'type']).where('libaryId', '=', bankId).orderBy('id').execute();
  const window = { beginTime: new Date(now.getTime() - 86_400_000), endTime: new Date(now.getTime() + 30 * 86_400_000) };
  const paper = (paperName: string, paperType: number, description: string, trainClassId: number | null = null) =>
    db
      .insertInto('examPapers')
      .values({ paperName, paperType, description, trainClassId, ...window, testTime: 30, testCount: 3, passScore: 60, singleChoiceScore: 5, multipleChoiceScore: 10, jugeScore: 5, blankScore: 10, shortScore: 10, showAnswer: 1, organId: province.id, organPath: province.organPath, creatorUserId })
      .returning('id')
      .executeTakeFirstOrThrow();
  // ordinary: 6 single (30), 2 multiple (20), 6 true/false (30), 2 blanks (20) = 100
  const pick = (type: number, n: number) => questions.filter((q) => q.type === type).slice(0, n);
  const fixed = [...pick(1, 6), ...pick(2, 2), ...pick(3, 6), ...pick(4, 2)];
  const ordinary = await paper('党章党规基础知识测试', 1, '共16题，满分100分，60分及格；30分钟内完成，可考3次。');
  await db.insertInto('examPaperQuestions').values(fixed.map((q, i) => ({ paperId: ordinary.id, questionId: q.id, sort: i + 1 }))).execute();
  // random: per member 4 single (20), 2 multiple (20), 4 true/false (20), 2 blanks (20), 2 short answers marked by an administrator (20) = 100
  const random = await paper('党史知识随机测验', 2, '每位党员的试题从题库中随机抽取；含简答题，交卷后由管理员阅卷。');
  await db.insertInto('examPaperRandomSets').values({ paperId: random.id, libaryId: bankId, singleChoiceCount: 4, multiChoiceCount: 2, jugeCount: 4, blankCount: 2, shortCount: 2 }).execute();
  // the special topic's exam (a course paper): 6 single (30), 2 multiple (20), 6 true/false (30), 2 blanks (20) = 100
  const ids = [ordinary.id, random.id];
  if (specialId) {
    const topic = await paper('学习贯彻党的二十大精神专题测验', 1, '专题“学习贯彻党的二十大精神”的结业测验：共16题，满分100分，60分及格。', specialId);
    const last = (type: number, n: number) => questions.filter((q) => q.type === type).slice(-n);
    const set = [...last(1, 6), ...last(2, 2), ...last(3, 6), ...last(4, 2)];
    await db.insertInto('examPaperQuestions').values(set.map((q, i) => ({ paperId: topic.id, questionId: q.id, sort: i + 1 }))).execute();
    ids.push(topic.id);
  }
  await db.insertInto('examPaperOrgans').values(ids.map((paperId) => ({ paperId, organId: branch.id, organPath: branch.organPath }))).execute();
  return { ordinaryId: ordinary.id, randomId: random.id, topicId: ids[2] ?? null };
}
