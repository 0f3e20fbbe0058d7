import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';

/** A link to a PDF kept in memory, released when the screen goes. */
function usePdfUrl(pdf: Blob): string {
  const url = useMemo(() => URL.createObjectURL(pdf), [pdf]);
  useEffect(
    () => () => {
      URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

export interface PdfDownloadLinkProps {
  /** The PDF's bytes, as the screen fetched them through the app's client (the token never goes in a URL). */
  pdf: Blob;
  /** The name the browser saves it under. */
  fileName: string;
  /** What the link says; its size follows: "Download your statement (PDF, 12 KB)". */
  label: string;
}

/** A PDF the screen holds, offered as a download under its file name, with its size. */
export function PdfDownloadLink({ pdf, fileName, label }: PdfDownloadLinkProps) {
  const url = usePdfUrl(pdf);
  return (
    <Typography sx={{ mb: 3 }}>
      <Link href={url} download={fileName}>
        {label} (PDF, {Math.max(1, Math.round(pdf.size / 1024))} KB)
      </Link>
    </Typography>
  );
}
