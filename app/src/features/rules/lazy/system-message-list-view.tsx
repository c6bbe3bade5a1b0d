/** colony/systemMessageList: platform notices sent to me (no vehicle, no alarm); read only. */
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { MessageList } from '../components/message-list';

export default function SystemMessageListView({ route }: MenuViewProps) {
  const { lang } = useApp();
  return <MessageList title={menuTitle(route, lang)} box="system" />;
}
