/** The row a Kysely select answers (the type of a page of it: `pageQuery<RowOf<typeof q>>(q, …)`). */
export type RowOf<Q extends { executeTakeFirstOrThrow(): Promise<unknown> }> = Awaited<ReturnType<Q['executeTakeFirstOrThrow']>>;
