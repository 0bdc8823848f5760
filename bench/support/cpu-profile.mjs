/**
 * A CPU profile of a whole Node process, for bench:pipeline's api and worker (NODE_OPTIONS cannot
 * carry --cpu-prof): `BENCH_NODE_OPTIONS="--import ./bench/support/cpu-profile.mjs"` with
 * MOYO_CPU_PROF_DIR=<dir>; each process writes <dir>/<pid>.cpuprofile when it exits (open it in
 * Chrome DevTools or speedscope). Without MOYO_CPU_PROF_DIR it does nothing.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.MOYO_CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  // The in-process session answers synchronously, so the profile is written before the exit.
  process.on('exit', () => {
    session.post('Profiler.stop', (err, answer) => {
      if (!err) writeFileSync(join(dir, `${process.pid}.cpuprofile`), JSON.stringify(answer.profile));
    });
  });
}
