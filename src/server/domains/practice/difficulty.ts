import { sql } from 'kysely';
import type { EffectContext } from '../../workflow/effects';

/** Difficulty fields an approved application writes into the member's profile (its partyMember group). */
const PROFILE_FIELDS = ['difficultType', 'isLowAllowance', 'isNoWorkOldMember', 'isPensionBenefits', 'difficulInstruction', 'healthSituation'] as const;

/**
 * An approved hardship application makes its applicant a 困难党员: the profile says so (isDifficult
 * and the application's facts), in the transaction that approves it.
 */
export async function markMemberDifficult({ trx, call, record, data, to }: EffectContext) {
  if (to !== 2 || !record.ownerUserId) return;
  const patch: Record<string, unknown> = { isDifficult: true };
  for (const f of PROFILE_FIELDS) if (data[f] !== undefined) patch[f] = data[f];
  await trx
    .updateTable('partyMembers')
    .set({ partyMember: sql`coalesce(party_member, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`, lastModificationTime: call.ctx.now() })
    .where('userId', '=', record.ownerUserId)
    .where('isDeleted', '=', false)
    .execute();
}
