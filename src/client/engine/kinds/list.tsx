/** Kinds list and audit: the list screen (audit rows open the detail with the screen's decision). */
import { ListScreen } from '../list-screen';
import type { KindProps } from './index';

export default function ListKind({ screen, config, basePath }: KindProps) {
  return <ListScreen screen={screen} config={config} basePath={basePath} />;
}
