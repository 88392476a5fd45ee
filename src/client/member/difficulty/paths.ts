/** The member routes of 困难帮扶 (core §2), for links between the pages. */
const S = '/partyMember/partySpace';

export const DIFFICULTY = {
  create: `${S}/difficultCreate`,
  history: `${S}/difficultHistory`,
  historyInfo: `${S}/difficultHistory/historyInfo`,
  /** a help record reached from an application of the history */
  historyHelpInfo: `${S}/difficultHistoryInfo`,
  status: `${S}/difficultInfo`,
  helpInfo: `${S}/difficultInfo/helpInfo`,
};

/** An application still under audit (待支部审核, 待上级审核): the server refuses a second one. */
export const isOpen = (auditStatus: number | undefined) => auditStatus === 0 || auditStatus === 1;
