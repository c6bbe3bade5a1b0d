import { lazy } from 'react';

import { BrowserOnly } from './browser-only';

const HomeView = lazy(() => import('@/features/tags/lazy/workspace-home-view'));
const SchemaView = lazy(() => import('@/features/tags/lazy/workspace-schema-view'));

/** /workspace/home, the tag workspace's landing: loaded in the browser only (the server renders the frame). */
export function WorkspaceHomeRoute() {
  return (
    <BrowserOnly>
      <HomeView />
    </BrowserOnly>
  );
}

/** /workspace/schema, the tag schema editor. */
export function WorkspaceSchemaRoute() {
  return (
    <BrowserOnly>
      <SchemaView />
    </BrowserOnly>
  );
}
