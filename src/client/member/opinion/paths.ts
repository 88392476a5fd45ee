const B = '/partyMember/iBranch/opinion';

/** 民意收集's member routes; `info?id=` is also the link of the answer's site message (schemas/public-opinion.json notify). */
export const OPINION = { list: B, create: `${B}/create`, info: `${B}/info` } as const;
