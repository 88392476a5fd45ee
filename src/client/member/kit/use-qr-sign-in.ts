/**
 * Sign-in by a scanned QR code, one way for every event page (组织生活, 志愿活动, 培训班课程): the code
 * opens the page with a signed `token` (the server checks it — altered or expired ones are refused
 * with the reason); one click signs in, and the used token (with the page's other scan parameters)
 * leaves the address, so that a reload does not offer it again.
 */
import { useSearchParams } from 'react-router-dom';
import { useAction } from './use-action';

export interface QrSignIn {
  /** the scanned token, or null when the page was not opened from a QR code */
  token: string | null;
  /** signs in with the token (a refusal is shown by the request wrapper) */
  run: () => Promise<unknown>;
  loading: boolean;
}

/** `also`: further query parameters the code carried (the train course's `courseId`), dropped with the token. */
export function useQrSignIn(signIn: (token: string) => Promise<unknown>, refresh: () => void, also: string[] = []): QrSignIn {
  const [params, setParams] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const action = useAction((t: string) => signIn(t), {
    success: '签到成功',
    onSuccess: () => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const k of ['token', ...also]) next.delete(k);
          return next;
        },
        { replace: true },
      );
      refresh();
    },
  });
  return { token, run: () => (token ? action.run(token) : Promise.resolve(undefined)), loading: action.loading };
}
