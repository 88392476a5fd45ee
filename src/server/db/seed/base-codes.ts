import { DUES_BANDS } from '../../../contract/party-dues';
import { ORGAN_LEVEL_LABEL } from '../../../contract/permissions';
import { insertChunked, type Db } from './util';

/**
 * Code tables (代码表). Values are ASCII strings; nested tables give children a parentValue.
 * Member profiles, organisations and messages store these values, never the labels.
 */
export interface CodeDef {
  label: string;
  value: string;
  children?: CodeDef[];
}
export interface CodeTableDef {
  name: string;
  displayName: string;
  codes: CodeDef[];
}

const flat = (pairs: string[]): CodeDef[] =>
  pairs.map((p) => {
    const [value, label] = p.split(':');
    return { value, label };
  });

/** GB 3304 民族代码, 汉族 first. */
const NATIONS = [
  '汉族', '蒙古族', '回族', '藏族', '维吾尔族', '苗族', '彝族', '壮族', '布依族', '朝鲜族', '满族', '侗族', '瑶族', '白族',
  '土家族', '哈尼族', '哈萨克族', '傣族', '黎族', '傈僳族', '佤族', '畲族', '高山族', '拉祜族', '水族', '东乡族', '纳西族',
  '景颇族', '柯尔克孜族', '土族', '达斡尔族', '仫佬族', '羌族', '布朗族', '撒拉族', '毛南族', '仡佬族', '锡伯族', '阿昌族',
  '普米族', '塔吉克族', '怒族', '乌孜别克族', '俄罗斯族', '鄂温克族', '德昂族', '保安族', '裕固族', '京族', '塔塔尔族',
  '独龙族', '鄂伦春族', '赫哲族', '门巴族', '珞巴族', '基诺族',
];

