/** Kind detail (and the info child route of a list): the record, its actions and related lists. */
import { DetailScreen } from '../detail';
import { ListScreen } from '../list-screen';
import type { KindProps } from './index';

export default function DetailKind({ screen, config, basePath }: KindProps) {
  return (
    <DetailScreen
      screen={screen}
      config={config}
      basePath={basePath}
      renderList={(s, context) => <ListScreen screen={s} config={config} basePath={basePath} context={context} embedded />}
    />
  );
}
