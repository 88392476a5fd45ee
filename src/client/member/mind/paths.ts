/** 思想汇报 paths (core §2: iStudy mindReport, mindReport/info?id=). */
const S = '/partyMember/iStudy';

export const MIND = {
  list: `${S}/mindReport`,
  info: `${S}/mindReport/info`,
} as const;
