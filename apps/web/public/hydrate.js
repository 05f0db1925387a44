/* global document, requestAnimationFrame */
// Server-rendered pages: the page paints first, then the app's code is fetched and hydrates it
// (src/entry-server-scripts.ts puts this script in place of the app's module script). On a slow
// phone the HTML, the stylesheet and the first pictures get the line to themselves; the 130 KB
// of JavaScript follow right after the first frame. A tab opened in the background (product
// pages open in a new tab) paints nothing until shown, so it starts at once.
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  if (document.visibilityState !== 'visible') return start();
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  // A page shown and hidden again before its first frame.
  document.addEventListener('visibilitychange', start, { once: true });
})();
