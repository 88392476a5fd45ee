/**
 * UserService, a platform service: one's own account (user-account.ts) and the administrators of
 * one's subtree (user-admins.ts).
 */
import { defineService } from '../http/actions';
import { accountActions } from './user-account';
import { adminActions } from './user-admins';

export { assertStrong } from './user-account';

export const userService = defineService('UserService', {
  SendPhoneVierifCode: accountActions.SendPhoneVierifCode,
  FindPassword: accountActions.FindPassword,
  ResetPassword: accountActions.ResetPassword,
  PhoneNumberConfirmed: accountActions.PhoneNumberConfirmed,
  UpdatePassword: accountActions.UpdatePassword,
  UpdateWeakPassword: accountActions.UpdateWeakPassword,
  SetElderMode: accountActions.SetElderMode,
  CheckPhoneIsExists: accountActions.CheckPhoneIsExists,
  Get: accountActions.Get,
  GetUserManageOrgan: accountActions.GetUserManageOrgan,
  AdminPageList: adminActions.AdminPageList,
  GetGrantableRoles: adminActions.GetGrantableRoles,
  GetAdminAsync: adminActions.GetAdminAsync,
  CreateAdminAsync: adminActions.CreateAdminAsync,
  UpdateAdminAsync: adminActions.UpdateAdminAsync,
  SetAdminActiveAsync: adminActions.SetAdminActiveAsync,
  Delete: adminActions.Delete,
});
