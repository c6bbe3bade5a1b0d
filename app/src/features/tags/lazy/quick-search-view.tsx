/** superTag/quickSearch: vehicles and devices by their tags and field values. */
import { Panel, ViewPage } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { QuickSearch } from '../components/quick-search';

export default function QuickSearchView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return (
    <ViewPage title={menuTitle(route, lang)}>
      <Panel>
        <QuickSearch />
      </Panel>
    </ViewPage>
  );
}
