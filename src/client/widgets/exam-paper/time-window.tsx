import { TimeWindow } from './cells';
export default TimeWindow;
export const Read = TimeWindow;
