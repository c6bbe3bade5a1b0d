/** colony/messageList: my messages (not masked), with the unread filter, mark read/unread, mask and delete. */
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { MessageList } from '../components/message-list';

export default function MessageListView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return <MessageList title={menuTitle(route, lang)} box="inbox" />;
}
