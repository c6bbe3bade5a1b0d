/** superTag/sorter: the order of the tags of one kind. */
import { Panel, ViewPage } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { Sorter } from '../components/sorter';

export default function SorterView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return (
    <ViewPage title={menuTitle(route, lang)}>
      <Panel>
        <Sorter />
      </Panel>
    </ViewPage>
  );
}
