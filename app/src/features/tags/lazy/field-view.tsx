/** superTag/field: the custom fields tags can carry. */
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { FieldList } from '../components/field-list';

export default function FieldView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return <FieldList title={menuTitle(route, lang)} />;
}
