// The part of autocannon (no published types) the tests use: a run, its events, and stopping it.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  namespace autocannon {
    type Options = { url: string; connections?: number; duration?: number; pipelining?: number };
    type Result = { errors: number; timeouts: number; resets: number; non2xx: number };
    type Instance = EventEmitter & { stop(): void };
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
