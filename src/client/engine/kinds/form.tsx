/** Kind form: create, or update when the query carries id. */
import { FormScreen } from '../form-screen';
import type { KindProps } from './index';

export default function FormKind({ screen, config, basePath }: KindProps) {
  return <FormScreen screen={screen} config={config} basePath={basePath} />;
}
