// Preloaded (`node -r out/bench/cpuAtExit.js …`) into the processes the checks bench times: at
// exit, writes the CPU the process used since it started (user + system, µs; Node's start
// included) to the file GIST_BENCH_CPU_FILE names, so a process is compared by the CPU it took
// as well as by its time from spawn to exit, which a busy machine stretches.
import { writeFileSync } from 'node:fs';

const file = process.env.GIST_BENCH_CPU_FILE;
if (file !== undefined && file !== '') {
  process.once('exit', () => {
    const used = process.cpuUsage();
    writeFileSync(file, String(used.user + used.system));
  });
}
