/** Browser entry of the console's pages (docs/ssr-contract.md, bundle `console`): every route. */
import { ConsoleApp } from '@/console-app';
import { hydrate } from '@/hydrate';
import { createQueryClient } from '@/lib/query';
import { ALL_NAMESPACES } from '@/locales/load';

void hydrate(ALL_NAMESPACES, (props) => <ConsoleApp {...props} queryClient={createQueryClient()} />);
