import { AttemptCount } from './cells';
export default AttemptCount;
export const Read = AttemptCount;
