// Runs before first paint so a dark-theme user never sees a light flash.
// Mirrors resolveTheme() in src/lib/theme.ts (same storage key and values).
(() => {
  let preference = 'light';
  try {
    preference = localStorage.getItem('theme') || 'light';
  } catch {}
  const dark = preference === 'dark' || (preference === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
