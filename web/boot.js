/* Picante app shell: plain JS that runs before any Python.
 *
 * Contract with the Python UI (web/main.py, web/ui/):
 *   window.picanteReady           Promise, defined at once; resolves once Python has booted and its
 *                                 first render is on screen (tests and benchmarks await it).
 *   window.picante.openGame(id, rest)  set by Python: render game `id` (one of picante.games)
 *                                 inside <main id="game-root">; `rest` is what follows in the
 *                                 route (`saved/<saved id>`, `replay/<saved id>`, or ""). The
 *                                 shell un-hides game-root first.
 *   window.picante.closeGame(id)  optional, set by Python: called when the shell goes back home.
 *   window.picante.pythonReady()  called by Python after setting openGame and rendering: resolves
 *                                 picanteReady, hides the progress bar, opens picante.pendingGame.
 *   window.picante.showHome()     called by Python (e.g. its Back button): back to the game list.
 *   window.picante.pendingGame    id tapped (or deep-linked) before Python was ready, else null.
 *   window.picante.currentGame    id of the open game, else null.
 *   window.picante.currentRoute   the open route without "#/" ("taco/saved/4f2a..."), else null.
 *   window.picante.setRoute(r)    called by Python: the address of what is on screen now (a game
 *                                 just started is `<game>/saved/<id>`: a reload opens it again);
 *                                 replaces the URL's fragment (and shows the game root) without
 *                                 opening anything.
 *   window.picante.pyodide        the Pyodide interpreter once it has started (tests, debugging).
 *   window.picante.games          the home cards as data, [{id, title, players_text, pitch, art,
 *                                 colours, playable}], read from <script id="picante-games"> (the build
 *                                 writes it from the game registries, with the cards themselves).
 *   window.picante.downloaded(received, total)   called by web/start.mjs on a first visit while
 *                                 Python's files download (bytes, as the host sends them): the
 *                                 bar follows the bytes and the step says how many are left.
 * Routes: #/<id>[/<rest>] for every id in picante.games opens that game (deep links work; a game
 * not ready yet shows "coming soon"); anything else is home. Browser back from a game returns
 * home. A tap on an element with data-game="<id>" or data-route="<route>" (the home's saved
 * games, drawn by Python) goes to that route.
 */
