// Runs in <head>, before the first paint, so a reader who chose a theme never sees the other one
// flash. localStorage works from file:// too; it throws where storage is disabled, hence try.
(function () {
  var root = document.documentElement;
  root.classList.add("js");
  try {
    var theme = localStorage.getItem("gpuguide-theme");
    if (theme === "light" || theme === "dark") root.setAttribute("data-theme", theme);
  } catch (e) {
    /* no storage: follow the system setting */
  }
})();
