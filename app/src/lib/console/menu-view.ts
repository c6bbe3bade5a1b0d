/** What a menu view (a `lazy/` module the console registry loads for a menu `component` key) is rendered with. */
import type { ComponentType } from 'react';

import type { MenuRoute } from './menu-routes';

export interface MenuViewProps {
  route: MenuRoute;
  params: Record<string, string>;
}

/** Menu `component` key → the view module, loaded with import(). */
export type ViewLoaders = Readonly<Record<string, () => Promise<{ default: ComponentType<MenuViewProps> }>>>;
