// A local ESLint rule (no plugin dependency): DESIGN §6 says features do not import each other. A file under
// `<app>/src/features/<A>/` may not import, re-export or lazily import anything under `<app>/src/features/<B>/`;
// what two features share moves down to `src/components` or `src/lib`, and the app layer (`src/app`) composes
// features. The import is resolved against the file's folder, so `../B/x` and `../../features/B/x` are both
// caught, however deep the importing file sits in its feature.
import path from 'node:path';

/** `<…>/src/features` and the feature a file belongs to, or null for a file outside any feature. */
function featureOf(filename) {
  const match = /^(.*[\\/]src[\\/]features)[\\/]([^\\/]+)[\\/]/.exec(filename);
  return match === null ? null : { featuresDir: match[1], name: match[2] };
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid a feature importing another feature (DESIGN §6).' },
    schema: [],
    messages: {
      crossFeature:
        'features/{{from}} imports features/{{to}}: features do not import each other (DESIGN §6). Move what they ' +
        'share to src/components or src/lib, or compose them in src/app.',
    },
  },
  create(context) {
    const own = featureOf(context.filename);
    if (own === null) return {};

    function check(source) {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value);
      const relative = path.relative(own.featuresDir, target);
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return;
      const to = relative.split(path.sep)[0];
      if (to !== own.name) context.report({ node: source, messageId: 'crossFeature', data: { from: own.name, to } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/**
 * The layers of an app's `src`, top first (DESIGN §6): the app composes features, features use components, and
 * components use lib. A file may import its own layer or one below, never one above, so `lib/paths.ts` and the
 * rest of `lib` can be read without the screens that use them. `src/api` (the typed calls of the BFF and their
 * cache) is part of the bottom layer with `lib`: both use the client, and lib's journeys use the calls.
 * `src/test` (helpers of the tests) sits outside the layers and may import anything.
 */
const LAYERS = ['app', 'features', 'components', 'lib'];
const FOLDER_LAYER = { app: 'app', features: 'features', components: 'components', lib: 'lib', api: 'lib' };

/** The `src` folder and the layer a path lies in, or null outside the layers. */
function layerOf(filename) {
  const match = /^(.*[\\/]src)[\\/]([^\\/]+)[\\/]/.exec(filename);
  const layer = match === null ? undefined : FOLDER_LAYER[match[2]];
  if (layer === undefined) return null;
  return { srcDir: match[1], layer };
}

/** @type {import('eslint').Rule.RuleModule} */
export const noUpwardImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid a lower layer of an app importing a higher one (DESIGN §6).' },
    schema: [],
    messages: {
      upward:
        'src/{{from}} imports src/{{to}}: a layer imports only its own or a lower one (app → features → ' +
        'components → lib). Move what both need down, or compose it in the higher layer.',
    },
  },
  create(context) {
    const own = layerOf(context.filename);
    if (own === null) return {};

    function check(source) {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = layerOf(path.resolve(path.dirname(context.filename), source.value) + path.sep);
      if (target === null || target.srcDir !== own.srcDir) return;
      if (LAYERS.indexOf(target.layer) < LAYERS.indexOf(own.layer)) {
        context.report({ node: source, messageId: 'upward', data: { from: own.layer, to: target.layer } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default {
  rules: { 'no-cross-feature-imports': noCrossFeatureImports, 'no-upward-imports': noUpwardImports },
};
