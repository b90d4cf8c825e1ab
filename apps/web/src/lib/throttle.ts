/**
 * Runs `fn` at once, then at most once per `intervalMs()` however often `run` is called: calls in
 * between are folded into one more run at the end of the interval (leading and trailing). Live pages
 * use it so that a burst of events costs one reload, not one per event. `fn` may call `run` itself
 * (e.g. to try again later): that is folded in like any other call.
 */
export function createThrottle(fn: () => void, intervalMs: () => number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const tick = () => {
    if (pending) {
      pending = false;
      timer = setTimeout(tick, intervalMs());
      fn();
    } else {
      timer = undefined;
    }
  };
  return {
    run() {
      if (timer !== undefined) {
        pending = true;
        return;
      }
      timer = setTimeout(tick, intervalMs());
      fn();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = false;
    },
  };
}
