/* The browser half of ui.dom (web/ui/dom.py): the screen patch and the tap listener, as plain
 * ES2017 in a file of their own, because the page's Content-Security-Policy allows no code made
 * from strings (new Function, eval). Loaded by web/index.html before Python starts; dom.py calls
 * window.picanteDom.patch(screen, html), window.picanteDom.listenTaps(root, handler), the saved
 * games' database, window.picanteDom.db, and window.picanteDom.nextFrame(maxMs).
 */
(function () {
  "use strict";

  // ---- patch: show a screen's HTML, changing only what differs (see ui.dom.render) -----------

  // A scroller is keyed by its scroll key: kept (and patched) rather than replaced.
  const keyOf = (n) => n.nodeType === 1
    ? (n.getAttribute('data-key') || n.id || n.getAttribute('data-scroll-key') || null) : null;
  const testid = (n) => n.getAttribute('data-testid');
  const sameKind = (a, b) => a.nodeType === b.nodeType && (a.nodeType !== 1 || (
    a.tagName === b.tagName && testid(a) === testid(b)
    && a.getAttribute('type') === b.getAttribute('type')));
  // A place-holder of ui.dom.focus's (its _place_holder): a non-control it made focusable.
  const CONTROLS = 'a[href], button, input, select, textarea';
  const placeHolder = (el) => el.getAttribute('tabindex') === '-1' && !el.matches(CONTROLS);
  function patchNode(a, b) {
    if (a.nodeType !== 1) { if (a.data !== b.data) a.data = b.data; return; }
    // Names and values as strings (NamedNodeMap items are Attr nodes: one object each).
    const want = b.getAttributeNames();
    for (let i = 0; i < want.length; i++) {
      const value = b.getAttribute(want[i]);
      if (a.getAttribute(want[i]) !== value) a.setAttribute(want[i], value);
    }
    const have = a.getAttributeNames();
    if (have.length !== want.length) {  // a has every wanted one: any more are stale
      for (const name of have) {
        // ui.dom.focus gives a focus target that is no control (the status line) tabindex=-1:
        // taken away on the next patch, focus would drop to the body, and the focus put back
        // after the frame would lay the page out at once, on every screen a bot's move draws.
        if (name === 'tabindex' && a === document.activeElement && placeHolder(a)) continue;
        if (!b.hasAttribute(name)) a.removeAttribute(name);
      }
    }
    const tag = a.tagName;
    if (tag === 'INPUT') {
      const v = b.getAttribute('value') || '';
      if (a.type === 'checkbox' || a.type === 'radio') a.checked = b.hasAttribute('checked');
      else if (a.value !== v) a.value = v;
    } else if (tag === 'TEXTAREA') {
      if (a.value !== b.textContent) a.value = b.textContent;
    }
    patchChildren(a, b);
    if (tag === 'SELECT') {
      const sel = b.querySelector('option[selected]');
      if (sel && a.value !== sel.value) a.value = sel.value;
    }
  }
  function patchChildren(parent, model) {
    const keyed = new Map();
    for (let c = parent.firstChild; c; c = c.nextSibling) {
      const k = keyOf(c);
      if (k) keyed.set(k, c);
    }
    const wanted = new Set();
    for (let n = model.firstChild; n; n = n.nextSibling) {
      const k = keyOf(n);
      if (k) wanted.add(k);
    }
    let cursor = parent.firstChild;
    const drop = () => {
      const next = cursor.nextSibling;
      remember(cursor);
      parent.removeChild(cursor);
      cursor = next;
    };
    const skipGone = () => {  // a keyed node with no place in the new screen (a card played)
      while (cursor && keyOf(cursor) && !wanted.has(keyOf(cursor))) drop();
    };
    for (let n = model.firstChild; n;) {
      skipGone();
      const next = n.nextSibling;
      const k = keyOf(n);
      let match = null;
      if (k) {
        match = keyed.get(k) || null;
        if (match && !sameKind(match, n)) match = null;
        if (match) keyed.delete(k);
      } else if (cursor && !keyOf(cursor) && sameKind(cursor, n)) {
        match = cursor;
      } else if (cursor && !keyOf(cursor) && n.nodeType === 1) {
        // The old node here was replaced by one of another kind (inserted just before): what
        // follows it still matches, so look a few places ahead rather than rebuild the rest.
        let x = cursor.nextSibling;
        for (let steps = 0; x && steps < 3 && !keyOf(x) && !sameKind(x, n); steps++) {
          x = x.nextSibling;
        }
        if (x && !keyOf(x) && sameKind(x, n)) {
          while (cursor !== x) drop();
          match = cursor;
        }
      }
      if (match) {
        if (match === cursor) cursor = cursor.nextSibling; else parent.insertBefore(match, cursor);
        patchNode(match, n);
      } else {
        parent.insertBefore(n, cursor);
      }
      n = next;
    }
    while (cursor) drop();
  }
  // Scroll positions: reading one makes the browser lay out at once (10+ ms on a phone-sized
  // table here, in the middle of answering a tap). So a scroller's position is read only when it
  // is about to be replaced by one of the same key, and only if it was ever scrolled (its scroll
  // events say so): a strip that never moved, or that goes for good, forces no layout.
  const scrolled = new WeakSet();
  const watched = new WeakSet();
  const scrolls = new Map();  // of the patch under way
  function watch(screen) {
    if (watched.has(screen)) return;
    watched.add(screen);
    // Scroll events do not bubble, but a capturing listener on an ancestor sees them.
    screen.addEventListener('scroll', (e) => {
      const el = e.target;
      if (el.nodeType === 1 && el.hasAttribute('data-scroll-key')) scrolled.add(el);
    }, {capture: true, passive: true});
  }
  function remember(node) {
    if (node.nodeType !== 1) return;
    const els = Array.from(node.querySelectorAll('[data-scroll-key]'));
    if (node.hasAttribute('data-scroll-key')) els.push(node);
    for (const el of els) {
      const key = el.getAttribute('data-scroll-key');
      if (scrolled.has(el) && comingBack.has(key)) scrolls.set(key, [el.scrollLeft, el.scrollTop]);
    }
  }
  let comingBack = new Set();  // the scroll keys of the new screen
  function patch(screen, html) {
    watch(screen);
    const active = document.activeElement;
    const hadFocus = !!active && active !== document.body && screen.contains(active);
    const focusKey = hadFocus ? active.getAttribute('data-key') : null;
    // A control in a focus group (a hand: data-focus-group="hand") that goes away hands focus to
    // the group's first control, so that a keyboard player stays in their hand.
    const inGroup = hadFocus ? active.closest('[data-focus-group]') : null;
    const group = inGroup ? inGroup.getAttribute('data-focus-group') : null;
    const tpl = document.createElement('template');
    tpl.innerHTML = html;  // parsed in the template's inert document: no styles, no loads
    scrolls.clear();
    comingBack = new Set(Array.from(tpl.content.querySelectorAll('[data-scroll-key]'),
      (el) => el.getAttribute('data-scroll-key')));
    patchChildren(screen, tpl.content);
    if (scrolls.size) {
      for (const el of screen.querySelectorAll('[data-scroll-key]')) {
        const saved = scrolls.get(el.getAttribute('data-scroll-key'));
        if (saved) { el.scrollLeft = saved[0]; el.scrollTop = saved[1]; scrolled.add(el); }
      }
    }
    if (hadFocus && active.isConnected) return;
    // Focus moves in the next frame, not now: focus() makes the browser restyle at once, and the
    // patch should end (and be seen) first.
    requestAnimationFrame(() => {
      const now = document.activeElement;
      if (now && now !== document.body && now.isConnected && screen.contains(now)) return;
      let target = null;
      if (focusKey) target = screen.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (!target && group) {
        target = screen.querySelector(`[data-focus-group="${CSS.escape(group)}"] [data-key]`);
      }
      if (!target) target = screen.querySelector('[autofocus]');
      if (target) target.focus({preventScroll: true});
    });
  }

  // ---- taps: a finger that lifts off a [data-action] control answers at once (ui.dom.on_tap) --

  function listenTaps(root, handler) {
    const SLOP = 10, GHOST_MS = 800, GHOST_PX = 30;
    let down = null, ghost = null;
    const actionOf = (t) => (t && t.closest) ? t.closest('[data-action]') : null;
    const isField = (el) => !!el.closest('input, select, textarea, label, summary');
    root.addEventListener('pointerdown', (e) => {
      down = null;
      if (e.pointerType === 'mouse' || !e.isPrimary) return;
      const el = actionOf(e.target);
      if (el && !isField(el)) down = {id: e.pointerId, el, x: e.clientX, y: e.clientY};
    });
    root.addEventListener('pointercancel', () => { down = null; });  // the strip scrolled instead
    root.addEventListener('pointerup', (e) => {
      const d = down;
      down = null;
      if (!d || e.pointerId !== d.id || actionOf(e.target) !== d.el) return;
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) > SLOP) return;
      ghost = {until: e.timeStamp + GHOST_MS, x: e.clientX, y: e.clientY};
      handler(e);
    });
    const isGhost = (e, g) => !!g && e.timeStamp <= g.until
      && Math.hypot(e.clientX - g.x, e.clientY - g.y) <= GHOST_PX;
    // The tap's compatibility mousedown would focus whatever is under the finger now (the next
    // card): cancelled, so nothing takes focus (removing a focused card later makes the browser
    // restyle and lay out at once, in the middle of answering that tap).
    document.addEventListener('mousedown', (e) => {
      if (isGhost(e, ghost)) e.preventDefault();
    }, true);
    document.addEventListener('click', (e) => {
      const g = ghost;
      if (!g || e.detail === 0) return;  // detail 0: a keyboard or scripted click, never a ghost
      ghost = null;
      if (isGhost(e, g)) {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    }, true);
    root.addEventListener('click', (e) => handler(e));
  }

  // ---- saved games: IndexedDB (ui.dom's db_put, db_rows, db_record, db_remove, db_persist) ---

  // Two object stores in the database "picante": games (one small row per saved game, what the
  // home screen lists) and records (the record and checkpoint as JSON text). One transaction
  // writes both, so a row never lists a record that is not there, and a failed write (storage
  // full) leaves what was stored as it was. Every call returns a Promise.
  const db = (function () {
    const NAME = 'picante', VERSION = 1;
    let opening = null;
    function open() {
      if (!opening) {
        opening = new Promise((ok, fail) => {
          const req = indexedDB.open(NAME, VERSION);
          req.onupgradeneeded = () => {
            const db = req.result;
            if (!db.objectStoreNames.contains('games')) {
              db.createObjectStore('games', {keyPath: 'id'});
            }
            if (!db.objectStoreNames.contains('records')) {
              db.createObjectStore('records', {keyPath: 'id'});
            }
          };
          req.onsuccess = () => {
            const db = req.result;
            db.onversionchange = () => { db.close(); opening = null; };
            ok(db);
          };
          req.onerror = () => fail(req.error || new Error('IndexedDB did not open'));
          req.onblocked = () => fail(new Error('IndexedDB is blocked by another tab'));
        });
        opening.catch(() => { opening = null; });
      }
      return opening;
    }
    function run(stores, mode, body) {
      return open().then((db) => new Promise((ok, fail) => {
        const tx = db.transaction(stores, mode);
        let out;
        tx.oncomplete = () => ok(out);
        tx.onabort = () => fail(tx.error || new Error('the transaction was aborted'));
        try { out = body(tx); } catch (err) { try { tx.abort(); } catch (e) {} fail(err); }
      }));
    }
    const reason = (err) =>
      String((err && (err.name ? err.name + ': ' + err.message : err)) || err);
    return {
      put(id, row, record, checkpoint) {
        return run(['games', 'records'], 'readwrite', (tx) => {
          tx.objectStore('games').put(Object.assign(JSON.parse(row), {id}));
          tx.objectStore('records').put({id, record, checkpoint});
        });
      },
      rows() {
        return run(['games'], 'readonly', (tx) => {
          const out = [];
          const req = tx.objectStore('games').openCursor();
          req.onsuccess = () => {
            const cur = req.result;
            if (!cur) return;
            let text = null;
            try { text = JSON.stringify(cur.value); } catch (e) { text = null; }
            out.push([String(cur.key), text === undefined ? null : text]);
            cur.continue();
          };
          return out;
        }).then((out) => JSON.stringify(out));
      },
      record(id) {
        return run(['records'], 'readonly', (tx) => {
          const box = {value: null};
          const req = tx.objectStore('records').get(id);
          req.onsuccess = () => { box.value = req.result === undefined ? null : req.result; };
          return box;
        }).then((box) => {
          const v = box.value;
          if (!v || typeof v !== 'object') return JSON.stringify(null);
          const text = (x) => (typeof x === 'string' ? x : null);
          return JSON.stringify({record: text(v.record), checkpoint: text(v.checkpoint)});
        });
      },
      remove(ids) {
        return run(['games', 'records'], 'readwrite', (tx) => {
          for (const id of ids) {
            tx.objectStore('games').delete(id);
            tx.objectStore('records').delete(id);
          }
        });
      },
      persist() {
        const s = navigator.storage;
        if (!s || !s.persist) return Promise.resolve(false);
        return s.persisted().then((yes) => (yes ? true : s.persist())).catch(() => false);
      },
      reason,
    };
  })();

  // ---- a painted frame (ui.dom.next_frame): a bot thinking in slices lets the page draw ----

  // Tasks posted back to back (a slice, setTimeout 0, the next slice...) starve rendering:
  // Chromium paints only when a frame has been overdue for ~100 ms, so a page with no long task
  // at all still drew a frame every 83-117 ms while a bot thought. Waiting for the next frame
  // (requestAnimationFrame, then a task after its paint) gives the page a real one. A hidden
  // page paints no frames: then the timer answers, and the bot thinks on.
  function nextFrame(maxMs) {
    return new Promise((resolve) => {
      let done = false;
      const go = () => { if (!done) { done = true; resolve(); } };
      requestAnimationFrame(() => setTimeout(go, 0));
      setTimeout(go, maxMs);
    });
  }

  window.picanteDom = { patch: patch, listenTaps: listenTaps, db: db, nextFrame: nextFrame };
})();
