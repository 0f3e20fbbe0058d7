import { z } from 'zod';
import { requestSchemas } from './generated/requests';

/**
 * The contract's request rules for forms (`@lender/api-client/requests`): zod schemas of every operation's JSON
 * body and query, generated from bff/openapi.yaml with the message the BFF answers when a value breaks a rule
 * (its `x-error-message`, or the generic 100400). A form that checks a field with its schema says what the BFF
 * would say, before anything is sent. A subpath of its own, so an app that has no such form carries no zod.
 */
export { requestSchemas };

/** An operation with a body or query to check, by its path template. */
export type RequestPath = keyof typeof requestSchemas;

/**
 * The schema of one value of an operation: a property of its body, or one of its query parameters; undefined
 * when it has no such value. For a property inside another, read the shape of the one outside
 * (`requestSchemas[path].body.shape.address.shape.postcode`).
 */
export function requestFieldSchema(path: RequestPath, name: string): z.ZodType | undefined {
  const request: { body?: z.ZodType; query?: z.ZodType } = requestSchemas[path];
  for (const part of [request.body, request.query]) {
    const object = part instanceof z.ZodOptional ? part.unwrap() : part;
    if (object instanceof z.ZodObject) {
      const field = (object.shape as Record<string, z.ZodType | undefined>)[name];
      if (field !== undefined) return field;
    }
  }
  return undefined;
}
