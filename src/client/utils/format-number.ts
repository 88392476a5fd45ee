const NUMBER = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
/** A count or sum as people read it (12,345; 3.5). */
export const formatNumber = (n: number) => NUMBER.format(n);
