import { ScorePair } from './cells';
export default ScorePair;
export const Read = ScorePair;
