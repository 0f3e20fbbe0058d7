import type { RouteObject } from 'react-router';
import type { DocumentPageKey, DocumentRouteHandle } from '../features/documents/document-pages';
import { paths } from '../lib/paths';

/** A document page: one lazy screen for all of them, told which page it is by the route's handle. */
function documentPage(key: DocumentPageKey): RouteObject {
  const handle: DocumentRouteHandle = { documentPage: key };
  return {
    path: paths.documents[key],
    handle,
    lazy: async () => ({ Component: (await import('../features/documents/document-screen')).DocumentScreen }),
  };
}

/** A share-code screen, loaded on demand. */
function shareCodeScreen(path: string, name: 'ShareCodeScreen' | 'ShareCodeSubmitScreen' | 'PostIdvShareCodeScreen' | 'ShareCodeCompleteScreen'): RouteObject {
  return { path, lazy: async () => ({ Component: (await import('../features/share-code/share-code-screens'))[name] }) };
}

/**
 * Routes of the loan documents as pages, spread into the root's children by routes.tsx; each screen is lazy.
 * The identity check by a Home Office share code (/idv/share_code…) is registered here too: it is the same
 * piece of work (issue 6), and the identity screens of the approval stages live with the approved routes.
 */
export const documentRoutes: RouteObject[] = [
  ...(Object.keys(paths.documents) as DocumentPageKey[]).map(documentPage),
  shareCodeScreen(paths.legacy.shareCode, 'ShareCodeScreen'),
  shareCodeScreen(paths.legacy.shareCodeSubmit, 'ShareCodeSubmitScreen'),
  shareCodeScreen(paths.legacy.postIdvShareCode, 'PostIdvShareCodeScreen'),
  shareCodeScreen(paths.legacy.shareCodeComplete, 'ShareCodeCompleteScreen'),
];