(function () {
  "use strict";

  var resolveReady;
  window.picanteReady = new Promise(function (resolve) {
    resolveReady = resolve;
  });

  // Boot milestones, in order: [percent reached, the step shown under the bar, ms usually spent
  // until the next milestone on a 2-core machine (used only to let the bar creep between them)].
  var STEPS = {
    shell: [3, "Getting ready", 300],
    download: [10, "Fetching Python", 800],
    // a first visit: the bar follows the bytes from DOWNLOAD_FROM to DOWNLOAD_TO (downloaded())
    wasm: [20, "Starting Python", 1500], // from a memory snapshot (web/start.mjs)
    python: [88, "Installing the rules engine", 100],
    files: [92, "Installing the rules engine", 100],
    main: [95, "Setting the table", 200],
    ready: [100, "Ready", 0],
  };

  var DOWNLOAD_FROM = 10;
  var DOWNLOAD_TO = 75;
  var bytesLeft = null; // a first visit's download: what the step line says instead of its name

  var SLOW_BOOT_MS = 60000;

  var picante = (window.picante = window.picante || {});
  picante.pendingGame = null;
  picante.currentGame = null;
  picante.currentRoute = null;
  picante.ready = false;
  picante.bootError = null;
  picante.progress = 0;
  picante.timing = { navigationToShell: performance.now() };
  picante.version = document.documentElement.getAttribute("data-version");
  if (!("openGame" in picante)) picante.openGame = null;
  if (!("closeGame" in picante)) picante.closeGame = null;

  var el = {};
  var step = null;
  var arrivedFromHome = false; // did this page push the current #/game entry?

  function $(id) {
    return document.getElementById(id);
  }

  // The games on the home screen, as the build wrote them into the page (read once the markup
  // is there: this script runs in <head>).
  function readGames() {
    var data = $("picante-games");
    try {
      picante.games = data ? JSON.parse(data.textContent) : [];
    } catch (e) {
      picante.games = [];
    }
  }

  // The longest fragment a route may be: a shared game's (engine.record.Limits.link_chars,
  // 16,000, plus its route); a longer one is refused before anything reads it.
  var MAX_ROUTE = 16100;

  // "#/<game>[/<rest>]" -> {game, rest, route}; null for any other fragment (home).
  function parseRoute(hash) {
    if (hash.length > MAX_ROUTE) return null;
    var m = /^#\/([a-z0-9_-]+)(?:\/([A-Za-z0-9_\/-]*))?$/.exec(hash);
    if (!m) return null;
    for (var i = 0; i < (picante.games || []).length; i++) {
      if (picante.games[i].id === m[1]) {
        var rest = m[2] || "";
        return { game: m[1], rest: rest, route: rest ? m[1] + "/" + rest : m[1] };
      }
    }
    return null;
  }

  function routeGame() {
    var r = parseRoute(location.hash);
    return r ? r.game : null;
  }

  // ---- progress -----------------------------------------------------------------------------

  var bar = null; // {anim, from, to}: the bar's current glide, run by the compositor
  var reduceMotion = window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches;

  function glide() {
    // From the current value towards 90 % of the way to the next milestone, easing out over ~3x
    // the usual time. A compositor animation: it keeps moving while Python's start-up holds the
    // main thread.
    if (!el.fill) return;
    if (bar && bar.anim) bar.anim.cancel();
    var from = picante.progress / 100;
    el.fill.style.transform = "scaleX(" + from + ")";
    bar = null;
    var names = Object.keys(STEPS);
    var next = STEPS[names[names.indexOf(step) + 1]];
    if (!next || picante.ready || picante.bootError || reduceMotion || !el.fill.animate) return;
    var to = (STEPS[step][0] + (next[0] - STEPS[step][0]) * 0.9) / 100;
    var anim = el.fill.animate(
      [{ transform: "scaleX(" + from + ")" }, { transform: "scaleX(" + to + ")" }],
      { duration: STEPS[step][2] * 3, easing: "cubic-bezier(0.2, 0.7, 0.4, 1)", fill: "forwards" }
    );
    bar = { anim: anim, from: from, to: to };
  }

  function paintProgress() {
    if (!el.pct) return;
    var pct = Math.floor(picante.progress);
    var label = pct + " %";
    if (el.pct.textContent !== label) el.pct.textContent = label;
    el.bar.setAttribute("aria-valuenow", String(pct));
    var words = bytesLeft !== null && step === "download" ? bytesLeft : step && STEPS[step][1];
    if (words && el.step.textContent !== words) el.step.textContent = words;
    var pending = picante.pendingGame;
    var cards = document.querySelectorAll("[data-game]");
    for (var i = 0; i < cards.length; i++) {
      var card = cards[i];
      var note = card.querySelector(".game-pending");
      var isPending = card.getAttribute("data-game") === pending && !picante.ready;
      card.classList.toggle("is-pending", isPending);
      if (isPending) card.setAttribute("aria-busy", "true");
      else card.removeAttribute("aria-busy");
      if (note) {
        var want = "";
        if (isPending && picante.bootError) want = "Can’t open yet — the rules engine didn’t load.";
        else if (isPending) want = "Opening as soon as the rules engine is loaded (" + pct + " %)";
        if (note.textContent !== want) note.textContent = want;
      }
    }
  }

  function creep() {
    // The percentage follows the bar's glide whenever the main thread is free.
    if (!bar || picante.ready || picante.bootError) return;
    var p = bar.anim.effect.getComputedTiming().progress;
    if (p === null) p = 1;
    var value = (bar.from + (bar.to - bar.from) * p) * 100;
    if (value > picante.progress) picante.progress = value;
    paintProgress();
  }

  picante.bootStep = function (name) {
    if (!(name in STEPS) || picante.ready) return;
    picante.timing[name] = performance.now();
    if (STEPS[name][0] < picante.progress && name !== "ready") return;
    step = name;
    picante.progress = Math.max(picante.progress, STEPS[name][0]);
    paintProgress();
    glide();
  };

  function megabytes(n) {
    return (n / 1e6).toFixed(n < 1e7 ? 1 : 0) + " MB";
  }

  picante.downloaded = function (received, total) {
    if (picante.ready || picante.bootError || !(total > 0)) return;
    picante.timing.downloaded = received;
    var left = Math.max(0, total - received);
    if (step === null || step === "shell" || step === "download") {
      if (left > 0) {
        bytesLeft = "Downloading Python: " + megabytes(left) + " of " + megabytes(total) + " left";
        if (step !== "download") picante.bootStep("download");
        var value = DOWNLOAD_FROM + ((DOWNLOAD_TO - DOWNLOAD_FROM) * received) / total;
        if (value > picante.progress) {
          picante.progress = value;
          if (bar) bar.anim.cancel();
          bar = null;
          if (el.fill) el.fill.style.transform = "scaleX(" + value / 100 + ")";
        }
        paintProgress();
      } else {
        bytesLeft = null; // everything is here: Python starts, the bar glides on from here
        step = "wasm";
        picante.timing.wasm = performance.now();
        paintProgress();
        glide();
      }
    }
  };

  // Watch the boot's downloads: the Python runtime (9.6 MB) arriving is a milestone, and a
  // runtime file that fails (e.g. HTTP 404 after a broken deploy) is a failed boot.
  var CRITICAL = /\/(pyodide\/[^/]+|pyscript\/[^/]+\.js|python-files\.gz|start\.mjs|[^/?]+\.py)$/;
  if ("PerformanceObserver" in window) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          var path = entry.name.split(/[?#]/)[0];
          if (entry.responseStatus >= 400 && CRITICAL.test(path) && path.indexOf(location.origin) === 0) {
            bootFailed("Could not load " + path.slice(location.origin.length + 1) +
              " (HTTP " + entry.responseStatus + ")");
          } else if (/pyodide\.asm\.wasm$/.test(path)) {
            picante.bootStep("wasm");
          }
        });
      }).observe({ type: "resource", buffered: true });
    } catch (e) {
      /* old browser: the bar still moves at each milestone */
    }
  }

  // ---- failure ------------------------------------------------------------------------------

  function bootFailed(detail) {
    if (picante.ready || picante.bootError) return;
    picante.bootError = String(detail || "unknown error");
    picante.timing.failed = performance.now();
    if (!el.error) return; // shown by init()
    if (bar) bar.anim.cancel();
    el.status.hidden = true;
    el.error.hidden = false;
    el.errorDetail.textContent = picante.bootError;
    if (/^Python error/.test(picante.bootError)) {
      el.errorWhy.textContent = "The rules engine hit an error while starting. Try again.";
    }
    paintProgress();
  }
  picante.bootFailed = bootFailed;

  addEventListener(
    "error",
    function (e) {
      if (picante.ready) return;
      var t = e.target;
      if (t && t !== window && (t.src || t.href)) {
        // A <script> of the shell failed to load. A <link rel="preload"> that fails is only a
        // head start lost: the real load asks again, and says so if it fails (web/start.mjs).
        if (/preload/.test(t.rel || "")) return;
        // Nor does the runtime's glue, which web/start.mjs asks for again (data-retried).
        if (t.hasAttribute && t.hasAttribute("data-retried")) return;
        var url = String(t.src || t.href);
        if (/\.(m?js|wasm)$/.test(url)) bootFailed("Could not load " + url.split("/").pop());
      } else if (e.message) {
        bootFailed(e.message);
      }
    },
    true
  );
  // PyScript shows a Python exception (e.g. in main.py) as a <div class="py-error"> at the end of
  // the page and carries on: before ready, that is a failed boot.
  function watchPythonErrors() {
    if (!("MutationObserver" in window)) return;
    var seen = new MutationObserver(function (records) {
      if (picante.ready) return seen.disconnect();
      records.forEach(function (r) {
        r.addedNodes.forEach(function (n) {
          if (n.classList && n.classList.contains("py-error")) {
            var lines = n.textContent.trim().split("\n");
            bootFailed("Python error: " + lines[lines.length - 1]);
          }
        });
      });
    });
    seen.observe(document.body, { childList: true });
  }

  addEventListener("unhandledrejection", function (e) {
    var r = e.reason;
    bootFailed((r && (r.message || r.toString())) || "startup failed");
  });

  // ---- the UI's stylesheets ------------------------------------------------------------------
  // tools/build.py links them media="print" (fetched at once, never blocking the shell's first
  // paint) with data-late: each applies once loaded, and a game's own (data-game-css) only
  // while that game is on screen. Not an onload attribute: the page's CSP runs no inline
  // handler.

  var styledGame = null;

  function applyStyles(game) {
    if (game !== undefined) styledGame = game;
    var links = document.querySelectorAll("link[data-late]");
    for (var i = 0; i < links.length; i++) {
      var own = links[i].getAttribute("data-game-css");
      var on = links[i].sheet && (!own || own === styledGame);
      var media = on ? "all" : "print";
      if (links[i].media !== media) links[i].media = media;
    }
  }

  function watchStyles() {
    var links = document.querySelectorAll("link[data-late]");
    for (var i = 0; i < links.length; i++) {
      links[i].addEventListener("load", function () {
        applyStyles();
      });
    }
    applyStyles();
  }

  // ---- navigation ---------------------------------------------------------------------------

  function setScreen(game) {
    applyStyles(game);
    var home = !game;
    if (el.home.hidden === home) el.home.hidden = !home;
    if (el.root.hidden !== home) el.root.hidden = home;
    document.documentElement.setAttribute("data-screen", home ? "home" : "game");
  }

  function enterGame(target) {
    var id = target.game;
    picante.pendingGame = null;
    picante.currentGame = id;
    picante.currentRoute = target.route;
    setScreen(id);
    paintProgress();
    window.scrollTo(0, 0);
    try {
      var r = picante.openGame(id, target.rest);
      if (r && typeof r.then === "function") r.then(null, reportGameError);
    } catch (err) {
      reportGameError(err);
    }
    el.root.focus({ preventScroll: true });
  }

  function reportGameError(err) {
    console.error("picante.openGame failed", err);
  }

  function renderHome() {
    var left = picante.currentGame;
    picante.currentGame = null;
    picante.currentRoute = null;
    picante.pendingGame = null;
    setScreen(null);
    paintProgress();
    if (left) {
      if (typeof picante.closeGame === "function") {
        try {
          picante.closeGame(left);
        } catch (err) {
          console.error(err);
        }
      }
      var card = document.querySelector('[data-game="' + left + '"]');
      if (card) card.focus({ preventScroll: true });
    }
  }

  // A fragment that looks like a route but is none (a damaged or hostile link): why, or null.
  // Only our own words go into the page, never the link's.
  function refusal(hash) {
    if (hash.length <= 2 || hash.slice(0, 2) !== "#/" || parseRoute(hash)) return null;
    if (hash.length > MAX_ROUTE) return "This link is too long to be a Picante game.";
    return "This link is damaged, or of a game this app does not have.";
  }

  function refuseLink(why) {
    history.replaceState(history.state, "", location.pathname + location.search);
    var notice = $("link-notice");
    if (notice) {
      notice.textContent = "This link cannot be opened. " + why;
      notice.hidden = false;
    }
  }

  function route() {
    var target = parseRoute(location.hash);
    var why = target ? null : refusal(location.hash);
    if (why) refuseLink(why);
    if (!target) return renderHome();
    var id = target.game;
    if (target.route === picante.currentRoute) return;
    if (typeof picante.openGame === "function") return enterGame(target);
    // Python is not ready yet: remember the tap and say so on the card.
    picante.pendingGame = id;
    setScreen(null);
    paintProgress();
    var card = document.querySelector('[data-game="' + id + '"] .game-name');
    $("shell-announce").textContent =
      "Opening " + (card ? card.textContent : id) + " as soon as the rules engine is loaded.";
  }

  picante.setRoute = function (route) {
    var target = parseRoute("#/" + route);
    if (!target) return;
    picante.currentGame = target.game;
    picante.currentRoute = target.route;
    history.replaceState(history.state, "", "#/" + target.route);
    setScreen(target.game);
  };

  picante.showHome = function () {
    if (!routeGame()) return renderHome();
    if (arrivedFromHome) {
      arrivedFromHome = false;
      history.back(); // -> hashchange -> renderHome
    } else {
      history.replaceState(history.state, "", location.pathname + location.search);
      renderHome();
    }
  };

  picante.pythonReady = function () {
    init();
    if (picante.ready) return;
    picante.bootStep("ready");
    picante.ready = true;
    picante.progress = 100;
    if (bar) bar.anim.cancel();
    el.fill.style.transform = "scaleX(1)";
    paintProgress();
    el.status.classList.add("is-done");
    setTimeout(function () {
      el.status.hidden = true;
      document.documentElement.classList.add("is-ready"); // the home no longer keeps room for it
    }, 600);
    if (!el.error.hidden) el.error.hidden = true;
    picante.bootError = null;
    var target = parseRoute(location.hash); // a deep link keeps its rest (a saved game)
    var pending = picante.pendingGame;
    if (pending && (!target || target.game !== pending)) {
      target = { game: pending, rest: "", route: pending };
    }
    if (target && target.route !== picante.currentRoute && typeof picante.openGame === "function") {
      enterGame(target);
    }
    // Resolve once the frame with Python's first render has been painted.
    requestAnimationFrame(function () {
      setTimeout(function () {
        picante.timing.ready = performance.now();
        resolveReady(true);
        registerServiceWorker();
      }, 0);
    });
  };

  function onCardClick(e) {
    var card = e.target.closest && e.target.closest("[data-game], [data-route]");
    if (!card || e.defaultPrevented || e.button > 0 || e.metaKey || e.ctrlKey) return;
    e.preventDefault();
    var id = card.getAttribute("data-game") || card.getAttribute("data-route");
    if (picante.timing.firstTap === undefined) picante.timing.firstTap = performance.now();
    if (picante.bootError && typeof picante.openGame !== "function") {
      picante.pendingGame = id;
      paintProgress();
      el.retry.focus();
      return;
    }
    if (routeGame()) {
      // Already on a game route (pending, or a deep link): switch without stacking history.
      history.replaceState(history.state, "", "#/" + id);
      route();
    } else {
      arrivedFromHome = true;
      location.hash = "#/" + id; // -> hashchange -> route
    }
  }

  // ---- service worker and updates -----------------------------------------------------------

  var acceptedUpdate = false;

  function offerUpdate(worker) {
    picante.updateReady = true;
    el.update.hidden = false;
    el.updateReload.onclick = function () {
      acceptedUpdate = true;
      el.updateReload.disabled = true;
      worker.postMessage({ type: "SKIP_WAITING" });
      // controllerchange normally reloads; make sure the tap is never dead.
      setTimeout(function () {
        location.reload();
      }, 3000);
    };
    el.updateLater.onclick = function () {
      el.update.hidden = true; // the new version starts on the next launch
    };
  }

  function watchRegistration(reg) {
    if (reg.waiting && navigator.serviceWorker.controller) offerUpdate(reg.waiting);
    reg.addEventListener("updatefound", function () {
      var worker = reg.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
        if (worker.state === "activated") showOfflineBadge();
      });
    });
  }

  function showOfflineBadge() {
    var b = $("offline-badge");
    if (b) b.hidden = false;
  }

  var swStarted = false;
  function registerServiceWorker() {
    if (swStarted || !("serviceWorker" in navigator) || !window.isSecureContext) return;
    swStarted = true;
    var sw = navigator.serviceWorker;
    sw.addEventListener("controllerchange", function () {
      if (acceptedUpdate) location.reload();
    });
    sw.register("./service-worker.js", { updateViaCache: "none" }).then(
      function (reg) {
        picante.registration = reg;
        watchRegistration(reg);
        if (reg.active) showOfflineBadge();
        document.addEventListener("visibilitychange", function () {
          if (document.visibilityState === "visible") reg.update().catch(function () {});
        });
      },
      function (err) {
        console.warn("service worker registration failed", err);
      }
    );
  }

  // ---- start --------------------------------------------------------------------------------

  var started = false;
  function init() {
    if (started || !$("boot-status")) return;
    started = true;
    readGames();
    el.home = $("home");
    el.root = $("game-root");
    el.status = $("boot-status");
    el.step = $("boot-step");
    el.pct = $("boot-pct");
    el.fill = $("boot-bar-fill");
    el.bar = $("boot-bar");
    el.error = $("boot-error");
    el.errorDetail = $("boot-error-detail");
    el.errorWhy = $("boot-error-why");
    el.retry = $("boot-retry");
    el.update = $("update-banner");
    el.updateReload = $("update-reload");
    el.updateLater = $("update-later");

    el.retry.addEventListener("click", function () {
      location.reload();
    });
    $("boot-slow-retry").addEventListener("click", function () {
      location.reload();
    });
    // A boot that neither finishes nor fails (a stalled download) must not leave the player
    // waiting forever with no way out.
    setTimeout(function () {
      if (!picante.ready && !picante.bootError) $("boot-slow").hidden = false;
    }, SLOW_BOOT_MS);

    watchPythonErrors();
    watchStyles();
    picante.timing.shellInteractive = performance.now();
    picante.bootStep("shell");
    if (step !== "shell") glide(); // a later step arrived before the markup: start its glide
    var creeping = setInterval(function () {
      if (picante.ready || picante.bootError) clearInterval(creeping);
      else creep();
    }, 150);
    route();
    if (picante.bootError) {
      var err = picante.bootError;
      picante.bootError = null;
      bootFailed(err);
    }
    // A returning visitor: the worker is already there, so check for a new version right away
    // (first visits register after boot, so precaching never competes with it).
    if (navigator.serviceWorker && navigator.serviceWorker.controller) registerServiceWorker();
  }

  // Taps and routes are handled from the start (on document); the rest waits for the markup:
  // readyState "interactive" comes as soon as the page is parsed, before the module scripts run
  // (DOMContentLoaded would wait for them).
  document.addEventListener("click", function (e) {
    init();
    if (started) onCardClick(e);
  });
  addEventListener("hashchange", function () {
    init();
    if (started) route();
  });
  document.addEventListener("readystatechange", init);
  document.addEventListener("DOMContentLoaded", init);
})();
