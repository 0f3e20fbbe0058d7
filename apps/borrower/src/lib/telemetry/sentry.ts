/**
 * The parts of the error-reporting SDK we use, named one by one so the bundler leaves out the rest of it
 * (replay, feedback, tracing): `import('@sentry/browser')` as a whole would bring all of them in.
 */
export {
  captureException,
  dedupeIntegration,
  eventFiltersIntegration,
  functionToStringIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
  makeFetchTransport,
} from '@sentry/browser';
