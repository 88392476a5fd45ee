/** The member picker's one call: PartyMemberService/SearchPageList (the caller's managed subtree). */
import { api } from '../../api/request';
import { servicePath } from '../../../contract/paths';
import { cleanQuery } from '../../utils/query';
import { MEMBER_PICKER_PAGE_SIZE, toSkip } from '../../utils/paging';

/** A found member, as SearchPageList answers (src/server/services/party-member.ts). */
export interface FoundMember {
  id: number;
  name: string;
  organName?: string | null;
  organId?: number;
  [k: string]: unknown;
}

export function searchMembers(q: { name?: string; organPath?: string; pageIndex: number }) {
  return api.get<{ totalCount: number; items: FoundMember[] }>(
    servicePath('PartyMemberService', 'SearchPageList'),
    cleanQuery({ Name: q.name?.trim(), OrganPath: q.organPath, SkipCount: toSkip(q.pageIndex, MEMBER_PICKER_PAGE_SIZE), MaxResultCount: MEMBER_PICKER_PAGE_SIZE }),
  );
}
