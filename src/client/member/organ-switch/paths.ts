/** The member routes of 组织关系转接 (core §2), for links between the pages. */
import { ORGAN_CHANGE } from '../../../contract/party-space';

const S = '/partyMember/partySpace';

export const ORGAN_SWITCH = {
  apply: `${S}/organswitchapply`,
  info: `${S}/organswitchInfo`,
  myList: `${S}/organswitchMyList`,
  history: `${S}/organswitchHistory`,
  historyDetail: `${S}/organswitchHistory/detail`,
};

/** An application still being handled (待转出 / 待转入党组织审核): the server refuses a second one. */
export const isOpenChange = (auditStatus: number | undefined | null) => (ORGAN_CHANGE.open as readonly number[]).includes(auditStatus ?? -1);
