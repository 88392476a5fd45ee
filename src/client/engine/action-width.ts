/**
 * The width the fixed 操作 column reserves: as wide as the widest row's visible actions (a link
 * button is its label at 14px a character plus its padding), plus the cell's padding. Reserving it
 * for every permitted action, hidden ones too, made the column cover the data beside it.
 */
const CHAR = 14;
const BUTTON_PADDING = 16;
const CELL_PADDING = 34;
export const MAX_ACTION_WIDTH = 360;

export const actionsWidth = (labels: string[]) => labels.reduce((n, l) => n + [...l].length * CHAR + BUTTON_PADDING, 0);

/** The column's width for the rows on show (`fallback`: the labels when no row is shown). */
export function actionColumnWidth(rowLabels: string[][], fallback: string[]): number {
  const widest = Math.max(0, ...(rowLabels.length ? rowLabels : [fallback]).map(actionsWidth));
  return Math.min(MAX_ACTION_WIDTH, Math.max(64, CELL_PADDING + widest));
}
