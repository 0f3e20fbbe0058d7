import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask, TextLayer } from 'pdfjs-dist';
// Only the worker's URL: Vite copies the file into the build's hashed assets, served from our own origin (the
// CSP's script-src 'self' covers workers).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type PdfJs = typeof PdfJsModule;

let pdfJs: Promise<PdfJs> | undefined;

/**
 * pdf.js, fetched the first time a PDF is drawn: it is a large library only a document screen needs, so it is
 * its own chunk, in neither the first screen nor the screen's chunk. A failed fetch is forgotten, so that opening
 * the screen again tries again.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= import('pdfjs-dist').then(
    (module) => {
      module.GlobalWorkerOptions.workerSrc = workerUrl;
      return module;
    },
    (error: unknown) => {
      pdfJs = undefined;
      throw error;
    },
  );
  return pdfJs;
}

export interface OpenPdf {
  pdfjs: PdfJs;
  document: PDFDocumentProxy;
}

export interface OpeningPdf {
  /** The parsed document; rejects when the bytes are not a PDF pdf.js can read, or pdf.js cannot be loaded. */
  opened: Promise<OpenPdf>;
  /** Stops the parsing or frees the document and its worker (the screen has gone). */
  close: () => void;
}

/** Starts parsing a PDF in pdf.js's worker. */
export function openPdf(pdf: Blob): OpeningPdf {
  let closed = false;
  let loaded: PdfJs | undefined;
  let task: PDFDocumentLoadingTask | undefined;
  const opened = Promise.all([loadPdfJs(), pdf.arrayBuffer()]).then(async ([pdfjs, bytes]) => {
    if (closed) throw new Error('The PDF was closed before it was opened');
    loaded = pdfjs;
    task = pdfjs.getDocument({
      data: new Uint8Array(bytes),
      // The CSP has no 'unsafe-eval': pdf.js must not try to compile the PDF's functions into JavaScript.
      isEvalSupported: false,
      // Warnings are about the reader's fonts and the like, which nobody can act on; failures reject anyway.
      verbosity: pdfjs.VerbosityLevel.ERRORS,
    });
    return { pdfjs, document: await task.promise };
  });
  return {
    opened,
    close() {
      closed = true;
      // Once the document is gone, so are the text layers cancelled with it: drop pdf.js's measuring canvas.
      const forgetMeasures = () => {
        loaded?.TextLayer.cleanup();
      };
      task?.destroy().then(forgetMeasures, forgetMeasures);
    },
  };
}

export interface PageDrawing {
  /** Settles once the page shows at the new width; rejects when it cannot be drawn (or was cancelled). */
  drawn: Promise<void>;
  cancel: () => void;
}

/**
 * Draws page `pageNumber` (from 1) `width` CSS pixels wide into `box`: a canvas at the screen's pixel density
 * (crisp on high-DPI screens), under pdf.js's text layer of transparent words placed over their images, which
 * can be selected and are read by screen readers. Both are made off-screen and put in together, so a redraw
 * after a resize never shows a blank page. `box` sizes the layers through `--total-scale-factor`.
 */
export function drawPage(
  { pdfjs, document }: OpenPdf,
  pageNumber: number,
  width: number,
  box: HTMLElement,
): PageDrawing {
  const cancelled = new AbortController();
  let render: RenderTask | undefined;
  let text: TextLayer | undefined;
  const drawn = document.getPage(pageNumber).then(async (page) => {
    cancelled.signal.throwIfAborted();
    const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
    const density = window.devicePixelRatio || 1;
    const canvas = window.document.createElement('canvas');
    canvas.width = Math.floor(viewport.width * density);
    canvas.height = Math.floor(viewport.height * density);
    // The text layer carries the words; the picture of them adds nothing for a screen reader.
    canvas.setAttribute('aria-hidden', 'true');
    const layer = window.document.createElement('div');
    layer.className = 'textLayer';
    render = page.render({
      canvas,
      viewport,
      transform: density === 1 ? undefined : [density, 0, 0, density, 0, 0],
    });
    text = new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport });
    await Promise.all([render.promise, text.render()]);
    // pdf.js measures words on an opaque canvas it adds to the body; drop it as soon as no text layer is being
    // built (it does nothing while another page still is), so that it is never left behind the screen.
    pdfjs.TextLayer.cleanup();
    cancelled.signal.throwIfAborted();
    box.style.setProperty('--total-scale-factor', String(viewport.scale));
    box.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
    box.replaceChildren(canvas, layer);
  });
  return {
    drawn,
    cancel() {
      cancelled.abort();
      render?.cancel();
      text?.cancel();
    },
  };
}
