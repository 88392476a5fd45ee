/**
 * What tells a 示范岗 from a 责任区 on the member pages: the entity (its schema titles and validates
 * the form), the calls, the fields a card shows and the words. Everything else is shared.
 */
import { demostrationService, responseService, type PracticeCalls } from '../../api/practice';
import { DEMO_PATHS } from './paths';

export interface PracticeKind {
  entity: string;
  calls: PracticeCalls;
  /** 示范岗 / 责任区 */
  noun: string;
  editPath: string;
  indexPath: string;
  /** the card's title and the line under it */
  titleField: string;
  subtitleField: string;
  /** the form's fields, in order */
  fields: string[];
  /** the list's search (a `contains` filter of the list action) */
  searchField: string;
  searchPlaceholder: string;
  banner: { title: string; subtitle: string };
  /** said on the edit page */
  hint: string;
}

export const DEMO_KIND: PracticeKind = {
  entity: 'partyMemberDemostration',
  calls: demostrationService,
  noun: '示范岗',
  editPath: DEMO_PATHS.demoEdit,
  indexPath: DEMO_PATHS.demoIndex,
  titleField: 'title',
  subtitleField: 'postName',
  fields: ['title', 'postName', 'workUnit', 'postDescription', 'pledge', 'photos'],
  searchField: 'title',
  searchPlaceholder: '搜索示范岗名称',
  banner: { title: '党员示范岗', subtitle: '一名党员一面旗，一个岗位一份承诺' },
  hint: '每名党员创建一个示范岗，创建后展示在本县（区）的党员示范岗中，可随时修改。',
};

export const RESPONSE_KIND: PracticeKind = {
  entity: 'partyMemberResponse',
  calls: responseService,
  noun: '责任区',
  editPath: DEMO_PATHS.responseEdit,
  indexPath: DEMO_PATHS.responseIndex,
  titleField: 'zoneName',
  subtitleField: 'area',
  fields: ['zoneName', 'area', 'duty', 'pledge', 'photos'],
  searchField: 'zoneName',
  searchPlaceholder: '搜索责任区名称',
  banner: { title: '党员责任区', subtitle: '划区定责，联系服务群众' },
  hint: '每名党员认领一个责任区，创建后展示在本县（区）的党员责任区中，可随时修改。',
};
