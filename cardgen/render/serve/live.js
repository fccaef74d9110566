/* cardgen serve: keeps this preview up to date without reloading it.

   The server sends news (cardgen/render/serve/events.py): "faces" (the ids of
   the faces that changed; null for all), "error" (problems, each with its
   file:line:col, source line, caret and message) and "ok". Changed faces are
   swapped for the ones in a fresh copy of the page; everything shown from the
   server goes in as text (textContent), never as markup. */
(function () {
  "use strict";
  var me = document.currentScript;
  var overlay = null;
  var updates = 0;
  var queue = Promise.resolve();

  function tiles(doc) {
    return Array.from(doc.querySelectorAll("figure.tile")).map(function (t) { return t.dataset.faceId; }).join("\n");
  }

  function replaceOrAdd(old, fresh, add) {
    if (old && fresh) { old.replaceWith(document.importNode(fresh, true)); }
    else if (fresh) { add(document.importNode(fresh, true)); }
    else if (old) { old.remove(); }
  }

  function replaceWhole(fresh) {
    document.title = fresh.title;
    replaceOrAdd(document.querySelector("header"), fresh.querySelector("header"),
                 function (node) { document.body.prepend(node); });
    replaceOrAdd(document.querySelector("main"), fresh.querySelector("main"),
                 function (node) { document.body.insertBefore(node, me); });
    delete document.body.dataset.placeholder;
  }

  /* What else a face's change may change: the printing lists (names, copies) and the groups' headings (counts).
     Anything still different is replaced whole. */
  function swapAround(fresh) {
    var main = document.querySelector("main"), freshMain = fresh.querySelector("main");
    var sections = main ? Array.from(main.children) : [], freshSections = freshMain ? Array.from(freshMain.children) : [];
    if (sections.length === freshSections.length) {
      sections.forEach(function (section, index) {
        var other = freshSections[index];
        if (section.matches("section.group") && other.matches("section.group")) {
          var heading = section.querySelector(":scope > h2"), freshHeading = other.querySelector(":scope > h2");
          if (heading && freshHeading && heading.outerHTML !== freshHeading.outerHTML) {
            heading.replaceWith(document.importNode(freshHeading, true));
          }
        } else if (section.outerHTML !== other.outerHTML) {
          section.replaceWith(document.importNode(other, true));
        }
      });
    }
    if (!main || !freshMain || main.outerHTML !== freshMain.outerHTML) { replaceWhole(fresh); }
  }

  function swap(ids) {
    return fetch("index.html", {cache: "no-store"}).then(function (answer) { return answer.text(); }).then(function (text) {
      var fresh = new DOMParser().parseFromString(text, "text/html");
      var style = fresh.querySelector("head style");
      replaceOrAdd(document.querySelector("head style"), style, function (node) { document.head.appendChild(node); });
      if (ids === null || tiles(document) !== tiles(fresh)) {
        replaceWhole(fresh);
      } else {
        ids.forEach(function (id) {
          var sel = 'figure.tile[data-face-id="' + CSS.escape(id) + '"]';
          replaceOrAdd(document.querySelector(sel), fresh.querySelector(sel), function () {});
        });
        swapAround(fresh);
      }
      updates += 1;
      document.body.dataset.liveUpdates = String(updates);
    });
  }

  function line(tag, text, css) {
    var node = document.createElement(tag);
    node.textContent = text;
    node.style.cssText = css;
    return node;
  }

  function showError(message) {
    clearError();
    overlay = document.createElement("div");
    overlay.id = "cardgen-error";
    overlay.setAttribute("role", "alert");
    overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(20,24,32,0.92);" +
      "color:#fff;font:14px/1.5 monospace;padding:24px 32px;";
    overlay.appendChild(line("h2", "cardgen: the set does not build",
                             "font:bold 16px sans-serif;margin:0 0 16px;color:#ffb4a8;"));
    message.problems.forEach(function (problem) {
      var block = document.createElement("div");
      block.className = "problem";
      block.style.cssText = "margin:0 0 16px;";
      if (problem.where) { block.appendChild(line("div", problem.where, "color:#9cd2ff;")); }
      block.appendChild(line("div", problem.message, "white-space:pre-wrap;"));
      if (problem.source) {
        block.appendChild(line("pre", problem.source + "\n" + problem.caret, "margin:4px 0 0;color:#ffe08a;"));
      }
      overlay.appendChild(block);
    });
    if (message.more) {
      overlay.appendChild(line("div", "... and " + message.more + " more problem(s); cardgen validate lists them all", ""));
    }
    document.documentElement.appendChild(overlay);
  }

  function clearError() {
    if (overlay) { overlay.remove(); overlay = null; }
  }

  var stream = new EventSource(me.dataset.events + "?seen=" + encodeURIComponent(me.dataset.seen));
  stream.onmessage = function (event) {
    var message = JSON.parse(event.data);
    queue = queue.then(function () {
      if (message.type === "faces") { return swap(message.ids); }
      if (message.type === "error") { showError(message); }
      if (message.type === "ok") { clearError(); }
    }).catch(function (problem) { console.error("cardgen serve:", problem); });
  };
})();
