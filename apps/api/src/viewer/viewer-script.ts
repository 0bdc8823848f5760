/**
 * The viewer's browser script (plain ES2020, no framework): submits an SGF as a position job (or
 * follows an OGS game), watches progress over SSE with polling as the fallback, draws the board
 * from the api's `board.svg`, steps through moves (of the SGF, or the analysed moves of a followed
 * game, which stays live on its latest move) and toggles overlays. A string module for the same
 * reason as the page; the browser test drives every path of it.
 */
export const VIEWER_JS = String.raw`'use strict';
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var state = { key: '', jobId: null, move: null, total: 0, analyzed: null, watch: 0, draw: 0 };
  // The followed game (game mode), or null: see newGame.
  var game = null;
  var TERMINAL = { completed: true, failed: true, cancelled: true };
  // What the overlays, score and dead stones need; a live game skips the costlier move values.
  var SGF_ANALYSES = ['territory', 'deadStones', 'score', 'moveValues', 'bouzy', 'freihofner'];
  var GAME_ANALYSES = ['territory', 'deadStones', 'score', 'bouzy'];
  // The api's events re-check as many recent moves for an undo; the polling re-reads as many.
  var UNDO_WINDOW = 8;

  var keyInput = $('api-key');
  keyInput.value = localStorage.getItem('moyo.apiKey') || '';

  function headers(extra) {
    var h = { Authorization: 'Bearer ' + keyInput.value.trim() };
    for (var k in extra || {}) h[k] = extra[k];
    return h;
  }

  function setStatus(text, isError) {
    var el = $('status');
    el.textContent = text;
    el.className = isError ? 'error' : '';
  }

  function errorText(res, body) {
    if (body && typeof body === 'object') {
      var m = body.message;
      if (Array.isArray(m)) m = m.join('; ');
      if (m) return res.status + ': ' + m;
    }
    return 'HTTP ' + res.status;
  }

  async function api(path, options) {
    var res = await fetch(path, options);
    var text = await res.text();
    var body = null;
    try { body = text ? JSON.parse(text) : null; } catch (e) { body = text; }
    if (!res.ok) throw new Error(errorText(res, body));
    return body;
  }

  function overlays() {
    return Array.prototype.slice.call(document.querySelectorAll('input[name=overlay]:checked')).map(function (el) { return el.value; });
  }

  function jobIdOf(body) {
    if (!body || typeof body !== 'object') return null;
    if (typeof body.id === 'string') return body.id;
    if (typeof body.jobId === 'string') return body.jobId;
    var jobs = body.jobs || body.jobIds;
    if (Array.isArray(jobs) && jobs.length) return typeof jobs[jobs.length - 1] === 'string' ? jobs[jobs.length - 1] : jobs[jobs.length - 1].id;
    return null;
  }

  function updateNav() {
    var has = state.jobId !== null && state.move !== null;
    $('first').disabled = !has || state.move <= 0;
    $('prev').disabled = !has || state.move <= 0;
    $('next').disabled = !has || state.move >= state.total;
    $('last').disabled = !has || state.move >= state.total;
    $('move-label').textContent = has ? 'move ' + state.move + ' / ' + state.total : '-';
  }

  // Draws the SVG at url; answers can arrive out of order (quick clicks, overlay toggles, a new
  // move), so only the latest request draws. Resolves with the answer's headers, or null if stale.
  async function drawSvg(url) {
    var token = ++state.draw;
    var res = await fetch(url, { headers: headers() });
    if (!res.ok) {
      var body = null;
      try { body = await res.json(); } catch (e) { body = null; }
      if (token !== state.draw) return null;
      throw new Error(errorText(res, body));
    }
    var svg = await res.text();
    if (token !== state.draw) return null;
    $('board').innerHTML = svg;
    $('board').setAttribute('data-move', String(Number(res.headers.get('Moyo-Move'))));
    return res.headers;
  }

  async function drawBoard() {
    if (!state.jobId) return null;
    var url = '/v1/jobs/' + encodeURIComponent(state.jobId) + '/board.svg?overlay=' + encodeURIComponent(overlays().join(',')) +
      (state.move === null ? '' : '&move=' + state.move);
    var h = await drawSvg(url);
    if (!h) return null;
    var total = Number(h.get('Moyo-Total-Moves'));
    var move = Number(h.get('Moyo-Move'));
    if (Number.isFinite(total)) state.total = total;
    if (Number.isFinite(move)) state.move = move;
    if (state.analyzed === null) state.analyzed = state.move;
    updateNav();
    return h;
  }

  function redraw() {
    if (game) { game.drawn = ''; showGame(); return; }
    drawBoard().catch(function (e) { setStatus(e.message, true); });
  }

  // The first value found at any of the paths, each tried under 'analyses' (a report) and at the top.
  function pick(result, paths) {
    for (var i = 0; i < paths.length; i++) {
      var tries = [['analyses'].concat(paths[i]), paths[i]];
      for (var j = 0; j < tries.length; j++) {
        var v = result;
        for (var k = 0; k < tries[j].length && v !== undefined && v !== null; k++) v = v[tries[j][k]];
        if (v !== undefined && v !== null) return v;
      }
    }
    return undefined;
  }

  function formatScore(result) {
    var lead = pick(result, [['score', 'scoreLead'], ['territory', 'scoreLead'], ['score', 'lead'], ['scoreLead'], ['score']]);
    if (typeof lead !== 'number') return '-';
    return lead === 0 ? 'Jigo' : (lead > 0 ? 'B+' : 'W+') + Math.abs(lead).toFixed(1);
  }

  function formatDead(result) {
    var list = pick(result, [['deadStones'], ['territory', 'deadStones']]);
    if (list && !Array.isArray(list)) list = list.deadStones || list.stones;
    if (!Array.isArray(list)) return '-';
    if (!list.length) return 'none';
    return list.map(function (v) { return typeof v === 'string' ? v : JSON.stringify(v); }).join(' ');
  }

  // Score and dead stones of a job's result; data-job names the job they belong to.
  function showResult(jobId, result) {
    var r = result && typeof result === 'object' ? result : {};
    $('score').textContent = formatScore(r);
    $('dead').textContent = formatDead(r);
    $('summary').setAttribute('data-job', jobId);
  }

  function showJob(job) {
    var pct = typeof job.progress === 'number' ? job.progress : 0;
    if (job.status === 'completed') pct = 100;
    $('progress').value = pct;
    setStatus('Job ' + job.status + (job.status === 'running' ? ' (' + pct + '%)' : ''), job.status === 'failed');
  }

  // The stream's last event carries the result of a completed job; polling reads the job itself.
  async function finish(id, last) {
    var job = last && (last.result !== undefined || last.status !== 'completed')
      ? last
      : await api('/v1/jobs/' + encodeURIComponent(id), { headers: headers() });
    if (id !== state.jobId) return;
    showJob(job);
    if (job.status === 'failed') {
      var err = job.error && (job.error.message || JSON.stringify(job.error));
      setStatus('Job failed: ' + (err || 'unknown error'), true);
    }
    showResult(id, job.result);
    $('board').setAttribute('data-status', job.status);
    state.move = null;
    state.analyzed = null;
    await drawBoard();
  }

  // SSE over fetch (EventSource cannot send the Authorization header).
  async function watchSse(id, token) {
    var res = await fetch('/v1/jobs/' + encodeURIComponent(id) + '/events', { headers: headers({ Accept: 'text/event-stream' }) });
    if (!res.ok || !res.body) throw new Error('no event stream (' + res.status + ')');
    var reader = res.body.getReader();
    var decoder = new TextDecoder();
    var buffer = '';
    var last = null;
    for (;;) {
      var chunk = await reader.read();
      if (chunk.done) break;
      if (token !== state.watch) { reader.cancel(); return null; }
      buffer += decoder.decode(chunk.value, { stream: true });
      var events = buffer.split('\n\n');
      buffer = events.pop();
      events.forEach(function (ev) {
        ev.split('\n').forEach(function (line) {
          if (line.indexOf('data:') === 0) {
            try { last = JSON.parse(line.slice(5)); showJob(last); } catch (e) { /* a partial line */ }
          }
        });
      });
    }
    if (!last || !TERMINAL[last.status]) throw new Error('event stream ended early');
    return last;
  }

  async function watchPolling(id, token) {
    for (;;) {
      var job = await api('/v1/jobs/' + encodeURIComponent(id), { headers: headers() });
      if (token !== state.watch) return null;
      showJob(job);
      if (TERMINAL[job.status]) return job;
      await new Promise(function (r) { setTimeout(r, 500); });
    }
  }

  async function watch(id) {
    var token = ++state.watch;
    $('board').setAttribute('data-watch', 'sse');
    var last = null;
    try {
      last = await watchSse(id, token);
    } catch (e) {
      if (token !== state.watch) return;
      $('board').setAttribute('data-watch', 'polling');
      last = await watchPolling(id, token);
    }
    if (token === state.watch) await finish(id, last);
  }

  async function submitSgf(sgf) {
    var body = await api('/v1/positions', {
      method: 'POST',
      headers: headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ sgf: sgf, analyses: SGF_ANALYSES }),
    });
    var id = jobIdOf(body);
    if (!id) throw new Error('the api answered without a job id');
    await openJob(id);
  }

  async function openJob(id) {
    state.jobId = id;
    $('board').removeAttribute('data-status');
    $('board').removeAttribute('data-live');
    $('job-id').textContent = id;
    $('summary').removeAttribute('data-job');
    $('summary').hidden = false;
    $('score').textContent = '-';
    $('dead').textContent = '-';
    state.move = null;
    state.analyzed = null;
    await drawBoard().catch(function () { /* the job may not be readable yet */ });
    await watch(id);
  }

  // A followed game: its moves (from GET /v1/games/:id/analyses, read incrementally) and what the
  // page shows: the latest analysed move while live, else the move the user stepped to (pos).
  function newGame(id) {
    return {
      id: id, rows: {}, final: null, lastMove: 0, status: '', since: 0, settled: 0, etag: null,
      live: true, pos: null, drawn: '', busy: false, again: false, timer: null, sse: null,
      done: false, abort: new AbortController(),
    };
  }

  function stopGame() {
    if (!game) return;
    game.abort.abort();
    clearTimeout(game.timer);
    game = null;
  }

  // The analysed moves (their jobs ended) in move order; a finished game's final analysis (the
  // position after its last move, with territory, dead stones and score) stands for that move.
  function entries() {
    var list = Object.keys(game.rows).map(Number).sort(function (a, b) { return a - b; })
      .map(function (n) { return game.rows[n]; })
      .filter(function (r) { return r.jobId && TERMINAL[r.status]; });
    var f = game.final;
    if (f && f.jobId && TERMINAL[f.status]) {
      var n = Math.max(game.lastMove, list.length ? list[list.length - 1].moveNumber : 0);
      if (list.length && list[list.length - 1].moveNumber === n) list.pop();
      list.push({ moveNumber: n, jobId: f.jobId, status: f.status, result: f.result });
    }
    return list;
  }

  // The entry shown: the latest while live, else the stepped-to move (or the one before it, if an
  // undo took that move away).
  function shownIndex(list) {
    if (game.live) return list.length - 1;
    for (var i = list.length - 1; i >= 0; i--) if (list[i].moveNumber <= game.pos) return i;
    return 0;
  }

  // Navigation, label, score, dead stones and board of the shown move; draws only on a change.
  function showGame() {
    var list = entries();
    var i = shownIndex(list);
    var e = list[i];
    $('board').setAttribute('data-live', String(game.live));
    $('first').disabled = $('prev').disabled = !e || i <= 0;
    $('next').disabled = !e || i >= list.length - 1;
    $('last').disabled = !e || (game.live && i >= list.length - 1);
    if (!e) { $('move-label').textContent = '-'; return; }
    var latest = list[list.length - 1].moveNumber;
    $('move-label').textContent = 'move ' + e.moveNumber + ' / ' + latest + (game.live ? ' (live)' : '');
    setStatus(game.live
      ? 'Following OGS game ' + game.id + ': move ' + e.moveNumber + ' (' + e.status + ')'
      : 'OGS game ' + game.id + ': move ' + e.moveNumber + ' of ' + latest + ' (\u00bb returns to live)');
    $('job-id').textContent = e.jobId;
    $('summary').hidden = false;
    $('board').setAttribute('data-status', e.status);
    if (e.status === 'completed') showResult(e.jobId, e.result);
    else {
      $('score').textContent = '-';
      $('dead').textContent = '-';
      $('summary').removeAttribute('data-job');
    }
    var url = '/v1/jobs/' + encodeURIComponent(e.jobId) + '/board.svg?overlay=' + encodeURIComponent(overlays().join(','));
    if (url === game.drawn) return;
    game.drawn = url;
    var g = game;
    drawSvg(url).catch(function (err) {
      if (g !== game) return;
      g.drawn = '';
      setStatus(err.message, true);
    });
  }

  function stepGame(which) {
    var list = entries();
    if (!list.length) return;
    var i = shownIndex(list);
    var to = which === 'first' ? 0 : which === 'prev' ? i - 1 : which === 'next' ? i + 1 : list.length - 1;
    to = Math.max(0, Math.min(list.length - 1, to));
    // Stepping onto the latest move is going live again.
    game.live = to === list.length - 1;
    game.pos = list[to].moveNumber;
    showGame();
  }

  // Reads the moves after g.since (304 while nothing changed). Moves up to the first one still
  // being analysed are settled and not read again, except the last few, where an undo shows.
  async function refreshGame(g) {
    if (g.busy) { g.again = true; return; }
    g.busy = true;
    try {
      do {
        g.again = false;
        var from = g.since;
        var h = headers();
        if (g.etag) h['If-None-Match'] = g.etag;
        var res = await fetch('/v1/games/' + encodeURIComponent(g.id) + '/analyses?sinceMove=' + from,
          { headers: h, cache: 'no-store', signal: g.abort.signal });
        if (g !== game || res.status === 304) continue;
        var text = await res.text();
        var body = null;
        try { body = JSON.parse(text); } catch (e) { body = null; }
        if (!res.ok || !body) throw new Error(errorText(res, body));
        if (g !== game) return;
        // An undo reported meanwhile asks for more moves than this answer has: read again.
        if (g.since !== from) { g.again = true; continue; }
        for (var n in g.rows) if (Number(n) > from) delete g.rows[n];
        body.analyses.forEach(function (r) { g.rows[r.moveNumber] = r; });
        g.final = body.final;
        g.lastMove = body.lastMove;
        g.status = body.status;
        var settled = from;
        while (g.rows[settled + 1] && TERMINAL[g.rows[settled + 1].status]) settled++;
        g.settled = settled;
        var since = Math.max(0, settled - UNDO_WINDOW);
        // The ETag names the sinceMove it was made for.
        g.etag = since === from ? res.headers.get('ETag') : null;
        g.since = since;
        g.done = g.status !== 'following' && g.status !== 'paused' && (!g.final || TERMINAL[g.final.status]) &&
          settled >= g.lastMove;
        showGame();
      } while (g.again && g === game);
    } finally {
      g.busy = false;
    }
  }

  // The game's event stream only says when to read again: an analysed move, an undo (rewind:
  // read the undone moves anew), the end. Polling goes on, slower, in case the stream stalls.
  async function gameEvents(g) {
    var res = await fetch('/v1/games/' + encodeURIComponent(g.id) + '/events?sinceMove=' + g.settled,
      { headers: headers({ Accept: 'text/event-stream' }), signal: g.abort.signal });
    if (!res.ok || !res.body) throw new Error('no event stream (' + res.status + ')');
    g.sse = true;
    $('board').setAttribute('data-watch', 'sse');
    var reader = res.body.getReader();
    var decoder = new TextDecoder();
    var buffer = '';
    var finished = false;
    for (;;) {
      var chunk = await reader.read();
      if (chunk.done || g !== game) return finished;
      buffer += decoder.decode(chunk.value, { stream: true });
      var events = buffer.split('\n\n');
      buffer = events.pop();
      events.forEach(function (ev) {
        if (/^event: *finished/m.test(ev)) finished = true;
        if (!/^event: *rewind/m.test(ev)) return;
        var data = /^data:(.*)$/m.exec(ev);
        try {
          var from = JSON.parse(data[1]).fromMove;
          if (from - 1 < g.since) { g.since = Math.max(0, from - 1); g.etag = null; }
        } catch (e) { /* not ours to mend */ }
      });
      if (events.length) refreshGame(g).catch(function () { /* the next poll tries again */ });
    }
  }

  function pollGame(g) {
    refreshGame(g)
      .catch(function (e) { if (g === game && e.name !== 'AbortError') setStatus(e.message, true); })
      .finally(function () {
        if (g !== game) return;
        if (g.sse === null) {
          g.sse = false;
          gameEvents(g).catch(function () { return false; }).then(function (finished) {
            if (g !== game) return;
            g.sse = false;
            // A stream that ended with the game said all it had; any other end leaves polling.
            if (!finished) $('board').setAttribute('data-watch', 'polling');
          });
        }
        if (!g.done) g.timer = setTimeout(function () { pollGame(g); }, g.sse ? 5000 : 1500);
      });
  }

  async function followGame(gameId) {
    await api('/v1/streams', {
      method: 'POST',
      headers: headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ ogsGameId: Number(gameId), analyses: GAME_ANALYSES }),
    });
    ++state.watch;
    ++state.draw;
    state.jobId = null;
    state.move = null;
    game = newGame(gameId);
    $('board').innerHTML = '';
    $('board').removeAttribute('data-status');
    $('board').removeAttribute('data-move');
    $('board').setAttribute('data-watch', 'polling');
    $('summary').hidden = true;
    $('summary').removeAttribute('data-job');
    $('score').textContent = '-';
    $('dead').textContent = '-';
    showGame();
    setStatus('Following OGS game ' + gameId + '; waiting for its first analyzed move.');
    pollGame(game);
  }

  $('submit-form').addEventListener('submit', function (ev) {
    ev.preventDefault();
    localStorage.setItem('moyo.apiKey', keyInput.value.trim());
    var sgf = $('sgf').value.trim();
    var ogs = $('ogs-id').value.trim();
    var jobId = $('job-open').value.trim();
    if (!sgf && !jobId && !/^\d+$/.test(ogs)) { setStatus('Paste an SGF, enter a numeric OGS game id or a job id.', true); return; }
    stopGame();
    $('submit').disabled = true;
    $('progress').value = 0;
    setStatus('Submitting...');
    (sgf ? submitSgf(sgf) : jobId ? openJob(jobId) : followGame(ogs))
      .catch(function (e) { setStatus(e.message, true); })
      .finally(function () { $('submit').disabled = false; });
  });

  function step(to) {
    state.move = Math.max(0, Math.min(state.total, to));
    redraw();
  }
  $('first').addEventListener('click', function () { if (game) stepGame('first'); else step(0); });
  $('prev').addEventListener('click', function () { if (game) stepGame('prev'); else step(state.move - 1); });
  $('next').addEventListener('click', function () { if (game) stepGame('next'); else step(state.move + 1); });
  $('last').addEventListener('click', function () { if (game) stepGame('last'); else step(state.total); });
  document.addEventListener('keydown', function (ev) {
    if (ev.target && /INPUT|TEXTAREA/.test(ev.target.tagName)) return;
    if (ev.key === 'ArrowLeft' && !$('prev').disabled) $('prev').click();
    if (ev.key === 'ArrowRight' && !$('next').disabled) $('next').click();
  });
  document.querySelectorAll('input[name=overlay]').forEach(function (el) { el.addEventListener('change', redraw); });
  updateNav();
})();
`;
