import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { pdfViewPath } from '../lib/loan-account';
import type { PdfViewState } from '../lib/loan-account';

/** A link to a document's or statement's PDF drawn in /pdf-view, whose back link returns to this page. */
export function PdfViewLink({ documentId, children }: { documentId: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const state: PdfViewState = { backTo: pathname };
  return (
    <Link component={RouterLink} to={pdfViewPath(documentId)} state={state}>
      {children}
    </Link>
  );
}
