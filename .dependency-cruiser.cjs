// Import cycles (docs/architecture.md, Layout: imports flow one way, no cycles). ESLint keeps the
// other import rules; cycles are found here, once over the whole graph, which costs seconds where
// ESLint's per-file walk cost minutes. Type-only imports count too. Run by `npm run lint`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle is a layering mistake: move what both sides need below them (docs/architecture.md, Layout).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr|\\.tmp|coverage)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js'], conditionNames: ['import', 'node', 'default'] },
  },
};
