/** superTag/tagForm: fill a tag's fields for one tagged vehicle or device. */
import { useState } from 'react';

import { Panel, ViewPage } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { TagFormEditor } from '../components/tag-form-editor';
import { TargetPicker, type PickedTarget } from '../components/target-picker';

export default function TagFormView({ route }: MenuViewProps) {
  const { lang } = useApp();
  const [picked, setPicked] = useState<PickedTarget | null>(null);
  return (
    <ViewPage title={menuTitle(route, lang)}>
      <Panel>
        <div className="grid gap-4 p-4 lg:grid-cols-2">
          <TargetPicker picked={picked} onPick={setPicked} idPrefix="tag-form-target" />
          {picked ? <TagFormEditor key={`${picked.kind}-${String(picked.target.id)}`} picked={picked} /> : null}
        </div>
      </Panel>
    </ViewPage>
  );
}
