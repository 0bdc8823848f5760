/**
 * The viewer's browser script (plain ES2020, no framework): submits an SGF as a position job (or
 * follows an OGS game), watches progress over SSE with polling as the fallback, draws the board
 * from the api's `board.svg`, steps through moves and toggles overlays. A string module for the
 * same reason as the page; the browser test drives every path of it.
 */
export const VIEWER_JS = String.raw`'use strict';
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var state = { key: '', jobId: null, gameId: null, move: null, total: 0, analyzed: null, gameTimer: null, gameJob: null, watch: 0, draw: 0 };
  var TERMINAL = { completed: true, failed: true, cancelled: true };
  // What the overlays, score and dead stones need; a live game skips the costlier move values.
  var SGF_ANALYSES = ['territory', 'deadStones', 'score', 'moveValues', 'bouzy', 'freihofner'];
  var GAME_ANALYSES = ['territory', 'deadStones', 'score', 'bouzy'];

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
    $('move-label').textContent = has
      ? 'move ' + state.move + ' / ' + state.total
      : state.gameId && state.move !== null ? 'move ' + state.move : '-';
  }

  async function drawBoard() {
    var q = '?overlay=' + encodeURIComponent(overlays().join(','));
    var url;
    if (state.jobId) {
      url = '/v1/jobs/' + encodeURIComponent(state.jobId) + '/board.svg' + q + (state.move === null ? '' : '&move=' + state.move);
    } else if (state.gameId) {
      url = '/v1/games/' + encodeURIComponent(state.gameId) + '/board.svg' + q;
    } else {
      return;
    }
    // Answers can arrive out of order (quick clicks, overlay toggles): only the latest request draws.
    var token = ++state.draw;
    var mode = state.jobId || state.gameId;
    var res = await fetch(url, { headers: headers() });
    if (!res.ok) {
      var body = null;
      try { body = await res.json(); } catch (e) { body = null; }
      if (token !== state.draw) return null;
      throw new Error(errorText(res, body));
    }
    var svg = await res.text();
    if (token !== state.draw || mode !== (state.jobId || state.gameId)) return null;
    $('board').innerHTML = svg;
    var total = Number(res.headers.get('Moyo-Total-Moves'));
    var move = Number(res.headers.get('Moyo-Move'));
    if (Number.isFinite(total)) state.total = total;
    if (Number.isFinite(move)) state.move = move;
    if (state.analyzed === null && state.jobId) state.analyzed = state.move;
    $('board').setAttribute('data-move', String(state.move));
    updateNav();
    return { jobId: res.headers.get('Moyo-Job-Id'), jobStatus: res.headers.get('Moyo-Job-Status') };
  }

  function redraw() {
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
    state.gameId = null;
    $('board').removeAttribute('data-status');
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

  // A followed game: the board of its latest analyzed move (the api names that move's job), and
  // the score and dead stones of that job once it is completed.
  async function drawGame(gameId) {
    var drawn = await drawBoard();
    if (!drawn || !drawn.jobId || state.gameId !== gameId) return;
    $('board').setAttribute('data-status', drawn.jobStatus || '');
    $('job-id').textContent = drawn.jobId;
    $('summary').hidden = false;
    setStatus('Following OGS game ' + gameId + ': move ' + state.move + ' (' + drawn.jobStatus + ')');
    if (drawn.jobStatus !== 'completed' || drawn.jobId === state.gameJob) return;
    var job = await api('/v1/jobs/' + encodeURIComponent(drawn.jobId), { headers: headers() });
    if (state.gameId !== gameId) return;
    state.gameJob = drawn.jobId;
    showResult(drawn.jobId, job.result);
  }

  async function followGame(gameId) {
    await api('/v1/streams', {
      method: 'POST',
      headers: headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ ogsGameId: Number(gameId), analyses: GAME_ANALYSES }),
    });
    ++state.watch;
    state.jobId = null;
    state.gameId = gameId;
    state.gameJob = null;
    state.move = null;
    $('board').innerHTML = '';
    $('board').removeAttribute('data-status');
    $('summary').hidden = true;
    $('summary').removeAttribute('data-job');
    $('score').textContent = '-';
    $('dead').textContent = '-';
    setStatus('Following OGS game ' + gameId + '; waiting for its first analyzed move.');
    var tick = function () { drawGame(gameId).catch(function () { /* no move analyzed yet */ }); };
    state.gameTimer = setInterval(tick, 2000);
    tick();
  }

  $('submit-form').addEventListener('submit', function (ev) {
    ev.preventDefault();
    localStorage.setItem('moyo.apiKey', keyInput.value.trim());
    var sgf = $('sgf').value.trim();
    var ogs = $('ogs-id').value.trim();
    var jobId = $('job-open').value.trim();
    if (!sgf && !jobId && !/^\d+$/.test(ogs)) { setStatus('Paste an SGF, enter a numeric OGS game id or a job id.', true); return; }
    if (state.gameTimer) { clearInterval(state.gameTimer); state.gameTimer = null; }
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
  $('first').addEventListener('click', function () { step(0); });
  $('prev').addEventListener('click', function () { step(state.move - 1); });
  $('next').addEventListener('click', function () { step(state.move + 1); });
  $('last').addEventListener('click', function () { step(state.total); });
  document.addEventListener('keydown', function (ev) {
    if (ev.target && /INPUT|TEXTAREA/.test(ev.target.tagName)) return;
    if (ev.key === 'ArrowLeft' && !$('prev').disabled) step(state.move - 1);
    if (ev.key === 'ArrowRight' && !$('next').disabled) step(state.move + 1);
  });
  document.querySelectorAll('input[name=overlay]').forEach(function (el) { el.addEventListener('change', redraw); });
  updateNav();
})();
`;
