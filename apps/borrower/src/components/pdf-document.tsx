import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Loading } from './load-state';
import { drawPage, openPdf } from './pdf-pages';
import type { OpenPdf } from './pdf-pages';

export interface PdfDocumentProps {
  /** The PDF's bytes, as the screen fetched them. */
  pdf: Blob;
  /** Said while the pages are being drawn. */
  loadingLabel: string;
  /** Said when the PDF cannot be drawn; the screen still offers it as a download. */
  failedMessage: string;
}

/** Each opening of a document, so that the pages of a new one start afresh. */
let openings = 0;

type Opened = { pdf: Blob; failed: true } | { pdf: Blob; failed: false; serial: number; open: OpenPdf };

/**
 * A PDF drawn in the page, every page at the width of the column, each a region named "Page 2 of 5" holding a
 * picture of the page and its words as selectable text. pdf.js is fetched only when this first shows.
 */
export function PdfDocument({ pdf, loadingLabel, failedMessage }: PdfDocumentProps) {
  const [opened, setOpened] = useState<Opened>();

  useEffect(() => {
    let gone = false;
    const opening = openPdf(pdf);
    opening.opened.then(
      (open) => {
        openings += 1;
        if (!gone) setOpened({ pdf, failed: false, serial: openings, open });
      },
      () => {
        if (!gone) setOpened({ pdf, failed: true });
      },
    );
    return () => {
      gone = true;
      opening.close();
    };
  }, [pdf]);

  // What was opened for an earlier PDF is not this one's.
  const current = opened?.pdf === pdf ? opened : undefined;
  if (current === undefined) return <Loading label={loadingLabel} />;
  if (current.failed) return <DrawingFailed message={failedMessage} />;
  return <PdfPages key={current.serial} open={current.open} loadingLabel={loadingLabel} failedMessage={failedMessage} />;
}

function DrawingFailed({ message }: { message: string }) {
  return (
    <Typography role="alert" sx={{ mb: 3 }}>
      {message}
    </Typography>
  );
}

/** The width of an element in whole CSS pixels, following its resizes; 0 until it is laid out. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    // A ResizeObserver reports the element's size once when it starts observing, then on every change.
    const observer = new ResizeObserver(([entry]) => {
      if (entry !== undefined) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref]);
  return width;
}

function PdfPages({ open, loadingLabel, failedMessage }: { open: OpenPdf } & Omit<PdfDocumentProps, 'pdf'>) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(() => new Set());
  const [failed, setFailed] = useState(false);
  const pageDrawn = useCallback((pageNumber: number) => {
    setDrawn((pages) => (pages.has(pageNumber) ? pages : new Set(pages).add(pageNumber)));
  }, []);
  const pageFailed = useCallback(() => {
    setFailed(true);
  }, []);

  if (failed) return <DrawingFailed message={failedMessage} />;
  const count = open.document.numPages;
  const pageNumbers = Array.from({ length: count }, (_, index) => index + 1);
  return (
    <>
      {/* pdf.js measures words on a canvas it adds to the body while it builds a text layer: it must never show. */}
      <GlobalStyles styles={{ '.hiddenCanvasElement': { display: 'none' } }} />
      {drawn.size < count ? <Loading label={loadingLabel} /> : null}
      <Box ref={frame} sx={{ mb: 3 }}>
        {pageNumbers.map((pageNumber) => (
          <PdfPage
            key={pageNumber}
            open={open}
            pageNumber={pageNumber}
            count={count}
            width={width}
            onDrawn={pageDrawn}
            onFailed={pageFailed}
          />
        ))}
      </Box>
    </>
  );
}

interface PdfPageProps {
  open: OpenPdf;
  pageNumber: number;
  count: number;
  width: number;
  onDrawn: (pageNumber: number) => void;
  onFailed: () => void;
}

function PdfPage({ open, pageNumber, count, width, onDrawn, onFailed }: PdfPageProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (element === null || width === 0) return;
    let gone = false;
    const drawing = drawPage(open, pageNumber, width, element);
    drawing.drawn.then(
      () => {
        if (!gone) onDrawn(pageNumber);
      },
      () => {
        if (!gone) onFailed();
      },
    );
    // A new width (or the screen going) cancels the drawing under way.
    return () => {
      gone = true;
      drawing.cancel();
    };
  }, [open, pageNumber, width, onDrawn, onFailed]);

  return (
    <Box component="section" aria-label={`Page ${pageNumber} of ${count}`} sx={{ mb: 2 }}>
      {/* Filled by drawPage, outside React: the canvas, then the text layer over it. */}
      <Box ref={box} sx={pageSx} />
    </Box>
  );
}

/**
 * A page, and pdf.js's text layer in our own few rules (its viewer's stylesheet is large and mostly about
 * things we do not show): the words are transparent and absolutely placed over their picture, sized from the
 * page's `--total-scale-factor`. An A4 shape holds the place until the page is drawn.
 */
const pageSx = {
  position: 'relative',
  aspectRatio: '210 / 297',
  overflow: 'hidden',
  bgcolor: 'common.white',
  boxShadow: 1,
  '--scale-round-x': '1px',
  '--scale-round-y': '1px',
  '& > canvas': { position: 'absolute', inset: 0, display: 'block', width: '100%', height: '100%' },
  '& .textLayer': {
    position: 'absolute',
    inset: 0,
    overflow: 'clip',
    lineHeight: 1,
    textAlign: 'initial',
    textSizeAdjust: 'none',
    forcedColorAdjust: 'none',
    transformOrigin: '0 0',
    zIndex: 0,
    '--min-font-size': '1',
    '--text-scale-factor': 'calc(var(--total-scale-factor) * var(--min-font-size))',
    '--min-font-size-inv': 'calc(1 / var(--min-font-size))',
  },
  '& .textLayer :is(span, br)': {
    color: 'transparent',
    position: 'absolute',
    whiteSpace: 'pre',
    cursor: 'text',
    transformOrigin: '0% 0%',
  },
  '& .textLayer > :not(.markedContent), & .textLayer .markedContent span:not(.markedContent)': {
    zIndex: 1,
    fontSize: 'calc(var(--text-scale-factor) * var(--font-height))',
    transform: 'rotate(var(--rotate, 0deg)) scaleX(var(--scale-x, 1)) scale(var(--min-font-size-inv))',
  },
  '& .textLayer .markedContent': { display: 'contents' },
  '& .textLayer ::selection': { bgcolor: 'rgb(0 0 255 / 0.25)' },
  '& .textLayer br::selection': { bgcolor: 'transparent' },
} as const;
