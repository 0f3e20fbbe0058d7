import type { paths } from '@lender/api-client';

/** The JSON body a POST of the contract takes. */
export type BodyOf<P extends keyof paths> = paths[P] extends {
  post: { requestBody?: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

/** The query parameters a GET of the contract takes. */
export type QueryOf<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never;
