/**
 * The viewer page. Kept as a string module (not a static file) so it ships inside `dist` with the
 * rest of the api, with no asset copying in the build or the image.
 */
export const VIEWER_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Moyo viewer</title>
<style>
  :root { --ink: #222; --muted: #666; --accent: #1f3f8f; --panel: #f6f3ec; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.4 system-ui, Helvetica, Arial, sans-serif; color: var(--ink); background: #fff; }
  header { padding: 10px 18px; background: var(--accent); color: #fff; display: flex; align-items: baseline; gap: 14px; }
  header h1 { margin: 0; font-size: 20px; }
  header span { opacity: .8; font-size: 13px; }
  main { display: grid; grid-template-columns: 340px 1fr; gap: 18px; padding: 16px 18px; }
  section.panel { background: var(--panel); border-radius: 8px; padding: 12px; }
  label { display: block; font-weight: 600; margin: 10px 0 4px; font-size: 13px; }
  input[type=text], input[type=password], textarea { width: 100%; font: 13px ui-monospace, monospace; padding: 6px; border: 1px solid #bbb; border-radius: 4px; }
  textarea { height: 150px; resize: vertical; }
  button { font: inherit; padding: 6px 12px; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 4px; cursor: pointer; }
  button.ghost { background: #fff; color: var(--accent); }
  button:disabled { opacity: .45; cursor: default; }
  .row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-top: 10px; }
  .overlays label { display: inline-flex; gap: 4px; font-weight: 400; margin: 2px 10px 2px 0; }
  progress { width: 100%; height: 10px; }
  #status { font-size: 13px; color: var(--muted); min-height: 1.4em; }
  #status.error { color: #b00020; }
  #board svg { display: block; width: min(100%, 680px, calc(100vh - 200px)); height: auto; margin-top: 10px; }
  #board { min-height: 200px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 8px 0 0; font-size: 13px; }
  dt { color: var(--muted); }
  dd { margin: 0; font-family: ui-monospace, monospace; word-break: break-word; }
</style>
</head>
<body>
<header><h1>Moyo</h1><span>Go position analysis viewer</span></header>
<main>
  <div>
    <section class="panel">
      <form id="submit-form">
        <label for="api-key">API key</label>
        <input id="api-key" type="password" autocomplete="off" placeholder="moyo_...">
        <label for="sgf">SGF</label>
        <textarea id="sgf" spellcheck="false" placeholder="(;GM[1]SZ[9];B[ee];W[cc])"></textarea>
        <label for="ogs-id">or OGS game id</label>
        <input id="ogs-id" type="text" inputmode="numeric" placeholder="e.g. 12345678">
        <label for="job-open">or an existing job id</label>
        <input id="job-open" type="text" placeholder="position-...">
        <div class="row"><button id="submit" type="submit">Analyze</button></div>
      </form>
    </section>
    <section class="panel" style="margin-top:12px">
      <div id="status" role="status">Paste an SGF and press Analyze.</div>
      <progress id="progress" max="100" value="0"></progress>
      <dl id="summary" hidden>
        <dt>Job</dt><dd id="job-id"></dd>
        <dt>Score</dt><dd id="score">-</dd>
        <dt>Dead stones</dt><dd id="dead">-</dd>
      </dl>
    </section>
  </div>
  <div>
    <div class="row overlays" id="overlay-choices">
      <strong>Overlays:</strong>
      <label><input type="checkbox" name="overlay" value="territory" checked> territory</label>
      <label><input type="checkbox" name="overlay" value="ownership"> ownership</label>
      <label><input type="checkbox" name="overlay" value="moyo"> moyo</label>
      <label><input type="checkbox" name="overlay" value="area"> area</label>
      <label><input type="checkbox" name="overlay" value="freihofner"> numbers</label>
      <label><input type="checkbox" name="overlay" value="dead" checked> dead stones</label>
      <label><input type="checkbox" name="overlay" value="moveValues"> move values</label>
    </div>
    <div class="row">
      <button class="ghost" id="first" type="button" title="first move" disabled>&laquo;</button>
      <button class="ghost" id="prev" type="button" title="previous move (left arrow)" disabled>&lsaquo;</button>
      <span id="move-label">-</span>
      <button class="ghost" id="next" type="button" title="next move (right arrow)" disabled>&rsaquo;</button>
      <button class="ghost" id="last" type="button" title="last move" disabled>&raquo;</button>
    </div>
    <div id="board"></div>
  </div>
</main>
<script src="/viewer/app.js"></script>
</body>
</html>
`;
