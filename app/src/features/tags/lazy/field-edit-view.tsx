/** superTag/fieldEdit/:id: one custom field's editor. */
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useField } from '../api/get-field';
import { FieldForm } from '../components/field-form';

export default function FieldEditView({ route, params }: MenuViewProps) {
  const { lang } = useApp();
  const { t } = useTranslation('tags');
  const id = Number(params.id);
  const field = useField(Number.isInteger(id) && id > 0 ? id : null);
  return (
    <ViewPage title={field.data ? `${menuTitle(route, lang)} · ${field.data.name}` : menuTitle(route, lang)}>
      <Panel>{field.data ? <FieldForm field={field.data} /> : field.isError || !(id > 0) ? <ErrorState message={t('field.notFound')} /> : <LoadingState />}</Panel>
    </ViewPage>
  );
}
