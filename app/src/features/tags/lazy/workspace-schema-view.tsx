/** /workspace/schema: the tag schema editor — tag editor, field form, tag picker (with the tag form) and sorter. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { FieldForm } from '../components/field-form';
import { Sorter } from '../components/sorter';
import { TagEditor } from '../components/tag-editor';
import { TagFormEditor } from '../components/tag-form-editor';
import { TagPicker } from '../components/tag-picker';
import type { PickedTarget } from '../components/target-picker';

export default function WorkspaceSchemaView() {
  const { t } = useTranslation('tags');
  const [filling, setFilling] = useState<PickedTarget | null>(null);
  return (
    <ViewPage title={t('schema.title')} description={t('schema.lead')}>
      <div className="grid gap-4 xl:grid-cols-2">
        <Panel title={t('home.fieldList')}>
          <FieldForm field={null} />
        </Panel>
        <Panel title={t('home.library')}>
          <Sorter />
        </Panel>
      </div>
      <Panel title={t('editor.pick')}>
        <TagEditor />
      </Panel>
      <Panel title={t('picker.target')}>
        <TagPicker onFill={setFilling} />
        {filling ? (
          <div className="border-t border-slate-100 p-4">
            <TagFormEditor key={`${filling.kind}-${String(filling.target.id)}`} picked={filling} />
          </div>
        ) : null}
      </Panel>
    </ViewPage>
  );
}
