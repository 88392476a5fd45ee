/** Entry pages of 我的学习, 我与支部 and 我的实践. */
import {
  AimOutlined, AuditOutlined, BookOutlined, CommentOutlined, EnvironmentOutlined, FileTextOutlined, FlagOutlined, FormOutlined,
  HeartOutlined, MoneyCollectOutlined, NotificationOutlined, ReadOutlined, SafetyOutlined, TeamOutlined, TrophyOutlined,
} from '@ant-design/icons';
import { AreaBanner, EntryGrid, type EntryItem } from './entry-grid';

const S = '/partyMember/iStudy';
const B = '/partyMember/iBranch';
const P = '/partyMember/iPractice';

export const STUDY_ITEMS: EntryItem[] = [
  { title: '上级精神', desc: '学习上级重要会议和文件精神', to: `${S}/superSpirit`, icon: <NotificationOutlined /> },
  { title: '基层动态', desc: '了解基层党组织工作动态', to: `${S}/basicDynamic`, icon: <FlagOutlined />, color: '#d4561e' },
  { title: '集中轮训', desc: '参加集中轮训班学习', to: `${S}/rotationTrain`, icon: <TeamOutlined />, color: '#1677ff' },
  { title: '线下学时申报', desc: '申报线下学习学时', to: `${S}/learningassess/studydeclaration`, icon: <AuditOutlined />, color: '#13a8a8' },
  { title: '党员书架', desc: '视频、音频、文件学习资源', to: `${S}/partybook`, icon: <BookOutlined />, color: '#d48806' },
  { title: '专题课程', desc: '专题学习、考试与错题回顾', to: `${S}/subject`, icon: <ReadOutlined />, color: '#722ed1' },
  { title: '我的考试', desc: '参加考试、查看成绩与错题集', to: `${S}/subject/info/exam`, icon: <FormOutlined />, color: '#c41d7f' },
  { title: '思想汇报', desc: '向党组织提交思想汇报', to: `${S}/mindReport`, icon: <FileTextOutlined />, color: '#389e0d' },
  { title: '学习论坛', desc: '交流学习心得体会', to: `${S}/forum`, icon: <CommentOutlined />, color: '#eb2f96' },
];

export const BRANCH_ITEMS: EntryItem[] = [
  { title: '党务公开', desc: '查看支部党务公开信息', to: `${B}/partyAffairs`, icon: <NotificationOutlined /> },
  { title: '党费缴纳', desc: '按时足额缴纳党费', to: `${B}/partyDues`, icon: <MoneyCollectOutlined />, color: '#d48806' },
  { title: '组织生活', desc: '三会一课与主题党日', to: `${B}/organizationallife`, icon: <TeamOutlined />, color: '#1677ff' },
  { title: '党建地图', desc: '查找身边的党组织', to: `${B}/map`, icon: <EnvironmentOutlined />, color: '#389e0d' },
  { title: '民意收集', desc: '向党组织反映意见建议', to: `${B}/opinion`, icon: <CommentOutlined />, color: '#722ed1' },
];

export const PRACTICE_ITEMS: EntryItem[] = [
  { title: '志愿活动', desc: '报名参加志愿服务活动', to: `${P}/volunteer`, icon: <HeartOutlined /> },
  { title: '党员示范岗', desc: '党员示范岗风采展示', to: `${P}/demoStrationIndex`, icon: <TrophyOutlined />, color: '#d48806' },
  { title: '创建示范岗', desc: '申请创建党员示范岗', to: `${P}/demoStration`, icon: <AimOutlined />, color: '#d4561e' },
  { title: '党员责任区', desc: '党员责任区展示', to: `${P}/responseindex`, icon: <SafetyOutlined />, color: '#1677ff' },
  { title: '创建责任区', desc: '申请划分党员责任区', to: `${P}/response`, icon: <FlagOutlined />, color: '#389e0d' },
];

export function StudyEntry() {
  return (
    <>
      <AreaBanner title="我的学习" subtitle="学思践悟，常学常新" />
      <EntryGrid items={STUDY_ITEMS} />
    </>
  );
}

export function BranchEntry() {
  return (
    <>
      <AreaBanner title="我与支部" subtitle="支部是党员的家" />
      <EntryGrid items={BRANCH_ITEMS} />
    </>
  );
}

export function PracticeEntry() {
  return (
    <>
      <AreaBanner title="我的实践" subtitle="亮身份、践承诺、作表率" />
      <EntryGrid items={PRACTICE_ITEMS} />
    </>
  );
}
