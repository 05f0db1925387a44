import { describe, expect, it } from 'vitest';
import { contentFirstTemplate } from './entry-server-scripts';

// The head of the built index.html, as vite build writes it.
const BUILT = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <!--ssr-head--><title>Cubeshop</title><!--/ssr-head-->
    <script type="module" crossorigin src="/assets/index-D4W4GkKO.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-WkwZ5CU-.js">
    <link rel="modulepreload" crossorigin href="/assets/vendor-ncxXyOxC.js">
    <link rel="stylesheet" crossorigin href="/assets/index-BOCvxYaP.css">
  </head>
  <body>
    <div id="root"><!--ssr-body--></div>
    <!--ssr-data-->
  </body>
</html>
`;

describe('contentFirstTemplate', () => {
  it('hands the entry script and its preloads to the loader, keeping the stylesheet and the markers', () => {
    const html = contentFirstTemplate(BUILT);
    expect(html).not.toMatch(/type="module"/);
    expect(html).not.toMatch(/modulepreload/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-BOCvxYaP.css">');
    expect(html).toContain(
      '<script defer src="/hydrate.js" data-entry="/assets/index-D4W4GkKO.js" data-preload="/assets/rolldown-runtime-WkwZ5CU-.js /assets/vendor-ncxXyOxC.js"></script>',
    );
    // The loader sits in <head>, after the stylesheet; the template's markers stay for the renderer.
    expect(html.indexOf('hydrate.js')).toBeGreaterThan(html.indexOf('stylesheet'));
    expect(html.indexOf('hydrate.js')).toBeLessThan(html.indexOf('</head>'));
    for (const marker of ['<!--ssr-head-->', '<!--/ssr-head-->', '<!--ssr-body-->', '<!--ssr-data-->']) expect(html).toContain(marker);
  });

  it('leaves a template without a built entry (the dev server) as it is', () => {
    const dev = BUILT.replace(/<script type="module"[^>]*><\/script>/, '<script type="module" src="/src/main.tsx"></script>');
    expect(contentFirstTemplate(dev)).toBe(dev);
  });
});
