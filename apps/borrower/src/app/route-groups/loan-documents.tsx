import type { RouteObject } from 'react-router';
import type { DocumentPageKey } from '../../features/documents/document-pages';
import { documentPages } from '../../lib/pages/loan-documents';
import { paths } from '../../lib/paths';
import { pageRoutes } from '../page-route';

const page = pageRoutes(documentPages);

/** The route group of the loan documents as pages (../route-groups.ts). */
export const routes: RouteObject[] = [
  // The loan documents as pages: one screen for all of them, told which page it is by the route's handle.
  ...(Object.keys(paths.documents) as DocumentPageKey[]).map((documentPage) =>
    page(paths.documents[documentPage], () => import('../../features/documents/document-screen'), 'DocumentScreen', {
      documentPage,
    }),
  ),
];
