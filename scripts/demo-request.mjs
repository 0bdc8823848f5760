// The demo's real request: submits a 9x9 position to the running api with the given key, polls the
// job until a worker has finished it and prints the answer (score, dead stones, ownership rows).
//   node scripts/demo-request.mjs http://127.0.0.1:3000 <api key>
// Exit 0 when the job completed, 1 otherwise.
const [base, key] = process.argv.slice(2);
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

// A short 9x9 opening: both sides have framework, a few stones are in contact.
const moves = [
  ['B', 'E5'],
  ['W', 'C3'],
  ['B', 'G3'],
  ['W', 'G7'],
  ['B', 'C7'],
  ['W', 'F7'],
  ['B', 'D4'],
  ['W', 'C4'],
  ['B', 'D3'],
  ['W', 'C2'],
  ['B', 'F6'],
  ['W', 'G6'],
];
const body = {
  boardXSize: 9,
  boardYSize: 9,
  komi: 7,
  rules: 'japanese',
  moves,
  analyses: ['territory', 'deadStones', 'score'],
};

const submitted = await fetch(`${base}/v1/positions`, {
  method: 'POST',
  headers,
  body: JSON.stringify(body),
});
const answer = await submitted.json();
console.log(`POST /v1/positions -> ${submitted.status}`, JSON.stringify(answer));
if (submitted.status !== 202) process.exit(1);

const deadline = Date.now() + 60_000;
for (;;) {
  const res = await fetch(`${base}${answer.links.self}`, { headers });
  const job = await res.json();
  if (job.status === 'completed') {
    console.log(`GET ${answer.links.self} -> ${res.status} completed`);
    console.log(JSON.stringify(job.result, null, 1).split('\n').slice(0, 40).join('\n'));
    process.exit(0);
  }
  if (job.status === 'failed' || job.status === 'cancelled' || Date.now() > deadline) {
    console.error(`job ${job.id} ended as ${job.status}:`, JSON.stringify(job.error ?? job));
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
