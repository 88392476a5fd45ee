/** Typed calls of the shell (core §7). Business screens add their own files next to this one. */
import type { MemberProfile } from '../../contract/members';
import { api, type CallOptions } from './request';
import { TOKEN_AUTH_PREFIX, servicePath } from '../../contract/paths';
import type {
  BaseCodeTables,
  ManageOrganEntry,
  MessageItem,
  OrganNode,
  PagedResult,
  PermissionEntry,
  SecretaryInfo,
  SessionData,
} from '../../contract/types';
import type { SiteMessageInfo } from '../../contract/types';
export type { SiteMessageInfo } from '../../contract/types';

const auth = (action: string) => `${TOKEN_AUTH_PREFIX}/${action}`;

export interface SignInInput {
  userName: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
  /** a code texted to the account's phone instead of the image captcha (长辈模式) */
  smsCode?: string;
}

export const tokenAuth = {
  signIn: (input: SignInInput) => api.post<SessionData>(auth('Sigin'), input, { silent: true }),
  ssoSignIn: (ticket: string) => api.post<SessionData>(auth('SsoSigin'), { ticket }, { silent: true }),
  randomCode: () => api.get<{ key: string; image: string }>(auth('GetRandomCode')),
  changeRole: (roleId: number, organId?: number | null) =>
    api.get<SessionData>(auth('UserChangeRole'), { roleId, organId: organId ?? undefined }),
  logout: (token?: string) => api.post<void>(auth('Logout'), {}, { silent: true, token }),
  ukeyChallenge: (userName: string) =>
    api.get<{ challengeId: string; challenge: string }>(auth('GetUkeyChallenge'), { userName }, { silent: true }),
  signUkey: (input: { userName: string; challengeId: string; signature: string }) =>
    api.post<SessionData>(auth('SignUkey'), input, { silent: true }),
  demoSoftwareKey: (userName: string) =>
    api.get<{ privateKeyPem: string }>(auth('GetDemoSoftwareKey'), { userName }, { silent: true }),
  // the second factor (docs/SECURITY.md §17); `token`: a sign-in not yet completed (pending-login)
  secondFactorStatus: (token?: string) =>
    api.get<{ required: boolean; verified: boolean; enrolled: boolean; ukey: boolean; recoveryCodesLeft: number }>(auth('GetSecondFactorStatus'), {}, { silent: true, token }),
  beginTotpEnrol: (token?: string) => api.post<{ secret: string; otpauthUri: string }>(auth('BeginTotpEnrol'), {}, { silent: true, token }),
  confirmTotpEnrol: (code: string, token?: string) =>
    api.post<{ recoveryCodes: string[]; session: SessionData }>(auth('ConfirmTotpEnrol'), { code }, { silent: true, token }),
  verifySecondFactor: (input: { method: 'totp' | 'recovery' | 'ukey'; code?: string; challengeId?: string; signature?: string }, token?: string) =>
    api.post<SessionData>(auth('VerifySecondFactor'), input, { silent: true, token }),
};

export const permissionService = {
  currentUserPermission: (opts?: CallOptions) =>
    api.get<PermissionEntry[]>(servicePath('PermissionService', 'GetCurrentUserPermission'), {}, opts),
};

export const baseCodeService = {
  version: (opts?: CallOptions) => api.get<string>(servicePath('BaseCodeService', 'GetBaseCodeVersion'), {}, opts),
  all: (opts?: CallOptions) => api.get<BaseCodeTables>(servicePath('BaseCodeService', 'GetAllBaseCodes'), {}, opts),
};

export type { MemberProfile } from '../../contract/members';

