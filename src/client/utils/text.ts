/** Cut a display string to `max` characters; longer strings end in an ellipsis (core §2 header). */
export function cutText(value: string | null | undefined, max: number): string {
  const s = value ?? '';
  const chars = Array.from(s);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : s;
}
export const USER_NAME_MAX = 4;
export const ORGAN_NAME_MAX = 12;
export const cutUserName = (v: string | null | undefined) => cutText(v, USER_NAME_MAX);
export const cutOrganName = (v: string | null | undefined) => cutText(v, ORGAN_NAME_MAX);
