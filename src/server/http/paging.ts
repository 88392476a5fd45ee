/** ABP paging: SkipCount / MaxResultCount in, { totalCount, items } out. */
export const MAX_PAGE = 1000;

export const pagingProps = {
  skipCount: { type: 'integer', minimum: 0, default: 0, title: '跳过条数' },
  maxResultCount: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 10, title: '每页条数' },
} as const;

export interface PagingInput {
  skipCount: number;
  maxResultCount: number;
}

/** An object schema with paging plus the given properties. */
export const pagedInput = (props: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  properties: { ...pagingProps, ...props },
  required,
});

export const objectInput = (props: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties: props, required });

export const idInput = objectInput({ id: { type: 'integer', minimum: 1, title: '编号' } }, ['id']);
