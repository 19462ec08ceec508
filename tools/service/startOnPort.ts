// Starts the service on a chosen port, or on a free one when that port is taken, so a second
// `npm run service` or `npm start` still comes up.
import { type RunningService, type StartServiceOptions, startService } from './index';

export async function startOnPortOrFree(options: StartServiceOptions, say: (line: string) => void): Promise<RunningService> {
  try {
    return await startService(options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    say(`Port ${String(options.port)} is busy; using a free port instead.`);
    return startService({ ...options, port: 0 });
  }
}
