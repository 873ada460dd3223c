// Search over the exported catalog, from the site's files alone: the data
// is `search-data.js` (window.SKILLS_GUIDE_SEARCH), loaded beside this file.
// Results are built with DOM calls and textContent only, never innerHTML:
// names and descriptions come from skills and are hostile text.
(function (root) {
  'use strict';

  var FIELDS = [['name', 4], ['title', 3], ['tags', 2], ['category', 2], ['description', 1]];
  var STATUS_RANK = { published: 1, pending: 2, unverified: 3 };

  function words(text) {
    return String(text || '')
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  }

  // The words of each field, computed once per skill (the first search).
  function fieldWords(item) {
    if (!item._words) {
      item._words = FIELDS.map(function (f) {
        var value = item[f[0]];
        return words(Array.isArray(value) ? value.join(' ') : value);
      });
    }
    return item._words;
  }

  // Every query word must start a word of the skill (name, title, tags,
  // category or description); the fields where it does weigh the score.
  function scoreOf(item, query) {
    var fields = fieldWords(item);
    var total = 0;
    for (var q = 0; q < query.length; q++) {
      var best = 0;
      for (var f = 0; f < FIELDS.length; f++) {
        var ws = fields[f];
        for (var w = 0; w < ws.length; w++) {
          if (ws[w] === query[q]) best = Math.max(best, FIELDS[f][1] * 2);
          else if (ws[w].indexOf(query[q]) === 0) best = Math.max(best, FIELDS[f][1]);
        }
      }
      if (best === 0) return 0;
      total += best;
    }
    return total;
  }

  function rank(items, text, limit) {
    var query = words(text);
    if (query.length === 0) return [];
    var hits = [];
    for (var i = 0; i < items.length; i++) {
      var s = scoreOf(items[i], query);
      if (s > 0) hits.push({ item: items[i], score: s });
    }
    hits.sort(function (a, b) {
      return (
        b.score - a.score ||
        (b.item.verified ? 1 : 0) - (a.item.verified ? 1 : 0) ||
        (STATUS_RANK[a.item.status] || 9) - (STATUS_RANK[b.item.status] || 9) ||
        (b.item.quality || 0) - (a.item.quality || 0) ||
        (a.item.name < b.item.name ? -1 : a.item.name > b.item.name ? 1 : 0)
      );
    });
    return hits.slice(0, limit || 50).map(function (h) { return h.item; });
  }

  function badge(doc, cls, text) {
    var span = doc.createElement('span');
    span.className = 'badge ' + cls;
    span.textContent = text;
    return span;
  }

  function show(doc, items, text) {
    var list = doc.getElementById('search-results');
    var status = doc.getElementById('search-status');
    var listing = doc.getElementById('listing');
    while (list.firstChild) list.removeChild(list.firstChild);
    if (!words(text).length) {
      list.hidden = true;
      listing.hidden = false;
      status.textContent = '';
      return;
    }
    var found = rank(items, text, 50);
    status.textContent = found.length === 0 ? 'No skill matches.' : found.length + (found.length === 50 ? '+' : '') + ' found.';
    found.forEach(function (item) {
      var li = doc.createElement('li');
      li.className = 'skill ' + item.status;
      var a = doc.createElement('a');
      a.href = 'skills/' + item.id + '.html';
      a.textContent = item.title;
      li.appendChild(a);
      if (item.verified) {
        li.appendChild(badge(doc, 'verified', 'Verified'));
        if (item.safety) li.appendChild(badge(doc, item.safety, item.safety));
        if (item.quality != null) li.appendChild(badge(doc, 'quality', 'quality ' + item.quality));
      } else if (item.status === 'pending') {
        li.appendChild(badge(doc, 'pending', 'pending review'));
      } else {
        li.appendChild(badge(doc, 'unread', 'not read yet'));
      }
      var p = doc.createElement('p');
      p.textContent = item.description;
      li.appendChild(p);
      list.appendChild(li);
    });
    list.hidden = false;
    listing.hidden = true;
  }

  function start(win) {
    var doc = win.document;
    var input = doc.getElementById('q');
    var items = win.SKILLS_GUIDE_SEARCH || [];
    if (!input) return;
    var initial = new win.URLSearchParams(win.location.search).get('q') || '';
    input.value = initial;
    show(doc, items, initial);
    var timer = null;
    input.addEventListener('input', function () {
      win.clearTimeout(timer);
      timer = win.setTimeout(function () { show(doc, items, input.value); }, 80);
    });
    input.form.addEventListener('submit', function (e) {
      e.preventDefault();
      show(doc, items, input.value);
    });
  }

  if (typeof module !== 'undefined' && module.exports) {
    module.exports = { words: words, rank: rank, show: show };
  } else if (root && root.document) {
    if (root.document.readyState === 'loading') {
      root.document.addEventListener('DOMContentLoaded', function () { start(root); });
    } else {
      start(root);
    }
  }
})(typeof window !== 'undefined' ? window : null);
