/**
 * antd's DatePicker (and RangePicker) whose "now" is the platform's wall clock: the highlighted today,
 * the 今天 button and the month a picker opens on follow PLATFORM_TZ, not the browser's zone. Every
 * date picker of the client is this one.
 */
import type { Dayjs } from 'dayjs';
import { DatePicker } from 'antd';
import dayjsGenerateConfig from 'rc-picker/es/generate/dayjs';
import { platformWallClock } from '../../utils/platform-time';

const PlatformDatePicker = DatePicker.generatePicker<Dayjs>({ ...dayjsGenerateConfig, getNow: platformWallClock });
export default PlatformDatePicker;
