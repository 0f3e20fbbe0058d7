// A local ESLint rule (no plugin dependency): DESIGN §6 says screens never call the BFF's client inline. A file
// under `<app>/src/features/` or `<app>/src/components/` may not import `<app>/src/lib/api` (the client); it reads
// and writes through the typed modules of `<app>/src/api/` (one per area of the contract), which cache reads and
// say what each call changes. The rule's `allowed` option names the files that still may, as paths from the app's
// `src`; a file named there that no longer imports the client is reported too, so the list can only shrink.
import path from 'node:path';

/** `<…>/src` and the file's path inside it, when the file lies in features or components; null otherwise. */
function screenFileOf(filename) {
  const match = /^(.*[\\/]src)[\\/]((?:features|components)[\\/].*)$/.exec(filename);
  return match === null ? null : { srcDir: match[1], relative: match[2].split(path.sep).join('/') };
}

/** @type {import('eslint').Rule.RuleModule} */
export const noDirectApiClient = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid screens importing the BFF client; they use the modules of src/api (DESIGN §6).' },
    schema: [{ type: 'object', properties: { allowed: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      direct:
        '{{file}} imports the BFF client (src/lib/api): screens read and write through src/api/<area>.ts ' +
        '(docs/architecture.md, "Add a BFF call").',
      stale: '{{file}} no longer imports the BFF client: remove it from the allowed list of local/no-direct-api-client.',
    },
  },
  create(context) {
    const own = screenFileOf(context.filename);
    if (own === null) return {};
    const allowed = new Set(context.options[0]?.allowed ?? []);
    const client = path.join(own.srcDir, 'lib', 'api');
    let imports = false;

    function check(source) {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value).replace(/\.tsx?$/, '');
      if (target !== client) return;
      imports = true;
      if (!allowed.has(own.relative)) context.report({ node: source, messageId: 'direct', data: { file: own.relative } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      'Program:exit': (node) => {
        if (allowed.has(own.relative) && !imports) context.report({ node, messageId: 'stale', data: { file: own.relative } });
      },
    };
  },
};

export default { rules: { 'no-direct-api-client': noDirectApiClient } };