export const partyMemberService = {
  currentSessionData: (opts?: CallOptions) =>
    api.get<Omit<SessionData, 'accessToken' | 'expireInSeconds'>>(
      servicePath('PartyMemberService', 'GetCurrentUserSessionData'),
      {},
      opts,
    ),
  currentInfo: () => api.get<MemberProfile>(servicePath('PartyMemberService', 'GetCurrentPartyMemberInfo')),
  updateInfo: (input: MemberProfile) => api.put<unknown>(servicePath('PartyMemberService', 'UpdatePartyMemberInfo'), input),
  updatePassword: (input: { oldPassword: string; newPassword: string }) =>
    api.put<unknown>(servicePath('PartyMemberService', 'UpdateMemberPassword'), input),
  register: (input: {
    name: string;
    organId: number;
    phoneNumber: string;
    idCard: string;
    password: string;
    phoneCode: string;
  }) => api.post<unknown>(servicePath('PartyMemberService', 'PartyMemberRegister'), input),
  /** the secretary of the member's own branch, or null (the card shows a failure as nothing) */
  secretary: () => api.get<SecretaryInfo | null>(servicePath('PartyMemberService', 'GetUserSecretaryInfo'), {}, { silent: true }),
};


export type PhoneCodePurpose = 'findPassword' | 'bindPhone' | 'register' | 'signIn';

export const userService = {
  manageOrgans: () => api.get<ManageOrganEntry[]>(servicePath('UserService', 'GetUserManageOrgan')),
  sendPhoneCode: (phoneNumber: string, purpose: PhoneCodePurpose) =>
    api.post<unknown>(servicePath('UserService', 'SendPhoneVierifCode'), { phoneNumber, purpose }),
  findPassword: (phoneNumber: string, code: string) =>
    api.post<{ resetToken: string }>(servicePath('UserService', 'FindPassword'), { phoneNumber, code }),
  resetPassword: (resetToken: string, newPassword: string) =>
    api.post<unknown>(servicePath('UserService', 'ResetPassword'), { resetToken, newPassword }),
  confirmPhone: (phoneNumber: string, code: string) =>
    api.post<unknown>(servicePath('UserService', 'PhoneNumberConfirmed'), { phoneNumber, code }),
  updatePassword: (oldPassword: string, newPassword: string) =>
    api.post<unknown>(servicePath('UserService', 'UpdatePassword'), { oldPassword, newPassword }),
  updateWeakPassword: (newPassword: string, token?: string) =>
    api.post<unknown>(servicePath('UserService', 'UpdateWeakPassword'), { newPassword }, token ? { token } : undefined),
};

export const organizationService = {
  children: (id?: number | null) =>
    api.get<OrganNode[]>(servicePath('OrganizationService', 'GetListByParentIdAsync'), id ? { id } : {}),
  branchesByName: (organName: string) =>
    api.get<OrganNode[]>(servicePath('OrganizationService', 'GetBranchOrganListByName'), { organName }),
};

export const siteMessageService = {
  myReceived: (input: { maxResultCount: number; skipCount: number; source: 1 | 2; isRead?: boolean; unreadFirst?: boolean } = { maxResultCount: 6, skipCount: 0, source: 2 }) =>
    api.post<PagedResult<MessageItem>>(servicePath('SiteMessageService', 'MyReceiveMessagePagedList'), input, { silent: true }),
  /** The header preview (core §4): the latest six, unread first, so that the badge's unread are the dots shown. */
  preview: (source: 1 | 2) =>
    api.post<PagedResult<MessageItem>>(servicePath('SiteMessageService', 'MyReceiveMessagePagedList'), { maxResultCount: 6, skipCount: 0, source, unreadFirst: true }, { silent: true }),
  unreadCount: (source: 1 | 2) =>
    api.get<number>(servicePath('SiteMessageService', 'GetUserUnReadMessageCount'), { source }, { silent: true }),
  /** one message; the server marks it read (the page shows a failure itself) */
  info: (id: number | string, source: 1 | 2, kind?: 'announce') =>
    api.get<SiteMessageInfo>(servicePath('SiteMessageService', 'GetMessageInfo'), { id, source, ...(kind ? { kind } : {}) }, { silent: true }),
  /** 全部标为已读 of one source (named extension); answers how many were marked */
  setAllRead: (source: 1 | 2) => api.post<number>(servicePath('SiteMessageService', 'SetAllRead'), { source }),
};

