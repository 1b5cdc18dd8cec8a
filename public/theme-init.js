// Sets the theme class on <body> before React loads, from the saved theme: light, dark,
// system (or auto, its older name) or night (red on black: `night` instead of `dark`).
(function () {
  try {
    var theme = localStorage.getItem('astrodash:theme') || 'system';
    var night = theme === 'night';
    var dark =
      theme === 'dark' ||
      ((theme === 'system' || theme === 'auto') &&
        matchMedia('(prefers-color-scheme: dark)').matches);
    document.body.classList.toggle('dark', dark && !night);
    document.body.classList.toggle('night', night);
  } catch {}
})();
