// Node module hooks that let Node 20 run the bench's TypeScript (and the e2e stack helpers it reuses)
// without a build step or another dependency: `.ts` files are transpiled with the e2e package's own
// TypeScript (types are stripped, nothing is type-checked: `tsc -p bench` does that), and extensionless
// relative imports (`./stack/processes`, as the e2e sources write them) resolve to their `.ts` file.
// Registered by register.js: `node --import ./bench/register.js bench/<script>.ts`.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { URL, fileURLToPath } from 'node:url';
import ts from 'typescript';

const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022,
  verbatimModuleSyntax: true,
  inlineSourceMap: true,
  inlineSources: true,
};

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL;
  if (
    parent?.startsWith('file:') &&
    parent.endsWith('.ts') &&
    /^\.\.?\//.test(specifier) &&
    !/\.[cm]?[jt]sx?$/.test(specifier)
  ) {
    for (const candidate of [`${specifier}.ts`, `${specifier}/index.ts`]) {
      const url = new URL(candidate, parent);
      if (existsSync(url)) return { url: url.href, shortCircuit: true };
    }
  }
  return nextResolve(specifier, context);
}

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && url.endsWith('.ts')) {
    const fileName = fileURLToPath(url);
    const source = await readFile(fileName, 'utf8');
    const { outputText } = ts.transpileModule(source, { fileName, compilerOptions });
    return { format: 'module', source: outputText, shortCircuit: true };
  }
  return nextLoad(url, context);
}
