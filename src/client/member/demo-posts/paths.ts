const P = '/partyMember/iPractice';

/** The contract's member routes of 示范岗 and 责任区 (services.md, iPractice). */
export const DEMO_PATHS = {
  demoEdit: `${P}/demoStration`,
  demoIndex: `${P}/demoStrationIndex`,
  responseEdit: `${P}/response`,
  responseIndex: `${P}/responseindex`,
} as const;
