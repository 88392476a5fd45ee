/** Kind construction (建设中): a page whose service comes later; the screen says what it waits for. */
import { ConstructionScreen } from '../construction-screen';
import type { KindProps } from './index';

export default function ConstructionKind({ screen }: KindProps) {
  const [tag, ...sub] = screen.tag.split('/');
  return <ConstructionScreen tag={tag} sub={sub.join('/') || undefined} title={screen.title} waitsFor={screen.waitsFor} />;
}
