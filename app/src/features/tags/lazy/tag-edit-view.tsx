/** superTag/tagEdit: one tag, the fields it carries and a preview of its form (`?id=` opens a tag). */
import { useSearchParams } from 'react-router';

import { Panel, ViewPage } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { TagEditor } from '../components/tag-editor';

export default function TagEditView({ route }: MenuViewProps) {
  const { lang } = useApp();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  return (
    <ViewPage title={menuTitle(route, lang)}>
      <Panel>
        <TagEditor key={id} initialId={id > 0 ? id : null} />
      </Panel>
    </ViewPage>
  );
}
