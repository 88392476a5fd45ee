/** The member routes of 流动党员 (core §2), for links between the pages. */
import { FLOW } from '../../../contract/party-space';

const S = '/partyMember/partySpace';

export const FLOW_PAGES = {
  apply: `${S}/flowanchoredapply`,
  info: `${S}/flowapplyInfo`,
  myList: `${S}/flowMyList`,
  history: `${S}/flowapplyhistory`,
  historyInfo: `${S}/flowapplyhistory/info`,
  end: `${S}/endFlow`,
};

/** A registration being audited or a flow going on (待审核, 流动中): the server refuses another. */
export const isOpenFlow = (auditStatus: number | undefined | null) => (FLOW.open as readonly number[]).includes(auditStatus ?? -1);
