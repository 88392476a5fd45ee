/**
 * The member kit (DESIGN.md "Growing to the whole contract"): a page frame, a paged list that always
 * uses the spec's pager, a detail and a form over the server's entity schemas, one status tag and
 * one action helper. Plain JSX composition — no JSON pages, no condition language.
 */
export { MemberPage, BackBar, pageLink, parentPath, type MemberPageProps } from './member-page';
export { usePagedList, pageOfQuery, PAGE_PARAM, type PagedList, type PagedListOptions, type PageArgs } from './use-paged-list';
export { MemberList, type MemberListProps } from './member-list';
// MemberTableList and fieldColumn: import them from './member-table-list' (antd Table loads with them)
export { MemberDetail, HistoryTimeline, type MemberDetailProps, type DetailSection, type HistoryItem } from './member-detail';
export { MemberForm, type MemberFormProps } from './member-form';
export { useEntity } from './use-entity';
export { useAction, type Action, type ActionOptions } from './use-action';
export { StepButton, type StepButtonProps } from './step-button';
export { SignInCode, type SignInCodeProps } from './sign-in-code';
export { useQrSignIn, type QrSignIn } from './use-qr-sign-in';
export { SecretaryCard, SecretaryCardView, type SecretaryCardProps } from './secretary-card';
export { StatusTag, statusOf, type StatusListName } from '../../components/status-tag';
export type { MemberRoutes, Crumb } from './routes';
export { useNameCrumb, useCrumbName } from './page-crumb';
