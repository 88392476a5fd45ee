/** 我的学习 · study pages of the member area: the feature's routes (routing/member-pages.ts spreads them in). */
import type { MemberRoutes } from '../kit';

const S = '/partyMember/iStudy';
const book = () => import('./partybook');
const info = () => import('./resource-info');

export const studyRoutes: MemberRoutes = {
  [`${S}/learningassess`]: { title: '学习考核', load: () => import('./learning-assess') },
  [`${S}/learningassess/studydeclaration`]: { title: '线下学时申报', load: () => import('./declaration') },
  [`${S}/learningassess/studydeclaration/list`]: { title: '申报记录', load: () => import('./declaration-list') },
  [`${S}/partybook`]: { title: '党员书架', load: book },
  [`${S}/partybook/latelyLearn`]: { title: '最近学习', load: book },
  [`${S}/partybook/video`]: { title: '视频', load: book },
  [`${S}/partybook/video/info`]: { title: '视频详情', load: info },
  [`${S}/partybook/audio`]: { title: '音频', load: book },
  [`${S}/partybook/audio/info`]: { title: '音频详情', load: info },
  [`${S}/partybook/files`]: { title: '文件', load: book },
  [`${S}/partybook/files/info`]: { title: '文件详情', load: info },
};