export const CODE_TABLES: CodeTableDef[] = [
  {
    name: 'EnumMessageType',
    displayName: '消息类型',
    codes: flat(['1:系统通知', '2:工作提醒', '3:审核通知', '4:学习提醒', '5:活动通知', '6:党费提醒', '7:考试通知', '8:通知公告']),
  },
  {
    name: 'PositionCategory',
    displayName: '教育基地类别',
    codes: flat(['1:党性教育基地', '2:红色教育基地', '3:廉政教育基地', '4:现场教学点', '5:爱国主义教育基地', '6:干部培训基地']),
  },
  { name: 'sex', displayName: '性别', codes: flat(['1:男', '2:女']) },
  { name: 'nation', displayName: '民族', codes: NATIONS.map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label })) },
  {
    // GB/T 4658 学历代码
    name: 'education',
    displayName: '学历',
    codes: [
      { value: '10', label: '研究生教育', children: flat(['11:博士研究生', '14:硕士研究生']) },
      { value: '20', label: '大学本科' },
      { value: '30', label: '大学专科' },
      { value: '40', label: '中等职业教育', children: flat(['41:中等专科', '44:职业高中', '47:技工学校']) },
      { value: '60', label: '普通高级中学' },
      { value: '70', label: '初级中学' },
      { value: '80', label: '小学' },
      { value: '90', label: '其他' },
    ],
  },
  {
    name: 'partyDuty',
    displayName: '党内职务',
    codes: flat(['1:书记', '2:副书记', '3:组织委员', '4:宣传委员', '5:纪检委员', '6:青年委员', '7:统战委员', '8:保密委员', '9:党小组组长', '10:委员']),
  },
  {
    name: 'adminDuty',
    displayName: '行政职务',
    codes: flat(['1:正厅（局）级', '2:副厅（局）级', '3:正县（处）级', '4:副县（处）级', '5:正科级', '6:副科级', '7:科员', '8:办事员', '9:村（社区）干部', '99:无']),
  },
  {
    name: 'technicalLevel',
    displayName: '专业技术职务',
    codes: flat(['1:正高级', '2:副高级', '3:中级', '4:助理级', '5:员级', '9:无']),
  },
  {
    name: 'socialClass',
    displayName: '工作岗位（社会阶层）',
    codes: [
      { value: '01', label: '公有经济控制企业', children: flat(['011:管理人员', '012:专业技术人员', '013:工勤技能人员']) },
      { value: '02', label: '非公有制经济控制企业', children: flat(['021:管理人员', '022:专业技术人员', '023:工勤技能人员']) },
      { value: '03', label: '事业单位', children: flat(['031:管理人员', '032:专业技术人员', '033:工勤技能人员']) },
      { value: '04', label: '公务员（参照管理人员）' },
      { value: '05', label: '社会组织', children: flat(['051:管理人员', '052:专业技术人员']) },
      { value: '06', label: '农牧渔民' },
      { value: '07', label: '学生', children: flat(['071:研究生', '072:本科生', '073:专科生']) },
      { value: '08', label: '离退休人员' },
      { value: '09', label: '其他职业人员' },
      { value: '10', label: '无固定职业' },
    ],
  },
  {
    name: 'oneLineSituation',
    displayName: '一线情况',
    codes: flat(['1:工勤技能人员一线', '2:专业技术人员一线', '3:农牧渔民一线', '4:社区（村）工作一线', '0:非一线']),
  },
  { name: 'partyMemberType', displayName: '党员类型', codes: flat(['1:正式党员', '2:预备党员']) },
  {
    name: 'joinPartyType',
    displayName: '入党类型',
    codes: flat(['1:一般发展', '2:火线入党', '3:追认入党', '4:恢复党籍', '5:重新入党']),
  },
  {
    name: 'storageType',
    displayName: '档案存放方式',
    codes: flat(['1:组织部门', '2:人社部门人才交流中心', '3:公共就业服务机构', '4:本单位人事部门', '5:学校', '6:街道（乡镇）', '9:其他']),
  },
  {
    name: 'difficultType',
    displayName: '困难类型',
    codes: flat(['1:生活困难', '2:因病致困', '3:因灾致困', '4:因残致困', '5:因学致困', '9:其他']),
  },
  { name: 'healthSituation', displayName: '健康状况', codes: flat(['1:健康', '2:一般', '3:较差', '4:慢性病', '5:残疾']) },
  {
    name: 'organType',
    displayName: '党组织类别',
    codes: flat(['1:党委', '2:党工委', '3:机关党委', '4:党总支', '5:党支部', '6:联合党支部', '7:临时党支部', '8:党组']),
  },
  {
    name: 'organLevel',
    displayName: '党组织层级',
    codes: flat(Object.entries(ORGAN_LEVEL_LABEL).map(([v, l]) => `${v}:${l}`)),
  },
  {
    name: 'unitType',
    displayName: '单位类别',
    codes: [
      { value: '1', label: '机关事业单位', children: flat(['11:党政机关', '12:事业单位']) },
      { value: '2', label: '企业', children: flat(['21:国有企业', '22:非公有制企业']) },
      { value: '3', label: '社会组织' },
      { value: '4', label: '街道乡镇', children: flat(['41:街道', '42:乡镇']) },
      { value: '5', label: '城乡基层', children: flat(['51:城市社区', '52:建制村']) },
    ],
  },
  { name: 'positiveSituation', displayName: '转正情况', codes: flat(['1:按期转正', '2:延长预备期后转正', '3:取消预备党员资格']) },
  { name: 'lostSituation', displayName: '失联情况', codes: flat(['1:外出务工经商失去联系', '2:下落不明', '3:其他原因失去联系']) },
  {
    name: 'rewardPenalty',
    displayName: '奖惩情况',
    codes: [
      { value: '1', label: '奖励', children: flat(['11:优秀共产党员', '12:优秀党务工作者', '13:先进基层党组织']) },
      { value: '2', label: '党纪处分', children: flat(['21:警告', '22:严重警告', '23:撤销党内职务', '24:留党察看', '25:开除党籍']) },
    ],
  },
  {
    name: 'resourceType',
    displayName: '资源类型',
    codes: flat(['1:视频', '2:图书', '3:音频', '4:文件', '5:专题', '6:图片', '7:动画']),
  },
  { name: 'siteLevel', displayName: '教育基地级别', codes: flat(['1:国家级', '2:省级', '3:市（州）级', '4:县（市、区）级']) },
  { name: 'teacherLevel', displayName: '师资级别', codes: flat(['1:省级', '2:市（州）级', '3:县（市、区）级', '4:基层']) },
  {
    name: 'meetingType',
    displayName: '组织生活类型',
    codes: flat(['1:支部党员大会', '2:支部委员会', '3:党小组会', '4:党课', '5:主题党日', '6:组织生活会', '7:民主评议党员']),
  },
  {
    name: 'developStage',
    displayName: '发展阶段',
    codes: flat(['1:入党申请人', '2:入党积极分子', '3:发展对象', '4:预备党员', '5:正式党员']),
  },
  // 党费: the bands of the 2008 rules; amounts are computed from src/contract/party-dues.ts
  { name: 'PartyDuesScale', displayName: '党费缴纳标准', codes: DUES_BANDS.map((b) => ({ value: b.value, label: b.label })) },
];

export const BASE_CODE_VERSION_KEY = 'baseCodeVersion';

/** values of a table, leaves only for nested tables (what a profile stores) */
export function leafValues(name: string): string[] {
  const table = CODE_TABLES.find((t) => t.name === name);
  if (!table) throw new Error(`unknown code table ${name}`);
  const out: string[] = [];
  const walk = (cs: CodeDef[]) => cs.forEach((c) => (c.children ? walk(c.children) : out.push(c.value)));
  walk(table.codes);
  return out;
}

export async function seedBaseCodes(db: Db): Promise<{ types: number; codes: number }> {
  await db
    .insertInto('baseCodeTypes')
    .values(CODE_TABLES.map((t) => ({ name: t.name, displayName: t.displayName, isTree: t.codes.some((c) => !!c.children) })))
    .execute();
  const rows: { typeName: string; label: string; value: string; parentValue: string | null; sort: number }[] = [];
  for (const t of CODE_TABLES) {
    let sort = 0;
    const walk = (cs: CodeDef[], parent: string | null) => {
      for (const c of cs) {
        rows.push({ typeName: t.name, label: c.label, value: c.value, parentValue: parent, sort: sort++ });
        if (c.children) walk(c.children, c.value);
      }
    };
    walk(t.codes, null);
  }
  await insertChunked(db, 'baseCodes', rows);
  await db
    .insertInto('settings')
    .values({ key: BASE_CODE_VERSION_KEY, value: '1' })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: '1' }))
    .execute();
  return { types: CODE_TABLES.length, codes: rows.length };
}
