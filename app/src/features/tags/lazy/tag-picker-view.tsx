/** superTag/tagPicker: put tags on a vehicle or device, or take them off. */
import { Panel, ViewPage } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { TagPicker } from '../components/tag-picker';

export default function TagPickerView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return (
    <ViewPage title={menuTitle(route, lang)}>
      <Panel>
        <TagPicker />
      </Panel>
    </ViewPage>
  );
}
