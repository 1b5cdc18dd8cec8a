// Sets the dark class on <body> before React loads, from the saved theme (light, dark or auto).
(function () {
  try {
    var theme = localStorage.getItem('astrodash:theme') || 'auto';
    var dark =
      theme === 'dark' || (theme === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.body.classList.toggle('dark', dark);
  } catch {}
})();
