/** colony/maskedMessageList: my masked messages (their vehicle and kind no longer reach me), to unmask or delete. */
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { MessageList } from '../components/message-list';

export default function MaskedMessageListView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return <MessageList title={menuTitle(route, lang)} box="masked" />;
}
