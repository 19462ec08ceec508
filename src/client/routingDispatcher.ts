// One undici dispatcher in front of several: each request goes to the one `route` picks. Pure
// Node: no `vscode`.
import type { Dispatcher } from 'undici';
import type { Undici } from './http';

/**
 * A dispatcher that sends each request to the dispatcher `route` picks, and closes or destroys
 * every one `made` lists. undici.Dispatcher carries `request()` and friends, which call
 * `dispatch()`; its close and destroy overloads are implemented here in their promise and
 * callback forms.
 */
export function routingDispatcher(undici: Undici, route: (options: Dispatcher.DispatchOptions) => Dispatcher, made: () => readonly Dispatcher[]): Dispatcher {
  const Base = undici.Dispatcher as unknown as new () => object;
  const all = (work: (dispatcher: Dispatcher) => Promise<void>): Promise<void> => Promise.all(made().map(work)).then(() => undefined);
  class RoutingDispatcher extends Base {
    dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      return route(options).dispatch(options, handler);
    }
    close(callback?: () => void): Promise<void> | undefined {
      const closing = all((dispatcher) => dispatcher.close());
      return callback === undefined ? closing : void closing.then(callback, callback);
    }
    destroy(errorOrCallback?: Error | null | (() => void), callback?: () => void): Promise<void> | undefined {
      const error = typeof errorOrCallback === 'function' ? null : (errorOrCallback ?? null);
      const done = typeof errorOrCallback === 'function' ? errorOrCallback : callback;
      const destroying = all((dispatcher) => dispatcher.destroy(error));
      return done === undefined ? destroying : void destroying.then(done, done);
    }
  }
  return new RoutingDispatcher() as unknown as Dispatcher;
}
