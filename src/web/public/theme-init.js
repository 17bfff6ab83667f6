// Applies the saved theme before the first paint, so a dark-mode user never sees a white flash.
(function () {
  var stored = localStorage.getItem('ui-theme');
  var theme = stored === 'light' || stored === 'dark' ? stored : 'system';
  var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.add(dark ? 'dark' : 'light');
})();
