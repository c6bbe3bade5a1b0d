/** superTag/tagHash: the tag library. */
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { TagLibrary } from '../components/tag-library';

export default function TagHashView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return <TagLibrary title={menuTitle(route, lang)} />;
}
